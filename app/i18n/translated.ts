/**
 * Translated texts, declared once: which blog-post columns exist per language and the one
 * rule for a missing translation. No server-only imports, so the pages, the crawler files
 * (RSS, sitemap, JSON-LD) and the admin's browser code all read the same rule.
 */
import type { Lang } from "./languages";

/** A text and the language it is actually in (English when the translation is missing). */
export interface LocalizedText {
  text: string;
  lang: Lang;
}

/** Whether a stored text has something to show: a string that is not only white space. */
export const hasText = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/**
 * The site's fallback rule: the text in the page's language when it has something to show,
 * else the English text as it is (possibly empty). English never borrows a translation.
 */
export function pickTranslation(lang: Lang, en: string | null | undefined, fa: string | null | undefined, zh: string | null | undefined): LocalizedText {
  const own = lang === "fa" ? fa : lang === "zh" ? zh : null;
  if (hasText(own)) return { text: own, lang };
  return { text: en ?? "", lang: "en" };
}

/** The languages a text is translated into (English is the base column). */
export type TranslationLang = Exclude<Lang, "en">;

/**
 * The blog_posts fields that exist per language (db/schema.ts): English in the base column
 * (`title`), the translations in `titleFa` / `titleZh` (SQL `title_fa`, `title_zh`).
 */
export const POST_TRANSLATED_FIELDS = ["title", "excerpt", "content", "metaDescription", "imageAltText"] as const;
export type PostTranslatedField = (typeof POST_TRANSLATED_FIELDS)[number];

const SUFFIX = { fa: "Fa", zh: "Zh" } as const satisfies Record<TranslationLang, string>;

/** The column (Drizzle property) holding a post field in one language. */
export type PostColumn<F extends PostTranslatedField, L extends Lang> = L extends TranslationLang ? `${F}${(typeof SUFFIX)[L]}` : F;

export function postColumn<F extends PostTranslatedField, L extends Lang>(field: F, lang: L): PostColumn<F, L> {
  return (lang === "en" ? field : `${field}${SUFFIX[lang as TranslationLang]}`) as PostColumn<F, L>;
}

/** Every translated field's column in one translation, e.g. { title: "titleFa", ... } for Farsi. */
export function postTranslationColumns<L extends TranslationLang>(lang: L): { [F in PostTranslatedField]: PostColumn<F, L> } {
  return Object.fromEntries(POST_TRANSLATED_FIELDS.map((field) => [field, postColumn(field, lang)])) as { [F in PostTranslatedField]: PostColumn<F, L> };
}

/** The columns of some post fields in every language, as a row holds them. */
export type PostTexts<F extends PostTranslatedField> = { [C in PostColumn<F, Lang>]: string | null };

/** A post field in the page's language, by the fallback rule. */
export function postText<F extends PostTranslatedField>(row: PostTexts<F>, field: F, lang: Lang): LocalizedText {
  const column = (l: Lang) => (row as Record<string, string | null>)[postColumn(field, l)];
  return pickTranslation(lang, column("en"), column("fa"), column("zh"));
}
