/**
 * The two days statistics use (decision 0082): counts are kept per Vancouver day (the firm's),
 * visitors are told apart per UTC day (the salt's). Both are cached for the minute, as a page
 * view asks for them on the hot path. Browser-safe.
 */

const vancouverFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver", year: "numeric", month: "2-digit", day: "2-digit" });

let cachedMinute = -1;
let cachedVancouver = "";

/** The Vancouver calendar day (YYYY-MM-DD) of a moment in milliseconds. */
export function vancouverDay(ms: number): string {
  const minute = Math.floor(ms / 60_000);
  if (minute !== cachedMinute) {
    // Vancouver's offset is whole hours, so a day never turns inside a minute.
    cachedVancouver = vancouverFormat.format(new Date(minute * 60_000));
    cachedMinute = minute;
  }
  return cachedVancouver;
}

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

/** A day plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A day minus whole months, for retention (25 months). */
export function minusMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 - months, d)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (to - from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
