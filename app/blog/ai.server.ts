/**
 * AI writing and machine translation of blog posts: 'Translate All Posts' and 'Regenerate All
 * with AI' as server jobs (one item per post), and the editor's 'Generate with AI' and
 * 'Translate', whose results go into the form for a person to read and save.
 *
 * A law firm's rule (decision 0063): machine-written legal text reaches visitors only after a
 * person approves it. On a published post, a rewrite or a translation is a pending change a
 * lawyer publishes or discards; a draft takes it in place ('Awaiting review').
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts } from "../../db/schema";
import { ImageRejected, storeImage } from "../../core/media";
import { isOutsideServiceError } from "../../core/outside/errors";
import type { Services } from "../services";
import type { AdminUser } from "../auth/guard.server";
import { writeArticle, makeFeaturedImage, translatePostFields, type Article } from "../ai/writing.server";
import { MachineTextRefused } from "../ai/machine-text.server";
import { hasText, POST_TRANSLATED_FIELDS, postColumn, type PostTranslatedField } from "../i18n/translated";
import { ItemFailed, StopJob } from "../jobs/runner.server";
import { defineJob } from "../jobs/define.server";
import { loadStates, machineMayWrite, reviewState, type TranslationLanguage } from "../translation/review.server";
import { isOutdated } from "../translation/outdated.server";
import { refuse, refuseWith } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { startedJob, type Started } from "../jobs/started.server";
import { findPost, type AdminPostRow } from "./manage.server";
import { postSnapshot, writePost, type PostSnapshot } from "./revisions.server";
import { pendingFor, proposeChange, recordSaved, SOURCE_LABELS } from "../revisions/store.server";
import { TARGET_LANGUAGES } from "../i18n/languages";

export const TRANSLATE_POSTS = "blog.translate-all";
export const REGENERATE_POSTS = "blog.regenerate-all";

type PostItem = { postId: number };
type AiServices = Pick<Services, "db" | "ai" | "translator" | "log">;

const POST_DELETED = "The post was deleted.";

/** The post an item of a per-post job names, once the service the job needs is set up (else the job stops); null when deleted. */
async function postOfItem(db: Db, service: { configured: boolean; notConfiguredMessage: string }, item: PostItem): Promise<AdminPostRow | null> {
  if (!service.configured) throw new StopJob(service.notConfiguredMessage);
  return findPost(db, item.postId);
}

const englishOf = (post: AdminPostRow, field: PostTranslatedField) => post[field] ?? "";

// ---------------------------------------------------------------- translate

/**
 * The fields of a post a machine may (re)translate into a language: English present, translation
 * missing or machine-made; every field of a language out of date (decision 0097: its English was
 * published since), unless a change to that language already waits for review.
 */
async function fieldsToTranslate(db: Db, post: AdminPostRow, language: TranslationLanguage): Promise<Record<string, string>> {
  const states = await loadStates(db, "post", [String(post.id)]);
  const behind = (await isOutdated(db, "post", post.id, language)) && !(await pendingTranslates(db, post, language));
  const fields: Record<string, string> = {};
  for (const field of POST_TRANSLATED_FIELDS) {
    const english = englishOf(post, field);
    if (!hasText(english)) continue;
    const state = reviewState(states, String(post.id), field, language, english, post[postColumn(field, language)] as string | null);
    if (behind || machineMayWrite(state)) fields[field] = english;
  }
  return fields;
}

/** Whether the post's pending change already brings new words in this language (waiting for a lawyer, not asked for again). */
async function pendingTranslates(db: Db, post: AdminPostRow, language: TranslationLanguage): Promise<boolean> {
  const pending = (await pendingFor(db, "post", [post.id])).get(String(post.id));
  if (!pending) return false;
  const snapshot = pending.snapshot as PostSnapshot;
  return POST_TRANSLATED_FIELDS.some((field) => {
    const column = postColumn(field, language);
    return hasText(snapshot[column as keyof PostSnapshot] as string | null) && (snapshot[column as keyof PostSnapshot] ?? "") !== (post[column] ?? "");
  });
}

