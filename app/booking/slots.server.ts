import { firmClock } from "../../core/firm-clock.server";
import { addDays, weekdayOf } from "../../core/firm-time";
import { minutesOfDay, type BookingSettings, type OfficeHours } from "./settings";

/**
 * Free consultation slots (issue 33, decision 0076): the office hours of each Vancouver day, minus
 * statutory holidays and the firm's closed dates, minus what existing bookings (with the buffer
 * around them) cover, minus what starts inside the minimum notice or beyond the horizon.
 *
 * All wall-clock arithmetic goes through the firm clock (decision 0083): the product's own rules
 * for British Columbia, whatever time-zone data the runtime carries.
 */
export interface Slot {
  start: Date;
  end: Date;
  /** The bookable lawyer (a team member id), or null for the firm's one calendar (no lawyer is bookable). */
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

export { addDays };

/** The Vancouver calendar date of a moment. */
export const vancouverDate = (moment: Date): string => firmClock.dayOf(moment);

/**
 * The moment of a Vancouver wall-clock time, or null when that time does not exist that day (the
 * hour skipped when clocks went forward). A time that happens twice is its first occurrence.
 */
export const vancouverMoment = (date: string, minuteOfDay: number): Date | null => firmClock.at(date, minuteOfDay);

/** The last Vancouver date the horizon reaches from `now`. */
export const horizonEnd = (settings: BookingSettings, now: Date) => addDays(vancouverDate(now), settings.horizonDays);

/** Free slots from `from` to `to`, in time order: the firm's one calendar ("any available lawyer", lawyer null). */
export function freeSlots(input: SlotInput): Slot[] {
  const { settings, closed, taken } = input;
  return gridSlots(input, {
    hoursOf: (date) => (closed.has(date) ? null : settings.hours[weekdayOf(date)] ?? null),
    blocked: blockedBy(taken, settings.bufferMinutes),
    lawyer: null,
  });
}

/** Whether a span overlaps any of these, each widened by the buffer on both sides. */
export function blockedBy(spans: ReadonlyArray<{ start: Date; end: Date }>, bufferMinutes: number): (start: Date, end: Date) => boolean {
  const buffer = bufferMinutes * MINUTE;
  return (start, end) => spans.some((span) => span.start.getTime() - buffer < end.getTime() && start.getTime() < span.end.getTime() + buffer);
}

export interface GridRules {
  /** One date's opening hours, or null when nobody can be booked that day. */
  hoursOf: (date: string) => OfficeHours | null;
  /** Whether something (a booking, a busy time) covers this span. */
  blocked: (start: Date, end: Date) => boolean;
  lawyer: number | null;
}

/**
 * The slots of each open day's grid within the notice and the horizon that nothing blocks. Each
 * day's grid starts at its opening time and steps by slot + buffer, so any two offered slots
 * (of one calendar) can both be booked.
 */
export function gridSlots(input: Pick<SlotInput, "settings" | "from" | "to" | "now">, rules: GridRules): Slot[] {
  const { settings, now } = input;
  const today = vancouverDate(now);
  const first = input.from > today ? input.from : today;
  const lastAllowed = horizonEnd(settings, now);
  const last = input.to < lastAllowed ? input.to : lastAllowed;
  const earliest = now.getTime() + settings.minNoticeHours * 60 * MINUTE;
  const slots: Slot[] = [];

  for (let date = first; date <= last; date = addDays(date, 1)) {
    const hours = rules.hoursOf(date);
    if (!hours) continue;
    const close = minutesOfDay(hours.close);
    const closing = vancouverMoment(date, close);
    for (let minute = minutesOfDay(hours.open); minute + settings.slotMinutes <= close; minute += settings.slotMinutes + settings.bufferMinutes) {
      const start = vancouverMoment(date, minute);
      if (!start || start.getTime() < earliest) continue;
      const end = new Date(start.getTime() + settings.slotMinutes * MINUTE);
      // Elapsed time, not wall-clock: a slot never ends past closing on a day the clocks change.
      if (closing && end.getTime() > closing.getTime()) continue;
      if (!rules.blocked(start, end)) slots.push({ start, end, lawyer: rules.lawyer });
    }
  }
  return slots;
}
