// `npm test`: build if needed, then every suite (unit, integration on PGlite, end-to-end in Chromium).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install it with \`apt-get install chromium\` to run the end-to-end tests.`);
  process.exit(1);
}
buildIfNeeded();
const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
