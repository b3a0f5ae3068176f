/**
 * AI writing and machine translation of blog posts: 'Translate All Posts' and 'Regenerate All
 * with AI' as server jobs (one item per post), and the editor's 'Generate with AI' and
 * 'Translate', whose results go into the form for a person to read and save.
 *
 * A law firm's rule (decision 0027): machine-written legal text is a draft until a person
 * approves it. A regenerated post returns to draft, marked 'Awaiting review', until someone
 * publishes it; translations are machine-made until someone saves the post.
 */
import { eq, sql } from "drizzle-orm";
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
import { loadStates, machineMayWrite, recordMachineTranslation, reviewState, type TranslationLanguage } from "../translation/review.server";
import { AdminError } from "../changes/errors.server";
import { startedJob, type Started } from "../jobs/started.server";
import { findPost, type AdminPostRow } from "./manage.server";
import { TARGET_LANGUAGES } from "../i18n/languages";

export const TRANSLATE_POSTS = "blog.translate-all";
export const REGENERATE_POSTS = "blog.regenerate-all";

type PostItem = { postId: number };
type AiServices = Pick<Services, "db" | "ai" | "translator" | "log">;

const englishOf = (post: AdminPostRow, field: PostTranslatedField) => post[field] ?? "";

// ---------------------------------------------------------------- translate

/** The fields of a post a machine may (re)translate into a language: English present, translation missing or machine-made. */
async function fieldsToTranslate(db: Db, post: AdminPostRow, language: TranslationLanguage): Promise<Record<string, string>> {
  const states = await loadStates(db, "post", [String(post.id)]);
  const fields: Record<string, string> = {};
  for (const field of POST_TRANSLATED_FIELDS) {
    const english = englishOf(post, field);
    if (!hasText(english)) continue;
    const state = reviewState(states, String(post.id), field, language, english, post[postColumn(field, language)] as string | null);
    if (machineMayWrite(state)) fields[field] = english;
  }
  return fields;
}

/** 'Translate All Posts': every post's five fields into Farsi and Chinese, never over a person's text. */
export const translatePosts = defineJob<null, PostItem, [AiServices]>(TRANSLATE_POSTS, {
  uniqueKey: () => TRANSLATE_POSTS,
  resumeCancelled: true,
  // A skipped post had nothing to send (every translation a person's or reviewed): up to date, not translated.
  summarize: ({ done, failed, skipped }) => `Translation complete: ${done - skipped} translated, ${skipped} already up to date, ${failed} failed.`,
  handler:
    (services) =>
    async ({ item, signal }) => {
      if (!services.translator.configured) throw new StopJob(services.translator.notConfiguredMessage);
      const post = await findPost(services.db, item.payload.postId);
      if (!post) return { skipped: "The post was deleted." };
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
        apply: (tx) => storePostTranslations(tx, post, translated),
        changes: post.published ? ["blog"] : [],
        ...(refused.length > 0 ? { failed: refused.join(" ") } : {}),
      };
    },
});

/** Store translations made from `read`, field by field, only where the post still holds what was read. */
async function storePostTranslations(tx: Db, read: AdminPostRow, translated: Partial<Record<TranslationLanguage, Record<string, string>>>): Promise<void> {
  const [now] = await tx.select().from(blogPosts).where(eq(blogPosts.id, read.id)).for("update");
  if (!now) return;
  const set: Record<string, string> = {};
  const written: Array<{ field: PostTranslatedField; language: TranslationLanguage }> = [];
  for (const language of TARGET_LANGUAGES) {
    for (const [field, text] of Object.entries(translated[language] ?? {}) as Array<[PostTranslatedField, string]>) {
      const column = postColumn(field, language);
      // A person's edit in the meantime (of the English or of this translation) wins.
      if (now[field] !== read[field] || now[column] !== read[column]) continue;
      set[column] = text;
      written.push({ field, language });
    }
  }
  if (written.length === 0) return;
  await tx
    .update(blogPosts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, read.id));
  for (const { field, language } of written) {
    await recordMachineTranslation(tx, { entity: "post", entityId: String(read.id), field, language }, englishOf(now, field));
  }
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
  summarize: ({ done, failed }) => `Regeneration complete: ${done} ${done === 1 ? "post" : "posts"} rewritten as drafts awaiting review, ${failed} failed.`,
  handler:
    (services) =>
    async ({ item, signal }) => {
      if (!services.ai.configured) throw new StopJob(services.ai.notConfiguredMessage);
      const post = await findPost(services.db, item.payload.postId);
      if (!post) return { skipped: "The post was deleted." };
      if (!hasText(post.title)) throw new ItemFailed("The post has no title to write from.");
      const article = await writeArticle(services.ai, { title: post.title, signal });
      const image = await featuredImage(services, article.title, signal);
      if (image.note) services.log.warn({ post: post.id, reason: image.note }, "regenerated post saved without an image");
      return {
        apply: (tx) => storeArticle(tx, post.id, article, image.url),
        changes: post.published ? ["blog"] : [],
      };
    },
});

