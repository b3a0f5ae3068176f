import { dayWords } from "../../core/firm-time";
import type { Lang } from "../i18n/languages";

/**
 * A post date ('YYYY-MM-DD') in the page's language, long form: 'September 15, 2026',
 * '۱۵ سپتامبر ۲۰۲۶', '2026年9月15日'. One calendar per language (decision 0083): Gregorian in
 * all three, as the booking pages, mails and the admin. A day, not an instant, so no time zone;
 * written from our own words (core/firm-time.ts), so no runtime's or browser's ICU can change it.
 */
export function formatPostDate(date: string | null | undefined, lang: Lang): string {
  if (!date) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return "";
  return dayWords(match[0], lang);
}
