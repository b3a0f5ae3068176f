/**
 * The Topic Queue & Automation tab's data and changes (SPEC 2.17, 7.3, 9). Times come from the
 * services' clock, the one tests can set (decision 0031).
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogAutomationSettings, blogTopics } from "../../db/schema";
import type { Services } from "../services";
import type { AdminUser } from "../auth/guard.server";
import { auditFrom } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { refuse, refuseWith } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { startedJob, type Started } from "../jobs/started.server";
import { moveToTrash, reviveDates, takeFromTrash } from "../revisions/trash.server";
import { generatePost, nextPending, type GeneratePayload } from "./daily.server";
import { lastRun, latestRun, skipPassedSlot } from "./runs.server";
import { readSettings } from "./settings.server";
import { byScheduledTime, newTopicSchedule, runTimeOn, USED_SHOWN } from "./schedule";

/** The topic queue's refusals (decision 0101). */
const M = defineMessages("automation.topics", {
  topicGoneOrUsed: "This topic no longer exists or was already used.",
  alreadyDeleted: "This topic was already deleted.",
  notInTrash: "This topic is no longer in Recently deleted.",
  noPendingTopic: "There is no pending topic: add one first.",
});


export interface TopicView {
  id: number;
  topic: string;
  scheduleFor: string | null;
  usedAt: string | null;
}

const view = (row: typeof blogTopics.$inferSelect): TopicView => ({
  id: row.id,
  topic: row.topic,
  scheduleFor: row.scheduleFor?.toISOString() ?? null,
  usedAt: row.usedAt?.toISOString() ?? null,
});

/** Pending topics by scheduled time; the 5 most recently used, and how many were used in all. */
export async function listTopics(db: Db): Promise<{ pending: TopicView[]; used: TopicView[]; usedCount: number }> {
  const pending = await db.select().from(blogTopics).where(eq(blogTopics.status, "pending"));
  const used = await db
    .select()
    .from(blogTopics)
    .where(eq(blogTopics.status, "used"))
    .orderBy(sql`${blogTopics.usedAt} desc nulls last`, desc(blogTopics.id))
    .limit(USED_SHOWN);
  const [{ n }] = await db.select({ n: count() }).from(blogTopics).where(eq(blogTopics.status, "used"));
  return { pending: byScheduledTime(pending).map(view), used: used.map(view), usedCount: n };
}

/**
 * Add a topic at 09:00 UTC on the day after the latest pending topic's schedule (or after today).
 * The settings row is locked meanwhile, so two adds at once never get the same day.
 */
export async function addTopic(services: Pick<Services, "db" | "clock">, user: AdminUser, text: string): Promise<TopicView> {
  return commit({ db: services.db, events: NO_EVENTS }, async (tx) => {
    const settings = await readSettings(tx);
    await tx.select({ id: blogAutomationSettings.id }).from(blogAutomationSettings).where(eq(blogAutomationSettings.id, settings.id)).for("update");
    const pending = await tx.select({ at: blogTopics.scheduleFor }).from(blogTopics).where(eq(blogTopics.status, "pending"));
    const scheduleFor = newTopicSchedule(
      pending.map((p) => p.at),
      services.clock.now(),
    );
    const [row] = await tx.insert(blogTopics).values({ topic: text, status: "pending", scheduleFor }).returning();
    return { result: view(row), audit: { ...auditFrom(user), action: "create", entity: "blog_topic", entityId: row.id, details: { scheduleFor: scheduleFor.toISOString() } } };
  });
}

/** Reschedule a pending topic to 09:00 UTC on the chosen day. */
export async function rescheduleTopic(services: Pick<Services, "db">, user: AdminUser, id: number, day: string): Promise<TopicView> {
  return commit({ db: services.db, events: NO_EVENTS }, async (tx) => {
    const [row] = await tx
      .update(blogTopics)
      .set({ scheduleFor: runTimeOn(day) })
      .where(and(eq(blogTopics.id, id), eq(blogTopics.status, "pending")))
      .returning();
    if (!row) throw refuse("not-found", M.topicGoneOrUsed);
    return { result: view(row), audit: { ...auditFrom(user), action: "update", entity: "blog_topic", entityId: id, details: { scheduleFor: day } } };
  });
}

export async function deleteTopic(services: Pick<Services, "db">, user: AdminUser, id: number): Promise<void> {
  await commit({ db: services.db, events: NO_EVENTS }, async (tx) => {
    const [row] = await tx.delete(blogTopics).where(eq(blogTopics.id, id)).returning();
    if (!row) throw refuse("not-found", M.alreadyDeleted);
    // Recently deleted keeps it 30 days (decision 0061).
    await moveToTrash(tx, { entity: "topic", entityId: id, label: row.topic, snapshot: row, userId: user.id });
    return { result: undefined, audit: { ...auditFrom(user), action: "delete", entity: "blog_topic", entityId: id } };
  });
}

