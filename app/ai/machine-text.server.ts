/**
 * Text written by a machine (the AI's articles, machine translations) is held to the same
 * schemas as a person's input before anything is stored (decision 0054). The one place for that
 * rule; every caller that stores machine text goes through it:
 *
 * - Too long: a title, excerpt, meta description or alt text is cut at a word (an ellipsis when
 *   it fits); a body (an article, a website or team text) is refused with the schema's message.
 *   The limits are the editors' Zod schemas (post-schema.ts, content/schema.ts), read, not copied.
 * - A translation may not add a link, image, reference definition or raw HTML that its English
 *   does not have (markdown-addresses.ts). One language is refused whole, never half-stored.
 */
import type { z } from "zod";
import { postFormSchema } from "../blog/post-schema";
import { contentEntrySchema } from "../content/schema";
import type { PostTranslatedField } from "../i18n/translated";
import { ItemFailed } from "../jobs/runner.server";
import { addedAddresses } from "./markdown-addresses";
import { type TargetLang } from "../i18n/languages";
import { LANGUAGE_NAMES } from "../i18n/language-names";

/** Machine text that cannot be stored, with the reason for the admin (fails a job item as it is). */
export class MachineTextRefused extends ItemFailed {}

type Language = TargetLang;

/** Short texts a reader still understands when cut at a word; the rest are refused when too long. */
const CLIPPABLE: ReadonlySet<string> = new Set<PostTranslatedField>(["title", "excerpt", "metaDescription", "imageAltText"]);

const FIELD_NAMES: Record<PostTranslatedField, string> = {
  title: "title",
  excerpt: "excerpt",
  content: "content",
  metaDescription: "meta description",
  imageAltText: "image alt text",
};

const ELLIPSIS = "…";
// Dangling joiners and separators are not left before the cut ("Rights, and…" -> "Rights…").
const DANGLING = /[\s,;:\-–—、，；：]+$/u;
const words = new Intl.Segmenter(undefined, { granularity: "word" });

/**
 * `value` in at most `max` characters, cut where a word ends (never inside one), with an
 * ellipsis when it fits. Word ends come from Intl.Segmenter, so Chinese, which has no spaces, is
 * cut between words too. A text with no word end in reach (one endless token) is cut hard.
 */
export function clipAtWord(value: string, max: number): string {
  const text = value.trim();
  if (text.length <= max) return text;
  // Segment only what can be kept, and a little more, so a word end at `max` is a real one.
  // The last word end that leaves room for the ellipsis wins; one at `max` itself is kept bare.
  let roomy = 0;
  let full = 0;
  for (const { index, segment } of words.segment(text.slice(0, max + 64))) {
    const end = index + segment.length;
    if (end > max) break;
    full = end;
    if (end + ELLIPSIS.length <= max) roomy = end;
  }
  const withEllipsis = text.slice(0, roomy).replace(DANGLING, "");
  if (withEllipsis) return withEllipsis + ELLIPSIS;
  const bare = text.slice(0, full).replace(DANGLING, "");
  if (bare) return bare;
  // No word end in reach (one endless token): cut hard, between code points.
  const hard = text.slice(0, max - ELLIPSIS.length).replace(/[\ud800-\udbff]$/, "");
  return hard + ELLIPSIS;
}

type Fitted = { ok: true; value: string } | { ok: false; reason: string };

/** One value through the editor's schema for it: clipped when too long and clippable, else the schema's message. */
function fit(schema: z.ZodType, value: string, clippable: boolean): Fitted {
  let candidate = value.trim();
  let result = schema.safeParse(candidate);
  if (!result.success && clippable) {
    const tooBig = result.error.issues.find((issue) => issue.code === "too_big");
    if (tooBig && tooBig.code === "too_big") {
      candidate = clipAtWord(candidate, Number(tooBig.maximum));
      result = schema.safeParse(candidate);
    }
  }
  return result.success ? { ok: true, value: candidate } : { ok: false, reason: result.error.issues[0]?.message ?? "It is not valid." };
}

const postField = (column: string): z.ZodType => (postFormSchema.shape as Record<string, z.ZodType>)[column];

/**
 * An AI-written article as the blog editor would accept it: title, excerpt, meta description and
 * alt text cut at a word to the editor's limits; content over its limit is refused (throws
 * MachineTextRefused, nothing is stored). The slug is derived later from the fitted title.
 */
export function fitArticle<T extends Record<PostTranslatedField, string>>(article: T): T {
  const fitted = { ...article };
  for (const field of Object.keys(FIELD_NAMES) as PostTranslatedField[]) {
    const result = fit(postField(field), article[field], CLIPPABLE.has(field));
    if (!result.ok) throw new MachineTextRefused(`The AI's article was not saved: ${result.reason}`);
    fitted[field] = result.value as T[PostTranslatedField];
  }
  return fitted;
}

export type TranslationCheck = { ok: true; fields: Record<string, string> } | { ok: false; reason: string };

function checkTranslation(
  language: Language,
  english: Record<string, string>,
  translated: Record<string, string>,
  field: (name: string) => { schema: z.ZodType; clippable: boolean; of: string },
): TranslationCheck {
  const fields: Record<string, string> = {};
  const name = LANGUAGE_NAMES[language];
  for (const [key, text] of Object.entries(translated)) {
    const { schema, clippable, of } = field(key);
    const added = addedAddresses(english[key] ?? "", text);
    if (added.length > 0) {
      const shown = added.slice(0, 3).map((a) => (a.startsWith("html:") ? a.slice(5) : a)).map((a) => (a.length > 80 ? `${a.slice(0, 79)}…` : a));
      const what = added.every((a) => a.startsWith("html:")) ? "HTML" : "a link or image";
      return { ok: false, reason: `The ${name} translation${of} adds ${what} that is not in the English (${shown.join(", ")}); it was not saved.` };
    }
    const result = fit(schema, text, clippable);
    if (!result.ok) return { ok: false, reason: `The ${name} translation${of} was not saved: ${result.reason}` };
    fields[key] = result.value;
  }
  return { ok: true, fields };
}

/** One language's machine translation of a blog post's fields (title, excerpt, content, …), checked against their English. */
export function checkPostTranslation(language: Language, english: Record<string, string>, translated: Record<string, string>): TranslationCheck {
  const suffix = language === "fa" ? "Fa" : "Zh";
  return checkTranslation(language, english, translated, (key) => ({
    schema: postField(`${key}${suffix}`),
    clippable: CLIPPABLE.has(key),
    of: ` of the ${FIELD_NAMES[key as PostTranslatedField] ?? key}`,
  }));
}

/** One machine translation of a website or team text (a content_text row), checked against its English. */
export function checkTextTranslation(language: Language, english: string, translated: string): TranslationCheck {
  const schema = language === "fa" ? contentEntrySchema.shape.contentFa : contentEntrySchema.shape.contentZh;
  return checkTranslation(language, { text: english }, { text: translated }, () => ({ schema, clippable: false, of: "" }));
}
