/**
 * Each bookable lawyer's free slots, and who gets an "any lawyer" booking (issue 46, decision
 * 0104). Pure: the caller reads the settings, the lawyers, the bookings and each lawyer's busy
 * times (their own calendar) and passes them in.
 */
import { weekdayOf } from "../../core/firm-time";
import type { Lang } from "../i18n/languages";
import type { BookingSettings, MeetingKind, OfficeHours } from "./settings";
import { blockedBy, gridSlots, type Slot, type TakenSpan } from "./slots.server";

export interface LawyerAvailability {
  /** The team member's id. */
  id: number;
  /** Their week, Sunday first; null: the office hours. */
  hours: ReadonlyArray<OfficeHours | null> | null;
  /** One date's own hours (null: away that day); wins over the week. */
  overrides: ReadonlyArray<{ date: string; hours: OfficeHours | null }>;
  /** Days away, inclusive Vancouver dates. */
  timeOff: ReadonlyArray<{ from: string; to: string }>;
  /** Practice areas taken; empty: every area. */
  areas: readonly string[];
  languages: readonly Lang[];
  kinds: readonly MeetingKind[];
}

export interface Interval {
  start: Date;
  end: Date;
}

export interface LawyerSlotInput {
  settings: BookingSettings;
  from: string;
  to: string;
  now: Date;
  /** Dates the whole firm is closed: statutory holidays and closed dates (no override opens them). */
  closed: ReadonlySet<string>;
  lawyers: ReadonlyArray<LawyerAvailability>;
  /** Live bookings: a lawyer's block their own slots; one without a lawyer (made before lawyers were bookable) blocks everyone's. */
  taken: ReadonlyArray<TakenSpan>;
  /** Busy times from each lawyer's own calendar. */
  busy: ReadonlyMap<number, ReadonlyArray<Interval>>;
}

/** What the visitor narrows by; every part optional. */
export interface LawyerFilter {
  lawyer?: number | null;
  kind?: MeetingKind | null;
  area?: string | null;
  lang?: Lang | null;
}

export const offersKind = (lawyer: LawyerAvailability, kind: MeetingKind) => lawyer.kinds.includes(kind);

/** Whether a lawyer fits what the visitor asked for. */
export function matches(lawyer: LawyerAvailability, filter: LawyerFilter): boolean {
  if (filter.lawyer != null && lawyer.id !== filter.lawyer) return false;
  if (filter.kind && !offersKind(lawyer, filter.kind)) return false;
  if (filter.area && lawyer.areas.length > 0 && !lawyer.areas.includes(filter.area)) return false;
  if (filter.lang && !lawyer.languages.includes(filter.lang)) return false;
  return true;
}

/** A lawyer's hours on a date: time off, then the date's override, then their week (or the office's). */
export function lawyerHoursOn(lawyer: LawyerAvailability, date: string, settings: BookingSettings): OfficeHours | null {
  if (lawyer.timeOff.some((span) => span.from <= date && date <= span.to)) return null;
  const override = lawyer.overrides.find((entry) => entry.date === date);
  if (override) return override.hours;
  return (lawyer.hours ?? settings.hours)[weekdayOf(date)] ?? null;
}

/** Every lawyer's free slots, in time order (then by lawyer id): each slot names its lawyer. */
export function lawyerSlots(input: LawyerSlotInput): Slot[] {
  const { settings, closed } = input;
  const slots: Slot[] = [];
  for (const lawyer of input.lawyers) {
    const mine = input.taken.filter((span) => span.lawyer === null || span.lawyer === lawyer.id);
    const blocked = blockedBy([...mine, ...(input.busy.get(lawyer.id) ?? [])], settings.bufferMinutes);
    slots.push(
      ...gridSlots(input, {
        hoursOf: (date) => (closed.has(date) ? null : lawyerHoursOn(lawyer, date, settings)),
        blocked,
        lawyer: lawyer.id,
      }),
    );
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime() || (a.lawyer ?? 0) - (b.lawyer ?? 0));
}

/** One slot per start time: the page's "any lawyer" union (which lawyer is decided when booking). */
export function unionOfStarts(slots: ReadonlyArray<Slot>): Slot[] {
  const seen = new Set<number>();
  const out: Slot[] = [];
  for (const slot of slots) {
    if (seen.has(slot.start.getTime())) continue;
    seen.add(slot.start.getTime());
    out.push(slot);
  }
  return out;
}

export interface LawyerLoad {
  /** Bookings assigned to them in the last 30 days. */
  recent: number;
  /** When they were last booked (assigned), or null when never. */
  lastBookedAt: Date | null;
}

/**
 * Round-robin (decision 0104): the free lawyers who match, fewest bookings in the last 30 days
 * first, then the one booked least recently (never booked first), then the lower id. The caller
 * tries them in this order, so a lawyer whose slot was taken meanwhile passes the turn on.
 */
export function roundRobinOrder(candidates: readonly number[], load: ReadonlyMap<number, LawyerLoad>): number[] {
  const of = (id: number) => load.get(id) ?? { recent: 0, lastBookedAt: null };
  return [...new Set(candidates)].sort((a, b) => {
    const la = of(a);
    const lb = of(b);
    if (la.recent !== lb.recent) return la.recent - lb.recent;
    const ta = la.lastBookedAt?.getTime() ?? -Infinity;
    const tb = lb.lastBookedAt?.getTime() ?? -Infinity;
    if (ta !== tb) return ta < tb ? -1 : 1;
    return a - b;
  });
}

/** The lawyers in the order a visitor in `lang` sees them: those who speak it first, then the rest (each group in the team's order). */
export function speakersFirst<T extends { languages: readonly Lang[] }>(lawyers: readonly T[], lang: Lang): T[] {
  return [...lawyers.filter((lawyer) => lawyer.languages.includes(lang)), ...lawyers.filter((lawyer) => !lawyer.languages.includes(lang))];
}
