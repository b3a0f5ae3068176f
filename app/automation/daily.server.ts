/**
 * The daily run's job (SPEC 2.17, 4; decision 0030): the earliest due pending topic (or, for
 * 'Test Generate Now', the next pending one) becomes a post through the AI adapter, stored with
 * its translations by app/blog in the transaction that marks the item done. The schedule that
 * queues it is scheduler.server.ts; the runs' record is runs.server.ts.
 */
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRuns, blogTopics } from "../../db/schema";
import { isOutsideServiceError } from "../../core/outside/errors";
import type { Services } from "../services";
import type { Article } from "../ai/writing.server";
import { translatePostFields, writeArticle } from "../ai/writing.server";
import { POST_TRANSLATED_FIELDS, postColumn, type PostTranslatedField } from "../i18n/translated";
import { describeItemError, ItemFailed, StopJob } from "../jobs/runner.server";
import { refuse } from "../changes/errors.server";
import { defineMessages, sentence } from "../changes/refusal";
import { defineJob } from "../jobs/define.server";
import { recordMachineTranslation } from "../translation/review.server";
import type { AuditEntry } from "../changes/audit.server";
import { featuredImage } from "../blog/ai.server";
import { putPostOnline } from "../blog/gate.server";
import { freeSlug, insertPost, todayInVancouver } from "../blog/manage.server";
import { runTimeOn } from "./schedule";
import { readSettings } from "./settings.server";
import { finishRun, NO_TOPIC_DUE, recordLastRun } from "./runs.server";
import { TARGET_LANGUAGES } from "../i18n/languages";
import { LANGUAGE_NAMES } from "../i18n/language-names";

export const GENERATE_POST = "automation.generate";
const MAX_ATTEMPTS = 2;

/** The job's payload: the day's scheduled run, or 'Test Generate Now' for one chosen topic. */
export type GeneratePayload = { mode: "daily"; runDate: string } | { mode: "now"; topicId: number; topic: string };

type GenerateServices = Pick<Services, "db" | "ai" | "translator" | "log" | "clock" | "config" | "events" | "jobs">;
type TopicRow = typeof blogTopics.$inferSelect;

const said = defineMessages("automation.daily", {
  topicGone: "The topic was deleted or used by another run while its post was written; nothing was stored.",
});

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
      await finishRun(tx, payload.runDate, { status: "failed", message: sentence(said.topicGone), topicId }, now);
      return null;
    }
  } else if (!topic || topic.status !== "pending") {
    // The runner rolls the transaction back and fails the item with this refusal's sentence.
    throw refuse("conflict", said.topicGone);
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
  // "Publish immediately" is the firm's own choice (an admin's setting): the gate publishes as the system.
  if (immediate) await putPostOnline(tx, services, post.id, { actor: null, path: "daily-run" });
  await tx.update(blogTopics).set({ status: "used", usedAt: now }).where(eq(blogTopics.id, topicId));
  const message = `Created “${post.title}”${immediate ? ", published" : ", a draft awaiting review"}.${generated.notes.length ? ` ${generated.notes.join(" ")}` : ""}`;
  if (payload.mode === "daily") await finishRun(tx, payload.runDate, { status: "done", message, topicId, postId: post.id }, now);
  // 'Test Generate Now' is a run too: the tab's 'Last run' is the stored last run.
  else await recordLastRun(tx, now);
  const audit: AuditEntry = {
    userId: null,
    action: "create",
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
      else await recordLastRun(services.db, services.clock.now());
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
          return { audit: stored.audit, changes: stored.published ? ["blog"] : [] };
        },
      };
    };
  },
});