/** 'Translate All Posts': every post's five fields into Farsi and Chinese, never over a person's text. */
export const translatePosts = defineJob<null, PostItem, [AiServices]>(TRANSLATE_POSTS, {
  uniqueKey: () => TRANSLATE_POSTS,
  resumeCancelled: true,
  // A skipped post had nothing to send (every translation a person's or reviewed, none behind its English): up to date.
  summarize: ({ done, failed, skipped }) => `Translation complete: ${done - skipped} translated, ${skipped} already up to date, ${failed} failed.`,
  handler:
    (services) =>
    async ({ job, item, signal }) => {
      const post = await postOfItem(services.db, services.translator, item.payload);
      if (!post) return { skipped: POST_DELETED };
      const translated: Partial<Record<TranslationLanguage, Record<string, string>>> = {};
      const refused: string[] = [];
      for (const language of TARGET_LANGUAGES) {
        const fields = await fieldsToTranslate(services.db, post, language);
        if (Object.keys(fields).length === 0) continue;
        const checked = await translatePostFields(services.translator, fields, language, { signal });
        if (checked.ok) translated[language] = checked.fields;
        else refused.push(checked.reason);
      }
      // A refused language is not stored; the other one is, and the item shows why it failed.
      if (Object.keys(translated).length === 0) {
        if (refused.length > 0) throw new ItemFailed(refused.join(" "));
        return { skipped: "Every translation was written or reviewed by a person." };
      }
      return {
        apply: (tx) => storePostTranslations(tx, post, translated, job.createdBy),
        // A published post's translations wait for review: the public pages have nothing new.
        changes: post.published ? [] : ["blog"],
        ...(refused.length > 0 ? { failed: refused.join(" ") } : {}),
      };
    },
});

/**
 * Store translations made from `read`, field by field, only where the post still holds what was
 * read (a person's edit in the meantime wins). A draft takes them in place, marked machine-made; a
 * published post gets them as a pending change for a lawyer (decision 0063), built on the change
 * already waiting, if any, so a rewrite and its translations are reviewed together.
 */
async function storePostTranslations(tx: Db, read: AdminPostRow, translated: Partial<Record<TranslationLanguage, Record<string, string>>>, userId: string | null): Promise<void> {
  const [now] = await tx.select().from(blogPosts).where(eq(blogPosts.id, read.id)).for("update");
  if (!now) return;
  const pending = now.published ? (await pendingFor(tx, "post", [now.id])).get(String(now.id)) : undefined;
  const base: PostSnapshot = pending ? (pending.snapshot as PostSnapshot) : postSnapshot(now);
  const set: Record<string, string> = {};
  for (const language of TARGET_LANGUAGES) {
    for (const [field, text] of Object.entries(translated[language] ?? {}) as Array<[PostTranslatedField, string]>) {
      const column = postColumn(field, language);
      if (now[field] !== read[field] || now[column] !== read[column]) continue;
      set[column] = text;
    }
  }
  if (Object.keys(set).length === 0) return;
  const snapshot = { ...base, ...set } as PostSnapshot;
  if (now.published) {
    await proposeChange(tx, {
      entity: "post",
      entityId: now.id,
      source: pending?.source ?? "translation",
      snapshot,
      baseVersion: pending?.baseVersion ?? now.version,
      userId,
      note: pending ? `${pending.note ?? SOURCE_LABELS[pending.source]} · Translate All Posts` : "Translate All Posts",
    });
    return;
  }
  const written = await writePost(tx, now.id, set, now.version, false);
  if (written) await recordSaved(tx, { entity: "post", entityId: now.id, source: "translation", snapshot: postSnapshot(written.after), version: written.after.version, baseVersion: now.version, userId, note: "Translate All Posts" });
}

// ---------------------------------------------------------------- regenerate

/** A featured image through the site's image pipeline, or why there is none (the post is saved without). */
export async function featuredImage(services: AiServices, title: string, signal: AbortSignal): Promise<{ url: string | null; note: string | null }> {
  let bytes: Buffer | null;
  try {
    bytes = await makeFeaturedImage(services.ai, { title, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    // A retryable failure of the image alone is not worth the article: the post goes without one.
    if (isOutsideServiceError(error)) return { url: null, note: error.message };
    throw error;
  }
  if (!bytes) return { url: null, note: null };
  try {
    const stored = await storeImage(services.db, bytes);
    return { url: stored.url, note: null };
  } catch (error) {
    if (error instanceof ImageRejected) return { url: null, note: `The generated image was refused: ${error.message}` };
    throw error;
  }
}

/** 'Regenerate All with AI': each post rewritten as a 600-800 word article (with an image when a model is set). */
export const regeneratePosts = defineJob<null, PostItem, [AiServices]>(REGENERATE_POSTS, {
  uniqueKey: () => REGENERATE_POSTS,
  resumeCancelled: true,
  retry: { maxAttempts: 2 },
  summarize: ({ done, failed }) => `Regeneration complete: ${done} ${done === 1 ? "post" : "posts"} rewritten, each waiting for review (published posts stay live until a lawyer publishes the rewrite), ${failed} failed.`,
  handler:
    (services) =>
    async ({ job, item, signal }) => {
      const post = await postOfItem(services.db, services.ai, item.payload);
      if (!post) return { skipped: POST_DELETED };
      if (!hasText(post.title)) throw new ItemFailed("The post has no title to write from.");
      const article = await writeArticle(services.ai, { title: post.title, signal });
      const image = await featuredImage(services, article.title, signal);
      if (image.note) services.log.warn({ post: post.id, reason: image.note }, "regenerated post saved without an image");
      return {
        apply: (tx) => storeArticle(tx, post.id, article, image.url, job.createdBy),
        changes: [],
      };
    },
});

/**
 * The whole article at once (decision 0063, superseding 0027): a published post stays live and
 * unchanged, and the rewrite waits for a lawyer as a pending change; a draft is rewritten in
 * place and marked 'Awaiting review'. Either way the history keeps what was there before.
 */
async function storeArticle(tx: Db, postId: number, article: Article, imageUrl: string | null, userId: string | null): Promise<void> {
  const [now] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId)).for("update");
  if (!now) return;
  const rewrite = {
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    metaDescription: article.metaDescription,
    imageAltText: article.imageAltText,
    ...(imageUrl ? { featuredImage: imageUrl } : {}),
  };
  const note = "Regenerate All with AI";
  if (now.published) {
    await proposeChange(tx, { entity: "post", entityId: postId, source: "ai", snapshot: { ...postSnapshot(now), ...rewrite }, baseVersion: now.version, userId, note });
    return;
  }
  const written = await writePost(tx, postId, { ...rewrite, aiGenerated: true, awaitingReview: true }, now.version, false);
  if (written) await recordSaved(tx, { entity: "post", entityId: postId, source: "ai", snapshot: postSnapshot(written.after), version: written.after.version, baseVersion: now.version, userId, note });
}

