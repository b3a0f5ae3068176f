/** The site's languages, their URL prefixes and text direction: the one registry everything else reads. */
/** The languages translated from English: every language but the default. */
export const TARGET_LANGUAGES = ["fa", "zh"] as const;
export type TargetLang = (typeof TARGET_LANGUAGES)[number];

export const LANGUAGES = ["en", ...TARGET_LANGUAGES] as const;
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_LANG: Lang = "en";

export const LANGUAGE_INFO: Record<Lang, { dir: "ltr" | "rtl"; ogLocale: string; htmlLang: string; nativeName: string }> = {
  en: { dir: "ltr", ogLocale: "en_CA", htmlLang: "en", nativeName: "English" },
  fa: { dir: "rtl", ogLocale: "fa_IR", htmlLang: "fa", nativeName: "فارسی" },
  zh: { dir: "ltr", ogLocale: "zh_CN", htmlLang: "zh", nativeName: "中文" },
};

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a path is in: its first segment when that is fa or zh, else English. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split("/")[1];
  return first === "fa" || first === "zh" ? first : "en";
}

/** The language of a URL: the path prefix wins; an unprefixed path may carry ?lang=fa|zh. */
export function langFromUrl(url: URL): Lang {
  const fromPath = langFromPath(url.pathname);
  if (fromPath !== "en") return fromPath;
  const query = url.searchParams.get("lang");
  return query === "fa" || query === "zh" ? query : "en";
}

/** The path without its language prefix, always starting with "/". */
export function stripLangPrefix(pathname: string): string {
  const lang = langFromPath(pathname);
  if (lang === "en") return pathname || "/";
  const rest = pathname.slice(lang.length + 1);
  return rest === "" ? "/" : rest;
}

/** An unprefixed site path ("/about") as it reads in a language ("/fa/about"). */
export function localizePath(path: string, lang: Lang): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === "en") return clean;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/**
 * The URL of the same page in another language: prefix swapped, query and hash kept.
 * A `lang` query parameter is dropped, since the prefix now says the language.
 */
export function switchLanguageUrl(href: { pathname: string; search: string; hash: string }, lang: Lang): string {
  const bare = stripLangPrefix(href.pathname);
  const params = new URLSearchParams(href.search);
  params.delete("lang");
  const query = params.toString();
  return `${localizePath(bare, lang)}${query ? `?${query}` : ""}${href.hash}`;
}
