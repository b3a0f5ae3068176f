// `npm test`: build if needed, then every suite (unit, integration on PGlite, end-to-end in Chromium).
//
// Without arguments the end-to-end project runs in a vitest process of its own beside the unit
// and integration projects (decision 0060): an end-to-end file mostly waits on Chromium and its
// server while an integration file mostly waits on its own, so two streams use the second core.
// The end-to-end files run one at a time; the integration files two at a time (decision 0075;
// INTEGRATION_WORKERS=1 for one at a time). They share nothing but the build: their
// servers take free ports and temp data folders of their own. TEST_SERIAL=1 runs everything in
// one vitest process, one file after another, as before. With arguments (files, --project ...),
// one vitest process gets them as they are.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

// The end-to-end tests take Debian's Chromium headless shell, or Chromium (tests/helpers/browser.ts).
const chromium = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ?? "/usr/bin/chromium-headless-shell";
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install it with \`apt-get install chromium-headless-shell\` to run the end-to-end tests.`);
  process.exit(1);
}
buildIfNeeded();

const args = process.argv.slice(2);
if (args.length > 0 || process.env.TEST_SERIAL) {
  const result = spawnSync("npx", ["vitest", "run", ...args], { cwd: root, stdio: "inherit" });
  process.exit(result.status ?? 1);
}

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** One vitest process; its output goes out a whole line at a time, each line marked with the stream's name. */
function stream(name, projects) {
  const child = spawn("npx", ["vitest", "run", ...projects.flatMap((project) => ["--project", project])], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    // Piped output is not a terminal: keep vitest's colours when ours is one.
    env: { ...process.env, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}) },
  });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => to.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) =>
    child.once("close", (code, signal) => {
      console.log(`[${name}] finished after ${seconds()}: ${code === 0 ? "passed" : `FAILED (exit ${code ?? signal})`}`);
      resolve(code ?? 1);
    }),
  );
}

// Ctrl-C reaches both streams directly: they are in this process group.
const codes = await Promise.all([stream("unit+integration", ["unit", "integration"]), stream("e2e", ["e2e"])]);
const failed = codes.some((code) => code !== 0);
console.log(`npm test: ${failed ? "FAILED" : "all passed"} in ${seconds()} (unit+integration exit ${codes[0]}, e2e exit ${codes[1]})`);
process.exit(failed ? 1 : 0);
