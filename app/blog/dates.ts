import type { Lang } from "../i18n/languages";

const LOCALES: Record<Lang, string> = { en: "en-US", fa: "fa-IR", zh: "zh-CN" };

/**
 * A post date ('YYYY-MM-DD') in the page's language, long form: 'September 15, 2026',
 * '۲۴ شهریور ۱۴۰۵', '2026年9月15日'. Read and formatted in UTC so the day never shifts
 * with the server's time zone. Formatted on the server and sent as text, so the browser's
 * own ICU data cannot make hydration differ.
 */
export function formatPostDate(date: string | null | undefined, lang: Lang): string {
  if (!date) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return "";
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(LOCALES[lang], { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(value);
}
