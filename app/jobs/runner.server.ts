/**
 * Long admin work as persisted jobs (decision 0024). A job is a row in `jobs` with its items in
 * `job_items`. Every instance runs one `JobRunner`; a runner claims a job with FOR UPDATE SKIP
 * LOCKED, holds it by a lease it renews, and works its items one by one:
 *
 * - `runItem` does the slow part (outside calls) with no transaction open, then returns what to
 *   store as `apply(tx)`; the runner stores it in the same short transaction that marks the item
 *   done, so an item is either finished and stored, or still to do: never half-saved, never done twice.
 * - A step that must survive a crash inside an item (an Instagram container id) is stored at once
 *   with `saveProgress`, and the resumed item reads it back from `item.progress`.
 * - An error with `retryable === true` (see core/outside/errors.ts) is retried with backoff,
 *   honouring its `retryAfterMs`, up to the kind's `maxAttempts`; any other error fails the item
 *   with its message, and the job goes on with the next item. `StopJob` ends the whole job.
 * - A process that dies leaves its lease to expire; another runner (or the restarted one) takes
 *   the job over and continues with the items not yet done.
 * - Cancel marks the job; the runner aborts the item in flight (its `signal`) and skips the rest.
 *
 * - Lanes: a runner works one job at a time per lane (`JobKind.lane`, default "main"), so the mail
 *   outbox never waits for an hour-long batch translation (decision 0049).
 *
 * Use: a job is declared with `defineJob` (app/jobs/define.server.ts) in the module that owns the
 * work, registered in server/job-registry.ts, and queued with its handle's
 * `enqueue(tx, payload, items)` in the caller's transaction (decision 0058). With a unique key, a
 * second request while one such job is queued or running returns that job (`attached: true`).
 */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Db, DbOrTx } from "../../db/client";
import { jobItems, jobs } from "../../db/schema";
import type { ChangeEvents, ChangeKind } from "../../core/events";
import type { Logger } from "../../core/log";
import { commit, type Committed } from "../changes/commit.server";
import { AdminError } from "../changes/errors.server";

/** What a kind's items see while they run. */
export interface ItemContext<P, I> {
  job: { id: number; payload: P; createdBy: string | null };
  item: { seq: number; label: string; payload: I; progress: Record<string, unknown> | null; attempts: number };
  /** Aborted when the job is cancelled, the lease is lost or the server stops. */
  signal: AbortSignal;
  /** Store a finished step of this item at once (it survives a crash; `item.progress` on resume). */
  saveProgress(progress: Record<string, unknown>): Promise<void>;
  /** Whether the runner would run this item again after `error` (retryable, and attempts left). */
  willRetry(error: unknown): boolean;
}

/** What an item's stored change declares, as a request's change does (app/changes/commit.server.ts). */
export type ItemChange = Omit<Committed<unknown>, "result">;

/** An item's result: what to store with it, or why it was skipped. */
export type ItemOutcome = void | {
  /**
   * Runs in the transaction that marks the item done, through `commit()` like every change: no
   * outside calls here. It may declare the audit entries and change events of what it stored,
   * or refuse (`refuse(kind, key)`, or `ItemFailed`) when what it finds has changed since: nothing
   * is stored, and the item fails with the refusal's sentence.
   */
  apply?: (tx: DbOrTx) => Promise<void | ItemChange>;
  /** The item had nothing to do (a translation a person wrote meanwhile): counted as done. */
  skipped?: string;
  /**
   * Part of the item was refused (one language of a translation): what `apply` stores is kept,
   * and the item counts as failed with this reason, so the admin sees what was left out.
   */
  failed?: string;
  /** Which public pages must hear of it, sent after the commit. */
  changes?: ChangeKind[];
};

