import type { Lang } from "./languages";

export interface StoredText {
  content: string | null;
  contentFa: string | null;
  contentZh: string | null;
}

export interface BuiltInText {
  en: string;
  fa: string;
  zh: string;
}

const nonEmpty = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/**
 * The text shown for a key: the stored text in the language, else the stored English,
 * else the built-in default in the language (then in English), else the key itself.
 */
export function resolveText(key: string, lang: Lang, stored: StoredText | undefined, builtIn: BuiltInText | undefined): string {
  if (stored) {
    const localized = lang === "fa" ? stored.contentFa : lang === "zh" ? stored.contentZh : stored.content;
    if (nonEmpty(localized)) return localized;
    if (nonEmpty(stored.content)) return stored.content;
  }
  if (builtIn) {
    if (nonEmpty(builtIn[lang])) return builtIn[lang];
    if (nonEmpty(builtIn.en)) return builtIn.en;
  }
  return key;
}

/** Fill `{name}` placeholders; unknown placeholders stay as written. */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
