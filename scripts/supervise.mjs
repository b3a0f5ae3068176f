// `npm start`: build when needed, then run the server (scripts/start.mjs) as a child process and
// start it again if it dies after it was serving (a crash, the heap limit, a kill -9), so one bad
// request or one bug never leaves the site down until someone notices (decision 0056).
//
// - The child gets this process's Node flags (the heap cap) and environment, and inherits stdout
//   and stderr; it says "ready" over the IPC channel once it listens.
// - A child that stops before it was ready (a configuration error, a locked data folder, a
//   migration that fails) is not restarted: the same start would fail again. This process exits
//   with its code, so the one clear line it printed is the last thing a person sees.
// - Restarts wait 1 s, doubling up to 30 s while the child keeps dying within a minute of its start.
// - SIGTERM and SIGINT go to the child (a second one too, which makes it exit at once); this
//   process then exits with the child's code.
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed.mjs";

process.env.NODE_ENV ??= "production";
if (!process.argv.includes("--no-build")) buildIfNeeded();

const serverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), "start.mjs");
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A child that served this long before dying counts as healthy: the next restart is quick again. */
const STABLE_AFTER_MS = 60_000;

/** One JSON line, as the server's own log writes them (pino levels: 30 info, 50 error). */
const log = (level, msg, fields = {}) => process.stderr.write(`${JSON.stringify({ level, time: Date.now(), name: "supervisor", msg, ...fields })}\n`);

let child = null;
let stopping = false;
let delayMs = FIRST_DELAY_MS;
let restartTimer = null;

function start() {
  restartTimer = null;
  const startedAt = Date.now();
  let ready = false;
  child = fork(serverScript, ["--no-build"], { execArgv: process.execArgv, stdio: "inherit" });
  const pid = child.pid;
  child.on("message", (message) => {
    if (message !== "ready") return;
    ready = true;
    log(30, `site started (pid ${pid})`, { pid });
  });
  child.once("exit", (code, signal) => {
    child = null;
    if (stopping) process.exit(code ?? (signal === "SIGINT" ? 130 : 143));
    if (!ready) {
      log(50, `the site stopped before it was serving (${signal ?? `exit code ${code}`}): not restarting`, { pid });
      process.exit(code || 1);
    }
    if (Date.now() - startedAt >= STABLE_AFTER_MS) delayMs = FIRST_DELAY_MS;
    log(50, `the site stopped unexpectedly (${signal ?? `exit code ${code}`}): restarting in ${delayMs / 1000} s`, { pid, code, signal });
    restartTimer = setTimeout(start, delayMs);
    delayMs = Math.min(delayMs * 2, MAX_DELAY_MS);
  });
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else {
      if (restartTimer) clearTimeout(restartTimer);
      process.exit(0);
    }
  });
}

start();
