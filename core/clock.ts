/** The one source of "now" for schedules (the daily run at 09:00 UTC), so that tests can set it. */
export interface Clock {
  now(): Date;
  /** Set when the clock does not follow the machine's time (TEST_CLOCK_START): the admin says so. */
  readonly startedAt?: Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` at the moment it is made and then runs at real speed: a server
 * process started with TEST_CLOCK_START=2025-03-04T08:59:55Z reaches 09:00 five seconds later
 * (decision 0031). `realNow` is the machine's time in milliseconds.
 */
export function startedClock(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return { now: () => new Date(realNow() + offset), startedAt: start };
}

/** A clock a test moves by hand. */
export function manualClock(start: Date): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    startedAt: start,
    set: (at) => void (current = new Date(at).getTime()),
    advance: (ms) => void (current += ms),
  };
}

/** Whether a YYYY-MM-DD string names a real day: 2025-02-28 does, 2025-02-30 does not (Date would roll it over to March). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return at.toISOString().slice(0, 10) === value;
}

/**
 * A moment as the firm reads it: Vancouver time with UTC beside it ("Mar 14, 2027, 03:30 Vancouver
 * time (10:30 UTC)"), for the history, conflicts and schedules alike. Browser-safe.
 */
export function formatFirmTime(at: Date | string): string {
  const date = typeof at === "string" ? new Date(at) : at;
  return `${firmTimeFormat.format(date)} Vancouver time (${date.toISOString().slice(11, 16)} UTC)`;
}

// Made once: a History page formats every revision's time twice.
const firmTimeFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Vancouver",
  dateStyle: "medium",
  timeStyle: "short",
  hourCycle: "h23",
});
