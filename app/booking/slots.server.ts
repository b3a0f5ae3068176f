import { TZDate } from "@date-fns/tz";
import { BOOKING_TIME_ZONE, minutesOfDay, type BookingSettings } from "./settings";

/**
 * Free consultation slots (issue 33, decision 0076): the office hours of each Vancouver day, minus
 * statutory holidays and the firm's closed dates, minus what existing bookings (with the buffer
 * around them) cover, minus what starts inside the minimum notice or beyond the horizon.
 *
 * All wall-clock arithmetic goes through @date-fns/tz's TZDate, which reads the runtime's
 * time-zone data (as decision 0062 does), so the result follows whichever rules for British
 * Columbia the runtime has (yearly changes before tzdata 2026a, permanent UTC-7 after).
 */
export interface Slot {
  start: Date;
  end: Date;
  /** The lawyer, or null for "any available lawyer" (the only kind until lawyers are bookable). */
  lawyer: number | null;
}

export interface TakenSpan {
  start: Date;
  end: Date;
  lawyer: number | null;
}

export interface SlotInput {
  settings: BookingSettings;
  /** First and last Vancouver dates asked for, "YYYY-MM-DD", inclusive. */
  from: string;
  to: string;
  now: Date;
  /** Dates closed all day: statutory holidays and the firm's closed dates. */
  closed: ReadonlySet<string>;
  /** Live bookings that may overlap the range. */
  taken: ReadonlyArray<TakenSpan>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE = 60_000;

/** A calendar date ("YYYY-MM-DD") as its parts, or null when it is not a real date. */
export function parseDate(value: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Calendar arithmetic on dates alone (no time zone is involved in "the next day"). */
export function addDays(date: string, days: number): string {
  const parts = parseDate(date)!;
  return new Date(Date.UTC(parts.y, parts.m - 1, parts.d + days)).toISOString().slice(0, 10);
}

const weekday = (date: string) => {
  const parts = parseDate(date)!;
  return new Date(Date.UTC(parts.y, parts.m - 1, parts.d)).getUTCDay();
};

/** The Vancouver calendar date of a moment. */
export function vancouverDate(moment: Date): string {
  const local = new TZDate(moment.getTime(), BOOKING_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The moment of a Vancouver wall-clock time, or null when that time does not exist that day (the
 * hour skipped when clocks go forward). A time that happens twice is its first occurrence.
 */
export function vancouverMoment(date: string, minuteOfDay: number): Date | null {
  // A pure function of the runtime's zone rules, asked for the same few hundred grid times on
  // every slots request: remembered (TZDate costs ~15 µs a call; bench:load, decision 0078).
  const key = `${date} ${minuteOfDay}`;
  const known = momentCache.get(key);
  if (known !== undefined) return known === null ? null : new Date(known);
  if (momentCache.size >= MOMENT_CACHE_MAX) momentCache.clear();
  const moment = computeVancouverMoment(date, minuteOfDay);
  momentCache.set(key, moment === null ? null : moment.getTime());
  return moment;
}

const MOMENT_CACHE_MAX = 100_000;
const momentCache = new Map<string, number | null>();

function computeVancouverMoment(date: string, minuteOfDay: number): Date | null {
  const parts = parseDate(date)!;
  const hour = Math.floor(minuteOfDay / 60);
  const minute = minuteOfDay % 60;
  const local = new TZDate(parts.y, parts.m - 1, parts.d, hour, minute, BOOKING_TIME_ZONE);
  // A skipped time comes back moved forward: it is not a time the office can offer.
  if (local.getHours() !== hour || local.getMinutes() !== minute || local.getDate() !== parts.d) return null;
  return new Date(local.getTime());
}

/** The last Vancouver date the horizon reaches from `now`. */
export const horizonEnd = (settings: BookingSettings, now: Date) => addDays(vancouverDate(now), settings.horizonDays);

/** Free slots from `from` to `to`, in time order. */
export function freeSlots(input: SlotInput): Slot[] {
  const { settings, now, closed, taken } = input;
  const today = vancouverDate(now);
  const first = input.from > today ? input.from : today;
  const lastAllowed = horizonEnd(settings, now);
  const last = input.to < lastAllowed ? input.to : lastAllowed;
  const earliest = now.getTime() + settings.minNoticeHours * 60 * MINUTE;
  const buffer = settings.bufferMinutes * MINUTE;
  const slots: Slot[] = [];

  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (closed.has(date)) continue;
    const hours = settings.hours[weekday(date)];
    if (!hours) continue;
    const close = minutesOfDay(hours.close);
    const closing = vancouverMoment(date, close);
    // Consecutive slots keep the buffer between them, so any two offered slots can both be booked.
    for (let minute = minutesOfDay(hours.open); minute + settings.slotMinutes <= close; minute += settings.slotMinutes + settings.bufferMinutes) {
      const start = vancouverMoment(date, minute);
      if (!start || start.getTime() < earliest) continue;
      const end = new Date(start.getTime() + settings.slotMinutes * MINUTE);
      // Elapsed time, not wall-clock: a slot never ends past closing on a day the clocks change.
      if (closing && end.getTime() > closing.getTime()) continue;
      const clash = taken.some(
        (span) => span.start.getTime() - buffer < end.getTime() && start.getTime() < span.end.getTime() + buffer,
      );
      if (!clash) slots.push({ start, end, lawyer: null });
    }
  }
  return slots;
}
