import ICAL from "ical.js";
import { firmClock, zoneClock } from "../../core/firm-clock.server";
import type { FirmClock } from "../../core/firm-time";

/**
 * A lawyer's calendar (an iCalendar file their calendar app publishes) read into busy intervals
 * over a span (decision 0105), with ical.js (Mozilla's maintained parser) doing the parsing and the
 * recurrence rules; this module only decides what counts as busy and what instant a time is:
 *
 * - An event is busy unless it is cancelled (STATUS:CANCELLED), transparent (TRANSP:TRANSPARENT,
 *   "show as free") or marked free by Outlook (X-MICROSOFT-CDO-BUSYSTATUS:FREE).
 * - Recurring events (RRULE, RDATE) are expanded over the span; EXDATE removes an occurrence
 *   (ical.js), and an override (same UID with RECURRENCE-ID) replaces the occurrence it names:
 *   moved, cancelled or made free. Overrides are matched by instant, so an override written in
 *   UTC still finds an occurrence written in the event's zone.
 * - A time with a zone the file defines (VTIMEZONE) follows the file's own rules, as the calendar
 *   app that wrote it meant. A time naming an IANA zone the file does not define, and a floating
 *   time, are read on the product's zone data (core/firm-clock.server.ts): the named zone, else
 *   the calendar's X-WR-TIMEZONE, else the firm's. An all-day event takes the whole Vancouver day
 *   (days are the firm's: an all-day "court" or "holiday" means that day at the office).
 * - Nothing else is kept: no title, place or notes (they may name clients).
 */

export interface Interval {
  start: number;
  end: number;
}

/** The file is not an iCalendar calendar: the sentence names what to check. */
export class NotACalendar extends Error {
  constructor(detail: string) {
    super("What the address answered is not an iCalendar calendar (a file that begins with BEGIN:VCALENDAR): check that the address is the calendar's iCal (.ics) address, not its web page.");
    this.name = "NotACalendar";
    this.detail = detail;
  }
  readonly detail: string;
}

/**
 * Occurrences all recurring events of one file may step through, from their first to the span's
 * end: ical.js takes about 50 ms per 1,000, so this bounds a read at a few seconds of CPU (a
 * daily rule since 2000 is 10,000; an hourly one since 2025 is about 20,000). An event past it is
 * counted as skipped.
 */
export const MAX_STEPS = 60_000;
/** Busy intervals kept after merging: far more than 60 days of a full diary. */
export const MAX_INTERVALS = 5_000;

