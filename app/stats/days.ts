/**
 * The two days statistics use (decision 0082): counts are kept per Vancouver day (the firm
 * clock's `dayOf`, decision 0083), visitors are told apart per UTC day (the salt's, cached for
 * the minute as a page view asks for it on the hot path). Browser-safe.
 */

let cachedUtcMinute = -1;
let cachedUtc = "";

/** The UTC calendar day (YYYY-MM-DD) of a moment in milliseconds. */
export function utcDay(ms: number): string {
  const minute = Math.floor(ms / 60_000);
  if (minute !== cachedUtcMinute) {
    cachedUtc = new Date(minute * 60_000).toISOString().slice(0, 10);
    cachedUtcMinute = minute;
  }
  return cachedUtc;
}

export { addDays, daysBetween } from "../../core/firm-time";

/** A day minus whole months, for retention (25 months). */
export function minusMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 - months, d)).toISOString().slice(0, 10);
}
