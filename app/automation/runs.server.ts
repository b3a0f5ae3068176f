/**
 * The record of the daily runs (`automation_runs`, one row per day, decision 0030): how a run
 * ended, a slot skipped while automation was off, and the latest run for the tab.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRuns, blogAutomationSettings, blogPosts, blogTopics } from "../../db/schema";
import { latestRunTime, utcDate } from "./schedule";
import { readSettings } from "./settings.server";
import type { JobView } from "../jobs/runner.server";

export type RunStatus = "queued" | "running" | "done" | "no-topic" | "failed" | "skipped";

export const NO_TOPIC_DUE = "No topic was due.";

/** Record how a daily run ended, unless it already ended (a duplicate job after a takeover). */
export async function finishRun(db: Db, runDate: string, outcome: { status: RunStatus; message: string; topicId?: number | null; postId?: number | null }, at: Date): Promise<boolean> {
  const [row] = await db
    .update(automationRuns)
    .set({ status: outcome.status, message: outcome.message, topicId: outcome.topicId ?? null, postId: outcome.postId ?? null, finishedAt: sql`now()` })
    .where(and(eq(automationRuns.runDate, runDate), inArray(automationRuns.status, ["queued", "running"])))
    .returning({ runDate: automationRuns.runDate });
  if (!row) return false;
  await recordLastRun(db, at);
  return true;
}

/** The stored last run (the settings' last_run): every run that ends sets it, the daily one and 'Test Generate Now' alike. */
export async function recordLastRun(db: Db, at: Date): Promise<void> {
  const settings = await readSettings(db);
  await db.update(blogAutomationSettings).set({ lastRun: at }).where(eq(blogAutomationSettings.id, settings.id));
}

/**
 * Turning automation on after today's 09:00 does not start a run at once: the slot that has
 * passed is recorded as skipped, and the next 09:00 runs. (Downtime is different: the scheduler
 * catches up a slot that passed while automation was on.)
 */
export async function skipPassedSlot(db: Db, now: Date): Promise<void> {
  await db
    .insert(automationRuns)
    .values({ runDate: utcDate(latestRunTime(now)), status: "skipped", message: "Automation was off at 9:00 AM UTC.", finishedAt: sql`now()` })
    .onConflictDoNothing();
}

/** The latest run that happened (skipped days left out), with its job's state. */
export async function lastRun(db: Db) {
  const [run] = await db.select().from(automationRuns).where(ne(automationRuns.status, "skipped")).orderBy(desc(automationRuns.runDate)).limit(1);
  if (!run) return null;
  const [post] = run.postId ? await db.select({ id: blogPosts.id, title: blogPosts.title, published: blogPosts.published }).from(blogPosts).where(eq(blogPosts.id, run.postId)) : [];
  const [topic] = run.topicId ? await db.select({ topic: blogTopics.topic }).from(blogTopics).where(eq(blogTopics.id, run.topicId)) : [];
  return {
    runDate: run.runDate as string | null,
    /** The run's job: a 'Test Generate Now' job made after it is the later run. */
    jobId: run.jobId,
    /** Set for a 'Test Generate Now' run: its topic. */
    test: null as string | null,
    status: run.status as RunStatus,
    message: run.message,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    post: (post ?? null) as { id: number; title: string; published: boolean } | null,
    topic: (topic?.topic ?? null) as string | null,
  };
}
export type LastRun = NonNullable<Awaited<ReturnType<typeof lastRun>>>;

/**
 * 'Last run' for the tab: the daily run, or the latest 'Test Generate Now' when it ended after it
 * (job ids grow with time; a test run leaves the day's record alone, decision 0030), shown at
 * the stored last run's time.
 */
export function latestRun(daily: LastRun | null, storedLastRun: Date | null, jobs: ReadonlyArray<JobView>): LastRun | null {
  const test = jobs
    .filter((job) => (job.status === "done" || job.status === "failed") && (job.payload as { mode?: string } | null)?.mode === "now")
    .sort((a, b) => b.id - a.id)[0];
  if (!test || (daily && (daily.jobId === null || daily.jobId > test.id))) return daily;
  const ok = test.status === "done" && test.failed === 0;
  const at = storedLastRun?.toISOString() ?? test.finishedAt ?? test.createdAt;
  return {
    runDate: null,
    jobId: test.id,
    test: (test.payload as { topic?: string }).topic ?? "",
    status: ok ? "done" : "failed",
    message: ok ? test.message : (test.failures[0]?.error ?? test.message),
    startedAt: at,
    finishedAt: test.finishedAt,
    post: null,
    topic: (test.payload as { topic?: string }).topic ?? null,
  };
}
