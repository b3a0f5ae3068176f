import { z } from "zod";
import type { AiClient } from "../../core/outside/ai";
import {
  createTranslator,
  type TargetLanguage,
  type TranslateConfig,
  type Translator,
  type TranslatorOptions,
} from "../../core/outside/translate";
import { ARTICLE_SYSTEM, articleRequest, featuredImagePrompt, translationSystem } from "./prompts";
import { ARTICLE_MAX_WORDS, ARTICLE_MIN_WORDS, countWords } from "./words";
import { checkPostTranslation, clipAtWord, fitArticle, type TranslationCheck } from "./machine-text.server";

/**
 * The firm's AI writing: blog articles, featured images and translations of stored fields.
 * Nothing here saves anything: the caller stores the whole result at once, or nothing.
 * Failures are OutsideServiceErrors (core/outside/errors.ts) with a message for the admin; what
 * the AI wrote is held to the editor's schemas first (machine-text.server.ts, decision 0054).
 */

export interface Article {
  title: string;
  excerpt: string;
  /** Markdown, 600-800 words. */
  content: string;
  metaDescription: string;
  imageAltText: string;
}

const text = z.string().trim().min(1, { message: "must not be empty" });
const articleSchema = z.object({
  title: text,
  excerpt: text,
  content: text,
  metaDescription: text,
  imageAltText: text,
});

/** Search engines show about 160 characters: a longer description is cut at a word, not refused. */
const META_MAX = 160;

export async function writeArticle(
  ai: AiClient,
  { title, topic, signal }: { title?: string; topic?: string; signal?: AbortSignal },
): Promise<Article> {
  if (!title?.trim() && !topic?.trim()) {
    // The caller's mistake, not the service's: a plain error, which fails the item.
    throw new Error("A title or a topic is needed to write an article.");
  }
  const article = await ai.generateJson({
    name: "article",
    system: ARTICLE_SYSTEM,
    user: articleRequest({ title: title?.trim() || undefined, topic: topic?.trim() || undefined }),
    schema: articleSchema,
    check: ({ content }) => {
      const words = countWords(content);
      return words < ARTICLE_MIN_WORDS || words > ARTICLE_MAX_WORDS
        ? `the article has ${words} words; it must have ${ARTICLE_MIN_WORDS} to ${ARTICLE_MAX_WORDS}`
        : null;
    },
    signal,
  });
  // Held to the editor's limits like a person's input: over-long short texts cut at a word,
  // content over its limit refused (MachineTextRefused), before any caller stores it.
  return fitArticle({ ...article, metaDescription: clipAtWord(article.metaDescription, META_MAX) });
}

/**
 * A featured image for a post, or null when no image model is set. A failure throws (a
 * non-image is kind "not-image"): the caller saves the post without an image.
 */
export async function makeFeaturedImage(ai: AiClient, { title, signal }: { title: string; signal?: AbortSignal }): Promise<Buffer | null> {
  if (!ai.imageConfigured) return null;
  return ai.generateImage({ prompt: featuredImagePrompt(title), signal });
}

/** The translator of TRANSLATE_PROVIDER, with the firm's translation instructions for the AI. */
export function createSiteTranslator(config: TranslateConfig, ai: AiClient, options: TranslatorOptions = {}): Translator {
  return createTranslator(config, ai, { instructions: translationSystem, ...options });
}

/** Fields whose text is Markdown (a post's body); all others are plain text. */
export const MARKDOWN_FIELDS = ["content"];

/**
 * Translations of the non-empty fields (empty ones are left out of the result), in one request
 * per format. `markdownFields` names the fields that are Markdown (default: "content").
 */
export async function translateFields(
  translator: Translator,
  fields: Record<string, string>,
  target: TargetLanguage,
  { signal, markdownFields = MARKDOWN_FIELDS }: { signal?: AbortSignal; markdownFields?: string[] } = {},
): Promise<Record<string, string>> {
  const filled = Object.entries(fields).filter(([, value]) => typeof value === "string" && value.trim() !== "");
  const result: Record<string, string> = {};
  for (const format of ["text", "markdown"] as const) {
    const batch = filled.filter(([key]) => markdownFields.includes(key) === (format === "markdown"));
    if (batch.length === 0) continue;
    const translated = await translator.translate(
      batch.map(([, value]) => value),
      target,
      { format, signal },
    );
    batch.forEach(([key], i) => (result[key] = translated[i]));
  }
  return result;
}

/**
 * One language's translation of a blog post's fields, checked before anyone stores it: lengths
 * fitted to the editor's limits, and no link, image or HTML the English does not have. A refused
 * language comes back as its reason (`ok: false`), for the caller to record; nothing of it is kept.
 */
export async function translatePostFields(
  translator: Translator,
  english: Record<string, string>,
  target: TargetLanguage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TranslationCheck> {
  return checkPostTranslation(target, english, await translateFields(translator, english, target, { signal }));
}
