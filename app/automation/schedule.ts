/**
 * The schedule rules of the topic queue and the daily run (SPEC 9), as plain functions of "now"
 * so the server, the tab and the tests agree. All times are UTC.
 */
import { isCalendarDay } from "../../core/clock";
import { utcWords } from "../../core/firm-time";

/** The daily run's hour: 9:00 AM UTC. */
export const RUN_HOUR_UTC = 9;
/** The longest topic accepted (a topic is a line, not an article). */
export const TOPIC_MAX = 300;
/** The Used Topics list shows at most this many. */
export const USED_SHOWN = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar date of an instant, as YYYY-MM-DD. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD string that names a real day (not 2025-02-30), or null. */
export function parseDay(value: string): string | null {
  const year = Number(value.slice(0, 4));
  return isCalendarDay(value) && year >= 2000 && year <= 9999 ? value : null;
}

/** 09:00 UTC on a day (YYYY-MM-DD). */
export function runTimeOn(day: string): Date {
  return new Date(`${day}T${String(RUN_HOUR_UTC).padStart(2, "0")}:00:00.000Z`);
}

/** 09:00 UTC on the day after the given instant's UTC date. */
export function runTimeDayAfter(at: Date): Date {
  return new Date(runTimeOn(utcDate(at)).getTime() + DAY_MS);
}

/** The latest 09:00 UTC at or before `now`: the run that is due (today's from 09:00, else yesterday's). */
export function latestRunTime(now: Date): Date {
  const today = runTimeOn(utcDate(now));
  return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - DAY_MS);
}

/** The next 09:00 UTC after `now`. */
export function nextRunTime(now: Date): Date {
  return new Date(latestRunTime(now).getTime() + DAY_MS);
}

/**
 * A new topic's time: 09:00 UTC on the day after the latest pending topic's schedule, or on the
 * day after today when none is pending.
 */
export function newTopicSchedule(pendingSchedules: ReadonlyArray<Date | null>, now: Date): Date {
  const known = pendingSchedules.filter((at): at is Date => at !== null);
  if (known.length === 0) return runTimeDayAfter(now);
  const latest = known.reduce((a, b) => (b.getTime() > a.getTime() ? b : a));
  return runTimeDayAfter(latest);
}

/** A pending topic whose time has passed waits for the next run. */
export function isOverdue(topic: { status: string; scheduleFor: Date | string | null }, now: Date): boolean {
  if (topic.status !== "pending" || topic.scheduleFor === null) return false;
  return new Date(topic.scheduleFor).getTime() < now.getTime();
}

/** Pending topics in the order the runs take them: by time, unscheduled last, then oldest first. */
export function byScheduledTime<T extends { id: number; scheduleFor: Date | string | null }>(topics: readonly T[]): T[] {
  const time = (t: T) => (t.scheduleFor === null ? Number.POSITIVE_INFINITY : new Date(t.scheduleFor).getTime());
  return [...topics].sort((a, b) => time(a) - time(b) || a.id - b.id);
}

/** The used topics the tab shows: the 5 most recently used (those without a date last). */
export function recentUsed<T extends { id: number; usedAt: Date | string | null }>(topics: readonly T[], limit = USED_SHOWN): T[] {
  const time = (t: T) => (t.usedAt === null ? Number.NEGATIVE_INFINITY : new Date(t.usedAt).getTime());
  return [...topics].sort((a, b) => time(b) - time(a) || b.id - a.id).slice(0, limit);
}

/** How the tab writes a time: "Mar 4, 2025, 09:00 UTC" (the firm clock's words, not ICU's, so server and browser agree). */
export const formatUtc = (at: Date | string): string => utcWords(at);

/** A used date as the Used Topics list shows it, or N/A. */
export function usedLabel(usedAt: Date | string | null): string {
  return usedAt === null ? "N/A" : utcWords(usedAt, { time: false });
}