// Methods, not function properties: a JobKind<P, I> is then usable where any kind is expected.
export interface JobKind<P = unknown, I = unknown> {
  kind: string;
  /**
   * The lane its jobs run in (default "main"). Each lane runs one job at a time, beside the other
   * lanes: short jobs that must not wait behind a long batch (the mail outbox) have a lane of
   * their own (decision 0049).
   */
  lane?: string;
  /** Attempts per item for retryable failures (default 3). */
  maxAttempts?: number;
  /** Pause between items, e.g. to stay under a provider's rate (default none). */
  pauseMs?(payload: P): number;
  runItem(context: ItemContext<P, I>): Promise<ItemOutcome>;
  /** The job's closing message from its counts. */
  summarize?(counts: JobCounts, payload: P): string;
}

/** A finished job's counts, for its closing message. */
export interface JobCounts {
  total: number;
  /** Items done, the skipped ones among them (the jobs table counts a skip as done). */
  done: number;
  failed: number;
  /** Items that had nothing to do (ItemOutcome `skipped`), already in `done`. */
  skipped: number;
}

/** How long a finished job's card stays on its tab unless dismissed. */
export const FINISHED_SHOWN_MS = 24 * 60 * 60 * 1000;

/** A kind whatever its payloads, as the runner holds them. */
export type AnyJobKind = JobKind<unknown, unknown>;

/** Ends the whole job with this message (e.g. the service is no longer configured); the rest is skipped. */
export class StopJob extends Error {}

/** Fails one item with a message a person can act on (no retry). */
export class ItemFailed extends Error {}

/** Retry this item later (after `retryAfterMs` when given, else with backoff). */
export class RetryLater extends Error {
  readonly retryable = true;
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface EnqueueRequest<P = unknown, I = unknown> {
  kind: string;
  payload?: P;
  items: ReadonlyArray<{ label: string; payload?: I }>;
  /** One queued-or-running job per key: a second request attaches to it. */
  uniqueKey?: string;
  createdBy?: string | null;
  /** Not before this time. */
  runAfter?: Date;
  /**
   * With a `uniqueKey`: when the latest finished job of that key was cancelled (within
   * RESUME_WITHIN_MS), its finished items (same payload) are carried over as done instead of
   * being worked again: "run again" after a cancel continues where the cancelled run stopped.
   */
  resumeCancelled?: boolean;
}

export interface JobView {
  id: number;
  kind: string;
  status: "queued" | "running" | "done" | "failed" | "cancelled";
  total: number;
  done: number;
  failed: number;
  message: string | null;
  payload: unknown;
  cancelRequested: boolean;
  createdAt: string;
  finishedAt: string | null;
  /** The failed items with their reasons (the first 50). */
  failures: { label: string; error: string }[];
}

export interface RunnerOptions {
  /** How long a claim holds without renewal; renewed every third of it. */
  leaseMs?: number;
  /** How often an idle runner looks for work it was not woken for (another instance's jobs, backoffs). */
  pollMs?: number;
  /** First backoff of a retryable failure; doubles per attempt. */
  backoffMs?: number;
  /** Claims of one job before it is given up (a job that kills its process each time). */
  maxClaims?: number;
}

interface Deps {
  database: Database;
  db: Db;
  events: Pick<ChangeEvents, "emit">;
  log: Logger;
}

const WAKE_CHANNEL = "jobs_wake";
const MAIN_LANE = "main";
/** The lane of the mail outbox's kinds (contact notification, newsletter mails). */
export const MAIL_LANE = "mail";
const CHANGE_EVENTS_EVERY_MS = 1000;
const ACTIVE = ["queued", "running"] as const;
/** Why an item was not done: the job was cancelled (such items are worked by a resumed run). */
const CANCELLED = "Cancelled";
/** How long a cancelled job's finished items are carried over by "run again" (decision 0055). */
export const RESUME_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

type JobRow = typeof jobs.$inferSelect;
type ItemRow = typeof jobItems.$inferSelect;

export class JobRunner {
  readonly owner = `${process.pid}.${randomBytes(4).toString("hex")}`;
  private readonly kinds = new Map<string, AnyJobKind>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly maxClaims: number;
  private stopped = true;
  private loop: Promise<unknown> | null = null;
  /** Each idle lane's wake-up. */
  private readonly wakeUps = new Set<() => void>();
  /** The jobs running now (one per lane), by id. */
  private readonly current = new Map<number, AbortController>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly pendingChanges = new Set<ChangeKind>();
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: Deps,
    options: RunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.backoffMs = options.backoffMs ?? 2_000;
    this.maxClaims = options.maxClaims ?? 10;
  }