/** The whole article at once, and the post back to draft until a person publishes it. */
async function storeArticle(tx: Db, postId: number, article: Article, imageUrl: string | null): Promise<void> {
  await tx
    .update(blogPosts)
    .set({
      title: article.title,
      excerpt: article.excerpt,
      content: article.content,
      metaDescription: article.metaDescription,
      imageAltText: article.imageAltText,
      ...(imageUrl ? { featuredImage: imageUrl } : {}),
      aiGenerated: true,
      awaitingReview: true,
      published: false,
      updatedAt: sql`now()`,
    })
    .where(eq(blogPosts.id, postId));
}

// ---------------------------------------------------------------- starting the jobs
// Both batches resume: run again after a cancel, the posts the cancelled run finished are not sent again.

async function allPostItems(db: Db) {
  const posts = await db.select({ id: blogPosts.id, title: blogPosts.title }).from(blogPosts).orderBy(blogPosts.createdAt, blogPosts.id);
  return posts.map((p) => ({ label: p.title || `Post ${p.id}`, payload: { postId: p.id } }));
}

export async function startTranslatePosts(services: Services, user: AdminUser): Promise<Started> {
  if (!services.translator.configured) throw new AdminError(services.translator.notConfiguredMessage, 503);
  const items = await allPostItems(services.db);
  if (items.length === 0) throw new AdminError("There are no posts to translate.");
  return startedJob(services, await translatePosts.enqueue(services.db, null, items, { createdBy: user.id }));
}

export async function startRegeneratePosts(services: Services, user: AdminUser): Promise<Started> {
  if (!services.ai.configured) throw new AdminError(services.ai.notConfiguredMessage, 503);
  const items = await allPostItems(services.db);
  if (items.length === 0) throw new AdminError("There are no posts to regenerate.");
  return startedJob(services, await regeneratePosts.enqueue(services.db, null, items, { createdBy: user.id }));
}

// ---------------------------------------------------------------- the editor

/** 'Generate with AI' in the editor: an article on the topic the person gave, for the form (not saved). */
export async function generateForEditor(services: AiServices, topic: string, signal: AbortSignal): Promise<Article & { featuredImage: string | null; imageNote: string | null }> {
  if (!hasText(topic)) throw new AdminError("Say what the article should be about.");
  if (!services.ai.configured) throw new AdminError(services.ai.notConfiguredMessage, 503);
  let article: Article;
  try {
    article = await writeArticle(services.ai, { topic, signal });
  } catch (error) {
    // What the AI wrote breaks the editor's limits (its content is too long): say so, as for any refusal.
    if (error instanceof MachineTextRefused) throw new AdminError(error.message, 502);
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
  if (!POST_TRANSLATED_FIELDS.some((field) => hasText(english[field]))) throw new AdminError("No content to translate");
  if (!services.translator.configured) throw new AdminError(services.translator.notConfiguredMessage, 503);
  const fields = Object.fromEntries(POST_TRANSLATED_FIELDS.filter((f) => hasText(english[f])).map((f) => [f, english[f]!]));
  const result = {} as Record<TranslationLanguage, Record<string, string>>;
  const refused: string[] = [];
  for (const language of TARGET_LANGUAGES) {
    const checked = await translatePostFields(services.translator, fields, language, { signal });
    if (checked.ok) result[language] = checked.fields;
    else refused.push(checked.reason);
  }
  // Nothing goes into the form when a language is refused: the reason says what to fix.
  if (refused.length > 0) throw new AdminError(refused.join(" "), 502);
  return result;
}
