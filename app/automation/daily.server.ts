/**
 * The daily run (SPEC 2.17, 4; decision 0030): at 09:00 UTC, when automation is on, the earliest
 * due pending topic becomes a post through the AI adapter, as a server job.
 *
 * Exactly once per day across instances: every instance's scheduler tries to insert the day's row
 * in `automation_runs` (its primary key is the date); the one insert that succeeds enqueues the
 * job in the same transaction, the others see the row and do nothing. A restart the same day finds the row. After
 * downtime only the latest 09:00 is tried, so the missed day runs once, never a burst of days.
 * 'Test Generate Now' runs the same job kind at once for the next pending topic, with no row.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRuns, blogAutomationSettings, blogPosts, blogTopics, jobs } from "../../db/schema";
import { isOutsideServiceError } from "../../core/outside/errors";
import type { Services } from "../services";
import type { Article } from "../ai/writing.server";
import { translatePostFields, writeArticle } from "../ai/writing.server";
import { POST_TRANSLATED_FIELDS, postColumn, type PostTranslatedField } from "../i18n/translated";
import { describeItemError, ItemFailed, StopJob } from "../jobs/runner.server";
import { defineJob } from "../jobs/define.server";
import { recordMachineTranslation } from "../translation/review.server";
import type { AuditEntry } from "../changes/audit.server";
import { featuredImage } from "../blog/ai.server";
import { queueInstagramPostIfEnabled } from "../instagram/post.server";
import { freeSlug, insertPost, todayInVancouver } from "../blog/manage.server";
import { latestRunTime, nextRunTime, runTimeOn, utcDate } from "./schedule";
import { LANGUAGE_NAMES, TARGET_LANGUAGES } from "../i18n/languages";

export const GENERATE_POST = "automation.generate";
const MAX_ATTEMPTS = 2;

/** The job's payload: the day's scheduled run, or 'Test Generate Now' for one chosen topic. */
export type GeneratePayload = { mode: "daily"; runDate: string } | { mode: "now"; topicId: number; topic: string };

export type RunStatus = "queued" | "running" | "done" | "no-topic" | "failed" | "skipped";

type GenerateServices = Pick<Services, "db" | "ai" | "translator" | "log" | "clock" | "config" | "events" | "jobs">;
type TopicRow = typeof blogTopics.$inferSelect;

export const NO_TOPIC_DUE = "No topic was due.";
const TOPIC_GONE = "The topic was deleted or used by another run while its post was written; nothing was stored.";

// ---------------------------------------------------------------- settings

export type AutomationSettings = typeof blogAutomationSettings.$inferSelect;

/** The single settings row (created when missing: a database seeded before it existed). */
export async function readSettings(db: Db): Promise<AutomationSettings> {
  const [row] = await db.select().from(blogAutomationSettings).orderBy(asc(blogAutomationSettings.id)).limit(1);
  if (row) return row;
  const [created] = await db.insert(blogAutomationSettings).values({ enabled: false }).returning();
  return created;
}

// ---------------------------------------------------------------- the job

/** The earliest pending topic due by `now` (for the daily run). */
async function earliestDue(db: Db, now: Date): Promise<TopicRow | null> {
  const [row] = await db
    .select()
    .from(blogTopics)
    .where(and(eq(blogTopics.status, "pending"), isNotNull(blogTopics.scheduleFor), lte(blogTopics.scheduleFor, now)))
    .orderBy(asc(blogTopics.scheduleFor), asc(blogTopics.id))
    .limit(1);
  return row ?? null;
}

/** The next pending topic, due or not (for 'Test Generate Now'). */
export async function nextPending(db: Db): Promise<TopicRow | null> {
  const [row] = await db
    .select()
    .from(blogTopics)
    .where(eq(blogTopics.status, "pending"))
    .orderBy(sql`${blogTopics.scheduleFor} asc nulls last`, asc(blogTopics.id))
    .limit(1);
  return row ?? null;
}

