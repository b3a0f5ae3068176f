import { request } from "node:http";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "../../db/schema";
import { openDataDir } from "../helpers/admin-http";
import { startSite, tempDir } from "../helpers/server";

const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined, SEED_DEMO: "false", LOG_LEVEL: "info" });
const body = new URLSearchParams({ name: "Slow Sender", email: "slow@example.test", phone: "", subject: "In flight", message: "Sent while the server stops." }).toString();

/**
 * A contact form POST whose body arrives in two halves: `finish()` sends the rest and resolves with
 * the answer. `reading` resolves once the server has read its head and waits for the body (its
 * "100 Continue" answer to `Expect: 100-continue`, sent as it takes the request in).
 */
function slowPost(base: string) {
  const url = new URL("/contact", base);
  const req = request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: url.origin, Expect: "100-continue" },
  });
  const reading = new Promise<void>((resolve) => req.once("continue", resolve));
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
  });
  // The test that lets the process die with the request open never reads the answer.
  answer.catch(() => {});
  req.write(body.slice(0, 20));
  return {
    reading,
    finish() {
      req.end(body.slice(20));
      return answer;
    },
  };
}

const refused = (url: string) =>
  fetch(`${url}/healthz`).then(
    () => false,
    () => true,
  );

describe("stopping the server", () => {
  const dataDir = tempDir("site-shutdown-");
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("on SIGTERM refuses new connections, ends event streams, finishes the request in flight, and the next start finds it stored", async () => {
    const site = await startSite(env(dataDir));
    const events = await fetch(`${site.url}/events`);
    const stream = events.body!.getReader();
    const streamEnded = (async () => {
      while (!(await stream.read()).done);
      return true;
    })();

    const post = slowPost(site.url);
    await post.reading;
    const exited = new Promise<number | null>((resolve) => site.process.once("exit", (code) => resolve(code)));
    site.process.kill("SIGTERM");
    expect(await streamEnded).toBe(true);
    expect(await refused(site.url)).toBe(true);

    const answer = await post.finish();
    expect(answer.status).toBe(200);
    expect(await exited).toBe(0);
    expect(site.output()).toContain("shutting down: finishing requests in flight");

    const again = await startSite(env(dataDir));
    try {
      expect(await (await fetch(`${again.url}/healthz`)).json()).toEqual({ status: "ok", database: "ok", migrations: "current" });
    } finally {
      expect(await again.stop()).toBe(0);
    }
    const store = await openDataDir(dataDir);
    try {
      const rows = await store.db.select().from(contactSubmissions);
      expect(rows.map((row) => row.email)).toEqual(["slow@example.test"]);
    } finally {
      await store.close();
    }
  });

  it("exits at once on a second signal while a request is still in flight", async () => {
    const site = await startSite(env(dataDir));
    // Half of its body sent and the rest never: the request stays in flight, whatever the machine's speed.
    await slowPost(site.url).reading;
    const exited = new Promise<number | null>((resolve) => site.process.once("exit", (code) => resolve(code)));
    site.process.kill("SIGTERM");
    await vi.waitFor(() => expect(site.output()).toContain("shutting down: finishing requests in flight"), { timeout: 10_000, interval: 20 });
    site.process.kill("SIGINT");
    // Well before the 10 s a request in flight is given.
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), 5000))]);
    expect(code).toBe(130);
    expect(site.output()).toContain("second signal: exiting now");
  });
});