  register(...kinds: AnyJobKind[]): this {
    for (const kind of kinds) this.kinds.set(kind.kind, kind);
    return this;
  }

  /** Start working: this instance now takes its share of the queued jobs. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    // Another instance's enqueue or cancel reaches this one through the database.
    this.unlisten = await this.deps.database.listen(WAKE_CHANNEL, (payload) => {
      const cancelled = /^cancel:(\d+)$/.exec(payload);
      if (cancelled) this.current.get(Number(cancelled[1]))?.abort("cancel");
      this.wake();
    });
    const lanes = new Set([MAIN_LANE, ...[...this.kinds.values()].map((kind) => kind.lane ?? MAIN_LANE)]);
    this.loop = Promise.all([...lanes].map((lane) => this.work(lane)));
  }

  /**
   * Stop: the item in flight is aborted and the job handed back (its lease cleared), so the next
   * start, here or on another instance, continues it at once.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const abort of this.current.values()) abort.abort("stop");
    this.wake();
    await this.loop;
    await this.unlisten?.();
  }

  wake(): void {
    for (const wakeUp of [...this.wakeUps]) wakeUp();
  }

  /**
   * Queue a job in a transaction of its own: for tools and tests. Product code queues through a
   * job's handle (`defineJob(...).enqueue(tx, ...)`, app/jobs/define.server.ts), in the transaction
   * of the change that needs the job.
   */
  async enqueue<P, I>(request: EnqueueRequest<P, I>): Promise<{ id: number; attached: boolean }> {
    if (!this.kinds.has(request.kind)) throw new Error(`Unknown job kind ${request.kind}`);
    return this.deps.db.transaction((tx) => insertJob(tx, request));
  }

