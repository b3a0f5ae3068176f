import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyPgliteTemplate } from "./pglite-template";
import { TEST_ENCRYPTION_KEY } from "./test-key";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const tempDir = (prefix = "site-test-") => mkdtempSync(path.join(tmpdir(), prefix));

export interface SiteServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

const startScript = () => (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start.split(/\s+/);

/** The Node flags `npm start` runs the server with (the heap size), so tests run it the same way. */
const startFlags = (): string[] => startScript().filter((word) => word.startsWith("--"));

/** The environment `npm start` sets before `node` (MALLOC_ARENA_MAX), likewise. */
export const startEnv = (): Record<string, string> => {
  const words = startScript();
  return Object.fromEntries(words.slice(0, words.indexOf("node")).map((word) => word.split("=", 2) as [string, string]));
};

/** Run the built site as `npm start` does, as a real separate process. */
/**
 * A test server lives for a few requests: V8's optimising compiler for WebAssembly (PGlite's
 * Postgres) spent about a second of CPU per start that such a server never earns back, 16% of
 * the integration suite's CPU (decision 0113, addendum). Baseline-compiled code runs the same
 * program; servers that serve a whole suite (the end-to-end one) keep the optimising tier.
 */
const SHORT_LIVED_FLAGS = ["--liftoff-only"];

export function spawnSite(env: Record<string, string | undefined>, options: { longLived?: boolean } = {}): { process: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = "";
  const child = spawn(process.execPath, [...startFlags(), ...(options.longLived ? [] : SHORT_LIVED_FLAGS), path.join(root, "scripts", "start.mjs"), "--no-build"], {
    cwd: root,
    // Suites that are not about the second factor sign staff in with a password alone; the
    // second-factor suites pass ADMIN_SECOND_FACTOR=required (the product's default).
    env: { ...startEnv(), PATH: process.env.PATH, HOME: process.env.HOME, BUILD_DIR: process.env.BUILD_DIR, NODE_ENV: "production", LOG_LEVEL: "warn", ADMIN_SECOND_FACTOR: "optional", ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

export interface StartOptions {
  /**
   * Leave an empty DATA_DIR empty, so the server runs initdb and every migration itself (the
   * start-up tests). Otherwise an empty DATA_DIR on the embedded database gets a copy of the
   * migrated template (tests/helpers/pglite-template.ts), already seeded with the demo unless
   * SEED_DEMO is off, which saves seconds per start; the server still runs its migration check
   * and adds any built-in text the template lacks.
   */
  freshDatabase?: boolean;
  /** The site's host name in SITE_URL and the returned url (WebAuthn needs a domain such as localhost, not an address). */
  hostname?: string;
  /** A server for a whole suite (the end-to-end one): V8's optimising WebAssembly tier stays on. */
  longLived?: boolean;
}

/** Start the site on a free port and a fresh data directory; resolves once /healthz answers. */
export async function startSite(env: Record<string, string | undefined> = {}, options: StartOptions = {}): Promise<SiteServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? tempDir();
  const pgliteDir = path.join(dataDir, "pglite");
  // A server that would seed the demo (SEED_DEMO, on unless "false" or "0") gets the template seeded so.
  const demo = !["false", "0"].includes(env.SEED_DEMO ?? "true");
  if (!options.freshDatabase && !env.DATABASE_URL && !existsSync(pgliteDir)) await copyPgliteTemplate(pgliteDir, demo ? "demo" : "migrated");
  const url = `http://127.0.0.1:${port}`;
  const siteUrl = options.hostname ? `http://${options.hostname}:${port}` : url;
  const run = spawnSite({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: siteUrl, ...env }, { longLived: options.longLived });
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`The site exited (${exitCode}) before answering:\n${run.output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      run.process.kill("SIGKILL");
      throw new Error(`The site did not answer within 90 s:\n${run.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: siteUrl,
    dataDir,
    process: run.process,
    output: run.output,
    async stop() {
      if (exitCode === undefined) run.process.kill("SIGTERM");
      const code = await run.exited;
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