export interface ReadResult {
  intervals: Interval[];
  events: number;
  /** Events that could not be read (a broken rule or date): left out, the rest kept. */
  skipped: number;
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/** The busy intervals of an iCalendar text over [from, to), merged and in order. */
export function busyFromIcs(text: string, from: Date, to: Date): ReadResult {
  let root: Component;
  try {
    const parsed: unknown = ICAL.parse(text);
    // A file of several calendars parses to an array: the first is the calendar.
    root = new ICAL.Component((Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[]);
  } catch (error) {
    throw new NotACalendar(error instanceof Error ? error.message : String(error));
  }
  if (root.name !== "vcalendar") throw new NotACalendar(`the file's component is ${root.name}`);
  const calendarZone = stringValue(root.getFirstPropertyValue("x-wr-timezone"));
  const span: Interval = { start: from.getTime(), end: to.getTime() };

  const vevents = root.getAllSubcomponents("vevent");
  // Overrides by UID, each with the instant of the occurrence it replaces.
  const overrides = new Map<string, Array<{ replaces: number; event: Component }>>();
  const masters: Component[] = [];
  let skipped = 0;
  for (const vevent of vevents) {
    try {
      const recurrenceId = vevent.getFirstProperty("recurrence-id");
      if (!recurrenceId) {
        masters.push(vevent);
        continue;
      }
      const uid = stringValue(vevent.getFirstPropertyValue("uid")) ?? "";
      const time = recurrenceId.getFirstValue() as Time;
      const tzid = recurrenceId.getParameter("tzid");
      const replaces = instantOf(time, zoneFor(time, typeof tzid === "string" ? tzid : null, calendarZone));
      const list = overrides.get(uid) ?? [];
      list.push({ replaces, event: vevent });
      overrides.set(uid, list);
    } catch {
      skipped++;
    }
  }

  const out: Interval[] = [];
  const budget = { steps: MAX_STEPS };
  const add = (start: number, end: number) => {
    if (end > span.start && start < span.end && end > start) out.push({ start: Math.max(start, span.start), end: Math.min(end, span.end) });
  };
  for (const master of masters) {
    try {
      const uid = stringValue(master.getFirstPropertyValue("uid")) ?? "";
      expand(master, overrides.get(uid) ?? [], span, calendarZone, add, budget);
    } catch {
      skipped++;
    }
  }
  // Overrides whose series is not in the file (a calendar may publish only the changed one).
  for (const [uid, list] of overrides) {
    if (masters.some((master) => stringValue(master.getFirstPropertyValue("uid")) === uid)) continue;
    for (const { event } of list) {
      try {
        if (!isBusy(event)) continue;
        const [start, end] = boundsOf(new ICAL.Event(event), calendarZone);
        add(start, end);
      } catch {
        skipped++;
      }
    }
  }
  return { intervals: merge(out).slice(0, MAX_INTERVALS), events: vevents.length, skipped };
}

function expand(
  master: Component,
  overrides: Array<{ replaces: number; event: Component }>,
  span: Interval,
  calendarZone: string | null,
  add: (start: number, end: number) => void,
  budget: { steps: number },
): void {
  const event = new ICAL.Event(master);
  const masterBusy = isBusy(master);
  // Each override stands where it was moved, if it is busy, whatever the series is.
  const replaced = new Set<number>();
  for (const { replaces, event: override } of overrides) {
    replaced.add(replaces);
    if (!isBusy(override)) continue;
    const [start, end] = boundsOf(new ICAL.Event(override), calendarZone);
    add(start, end);
  }
  if (!masterBusy) return;
  const [firstStart, firstEnd] = boundsOf(event, calendarZone);
  if (!event.isRecurring()) {
    add(firstStart, firstEnd);
    return;
  }
  const zone = zoneFor(event.startDate, startZoneName(master), calendarZone);
  const duration = event.duration;
  const iterator = event.iterator();
  for (;;) {
    if (--budget.steps < 0) throw new Error("too many occurrences");
    const next = iterator.next() as Time | undefined | null;
    if (!next) return;
    const start = instantOf(next, zone);
    if (start >= span.end) return;
    if (replaced.has(start)) continue;
    const endTime = next.clone();
    endTime.addDuration(duration);
    add(start, instantOf(endTime, zone));
  }
}

/** Whether the event makes its time busy. */
function isBusy(vevent: Component): boolean {
  const status = stringValue(vevent.getFirstPropertyValue("status"))?.toUpperCase();
  if (status === "CANCELLED") return false;
  const transp = stringValue(vevent.getFirstPropertyValue("transp"))?.toUpperCase();
  if (transp === "TRANSPARENT") return false;
  const outlook = stringValue(vevent.getFirstPropertyValue("x-microsoft-cdo-busystatus"))?.toUpperCase();
  return outlook !== "FREE";
}

function boundsOf(event: InstanceType<typeof ICAL.Event>, calendarZone: string | null): [number, number] {
  const start = event.startDate;
  if (!start) throw new Error("no DTSTART");
  const vevent = event.component;
  const zone = zoneFor(start, startZoneName(vevent), calendarZone);
  const startMs = instantOf(start, zone);
  // No DTEND nor DURATION: a day for an all-day event (RFC 5545 3.6.1), nothing for a moment.
  if (!vevent.hasProperty("dtend") && !vevent.hasProperty("duration")) {
    if (!start.isDate) return [startMs, startMs];
    const end = start.clone();
    end.adjust(1, 0, 0, 0);
    return [startMs, instantOf(end, zone)];
  }
  const end = event.endDate;
  const endZoneName = vevent.getFirstProperty("dtend")?.getParameter("tzid");
  const endZone = vevent.hasProperty("dtend") ? zoneFor(end, typeof endZoneName === "string" ? endZoneName : null, calendarZone) : zone;
  return [startMs, instantOf(end, endZone)];
}

const startZoneName = (vevent: Component): string | null => {
  const value = vevent.getFirstProperty("dtstart")?.getParameter("tzid");
  return typeof value === "string" ? value : null;
};

/** The clock a time without a zone the file defines is read on (null: the time has its own). */
function zoneFor(time: Time, tzid: string | null, calendarZone: string | null): FirmClock | null {
  if (time.isDate) return firmClock;
  const zoneId = time.zone?.tzid;
  if (zoneId === "UTC" || (zoneId && zoneId !== "floating")) return null;
  return zoneOf(tzid, calendarZone);
}

function zoneOf(tzid: string | null, calendarZone: string | null): FirmClock {
  const named = tzid ? zoneClock(tzid) : null;
  return named ?? (calendarZone ? zoneClock(calendarZone) : null) ?? firmClock;
}

/** A time as an instant (ms): its own zone when it has one, else the wall time on `clock`. */
function instantOf(time: Time, clock: FirmClock | null): number {
  const zoneId = time.zone?.tzid;
  if (!time.isDate && (zoneId === "UTC" || (zoneId && zoneId !== "floating" && clock === null))) return time.toUnixTime() * 1000;
  const on = time.isDate ? firmClock : (clock ?? firmClock);
  const pad = (n: number) => String(n).padStart(2, "0");
  const minuteOfDay = time.isDate ? 0 : time.hour * 60 + time.minute;
  const day = `${String(time.year).padStart(4, "0")}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return on.startOfDay(day).getTime();
  // A wall time skipped by a change of clocks reads as the same time an hour later, less the hour.
  const at = on.at(day, minuteOfDay) ?? new Date((on.at(day, minuteOfDay + 60)?.getTime() ?? Number.NaN) - 3_600_000);
  if (Number.isNaN(at.getTime())) throw new Error(`no such time ${day} ${minuteOfDay}`);
  return at.getTime() + time.second * 1000;
}

const stringValue = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** Overlapping or touching intervals joined, in order. */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}
