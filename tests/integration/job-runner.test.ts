import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { appMeta, jobItems } from "../../db/schema";
import { createLogger } from "../../core/log";
import { defineMessages } from "~/changes/refusal";
import { refuse } from "~/changes/errors.server";
import { ItemFailed, JobRunner, RetryLater, StopJob, type JobKind, type JobView } from "~/jobs/runner.server";
import { createTestDatabaseUrl, dropTestDatabase, openTestDatabase, usingPostgres } from "../helpers/db";

const log = createLogger("silent");
const noEvents = { emit: async () => {} };

/** Items store `app_meta` rows `<prefix><seq>`: a second store of one item breaks the primary key. */
function recordingKind(name: string, behave: (seq: number, attempts: number, signal: AbortSignal) => Promise<void> = async () => {}): JobKind<{ prefix: string }, null> & { runs: number[] } {
  const runs: number[] = [];
  return {
    kind: name,
    runs,
    maxAttempts: 3,
    async runItem({ item, job, signal }) {
      runs.push(item.seq);
      await behave(item.seq, item.attempts, signal);
      return { apply: async (tx) => void (await tx.insert(appMeta).values({ key: `${job.payload.prefix}${item.seq}`, value: "stored" })) };
    },
    summarize: (c) => `Finished: ${c.done} done, ${c.failed} failed of ${c.total}`,
  };
}

async function waitFor(read: () => Promise<JobView | null>, until: (job: JobView) => boolean, ms = 20_000): Promise<JobView> {
  const end = Date.now() + ms;
  for (;;) {
    const job = await read();
    if (job && until(job)) return job;
    if (Date.now() > end) throw new Error(`timed out; last state ${JSON.stringify(job)}`);
    await sleep(25);
  }
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `item ${i}` }));
const stored = async (database: Database, prefix: string) =>
  (await database.db.select({ key: appMeta.key }).from(appMeta).where(like(appMeta.key, `${prefix}%`))).map((r) => r.key).sort();

