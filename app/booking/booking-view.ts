/**
 * What the booking page and its confirmation show of slots and bookings, formatted on the server
 * in the page's language and in Vancouver time by the firm clock (decisions 0078, 0083: Gregorian
 * dates in every language). Shared by the page's loader, action and components; no server-only
 * code, no secrets.
 */
import type { FirmClock } from "../../core/firm-time";
import type { Lang } from "../i18n/languages";

/** The booking page's path, unprefixed. */
export const BOOKING_PAGE_PATH = "/virtual-consultation";

/**
 * The name of the booking form's day and weeks buttons (submit buttons whose `formaction` is the
 * page for that day or those weeks): a post that carries it books nothing and shows that page
 * with everything typed kept, so changing the day works without script too (issue 46).
 */
export const SHOW_FIELD = "show";

export interface SlotChoice {
  /** ISO-8601 UTC, the form's `start` value. */
  start: string;
  /** Vancouver wall-clock time in the page's language. */
  time: string;
  /** Vancouver's offset from UTC then (minutes): the browser compares its own, never re-deriving Vancouver's. */
  offset: number;
}

export interface SlotDay {
  /** Vancouver date, YYYY-MM-DD. */
  date: string;
  label: string;
  slots: SlotChoice[];
}

/** Slots grouped by their Vancouver day, in time order, labelled in the language. */
export function groupSlotsByDay(slots: ReadonlyArray<{ start: Date }>, lang: Lang, clock: FirmClock): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const date = clock.dayOf(slot.start);
    let day = days.at(-1);
    if (day?.date !== date) days.push((day = { date, label: clock.date(slot.start, lang, { weekday: true }), slots: [] }));
    day.slots.push({ start: slot.start.toISOString(), time: clock.time(slot.start, lang), offset: clock.offsetMinutes(slot.start) });
  }
  return days;
}
