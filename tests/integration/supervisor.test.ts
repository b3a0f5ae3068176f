import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startEnv, tempDir } from "../helpers/server";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm start` without npm: the supervisor with the same Node flags and environment. */
function superviseSite(env: Record<string, string>) {
  let output = "";
  const child = spawn(process.execPath, ["--max-old-space-size=160", path.join(root, "scripts", "supervise.mjs"), "--no-build"], {
    cwd: root,
    env: { ...startEnv(), PATH: process.env.PATH, HOME: process.env.HOME, BUILD_DIR: process.env.BUILD_DIR, NODE_ENV: "production", LOG_LEVEL: "warn", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The pids of the server processes the supervisor reported starting, in order. */
const serverPids = (output: string) => [...output.matchAll(/site started \(pid (\d+)\)/g)].map((match) => Number(match[1]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const healthy = (url: string) =>
  fetch(`${url}/healthz`).then(
    (response) => (response.ok ? true : undefined),
    () => undefined,
  );

describe("npm start's supervisor", () => {
  const dataDir = tempDir("site-supervise-");
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts the site again within seconds after the server process is killed, and stops it on SIGTERM", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const run = superviseSite({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: url });
    try {
      await until("the first start", () => healthy(url));
      const [first] = await until("the start line", () => (serverPids(run.output()).length === 1 ? serverPids(run.output()) : undefined));

      // As the heap limit or a crash would end it: no chance to clean up.
      process.kill(first, "SIGKILL");
      const [, second] = await until("the restart", () => (serverPids(run.output()).length === 2 ? serverPids(run.output()) : undefined), 30_000);
      expect(second).not.toBe(first);
      expect(run.output()).toContain("the site stopped unexpectedly (SIGKILL): restarting in 1 s");
      await until("the site to answer again", () => healthy(url), 30_000);

      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      expect(alive(second)).toBe(false);
    } finally {
      run.child.kill("SIGKILL");
    }
  });

  it("does not restart a server that could not start: one clear line and its exit code", async () => {
    const run = superviseSite({ PORT: String(await freePort()), DATA_DIR: tempDir(), SESSION_SECRET: "too-short" });
    const code = await run.exited;
    expect(code).toBe(1);
    const lines = run.output().trim().split("\n");
    expect(lines.filter((line) => line === "Invalid SESSION_SECRET: must be at least 32 characters")).toHaveLength(1);
    expect(run.output()).toContain("not restarting");
    expect(serverPids(run.output())).toEqual([]);
  });
});
