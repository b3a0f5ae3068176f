// Build the site when any source is newer than the last build (used by `npm start` and `npm test`).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
export const serverEntry = path.join(buildDir, "server", "index.js");

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

const SOURCES = ["app", "core", "server", "db", "public", "scripts/build", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

export function buildIfNeeded() {
  const sourceTime = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (existsSync(serverEntry) && statSync(serverEntry).mtimeMs >= sourceTime) return;
  console.log("Building the site (sources changed since the last build)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