/** The AI tools' refusals (decision 0101). */
const M = defineMessages("blog.ai", {
  noPostsToTranslate: "There are no posts to translate.",
  noPostsToRegenerate: "There are no posts to regenerate.",
  sayTopic: "Say what the article should be about.",
  nothingToTranslate: "No content to translate",
});

// ---------------------------------------------------------------- starting the jobs
// Both batches resume: run again after a cancel, the posts the cancelled run finished are not sent again.

async function allPostItems(db: Db) {
  const posts = await db.select({ id: blogPosts.id, title: blogPosts.title }).from(blogPosts).orderBy(blogPosts.createdAt, blogPosts.id);
  return posts.map((p) => ({ label: p.title || `Post ${p.id}`, payload: { postId: p.id } }));
}

export async function startTranslatePosts(services: Services, user: AdminUser): Promise<Started> {
  if (!services.translator.configured) throw refuseWith("unavailable", services.translator.notConfiguredMessage);
  const items = await allPostItems(services.db);
  if (items.length === 0) throw refuse("invalid", M.noPostsToTranslate);
  return startedJob(services, await translatePosts.enqueue(services.db, null, items, { createdBy: user.id }));
}

export async function startRegeneratePosts(services: Services, user: AdminUser): Promise<Started> {
  if (!services.ai.configured) throw refuseWith("unavailable", services.ai.notConfiguredMessage);
  const items = await allPostItems(services.db);
  if (items.length === 0) throw refuse("invalid", M.noPostsToRegenerate);
  return startedJob(services, await regeneratePosts.enqueue(services.db, null, items, { createdBy: user.id }));
}

// ---------------------------------------------------------------- the editor

/** 'Generate with AI' in the editor: an article on the topic the person gave, for the form (not saved). */
export async function generateForEditor(services: AiServices, topic: string, signal: AbortSignal): Promise<Article & { featuredImage: string | null; imageNote: string | null }> {
  if (!hasText(topic)) throw refuse("invalid", M.sayTopic);
  if (!services.ai.configured) throw refuseWith("unavailable", services.ai.notConfiguredMessage);
  let article: Article;
  try {
    article = await writeArticle(services.ai, { topic, signal });
  } catch (error) {
    // What the AI wrote breaks the editor's limits (its content is too long): say so, as for any refusal.
    if (error instanceof MachineTextRefused) throw refuseWith("outside-failed", error.message);
    throw error;
  }
  const image = await featuredImage(services, article.title, signal);
  return { ...article, featuredImage: image.url, imageNote: image.note };
}

/** 'Translate' in the editor: the English fields as they are in the form, into both languages (not saved). */
export async function translateForEditor(
  services: AiServices,
  english: Partial<Record<PostTranslatedField, string>>,
  signal: AbortSignal,
): Promise<Record<TranslationLanguage, Record<string, string>>> {
  if (!POST_TRANSLATED_FIELDS.some((field) => hasText(english[field]))) throw refuse("invalid", M.nothingToTranslate);
  if (!services.translator.configured) throw refuseWith("unavailable", services.translator.notConfiguredMessage);
  const fields = Object.fromEntries(POST_TRANSLATED_FIELDS.filter((f) => hasText(english[f])).map((f) => [f, english[f]!]));
  const result = {} as Record<TranslationLanguage, Record<string, string>>;
  const refused: string[] = [];
  for (const language of TARGET_LANGUAGES) {
    const checked = await translatePostFields(services.translator, fields, language, { signal });
    if (checked.ok) result[language] = checked.fields;
    else refused.push(checked.reason);
  }
  // Nothing goes into the form when a language is refused: the reason says what to fix.
  if (refused.length > 0) throw refuseWith("outside-failed", refused.join(" "));
  return result;
}