  /** Cancel a job: a queued one at once, a running one as soon as its runner hears of it. */
  async cancel(id: number): Promise<JobView | null> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const [queued] = await tx
        .update(jobs)
        .set({ status: "cancelled", cancelRequested: true, finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
        .where(and(eq(jobs.id, id), eq(jobs.status, "queued")))
        .returning({ id: jobs.id, done: jobs.done, total: jobs.total });
      if (queued) {
        await skipPending(tx, id, CANCELLED);
        await tx
          .update(jobs)
          .set({ message: cancelledMessage(queued.done, queued.total) })
          .where(eq(jobs.id, id));
      } else {
        await tx
          .update(jobs)
          .set({ cancelRequested: true })
          .where(and(eq(jobs.id, id), eq(jobs.status, "running")));
      }
    });
    const running = this.current.get(id);
    if (running) running.abort("cancel");
    else await this.deps.database.notify(WAKE_CHANNEL, `cancel:${id}`);
    return this.get(id);
  }

  /** Close a finished job's card (it stays in the table); null when there is no such job. */
  async dismiss(id: number): Promise<JobView | null | "active"> {
    const [row] = await this.deps.db
      .update(jobs)
      .set({ dismissedAt: sql`coalesce(${jobs.dismissedAt}, now())` })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ["done", "failed", "cancelled"])))
      .returning({ id: jobs.id });
    if (row) return this.get(id);
    return (await this.get(id)) ? "active" : null;
  }

  async get(id: number): Promise<JobView | null> {
    const [row] = await this.deps.db.select().from(jobs).where(eq(jobs.id, id));
    return row ? this.view(row) : null;
  }

  /**
   * The latest jobs, of some kinds or all: running ones first, then by age. `shown`: only the
   * cards a tab shows (not dismissed, and finished less than FINISHED_SHOWN_MS ago).
   */
  async list(options: { kinds?: string[]; limit?: number; shown?: boolean } = {}): Promise<JobView[]> {
    const shownMs = FINISHED_SHOWN_MS;
    const rows = await this.deps.db
      .select()
      .from(jobs)
      .where(
        and(
          options.kinds ? inArray(jobs.kind, options.kinds) : undefined,
          options.shown
            ? and(isNull(jobs.dismissedAt), sql`(${jobs.finishedAt} is null or ${jobs.finishedAt} > now() - make_interval(secs => ${shownMs / 1000}))`)
            : undefined,
        ),
      )
      .orderBy(sql`case when ${jobs.status} in ('queued', 'running') then 0 else 1 end`, desc(jobs.id))
      .limit(options.limit ?? 10);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  /**
   * Hand back every running job at once: for the embedded database, whose one process holds the
   * data folder's lock, a job still "running" at start belonged to a process that died (kill -9,
   * power cut). Its items continue now instead of after the lease runs out.
   */
  async handBackOrphans(): Promise<number> {
    const rows = await this.deps.db
      .update(jobs)
      .set({ status: "queued", leaseOwner: null, leaseUntil: null, runAfter: sql`now()` })
      .where(eq(jobs.status, "running"))
      .returning({ id: jobs.id });
    return rows.length;
  }

  /** Run jobs until there are none due; for tools and tests that do not start the loop. */
  async drain(): Promise<void> {
    for (;;) {
      const job = await this.claim();
      if (!job) return;
      await this.runJob(job);
    }
  }

  // ------------------------------------------------------------------ internals

  private async view(row: JobRow): Promise<JobView> {
    const failures = row.failed
      ? await this.deps.db
          .select({ label: jobItems.label, error: jobItems.error })
          .from(jobItems)
          .where(and(eq(jobItems.jobId, row.id), eq(jobItems.status, "failed")))
          .orderBy(asc(jobItems.seq))
          .limit(50)
      : [];
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      total: row.total,
      done: row.done,
      failed: row.failed,
      message: row.message,
      payload: row.payload,
      cancelRequested: row.cancelRequested,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      failures: failures.map((f) => ({ label: f.label, error: f.error ?? "" })),
    };
  }

  private async work(lane: string): Promise<void> {
    while (!this.stopped) {
      let job: JobRow | null = null;
      try {
        job = await this.claim(lane);
        if (job) await this.runJob(job);
      } catch (error) {
        if (this.stopped) break;
        this.deps.log.error({ err: error, job: job?.id }, "job runner error");
      }
      if (!job && !this.stopped) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUps.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      timer.unref();
      this.wakeUps.add(done);
    });
  }

  /** The kinds a lane takes: its own; the main lane every kind not in another lane (unknown ones too, to fail them). */
  private laneFilter(lane: string | undefined) {
    if (lane === undefined) return sql`true`;
    const list = (names: string[]) =>
      sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      );
    const kinds = [...this.kinds.values()];
    if (lane === MAIN_LANE) {
      const elsewhere = kinds.filter((kind) => (kind.lane ?? MAIN_LANE) !== MAIN_LANE).map((kind) => kind.kind);
      return elsewhere.length > 0 ? sql`kind not in (${list(elsewhere)})` : sql`true`;
    }
    const own = kinds.filter((kind) => kind.lane === lane).map((kind) => kind.kind);
    return own.length > 0 ? sql`kind in (${list(own)})` : sql`false`;
  }

  /** Take the oldest due job (of a lane's kinds), or one whose runner's lease ran out (it crashed or stalled). */
  private async claim(lane?: string): Promise<JobRow | null> {
    const lease = `${this.leaseMs} milliseconds`;
    const result = await this.deps.db.execute(sql`
      update jobs set status = 'running', lease_owner = ${this.owner}, lease_until = now() + ${lease}::interval,
        attempts = attempts + 1, started_at = coalesce(started_at, now())
      where id = (
        select id from jobs
        where ((status = 'queued' and run_after <= now()) or (status = 'running' and lease_until < now())) and ${this.laneFilter(lane)}
        order by id
        for update skip locked
        limit 1
      )
      returning id`);
    const id = (result as unknown as { rows: { id: number }[] }).rows[0]?.id;
    if (id === undefined) return null;
    const [row] = await this.deps.db.select().from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  private async runJob(job: JobRow): Promise<void> {
    const { db, log } = this.deps;
    const kind = this.kinds.get(job.kind);
    if (!kind) {
      await this.finish(job.id, "failed", `This server does not know jobs of kind ${job.kind}.`);
      return;
    }
    if (job.attempts > this.maxClaims) {
      await this.finish(job.id, "failed", "The job was interrupted too many times and was given up.");
      return;
    }
    const abort = new AbortController();
    this.current.set(job.id, abort);
    const renew = setInterval(() => void this.renew(job.id, abort), Math.max(50, Math.floor(this.leaseMs / 3)));
    renew.unref();
    try {
      if (job.cancelRequested) abort.abort("cancel");
      for (;;) {
        if (abort.signal.aborted) break;
        const item = await this.nextItem(job.id);
        if (item === "wait") return; // handed back until its backoff ends
        if (!item) break;
        await this.runItem(kind, job, item, abort.signal);
        const pause = kind.pauseMs?.(job.payload) ?? 0;
        if (pause > 0 && !abort.signal.aborted) await sleep(pause, undefined, { signal: abort.signal }).catch(() => {});
      }
      const reason = abort.signal.reason;
      if (reason === "stop") await this.handBack(job.id);
      else if (reason === "lease") log.warn({ job: job.id }, "job lease lost: another runner continues it");
      else if (reason === "cancel") await this.finishCancelled(job.id);
      else {
        const [counts] = await db.select({ total: jobs.total, done: jobs.done, failed: jobs.failed }).from(jobs).where(eq(jobs.id, job.id));
        const [skipped] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobItems)
          .where(and(eq(jobItems.jobId, job.id), eq(jobItems.status, "skipped")));
        await this.finish(job.id, "done", kind.summarize?.({ ...counts, skipped: Number(skipped?.n ?? 0) }, job.payload) ?? null);
      }
    } catch (error) {
      if (error instanceof StopJob) {
        await db.transaction(async (tx) => {
          await skipPending(tx, job.id, "Not done: the job stopped");
        });
        await this.finish(job.id, "failed", error.message);
      } else {
        log.error({ err: error, job: job.id }, "job failed");
        await this.finish(job.id, "failed", "The job stopped on an unexpected error; see the server log.").catch(() => {});
      }
    } finally {
      clearInterval(renew);
      this.current.delete(job.id);
      await this.flushChanges();
    }
  }

  /** The next item due, "wait" when the rest wait for a backoff (the job is handed back), or null when all are done. */
  private async nextItem(jobId: number): Promise<ItemRow | "wait" | null> {
    const { db } = this.deps;
    const [due] = await db
      .select()
      .from(jobItems)
      .where(and(eq(jobItems.jobId, jobId), eq(jobItems.status, "pending"), sql`(${jobItems.runAfter} is null or ${jobItems.runAfter} <= now())`))
      .orderBy(asc(jobItems.seq))
      .limit(1);
    if (due) return due;
    const [waiting] = await db
      .select({ at: sql<string>`min(${jobItems.runAfter})` })
      .from(jobItems)
      .where(and(eq(jobItems.jobId, jobId), eq(jobItems.status, "pending")));
    if (!waiting?.at) return null;
    await db
      .update(jobs)
      .set({ status: "queued", runAfter: new Date(waiting.at), leaseOwner: null, leaseUntil: null })
      .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, this.owner)));
    return "wait";
  }

  private async runItem(kind: AnyJobKind, job: JobRow, item: ItemRow, signal: AbortSignal): Promise<void> {
    const { db, log } = this.deps;
    const context: ItemContext<unknown, unknown> = {
      job: { id: job.id, payload: job.payload, createdBy: job.createdBy },
      item: { seq: item.seq, label: item.label, payload: item.payload, progress: (item.progress as Record<string, unknown>) ?? null, attempts: item.attempts },
      signal,
      willRetry: (error) => willRetry(kind, item, error),
      saveProgress: async (progress) => {
        context.item.progress = { ...(context.item.progress ?? {}), ...progress };
        await db
          .update(jobItems)
          .set({ progress: context.item.progress, updatedAt: sql`now()` })
          .where(and(eq(jobItems.jobId, job.id), eq(jobItems.seq, item.seq)));
      },
    };
    let outcome: ItemOutcome;
    try {
      outcome = await kind.runItem(context);
      if (signal.aborted) return; // cancelled or stopped while it ran: its result is not stored
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof StopJob) throw error;
      await this.itemFailed(kind, job.id, item, error);
      return;
    }
    // Stored as every change is (commit(), app/changes): in one transaction with the item's mark,
    // its audit entries with it, and its change events after the commit (batched, see below).
    let stored: boolean;
    try {
      stored = await this.storeItem(job, item, outcome);
    } catch (error) {
      // `apply` may still refuse (what it found changed since the slow part): nothing of it is
      // stored, and the item fails with the reason, as one refused before it would.
      if (!isRefusedItem(error) || signal.aborted) throw error;
      await this.itemFailed(kind, job.id, item, error);
      return;
    }
    if (!stored) {
      log.warn({ job: job.id, item: item.seq }, "job lease lost before an item was stored");
      this.current.get(job.id)?.abort("lease");
    }
  }

  /** An item's outcome stored with its mark; false when this runner no longer holds the lease. */
  private async storeItem(job: JobRow, item: ItemRow, outcome: ItemOutcome): Promise<boolean> {
    const { db } = this.deps;
    return commit({ db, events: this.batchedEvents }, async (t) => {
      // Only the lease holder stores: a runner that lost its lease must not finish items twice.
      const [mine] = await t
        .update(jobs)
        .set(outcome?.failed ? { failed: sql`${jobs.failed} + 1` } : { done: sql`${jobs.done} + 1` })
        .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, this.owner)))
        .returning({ id: jobs.id });
      if (!mine) return { result: false };
      const declared = outcome?.apply ? await outcome.apply(t) : undefined;
      await t
        .update(jobItems)
        .set({
          status: outcome?.failed ? "failed" : outcome?.skipped ? "skipped" : "done",
          error: outcome?.failed ?? outcome?.skipped ?? null,
          attempts: item.attempts + 1,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobItems.jobId, job.id), eq(jobItems.seq, item.seq)));
      return { result: true, audit: declared?.audit, changes: [...(outcome?.changes ?? []), ...(declared?.changes ?? [])] };
    });
  }

  /** The change events of stored items, gathered and sent at most once a second. */
  private readonly batchedEvents = {
    emit: async (kind: ChangeKind) => {
      this.pendingChanges.add(kind);
      this.flushChangesSoon();
    },
  };

  /**
   * Change events of a job's items go out at most once a second: a batch of 600 texts refreshes
   * open pages a few times, not 600 times. The last ones go out when the job ends.
   */
  private flushChangesSoon(): void {
    if (this.flushTimer || this.pendingChanges.size === 0) return;
    this.flushTimer = setTimeout(() => void this.flushChanges(), CHANGE_EVENTS_EVERY_MS);
    this.flushTimer.unref();
  }

  private async flushChanges(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const changes = [...this.pendingChanges];
    this.pendingChanges.clear();
    for (const change of changes) {
      await this.deps.events.emit(change).catch((error) => this.deps.log.warn({ err: error }, "could not send a change event"));
    }
  }

  private async itemFailed(kind: AnyJobKind, jobId: number, item: ItemRow, error: unknown): Promise<void> {
    const { db, log } = this.deps;
    const attempts = item.attempts + 1;
    const retryable = willRetry(kind, item, error);
    const message = describeItemError(error);
    if (!isKnownError(error)) log.error({ err: error, job: jobId, item: item.seq }, "job item failed");
    if (retryable) {
      const wait = Math.max((error as { retryAfterMs?: number }).retryAfterMs ?? 0, this.backoffMs * 2 ** (attempts - 1));
      await db
        .update(jobItems)
        .set({ attempts, error: message, runAfter: sql`now() + ${`${wait} milliseconds`}::interval`, updatedAt: sql`now()` })
        .where(and(eq(jobItems.jobId, jobId), eq(jobItems.seq, item.seq)));
      return;
    }
    await db.transaction(async (t) => {
      await t
        .update(jobItems)
        .set({ status: "failed", attempts, error: message, updatedAt: sql`now()` })
        .where(and(eq(jobItems.jobId, jobId), eq(jobItems.seq, item.seq)));
      await t
        .update(jobs)
        .set({ failed: sql`${jobs.failed} + 1` })
        .where(eq(jobs.id, jobId));
    });
  }

  private async renew(jobId: number, abort: AbortController): Promise<void> {
    try {
      const [row] = await this.deps.db
        .update(jobs)
        .set({ leaseUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval` })
        .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, this.owner), eq(jobs.status, "running")))
        .returning({ cancel: jobs.cancelRequested });
      if (!row) abort.abort("lease");
      else if (row.cancel) abort.abort("cancel");
    } catch (error) {
      this.deps.log.warn({ err: error, job: jobId }, "could not renew a job lease");
    }
  }

  private async handBack(jobId: number): Promise<void> {
    await this.deps.db
      .update(jobs)
      .set({ status: "queued", leaseOwner: null, leaseUntil: null, runAfter: sql`now()` })
      .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, this.owner), eq(jobs.status, "running")));
  }

  private async finishCancelled(jobId: number): Promise<void> {
    await this.deps.db.transaction(async (t) => {
      await skipPending(t, jobId, CANCELLED);
      const [row] = await t.select({ done: jobs.done, total: jobs.total }).from(jobs).where(eq(jobs.id, jobId));
      await t
        .update(jobs)
        .set({ status: "cancelled", message: cancelledMessage(row.done, row.total), finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
        .where(eq(jobs.id, jobId));
    });
  }

  private async finish(jobId: number, status: "done" | "failed", message: string | null): Promise<void> {
    await this.deps.db
      .update(jobs)
      .set({ status, message, finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
      .where(eq(jobs.id, jobId));
  }
}

const ACTIVE_SQL = sql`status in ('queued', 'running')`;

/**
 * Insert a job and its items in the caller's transaction, and wake the runners when it commits:
 * NOTIFY inside a transaction is delivered at its commit and dropped by its rollback (PostgreSQL
 * and PGlite alike), so a job is never seen before the data it works on, nor left behind by a
 * change that was undone. With a `uniqueKey` already queued or running, nothing is inserted and
 * that job is returned (`attached`): ON CONFLICT against the partial unique index, so two
 * requests at once never abort the caller's transaction with a unique violation.
 */
export async function insertJob<P, I>(tx: DbOrTx, request: EnqueueRequest<P, I>): Promise<{ id: number; attached: boolean }> {
  for (let round = 0; ; round++) {
    const [row] = await tx
      .insert(jobs)
      .values({
        kind: request.kind,
        payload: (request.payload ?? null) as unknown,
        total: request.items.length,
        uniqueKey: request.uniqueKey ?? null,
        createdBy: request.createdBy ?? null,
        ...(request.runAfter ? { runAfter: request.runAfter } : {}),
      })
      .onConflictDoNothing({ target: jobs.uniqueKey, where: ACTIVE_SQL })
      .returning({ id: jobs.id });
    if (!row) {
      const [active] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.uniqueKey, request.uniqueKey ?? ""), inArray(jobs.status, [...ACTIVE])));
      if (active) return { id: active.id, attached: true };
      // The job it met has finished meanwhile: insert once more.
      if (round < 3) continue;
      throw new Error(`could not queue a job of kind ${request.kind}`);
    }
    const carried = request.resumeCancelled && request.uniqueKey ? await finishedOfCancelled(tx, request.kind, request.uniqueKey) : null;
    let done = 0;
    const rows = request.items.map((item, seq) => {
      const from = carried?.items.has(itemKey(item.label, item.payload)) ? carried.jobId : null;
      if (from !== null) done++;
      return {
        jobId: row.id,
        seq,
        label: item.label,
        payload: (item.payload ?? null) as unknown,
        ...(from !== null ? { status: "done" as const, progress: { carriedFrom: from } } : {}),
      };
    });
    for (let i = 0; i < rows.length; i += 500) await tx.insert(jobItems).values(rows.slice(i, i + 500));
    if (carried && done > 0) {
      // Progress counts them from the start; the closing message replaces this line.
      const message = `Continues cancelled job #${carried.jobId}: ${done} of ${rows.length} already done.`;
      await tx.update(jobs).set({ done, message }).where(eq(jobs.id, row.id));
    }
    await tx.execute(sql`select pg_notify(${WAKE_CHANNEL}, 'new')`);
    return { id: row.id, attached: false };
  }
}

/**
 * The finished items (by itemKey) of the latest finished job of a kind and key, when that job was
 * cancelled recently: done items, and items skipped for a reason of their own (not the cancel).
 * Items it carried over itself are done in it too, so a second cancel and resume keeps them.
 */
async function finishedOfCancelled(db: Db, kind: string, uniqueKey: string): Promise<{ jobId: number; items: Set<string> } | null> {
  const [latest] = await db
    .select({ id: jobs.id, status: jobs.status, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.uniqueKey, uniqueKey), inArray(jobs.status, ["done", "failed", "cancelled"])))
    .orderBy(desc(jobs.id))
    .limit(1);
  if (latest?.status !== "cancelled" || !latest.finishedAt || Date.now() - latest.finishedAt.getTime() > RESUME_WITHIN_MS) return null;
  const rows = await db
    .select({ label: jobItems.label, payload: jobItems.payload })
    .from(jobItems)
    .where(and(eq(jobItems.jobId, latest.id), sql`(${jobItems.status} = 'done' or (${jobItems.status} = 'skipped' and ${jobItems.error} is distinct from ${CANCELLED}))`));
  return { jobId: latest.id, items: new Set(rows.map((r) => itemKey(r.label, r.payload))) };
}

