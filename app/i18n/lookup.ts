import type { Lang } from "./languages";
import { hasText, pickTranslation } from "./translated";

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

/**
 * The text shown for a key: the stored text in the language, else the stored English,
 * else the built-in default in the language (then in English), else the key itself.
 */
export function resolveText(key: string, lang: Lang, stored: StoredText | undefined, builtIn: BuiltInText | undefined): string {
  // The rule of every translated field (./translated.ts), on the stored row, then on the default.
  const candidates = [
    stored && pickTranslation(lang, stored.content, stored.contentFa, stored.contentZh).text,
    builtIn && pickTranslation(lang, builtIn.en, builtIn.fa, builtIn.zh).text,
  ];
  return candidates.find(hasText) ?? key;
}

/** Fill `{name}` placeholders; unknown placeholders stay as written. */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
