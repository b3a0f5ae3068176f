// A production server of this site on a temporary data directory, and what else the benchmarks share.
import { execFileSync, spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { buildIfNeeded, root } from "../build-if-needed.mjs";

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time a process has used so far (user + system, all its threads), in microseconds, from /proc. */
export function cpuMicros(pid) {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}

/** Parse `--name value` and `--flag` arguments. */
export function parseArgs(argv, defaults) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) continue;
    // Split at the first "=" only: a value may hold one (--rule=/team=14500).
    const at = arg.indexOf("=");
    const [name, inline] = at === -1 ? [arg.slice(2), undefined] : [arg.slice(2, at), arg.slice(at + 1)];
    if (!(name in defaults)) {
      console.error(`Unknown option --${name}. Options: ${Object.keys(defaults).map((k) => `--${k}`).join(", ")}`);
      process.exit(2);
    }
    if (typeof defaults[name] === "boolean") options[name] = inline === undefined ? true : inline !== "false";
    // An option whose default is a list may be given more than once.
    else if (Array.isArray(defaults[name])) options[name] = [...options[name], inline ?? argv[++i]];
    else {
      const value = inline ?? argv[++i];
      options[name] = typeof defaults[name] === "number" ? Number(value) : value;
    }
  }
  return options;
}

/** Debian's Chromium, headless, for Lighthouse. */
export function launchChrome(chromePath) {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check"],
  });
}

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), "site-bench-"));

/**
 * Build when needed, then start `scripts/start.mjs` (NODE_ENV=production) on a free port
 * and a fresh DATA_DIR (or the given one, which is then kept), with `nodeArgs` for node itself.
 */
export async function startSite(env = {}, { dataDir: givenDir, nodeArgs = [] } = {}) {
  buildIfNeeded();
  const port = await freePort();
  const dataDir = givenDir ?? tempDataDir();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      BUILD_DIR: process.env.BUILD_DIR,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: url,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  let exitCode;
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve((exitCode = code))));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`The site exited (${exitCode}) before answering:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The site did not answer within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    output: () => output,
    /** Resident memory of the server process, in MB (current and peak), from /proc. */
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
      return { rssMB: kb("VmRSS") / 1024, peakMB: kb("VmHWM") / 1024 };
    },
    async stop() {
      if (exitCode === undefined) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bare page</title></head><body><h1>Hello</h1><p>A page of one heading and one paragraph.</p></body></html>`;

/**
 * A page of one heading and one paragraph on a bare `node:http` server (with `coop`, sent with
 * `Cross-Origin-Opener-Policy: same-origin`): the floor any page has on this machine.
 */
export async function startBare(coop = false) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...(coop ? { "cross-origin-opener-policy": "same-origin" } : {}) });
    res.end(BARE_PAGE);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** The first published post's path, from the English feed. */
export async function firstPostPath(url) {
  const feed = await (await fetch(`${url}/rss.xml`)).text();
  const link = /<item>[\s\S]*?<link>([^<]+)<\/link>/.exec(feed)?.[1];
  if (!link) throw new Error("No published post in /rss.xml (the demo content seeds three).");
  return new URL(link).pathname;
}

export const median = (values) => {
  const sorted = values.filter((v) => typeof v === "number" && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A plain text table with right-aligned numbers. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((c) => String(c)));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

/**
 * The CPU slowdown that makes this machine behave like Lighthouse's reference phone, from the
 * anchor points of Lighthouse's CPU throttling calculator (linked from its throttling guide):
 * benchmarkIndex 150 -> 1x, 800 -> 2x, 1300 -> 3x, then one more step per 233 points (1533 -> 4x).
 */
export function calibratedCpuMultiplier(benchmarkIndex) {
  const anchors = [
    [150, 1],
    [800, 2],
    [1300, 3],
    [1533, 4],
  ];
  if (benchmarkIndex <= anchors[0][0]) return 1;
  const upper = anchors.findIndex(([index]) => benchmarkIndex <= index);
  const [[x0, y0], [x1, y1]] = upper === -1 ? anchors.slice(-2) : [anchors[upper - 1], anchors[upper]];
  return y0 + ((benchmarkIndex - x0) * (y1 - y0)) / (x1 - x0);
}