describe("job runner", () => {
  let database: Database;
  let drop: () => Promise<void>;
  const runners: JobRunner[] = [];
  const runner = (kinds: JobKind<never, never>[], options = {}) => {
    const r = new JobRunner({ database, db: database.db, events: noEvents, log }, { leaseMs: 600, pollMs: 50, backoffMs: 50, ...options });
    r.register(...(kinds as JobKind<unknown, unknown>[]));
    runners.push(r);
    return r;
  };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await drop();
  });

  it("works every item once, goes on after a failed item with its reason, and closes with the kind's summary", async () => {
    const kind = recordingKind("t.basic", async (seq) => {
      if (seq === 2) throw new ItemFailed("The text of item 2 is empty.");
    });
    const r = runner([kind as never]);
    const { id, attached } = await r.enqueue({ kind: "t.basic", payload: { prefix: "basic-" }, items: items(5) });
    expect(attached).toBe(false);
    await r.start();
    const job = await waitFor(() => r.get(id), (j) => j.status === "done");
    expect(job).toMatchObject({ total: 5, done: 4, failed: 1, message: "Finished: 4 done, 1 failed of 5" });
    expect(job.failures).toEqual([{ label: "item 2", error: "The text of item 2 is empty." }]);
    expect(await stored(database, "basic-")).toEqual(["basic-0", "basic-1", "basic-3", "basic-4"]);
    expect(kind.runs).toEqual([0, 1, 2, 3, 4]);
    await r.stop();
  });

  it("a typed refusal from an item's apply fails that item with its sentence, stores none of it, and the job goes on", async () => {
    const said = defineMessages("test.jobRunner", { gone: "Item {seq} changed while it was worked; nothing was stored." });
    const kind: JobKind<{ prefix: string }, null> = {
      kind: "t.refused",
      maxAttempts: 3,
      async runItem({ item, job }) {
        return {
          apply: async (tx) => {
            await tx.insert(appMeta).values({ key: `${job.payload.prefix}${item.seq}`, value: "stored" });
            // What it finds in the transaction changed since the slow part: the insert above must not stay.
            if (item.seq === 1) throw refuse("conflict", said.gone, { seq: item.seq });
          },
        };
      },
      summarize: (c) => `Finished: ${c.done} done, ${c.failed} failed of ${c.total}`,
    };
    const r = runner([kind as never]);
    await r.start();
    const { id } = await r.enqueue({ kind: "t.refused", payload: { prefix: "refused-" }, items: items(3) });
    const job = await waitFor(() => r.get(id), (j) => j.status !== "queued" && j.status !== "running");
    expect(job).toMatchObject({ status: "done", done: 2, failed: 1, message: "Finished: 2 done, 1 failed of 3" });
    expect(job.failures).toEqual([{ label: "item 1", error: "Item 1 changed while it was worked; nothing was stored." }]);
    expect(await stored(database, "refused-")).toEqual(["refused-0", "refused-2"]);
    await r.stop();
  });

  it("retries a retryable failure after its Retry-After, and fails it with its reason after the last attempt", async () => {
    const started = Date.now();
    let firstRetryAt = 0;
    const kind = recordingKind("t.retry", async (seq, attempts) => {
      if (seq === 0 && attempts === 0) throw new RetryLater("The AI service is busy (429). Trying again shortly.", 400);
      if (seq === 0 && attempts === 1) firstRetryAt = Date.now();
      if (seq === 1) throw Object.assign(new Error("The translation service is unavailable (503)."), { retryable: true });
    });
    const r = runner([kind as never]);
    await r.start();
    const { id } = await r.enqueue({ kind: "t.retry", payload: { prefix: "retry-" }, items: items(2) });
    const job = await waitFor(() => r.get(id), (j) => j.status === "done");
    expect(firstRetryAt - started).toBeGreaterThanOrEqual(400);
    expect(job).toMatchObject({ done: 1, failed: 1 });
    expect(job.failures).toEqual([{ label: "item 1", error: "The translation service is unavailable (503)." }]);
    expect(kind.runs.filter((s) => s === 1)).toHaveLength(3);
    const [row] = await database.db.select().from(jobItems).where(eq(jobItems.jobId, id)).orderBy(jobItems.seq);
    expect(row).toMatchObject({ status: "done", attempts: 2 });
    await r.stop();
  });

  it("a second request with the same key attaches to the running job; after it ends, a new one starts", async () => {
    const kind = recordingKind("t.unique", () => sleep(100));
    const r = runner([kind as never]);
    const first = await r.enqueue({ kind: "t.unique", payload: { prefix: "u1-" }, items: items(3), uniqueKey: "translate:fa" });
    const second = await r.enqueue({ kind: "t.unique", payload: { prefix: "u2-" }, items: items(3), uniqueKey: "translate:fa" });
    expect(second).toEqual({ id: first.id, attached: true });
    // Two at the same moment: one job, both told its id.
    await r.start();
    await waitFor(() => r.get(first.id), (j) => j.status === "done");
    const [a, b] = await Promise.all([
      r.enqueue({ kind: "t.unique", payload: { prefix: "u3-" }, items: items(1), uniqueKey: "translate:fa" }),
      r.enqueue({ kind: "t.unique", payload: { prefix: "u4-" }, items: items(1), uniqueKey: "translate:fa" }),
    ]);
    expect(a.id).toBe(b.id);
    expect(a.id).not.toBe(first.id);
    expect([a.attached, b.attached].sort()).toEqual([false, true]);
    await waitFor(() => r.get(a.id), (j) => j.status === "done");
    expect(await stored(database, "u2-")).toEqual([]);
    await r.stop();
  });

  it("cancel aborts the item in flight without storing it and skips the rest", async () => {
    const kind = recordingKind("t.cancel", (seq, _a, signal) => sleep(seq === 1 ? 10_000 : 10, undefined, { signal }));
    const r = runner([kind as never]);
    await r.start();
    const { id } = await r.enqueue({ kind: "t.cancel", payload: { prefix: "cancel-" }, items: items(4) });
    await waitFor(() => r.get(id), (j) => j.done === 1);
    await sleep(50);
    await r.cancel(id);
    const job = await waitFor(() => r.get(id), (j) => j.status === "cancelled");
    expect(job.message).toBe("Cancelled after 1 of 4.");
    expect(await stored(database, "cancel-")).toEqual(["cancel-0"]);
    const statuses = (await database.db.select().from(jobItems).where(eq(jobItems.jobId, id)).orderBy(jobItems.seq)).map((i) => i.status);
    expect(statuses).toEqual(["done", "skipped", "skipped", "skipped"]);
    // A queued job is cancelled at once.
    const queued = await r.enqueue({ kind: "t.cancel", payload: { prefix: "never-" }, items: items(2), runAfter: new Date(Date.now() + 60_000) });
    expect((await r.cancel(queued.id))?.status).toBe("cancelled");
    await r.stop();
  });

  it("StopJob ends the whole job with its message", async () => {
    const kind = recordingKind("t.stop", async (seq) => {
      if (seq === 1) throw new StopJob("AI writing is not configured: set AI_BASE_URL.");
    });
    const r = runner([kind as never]);
    await r.start();
    const { id } = await r.enqueue({ kind: "t.stop", payload: { prefix: "stop-" }, items: items(3) });
    const job = await waitFor(() => r.get(id), (j) => j.status === "failed");
    expect(job.message).toBe("AI writing is not configured: set AI_BASE_URL.");
    expect(await stored(database, "stop-")).toEqual(["stop-0"]);
    await r.stop();
  });

  it("two runners never take the same job, and every item is stored once", async () => {
    const kind = recordingKind("t.pair", () => sleep(5));
    const a = runner([kind as never]);
    const b = runner([kind as never]);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await a.enqueue({ kind: "t.pair", payload: { prefix: `pair${i}-` }, items: items(4) })).id);
    await Promise.all([a.start(), b.start()]);
    for (const id of ids) await waitFor(() => a.get(id), (j) => j.status === "done");
    for (let i = 0; i < 6; i++) expect(await stored(database, `pair${i}-`)).toHaveLength(4);
    expect(kind.runs).toHaveLength(24);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("runs a job of another lane beside a long one, and a stop hands the long one back", async () => {
    const long = recordingKind("t.long", (_s, _a, signal) => sleep(100, undefined, { signal }));
    const mail = { ...recordingKind("t.mail"), lane: "mail" };
    const r = runner([long as never, mail as never]);
    const longJob = (await r.enqueue({ kind: "t.long", payload: { prefix: "long-" }, items: items(40) })).id;
    await r.start();
    await waitFor(() => r.get(longJob), (j) => j.done >= 1);
    // Queued after the long job: the main lane would work it in about 4 s; its own lane does now.
    const mailJob = (await r.enqueue({ kind: "t.mail", payload: { prefix: "mail-" }, items: items(2) })).id;
    await waitFor(() => r.get(mailJob), (j) => j.status === "done", 3_000);
    const during = await r.get(longJob);
    expect(during).toMatchObject({ status: "running" });
    expect(during!.done).toBeLessThan(40);
    expect(await stored(database, "mail-")).toEqual(["mail-0", "mail-1"]);
    // A second mail job while the long one runs, then a stop: the long job goes back to the queue.
    const second = (await r.enqueue({ kind: "t.mail", payload: { prefix: "mail2-" }, items: items(1) })).id;
    await waitFor(() => r.get(second), (j) => j.status === "done", 3_000);
    await r.stop();
    expect(await r.get(longJob)).toMatchObject({ status: "queued" });
    const next = runner([long as never, mail as never]);
    await next.start();
    await waitFor(() => next.get(longJob), (j) => j.status === "done");
    expect(await stored(database, "long-")).toHaveLength(40);
    await next.stop();
  });

  it("a stopped runner hands its job back and the next one continues without repeating finished items", async () => {
    const kind = recordingKind("t.handback", (_s, _a, signal) => sleep(60, undefined, { signal }));
    const first = runner([kind as never]);
    await first.start();
    const { id } = await first.enqueue({ kind: "t.handback", payload: { prefix: "hb-" }, items: items(6) });
    await waitFor(() => first.get(id), (j) => j.done >= 2);
    await first.stop();
    expect((await first.get(id))?.status).toBe("queued");
    const doneBefore = (await stored(database, "hb-")).length;
    const second = runner([kind as never]);
    await second.start();
    await waitFor(() => second.get(id), (j) => j.status === "done");
    expect(await stored(database, "hb-")).toHaveLength(6);
    // Finished items never ran again: at most the aborted one ran twice.
    expect(kind.runs.length).toBeLessThanOrEqual(7);
    expect(doneBefore).toBeGreaterThanOrEqual(2);
    await second.stop();
  });
});

