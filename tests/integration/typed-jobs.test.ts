/**
 * Typed jobs (decision 0058): a job is queued by its handle in the caller's transaction. It exists
 * only if that transaction commits, the runners wake at the commit (NOTIFY inside the transaction,
 * not their poll), and with two runners it runs once.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../../db/client";
import { appMeta, jobs } from "../../db/schema";
import { createLogger } from "../../core/log";
import { JobRunner, type JobView } from "~/jobs/runner.server";
import { defineJob } from "~/jobs/define.server";
import { openTestDatabase, usingPostgres } from "../helpers/db";

const runs: string[] = [];
/** Each item stores `app_meta` row `<prefix><seq>`: a second store of one item breaks the primary key. */
const recorded = defineJob<{ prefix: string }, { n: number }>("t.typed", {
  uniqueKey: (payload) => `t.typed:${payload.prefix}`,
  handler: () => async ({ job, item }) => {
    runs.push(`${job.payload.prefix}${item.seq}`);
    return { apply: async (tx) => void (await tx.insert(appMeta).values({ key: `${job.payload.prefix}${item.seq}`, value: String(item.payload.n) })) };
  },
});
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `item ${i}`, payload: { n: i } }));

describe(`typed jobs (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let runners: JobRunner[];

  const inTransaction = <R>(work: (tx: Db) => Promise<R>) => database.db.transaction((tx) => work(tx));
  const stored = async (prefix: string) => (await database.db.select({ key: appMeta.key }).from(appMeta).where(like(appMeta.key, `${prefix}%`))).map((r) => r.key).sort();
  async function done(id: number, withinMs: number): Promise<JobView> {
    const end = Date.now() + withinMs;
    for (;;) {
      const job = await runners[0].get(id);
      if (job?.status === "done") return job;
      if (Date.now() > end) throw new Error(`job ${id} not done within ${withinMs} ms: ${JSON.stringify(job)}`);
      await sleep(20);
    }
  }

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const log = createLogger("silent");
    // A poll far longer than the test: only the NOTIFY sent at the commit can wake them in time.
    runners = [0, 1].map(() => new JobRunner({ database, db: database.db, events: { emit: async () => {} }, log }, { pollMs: 60_000, leaseMs: 5_000 }).register(recorded.kind()));
    for (const runner of runners) await runner.start();
  });
  afterAll(async () => {
    for (const runner of runners ?? []) await runner.stop();
    await drop?.();
  });

  it("a job queued in a transaction that rolls back leaves no job and never runs", async () => {
    await expect(
      inTransaction(async (tx) => {
        await recorded.enqueue(tx, { prefix: "undone-" }, items(2));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    // A job committed after it runs to the end: the runners were awake and took what there was.
    const after = await inTransaction((tx) => recorded.enqueue(tx, { prefix: "after-undone-" }, items(1)));
    await done(after.id, 10_000);
    expect(await database.db.select().from(jobs).where(eq(jobs.uniqueKey, "t.typed:undone-"))).toEqual([]);
    expect(runs.filter((r) => r.startsWith("undone-"))).toEqual([]);
    expect(await stored("undone-")).toEqual([]);
  });

  it("a committed one wakes the runners at the commit and runs once with two runners", async () => {
    const queued = await inTransaction((tx) => recorded.enqueue(tx, { prefix: "kept-" }, items(4)));
    expect(queued.attached).toBe(false);
    const job = await done(queued.id, 10_000);
    expect(job).toMatchObject({ total: 4, done: 4, failed: 0 });
    expect(await stored("kept-")).toEqual(["kept-0", "kept-1", "kept-2", "kept-3"]);
    expect(runs.filter((r) => r.startsWith("kept-")).sort()).toEqual(["kept-0", "kept-1", "kept-2", "kept-3"]);
  });

  it("a second enqueue of the same key in one transaction attaches to the first, and the transaction still commits", async () => {
    const [first, second] = await inTransaction(async (tx) => {
      const a = await recorded.enqueue(tx, { prefix: "twice-" }, items(1));
      const b = await recorded.enqueue(tx, { prefix: "twice-" }, items(1));
      await tx.insert(appMeta).values({ key: "twice-committed", value: "yes" });
      return [a, b];
    });
    expect(second).toEqual({ id: first.id, attached: true });
    await done(first.id, 10_000);
    expect(await stored("twice-")).toEqual(["twice-0", "twice-committed"]);
    expect(await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.uniqueKey, "t.typed:twice-"))).toEqual([{ id: first.id }]);
  });
});
