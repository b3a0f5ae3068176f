/**
 * The booking page's `?week=YYYY-MM-DD` (the Monday of the first of the two weeks shown) and
 * `?day=YYYY-MM-DD` (the day whose times are shown), without the time-zone library: app/routes.ts
 * declares them for the page cache (decision 0053) and imports this.
 */
export const WEEK_PARAMETER = "week";
export const DAY_PARAMETER = "day";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const utcDay = (date: string): number | null => {
  const match = DATE.exec(date);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === date ? time : null;
};

/** The Monday of a date's week (weeks start on Monday), as YYYY-MM-DD. */
export function mondayOf(date: string): string {
  const time = utcDay(date)!;
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - weekday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A `week` value as the page takes it: a real Monday within a year either side of `now`
 * (anything else reads as absent, so the cache key holds a bounded set of values).
 */
export function readWeek(raw: string | null, now = Date.now()): string | null {
  if (raw === null) return null;
  const time = utcDay(raw);
  if (time === null || new Date(time).getUTCDay() !== 1) return null;
  return Math.abs(time - now) <= 366 * DAY_MS ? raw : null;
}

/** A `day` value as the page takes it: a real date within a year either side of `now`, else absent. */
export function readDay(raw: string | null, now = Date.now()): string | null {
  if (raw === null) return null;
  const time = utcDay(raw);
  return time !== null && Math.abs(time - now) <= 366 * DAY_MS ? raw : null;
}
