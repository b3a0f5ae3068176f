/**
 * Which language's newsletter a publication sends (decision 0098). A post's version in a language
 * is published when the live post has its title and its article in that language (English always
 * is). A subscriber gets the post in their language once that version is published; while it is
 * not, they wait for it, or, when the firm chose so, get the English mail with a one-line notice.
 * Never a Farsi or Chinese frame around English text. Pure: the send and the editor's count
 * before a publish decide alike.
 */
import { hasText, postColumn } from "../i18n/translated";
import { LANGUAGES, type Lang } from "../i18n/languages";

export type Untranslated = "wait" | "english";

/** The text columns a language's version needs. */
type PostLanguageTexts = { title: string; content: string } & Partial<Record<"titleFa" | "titleZh" | "contentFa" | "contentZh", string | null>>;

/** The language a subscriber's mails are in: anything other than Farsi or Chinese reads English. */
export const mailLanguage = (language: string): Lang => (language === "fa" || language === "zh" ? language : "en");

/** Whether the post has its version in `lang` (title and article). */
export function hasVersionIn(post: PostLanguageTexts, lang: Lang): boolean {
  const text = (field: "title" | "content") => (post as Record<string, string | null | undefined>)[postColumn(field, lang)];
  return hasText(text("title")) && hasText(text("content"));
}

export interface LanguageSend {
  language: Lang;
  /** The English mail with a notice that the translation is not available. */
  english: boolean;
}

/**
 * The languages this publication sends: of `languages` (those it made public), the ones not
 * claimed yet whose version the post now has; at the post's first publication also, under the
 * "english" setting, the others in English with the notice.
 */
export function languagesToSend(post: PostLanguageTexts, options: { languages: ReadonlyArray<Lang>; claimed: ReadonlySet<string>; first: boolean; untranslated: Untranslated }): LanguageSend[] {
  const sends: LanguageSend[] = [];
  for (const language of LANGUAGES) {
    if (!options.languages.includes(language) || options.claimed.has(language)) continue;
    if (hasVersionIn(post, language)) sends.push({ language, english: false });
    else if (options.first && options.untranslated === "english") sends.push({ language, english: true });
  }
  return sends;
}
