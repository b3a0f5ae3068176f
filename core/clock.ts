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

/** Whether a YYYY-MM-DD string names a real day (kept here for the modules that import it from the clock). */
export { isCalendarDay } from "./firm-time";