// Two worker processes start (TypeScript compiled on the fly, the embedded database opened twice): slow on a busy machine.
describe("job runner after kill -9", { timeout: 180_000 }, () => {
  let target: string;
  let dir: string;
  let url: string | undefined;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "jobs-"));
    url = await createTestDatabaseUrl();
    target = url ?? path.join(dir, "pglite");
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    if (url) await dropTestDatabase(url);
    rmSync(dir, { recursive: true, force: true });
  });

  const startWorker = async (logFile: string, mode = "") => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/job-worker.ts", target, logFile, mode], { stdio: ["ignore", "pipe", "inherit"] });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.once("exit", (code) => reject(new Error(`worker exited with ${code} before it was ready`)));
    });
    return child;
  };

  it(`finishes the job after a restart without repeating finished items (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, async () => {
    const logFile = path.join(dir, "runs.log");
    writeFileSync(logFile, "");
    const runs = () => readFileSync(logFile, "utf8").trim().split("\n").filter(Boolean);
    const first = await startWorker(logFile, "enqueue");
    const deadline = Date.now() + 20_000;
    while (runs().length < 5 && Date.now() < deadline) await sleep(20);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    expect(runs().length).toBeGreaterThanOrEqual(5);

    // The restarted worker takes the job over once the dead one's lease has run out, and exits when it is done.
    const second = await startWorker(logFile);
    const code = await new Promise((resolve) => second.once("exit", resolve));
    expect(code).toBe(0);
    const db = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: target });
    const keys = (await db.db.select({ key: appMeta.key }).from(appMeta).where(like(appMeta.key, "item-%"))).map((r) => r.key);
    await db.close();
    expect(keys.sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)))).toEqual(Array.from({ length: 12 }, (_, n) => `item-${n}`));
    // Each item ran once, except the one in flight at the kill (at most one rerun).
    const counts = new Map<string, number>();
    for (const line of runs()) counts.set(line, (counts.get(line) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    expect(counts.size).toBe(12);
  });
});