/** Record how a daily run ended, unless it already ended (a duplicate job after a takeover). */
async function finishRun(db: Db, runDate: string, outcome: { status: RunStatus; message: string; topicId?: number | null; postId?: number | null }, at: Date): Promise<boolean> {
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

interface Generated {
  article: Article;
  imageUrl: string | null;
  translations: Partial<Record<(typeof TARGET_LANGUAGES)[number], Record<string, string>>>;
  notes: string[];
}

/**
 * Store the post and turn the topic used in one transaction (the runner's, which also marks the
 * item done). A topic used or deleted meanwhile stores nothing.
 */
async function storePost(
  tx: Db,
  services: GenerateServices,
  payload: GeneratePayload,
  topicId: number,
  generated: Generated,
): Promise<{ postId: number; published: boolean; audit: AuditEntry } | null> {
  const now = services.clock.now();
  const [topic] = await tx.select().from(blogTopics).where(eq(blogTopics.id, topicId)).for("update");
  if (payload.mode === "daily") {
    // The day's row decides: a second job for the same day (after a takeover) stores nothing.
    const [run] = await tx.select().from(automationRuns).where(eq(automationRuns.runDate, payload.runDate)).for("update");
    if (!run || !["queued", "running"].includes(run.status)) return null;
    if (!topic || topic.status !== "pending") {
      await finishRun(tx, payload.runDate, { status: "failed", message: TOPIC_GONE, topicId }, now);
      return null;
    }
  } else if (!topic || topic.status !== "pending") {
    throw new Error(TOPIC_GONE);
  }
  const settings = await readSettings(tx);
  const immediate = settings.publishMode === "immediate";
  const { article, imageUrl, translations } = generated;
  const translated: Record<string, string> = {};
  for (const language of TARGET_LANGUAGES) {
    for (const [field, text] of Object.entries(translations[language] ?? {})) translated[postColumn(field as PostTranslatedField, language)] = text;
  }
  const post = await insertPost(tx, {
    slug: await freeSlug(tx, article.title, now),
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    metaDescription: article.metaDescription,
    imageAltText: article.imageAltText,
    featuredImage: imageUrl,
    author: "",
    published: immediate,
    publishedAt: todayInVancouver(now),
    aiGenerated: true,
    // A lawyer reads legal text before it goes out, unless the firm chose otherwise.
    awaitingReview: !immediate,
    ...translated,
  });
  for (const language of TARGET_LANGUAGES) {
    for (const field of Object.keys(translations[language] ?? {}) as PostTranslatedField[]) {
      await recordMachineTranslation(tx, { entity: "post", entityId: String(post.id), field, language }, article[field]);
    }
  }
  await tx.update(blogTopics).set({ status: "used", usedAt: now }).where(eq(blogTopics.id, topicId));
  const message = `Created “${post.title}”${immediate ? ", published" : ", a draft awaiting review"}.${generated.notes.length ? ` ${generated.notes.join(" ")}` : ""}`;
  if (payload.mode === "daily") await finishRun(tx, payload.runDate, { status: "done", message, topicId, postId: post.id }, now);
  const audit: AuditEntry = {
    userId: null,
    action: immediate ? "publish" : "create",
    entity: "blog_post",
    entityId: post.id,
    details: { by: payload.mode === "daily" ? `daily run ${payload.runDate}` : "Test Generate Now", topicId, ...(generated.notes.length ? { notes: generated.notes } : {}) },
  };
  return { postId: post.id, published: immediate, audit };
}

/** Write the article, its image and its translations: the slow part, with no transaction open. */
async function generate(services: GenerateServices, topic: TopicRow, signal: AbortSignal): Promise<Generated> {
  const article = await writeArticle(services.ai, { topic: topic.topic, signal });
  const notes: string[] = [];
  const image = await featuredImage(services, article.title, signal);
  if (image.note) notes.push(`No featured image: ${image.note}`);
  const translations: Generated["translations"] = {};
  if (services.translator.configured) {
    const fields = Object.fromEntries(POST_TRANSLATED_FIELDS.map((field) => [field, article[field]]));
    for (const language of TARGET_LANGUAGES) {
      try {
        const checked = await translatePostFields(services.translator, fields, language, { signal });
        // A refused language (too long, or a link the English lacks) is left out, with its reason.
        if (checked.ok) translations[language] = checked.fields;
        else notes.push(checked.reason);
      } catch (error) {
        if (signal.aborted || !isOutsideServiceError(error)) throw error;
        // The English post is worth keeping; Translate All Posts can add the language later.
        notes.push(`${LANGUAGE_NAMES[language]} translation failed: ${error.message}`);
      }
    }
  } else {
    notes.push(`Not translated: ${services.translator.notConfiguredMessage}`);
  }
  return { article, imageUrl: image.url, translations, notes };
}

/** The job behind the daily run and 'Test Generate Now': one item, one post. */
export const generatePost = defineJob<GeneratePayload, null, [GenerateServices]>(GENERATE_POST, {
  uniqueKey: (payload) => (payload.mode === "daily" ? `${GENERATE_POST}:daily:${payload.runDate}` : `${GENERATE_POST}:now`),
  retry: { maxAttempts: MAX_ATTEMPTS },
  summarize: ({ failed }, payload) =>
    failed > 0 ? "The post could not be generated." : payload.mode === "daily" ? `The run of ${payload.runDate} has ended: see Last run.` : "The post was generated: it is in the Blog Posts tab.",
  handler: (services) => {
    const failRun = async (payload: GeneratePayload, message: string, topicId: number | null) => {
      if (payload.mode === "daily") await finishRun(services.db, payload.runDate, { status: "failed", message, topicId }, services.clock.now());
    };
    return async ({ job, signal, willRetry }) => {
      const payload = job.payload;
      if (!services.ai.configured) {
        await failRun(payload, services.ai.notConfiguredMessage, null);
        throw new StopJob(services.ai.notConfiguredMessage);
      }
      let topic: TopicRow | null;
      if (payload.mode === "daily") {
        const [run] = await services.db.select().from(automationRuns).where(eq(automationRuns.runDate, payload.runDate));
        if (!run || !["queued", "running"].includes(run.status)) return { skipped: "This day's run has already ended." };
        await services.db.update(automationRuns).set({ status: "running", jobId: job.id }).where(eq(automationRuns.runDate, payload.runDate));
        // Due by the run's 09:00 at least: the instance that runs the job may not be the one whose
        // clock reached 09:00 first, and its clock may be a little behind.
        const now = services.clock.now();
        const slot = runTimeOn(payload.runDate);
        topic = await earliestDue(services.db, now.getTime() > slot.getTime() ? now : slot);
        if (!topic) {
          return { skipped: NO_TOPIC_DUE, apply: async (tx) => void (await finishRun(tx, payload.runDate, { status: "no-topic", message: NO_TOPIC_DUE }, services.clock.now())) };
        }
      } else {
        [topic] = await services.db
          .select()
          .from(blogTopics)
          .where(and(eq(blogTopics.id, payload.topicId), eq(blogTopics.status, "pending")));
        if (!topic) throw new ItemFailed("The topic was deleted or already used; nothing was generated.");
      }
      let generated: Generated;
      try {
        generated = await generate(services, topic, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        // The last attempt: the run records why, and the topic stays pending for the next one.
        if (!willRetry(error)) await failRun(payload, `“${topic.topic}”: ${describeItemError(error)}`, topic.id);
        throw error;
      }
      for (const note of generated.notes) services.log.warn({ topic: topic.id, note }, "generated post stored with a note");
      const topicId = topic.id;
      return {
        // Whether the post went public is decided inside the transaction (the publish mode read
        // there); its audit entry and change event are declared as any change's (commit()).
        apply: async (tx) => {
          const stored = await storePost(tx, services, payload, topicId, generated);
          if (!stored) return;
          // A post published at once goes to Instagram like one a person publishes (when auto-post
          // is on): its job is queued in this transaction, so it exists exactly when the post does.
          if (stored.published) await queueInstagramPostIfEnabled({ ...services, db: tx }, stored.postId);
          return { audit: stored.audit, changes: stored.published ? ["blog"] : [] };
        },
      };
    };
  },
});

// ---------------------------------------------------------------- the schedule

export interface TickResult {
  runDate: string;
  /** What this instance did: started the day's run, found it started (here or elsewhere), or nothing (paused). */
  action: "started" | "exists" | "paused";
  jobId?: number;
}

type SchedulerServices = Pick<Services, "db" | "clock" | "log">;

/**
 * One look at the schedule: the latest 09:00 UTC at or before now is due; the instance whose
 * insert of that day's row succeeds starts its job, in the same transaction: a day's row always
 * has its job (decision 0058). A row whose job was given up is closed.
 */
export async function tick(services: SchedulerServices): Promise<TickResult> {
  const now = services.clock.now();
  const runDate = utcDate(latestRunTime(now));
  const settings = await readSettings(services.db);
  if (!settings.enabled) return { runDate, action: "paused" };
  const jobId = await services.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [claimed] = await tx.insert(automationRuns).values({ runDate, status: "queued" }).onConflictDoNothing().returning();
    if (!claimed) return null;
    const queued = await generatePost.enqueue(tx, { mode: "daily", runDate }, [{ label: `Daily post for ${runDate}` }]);
    await tx.update(automationRuns).set({ jobId: queued.id }).where(eq(automationRuns.runDate, runDate));
    return queued.id;
  });
  if (jobId !== null) {
    services.log.info({ runDate }, "daily run started");
    return { runDate, action: "started", jobId };
  }
  await closeAbandoned(services.db, runDate);
  return { runDate, action: "exists" };
}

