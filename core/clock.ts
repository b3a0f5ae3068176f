/** The one source of "now" for schedules (the daily run at 09:00 UTC), so that tests can set it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