/** Put a deleted topic back in the queue, with its schedule (an overdue one runs at the next automation run). */
export async function restoreDeletedTopic(services: Pick<Services, "db">, user: AdminUser, trashId: number): Promise<{ id: number }> {
  return commit({ db: services.db, events: NO_EVENTS }, async (tx) => {
    const item = await takeFromTrash(tx, trashId, "topic");
    if (!item) throw refuse("not-found", M.notInTrash);
    const row = reviveDates(item.snapshot as typeof blogTopics.$inferSelect, ["scheduleFor", "usedAt", "createdAt"]);
    const [topic] = await tx.insert(blogTopics).values(row).returning({ id: blogTopics.id });
    return { result: { id: topic.id }, audit: { ...auditFrom(user), action: "restore", entity: "blog_topic", entityId: topic.id } };
  });
}

/** The switch: turning it on after today's 09:00 waits for tomorrow's (see skipPassedSlot). */
export async function setAutomationEnabled(services: Pick<Services, "db" | "clock">, user: AdminUser, enabled: boolean): Promise<{ enabled: boolean }> {
  return commit({ db: services.db, events: NO_EVENTS }, async (tx) => {
    const settings = await readSettings(tx);
    await tx.update(blogAutomationSettings).set({ enabled }).where(eq(blogAutomationSettings.id, settings.id));
    if (enabled && !settings.enabled) await skipPassedSlot(tx, services.clock.now());
    return { result: { enabled }, audit: { ...auditFrom(user), action: "update", entity: "blog_automation_settings", entityId: settings.id, details: { enabled } } };
  });
}

export async function setPublishMode(services: Pick<Services, "db">, user: AdminUser, publishMode: "draft" | "immediate"): Promise<{ publishMode: "draft" | "immediate" }> {
  return commit({ db: services.db, events: NO_EVENTS }, async (tx) => {
    const settings = await readSettings(tx);
    await tx.update(blogAutomationSettings).set({ publishMode }).where(eq(blogAutomationSettings.id, settings.id));
    return {
      result: { publishMode },
      audit: { ...auditFrom(user), action: "update", entity: "blog_automation_settings", entityId: settings.id, details: { publishMode } },
    };
  });
}

/** 'Test Generate Now': the daily run's job at once, for the next pending topic; the day's run is untouched. */
export async function startGenerateNow(services: Services, user: AdminUser): Promise<Started & { topic: string }> {
  if (!services.ai.configured) throw refuseWith("unavailable", services.ai.notConfiguredMessage);
  const topic = await nextPending(services.db);
  if (!topic) throw refuse("invalid", M.noPendingTopic);
  const queued = await generatePost.enqueue(services.db, { mode: "now", topicId: topic.id, topic: topic.topic }, [{ label: topic.topic }], { createdBy: user.id });
  const started = await startedJob(services, queued);
  // A second click while one runs shows the running one, with its own topic.
  return { ...started, topic: queued.attached ? (started.job.payload as GeneratePayload & { mode: "now" }).topic : topic.topic };
}

/** Everything the tab shows. The topics are read apart: when they cannot be, the rest still shows. */
export async function loadAutomationTab(services: Services) {
  const now = services.clock.now();
  // Settings that cannot be read are only logged (SPEC 8): the queue still shows, the switch waits.
  let settings: Awaited<ReturnType<typeof readSettings>> | null = null;
  let run: Awaited<ReturnType<typeof lastRun>> = null;
  try {
    settings = await readSettings(services.db);
    run = await lastRun(services.db);
  } catch (error) {
    services.log.error({ err: error }, "admin: reading the automation settings failed");
  }
  let topics: Awaited<ReturnType<typeof listTopics>> | null = null;
  try {
    topics = await listTopics(services.db);
  } catch (error) {
    services.log.error({ err: error }, "admin: reading the topics failed");
  }
  const jobs = await services.jobs.list({ kinds: [generatePost.name], limit: 3 });
  run = latestRun(run, settings?.lastRun ?? null, jobs);
  const warnings: string[] = [];
  if (settings?.enabled && !services.ai.configured) warnings.push(`Automation is on, but the AI service is not configured: no post can be written. ${services.ai.notConfiguredMessage}`);
  if (run?.status === "failed") warnings.push(`The last run failed: ${run.message ?? "see the server log"}`);
  return {
    now: now.toISOString(),
    clockSetBy: services.clock.startedAt ? "TEST_CLOCK_START" : null,
    settings: settings ? { enabled: settings.enabled, publishMode: settings.publishMode, lastRun: settings.lastRun?.toISOString() ?? null } : null,
    lastRun: run,
    topics,
    jobs,
    ai: { configured: services.ai.configured, message: services.ai.notConfiguredMessage, imageConfigured: services.ai.imageConfigured },
    warnings,
  };
}
