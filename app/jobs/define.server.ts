/**
 * Typed jobs (decision 0058): a job is declared once, in the module that owns its work, with
 * `defineJob<Payload, Item>(name, { lane, retry, uniqueKey, handler })`. The handle it returns
 * queues the job in the caller's transaction (`enqueue(tx, payload, items)`: the job exists if and
 * only if the change that needs it commits, and the runners wake at that commit) and makes the
 * kind the runner registers (`kind(deps)`, listed once in server/job-registry.ts).
 *
 * The name is stored in `jobs.kind` and the unique key in `jobs.unique_key`; no caller writes or
 * reads either: the payload types are checked where a job is queued and where it runs.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { jobItems, jobs } from "../../db/schema";
import { insertJob, type AnyJobKind, type ItemContext, type ItemOutcome, type JobCounts, type JobKind } from "./runner.server";

export type JobItems<I> = ReadonlyArray<{ label: string; payload?: I }>;

export interface JobOptions<P, I, A extends unknown[]> {
  /** The lane its jobs run in (default "main"; the mail outbox has its own, decision 0049). */
  lane?: string;
  /** Attempts per item for retryable failures (default 3). */
  retry?: { maxAttempts: number };
  /** One queued-or-running job per key: a second enqueue returns that job (`attached`). */
  uniqueKey?: (payload: P, items: JobItems<I>) => string;
  /** With a unique key: "run again" after a cancel carries the cancelled run's finished items over. */
  resumeCancelled?: boolean;
  /** Pause between items (a provider's rate). */
  pauseMs?: (payload: P) => number;
  /** The job's closing message from its counts. */
  summarize?: (counts: JobCounts, payload: P) => string;
  /** The work of one item, given what the module needs (services, test options). */
  handler: (...deps: A) => (context: ItemContext<P, I>) => Promise<ItemOutcome>;
}

export interface Queued {
  id: number;
  /** A job of the same unique key was already queued or running: this is it. */
  attached: boolean;
}

export interface JobHandle<P, I, A extends unknown[]> {
  readonly name: string;
  /** Queue the job in the caller's transaction (or its own statement outside one). */
  enqueue(tx: DbOrTx, payload: P, items: JobItems<I>, options?: { createdBy?: string | null; runAfter?: Date }): Promise<Queued>;
  /** The unique key a job of this payload and these items has (for tests and the jobs list). */
  keyOf(payload: P, items: JobItems<I>): string | null;
  /** The item payloads of this job's queued and running jobs (e.g. the posts being posted now). */
  activeItems(db: Db): Promise<I[]>;
  /** The kind the runner registers, made with the module's dependencies. */
  kind(...deps: A): AnyJobKind;
}

export function defineJob<P, I = null, A extends unknown[] = []>(name: string, options: JobOptions<P, I, A>): JobHandle<P, I, A> {
  const keyOf = (payload: P, items: JobItems<I>) => options.uniqueKey?.(payload, items) ?? null;
  return {
    name,
    keyOf,
    enqueue(tx, payload, items, extra = {}) {
      // In a transaction of its own (a savepoint inside the caller's): a start button passes the
      // pool, and the job row must not be seen by a runner before its items are.
      return tx.transaction((own) => insertJob(own, {
        kind: name,
        payload,
        items,
        uniqueKey: keyOf(payload, items) ?? undefined,
        resumeCancelled: options.resumeCancelled,
        createdBy: extra.createdBy,
        runAfter: extra.runAfter,
      }));
    },
    async activeItems(db) {
      const rows = await db
        .select({ payload: jobItems.payload })
        .from(jobItems)
        .innerJoin(jobs, eq(jobs.id, jobItems.jobId))
        .where(and(eq(jobs.kind, name), inArray(jobs.status, ["queued", "running"])));
      // Stored by enqueue from an I: the JSON column gives it back untyped.
      return rows.map((row) => row.payload as I);
    },
    kind(...deps) {
      const runItem = options.handler(...deps);
      const kind: JobKind<P, I> = {
        kind: name,
        lane: options.lane,
        maxAttempts: options.retry?.maxAttempts,
        pauseMs: options.pauseMs,
        summarize: options.summarize,
        runItem,
      };
      // Rows of this name were queued by `enqueue` above with a P and I's: the runner holds every kind alike.
      return kind as unknown as AnyJobKind;
    },
  };
}