/** One item's identity across jobs: its payload (as stored JSON, keys sorted), else its label. */
function itemKey(label: string, payload: unknown): string {
  return payload === null || payload === undefined ? `label:${label}` : `payload:${canonicalJson(payload)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

async function skipPending(db: DbOrTx, jobId: number, reason: string): Promise<void> {
  await db
    .update(jobItems)
    .set({ status: "skipped", error: reason, updatedAt: sql`now()` })
    .where(and(eq(jobItems.jobId, jobId), eq(jobItems.status, "pending")));
}

const cancelledMessage = (done: number, total: number) => `Cancelled after ${done} of ${total}.`;

function isRetryable(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { retryable?: unknown }).retryable === true;
}

/** The one rule for another attempt: a retryable error, and the kind's attempts not used up. */
function willRetry(kind: AnyJobKind, item: Pick<ItemRow, "attempts">, error: unknown): boolean {
  return isRetryable(error) && item.attempts + 1 < (kind.maxAttempts ?? 3);
}

/** An item refused with a reason a person can act on: `ItemFailed` or a typed refusal (decision 0101). */
function isRefusedItem(error: unknown): error is Error {
  return error instanceof ItemFailed || error instanceof AdminError;
}

/** Errors whose message is written for people: outside-service errors, refusals, RetryLater. */
function isKnownError(error: unknown): error is Error {
  return isRefusedItem(error) || (error instanceof Error && typeof (error as { retryable?: unknown }).retryable === "boolean");
}

/** The sentence an item's failure shows in the admin. */
export function describeItemError(error: unknown): string {
  if (isKnownError(error)) return error.message;
  return "Unexpected error; see the server log.";
}
