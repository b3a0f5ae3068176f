/**
 * What the booking page and its confirmation show of slots and bookings, formatted on the server
 * in the page's language and in Vancouver time (decision 0078). Shared by the page's loader,
 * action and components; no server-only code, no secrets.
 */
import type { Lang } from "../i18n/languages";
import { BOOKING_TIME_ZONE } from "./settings";

/** The booking page's path, unprefixed. */
export const BOOKING_PAGE_PATH = "/virtual-consultation";

/**
 * The name of the booking form's day and weeks buttons (submit buttons whose `formaction` is the
 * page for that day or those weeks): a post that carries it books nothing and shows that page
 * with everything typed kept, so changing the day works without script too (issue 46).
 */
export const SHOW_FIELD = "show";

/** Gregorian dates in every language: an appointment in Vancouver is kept by the Gregorian calendar (the .ics is too). */
const LOCALES: Record<Lang, string> = { en: "en-CA", fa: "fa-IR-u-ca-gregory", zh: "zh-CN" };

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) formats.set(key, (formatter = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: BOOKING_TIME_ZONE, ...options })));
  return formatter;
}

/** "Tuesday, January 12, 2027" in the language, Vancouver's date. */
export const dayLabel = (moment: Date, lang: Lang) => format(lang, { weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(moment);

/** "9:30 a.m." in the language, Vancouver time. */
export const timeLabel = (moment: Date, lang: Lang) => format(lang, { hour: "numeric", minute: "2-digit" }).format(moment);

/** "PST" or "PDT" (or the offset where the language has no abbreviation), for the moment. */
export const zoneLabel = (moment: Date, lang: Lang) =>
  format(lang, { timeZoneName: "short" })
    .formatToParts(moment)
    .find((part) => part.type === "timeZoneName")?.value ?? BOOKING_TIME_ZONE;

/** A date as YYYY-MM-DD ("2027-01-11") in words: "January 11, 2027". */
export const dateLabel = (date: string, lang: Lang) =>
  new Intl.DateTimeFormat(LOCALES[lang], { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" }).format(new Date(`${date}T12:00:00Z`));

export interface SlotChoice {
  /** ISO-8601 UTC, the form's `start` value. */
  start: string;
  /** Vancouver wall-clock time in the page's language. */
  time: string;
}

export interface SlotDay {
  /** Vancouver date, YYYY-MM-DD. */
  date: string;
  label: string;
  slots: SlotChoice[];
}

/** Slots grouped by their Vancouver day, in time order, labelled in the language. */
export function groupSlotsByDay(slots: ReadonlyArray<{ start: Date }>, lang: Lang, vancouverDate: (moment: Date) => string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const date = vancouverDate(slot.start);
    let day = days.at(-1);
    if (day?.date !== date) days.push((day = { date, label: dayLabel(slot.start, lang), slots: [] }));
    day.slots.push({ start: slot.start.toISOString(), time: timeLabel(slot.start, lang) });
  }
  return days;
}
