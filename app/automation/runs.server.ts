/**
 * The record of the daily runs (`automation_runs`, one row per day, decision 0030): how a run
 * ended, a slot skipped while automation was off, and the latest run for the tab.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRuns, blogAutomationSettings, blogPosts, blogTopics } from "../../db/schema";
import { latestRunTime, utcDate } from "./schedule";
import { readSettings } from "./settings.server";

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
  const settings = await readSettings(db);
  await db.update(blogAutomationSettings).set({ lastRun: at }).where(eq(blogAutomationSettings.id, settings.id));
  return true;
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
    runDate: run.runDate,
    status: run.status as RunStatus,
    message: run.message,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    post: post ?? null,
    topic: topic?.topic ?? null,
  };
}
export type LastRun = NonNullable<Awaited<ReturnType<typeof lastRun>>>;