/** A run whose job failed or was cancelled outside the item (given up, cancelled by a person) ends as failed. */
async function closeAbandoned(db: Db, runDate: string): Promise<void> {
  const [run] = await db.select().from(automationRuns).where(eq(automationRuns.runDate, runDate));
  if (!run?.jobId || !["queued", "running"].includes(run.status)) return;
  const [job] = await db.select({ status: jobs.status, message: jobs.message }).from(jobs).where(eq(jobs.id, run.jobId));
  if (!job || (job.status !== "failed" && job.status !== "cancelled")) return;
  await db
    .update(automationRuns)
    .set({ status: "failed", message: job.message ?? "The run's job stopped.", finishedAt: sql`now()` })
    .where(and(eq(automationRuns.runDate, runDate), inArray(automationRuns.status, ["queued", "running"])));
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

/**
 * Every instance runs one: it looks at the schedule at start (catching up a missed day), at each
 * 09:00 UTC, and once a minute besides (a clock that jumped, a run to take over).
 */
export class DailyScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly services: SchedulerServices,
    private readonly checkEveryMs = 60_000,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private run(): void {
    this.running = tick(this.services)
      .catch((error: unknown) => this.services.log.error({ err: error }, "daily run: could not look at the schedule"))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        const now = this.services.clock.now();
        // A little past 09:00, so the clock reads 09:00 when it looks.
        const untilNext = nextRunTime(now).getTime() - now.getTime() + 20;
        this.timer = setTimeout(() => this.run(), Math.max(20, Math.min(this.checkEveryMs, untilNext)));
        this.timer.unref();
      });
  }
}
