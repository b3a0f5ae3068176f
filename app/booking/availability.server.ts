import { and, gte, inArray, lt, notInArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { consultationBookings, consultationClosedDates, consultationSettings } from "../../db/schema";
import { holidayDatesBetween } from "./holidays.server";
import { LIVE_STATUSES } from "./status";
import { bookingSettingsSchema, type BookingSettings, type MeetingKind } from "./settings";
import { addDays, blockedBy, freeSlots, parseDate, type Slot, type TakenSpan } from "./slots.server";
import { slotGridChanged } from "./slot-grid-changes.server";
import { loadBookingSettings } from "./booking-settings.server";
import { lawyerSlots, matches, type Interval, type LawyerAvailability } from "./lawyer-slots.server";
import { loadBookableLawyers, type BookableLawyer } from "./lawyers.server";
import { busyIntervals } from "./lawyer-calendars.server";
import type { Lang } from "../i18n/languages";

export { LIVE_STATUSES, loadBookingSettings };

export type SaveSettingsResult = { ok: true; settings: BookingSettings } | { ok: false; errors: string[] };

/** Validate and store the availability; invalid settings change nothing. */
export async function saveBookingSettings(db: Db, input: unknown): Promise<SaveSettingsResult> {
  const parsed = bookingSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
  const settings = parsed.data as BookingSettings;
  for (const day of settings.closedDates) if (!parseDate(day)) return { ok: false, errors: ["booking.settings.date-invalid"] };
  const values = {
    hours: settings.hours,
    slotMinutes: settings.slotMinutes,
    bufferMinutes: settings.bufferMinutes,
    minNoticeHours: settings.minNoticeHours,
    horizonDays: settings.horizonDays,
    kinds: [...new Set(settings.kinds)],
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(consultationSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: consultationSettings.id, set: { ...values, updatedAt: new Date() } });
    const days = [...new Set(settings.closedDates)];
    // Dates that stay keep their note (the Consultations tab adds and removes them one by one).
    await tx.delete(consultationClosedDates).where(days.length > 0 ? notInArray(consultationClosedDates.day, days) : undefined);
    if (days.length > 0) await tx.insert(consultationClosedDates).values(days.map((day) => ({ day }))).onConflictDoNothing();
  });
  slotGridChanged();
  return { ok: true, settings: { ...settings, kinds: values.kinds, closedDates: [...new Set(settings.closedDates)].sort() } };
}

export interface SlotRequest {
  from: string;
  to: string;
  kind?: MeetingKind | null;
  now: Date;
  /** One lawyer's slots only (a team member id). */
  lawyer?: number | null;
  /** Lawyers who take this practice area / speak this language. */
  area?: string | null;
  lang?: Lang | null;
}

/**
 * The free slots of a date range as the database stands now. With bookable lawyers, each
 * lawyer's own (their hours, time off, bookings and busy times), narrowed as asked, each naming
 * its lawyer (decision 0104); with none, the firm's one calendar (`lawyer` null, decision 0076).
 */
export async function listFreeSlots(
  db: DbOrTx,
  request: SlotRequest,
  settings?: BookingSettings,
  lawyers?: ReadonlyArray<BookableLawyer>,
  /** The lawyers' calendar busy times when the caller keeps them (the booking pages and the slots API, for a few seconds). */
  busy?: ReadonlyMap<number, ReadonlyArray<Interval>>,
): Promise<Slot[]> {
  const current = settings ?? (await loadBookingSettings(db));
  const team = lawyers ?? (await loadBookableLawyers(db));
  const chosen = chosenLawyers(request, current, team);
  if (chosen === null) return [];
  const taken = await takenFor(db, request);
  const window = bookingWindow(request);
  const busyTimes = busy ?? (await lawyersBusy(db, chosen.map((lawyer) => lawyer.id), window.start, window.end));
  return withoutTaken(slotsOf(request, current, chosen, busyTimes), taken, current.bufferMinutes);
}

/** A request's range and narrowing as one text: the key its slots are kept under. */
export const slotRequestKey = (request: SlotRequest): string =>
  [request.from, request.to, request.kind, request.lawyer, request.area, request.lang].map((part) => part ?? "").join(" ");

/** The lawyers a request is for ([]: the firm's one calendar), or null when nobody can be booked as asked. */
function chosenLawyers<T extends LawyerAvailability>(request: SlotRequest, settings: BookingSettings, team: ReadonlyArray<T>): T[] | null {
  if (request.kind && !settings.kinds.includes(request.kind)) return null;
  if (team.length === 0) return request.lawyer != null ? null : [];
  const chosen = team.filter((lawyer) => matches(lawyer, request));
  return chosen.length === 0 ? null : chosen;
}

/** The bookings that can touch a range's slots: a day either side covers every offset Vancouver has, plus a buffer reaching across midnight. */
function bookingWindow(request: Pick<SlotRequest, "from" | "to">): { start: Date; end: Date } {
  return { start: new Date(`${addDays(request.from, -1)}T00:00:00Z`), end: new Date(`${addDays(request.to, 2)}T00:00:00Z`) };
}

/** The live bookings that can touch a range's slots, as they stand now (the slots API reads them on every request). */
export async function takenFor(db: DbOrTx, request: Pick<SlotRequest, "from" | "to">): Promise<TakenSpan[]> {
  const window = bookingWindow(request);
  return db
    .select({ start: consultationBookings.startsAt, end: consultationBookings.endsAt, lawyer: consultationBookings.lawyerId })
    .from(consultationBookings)
    .where(and(inArray(consultationBookings.status, [...LIVE_STATUSES]), lt(consultationBookings.startsAt, window.end), gte(consultationBookings.endsAt, window.start)));
}

/**
 * A range's slots as if nothing were booked: the hours, overrides, time off, closed dates and
 * holidays, the lawyers' calendar busy times, the notice and the horizon, narrowed as asked. What
 * is booked comes off with withoutTaken, so callers may keep this for a few seconds and read only
 * the bookings afresh.
 */
export function openSlots(request: SlotRequest, settings: BookingSettings, team: ReadonlyArray<LawyerAvailability>, busy: ReadonlyMap<number, ReadonlyArray<Interval>>): Slot[] {
  const chosen = chosenLawyers(request, settings, team);
  return chosen === null ? [] : slotsOf(request, settings, chosen, busy);
}

/** openSlots for the lawyers already chosen ([]: the firm's one calendar). */
function slotsOf(request: SlotRequest, settings: BookingSettings, chosen: ReadonlyArray<LawyerAvailability>, busy: ReadonlyMap<number, ReadonlyArray<Interval>>): Slot[] {
  const closed = holidayDatesBetween(request.from, request.to);
  for (const day of settings.closedDates) closed.add(day);
  const input = { settings, from: request.from, to: request.to, now: request.now, closed, taken: [] };
  return chosen.length === 0 ? freeSlots(input) : lawyerSlots({ ...input, lawyers: chosen, busy });
}

/**
 * The slots that no live booking covers, with the buffer around each: a lawyer's booking blocks
 * their own slots, one without a lawyer (made before lawyers were bookable) blocks everyone's, and
 * any booking blocks the firm's one calendar. Keeps the order.
 */
export function withoutTaken<T extends Slot>(slots: ReadonlyArray<T>, taken: ReadonlyArray<TakenSpan>, bufferMinutes: number): T[] {
  if (taken.length === 0) return [...slots];
  const blockers = new Map<number | null, ReturnType<typeof blockedBy>>();
  const blockerOf = (lawyer: number | null) => {
    let blocked = blockers.get(lawyer);
    if (!blocked) blockers.set(lawyer, (blocked = blockedBy(lawyer === null ? taken : taken.filter((span) => span.lawyer === null || span.lawyer === lawyer), bufferMinutes)));
    return blocked;
  };
  return slots.filter((slot) => !blockerOf(slot.lawyer)(slot.start, slot.end));
}

/** Busy times from the lawyers' own calendars, keyed by member id as a number. */
export async function lawyersBusy(db: DbOrTx, ids: number[], from: Date, to: Date): Promise<Map<number, Interval[]>> {
  if (ids.length === 0) return new Map();
  const found = await busyIntervals(db, ids, from, to);
  return new Map([...found].map(([id, spans]) => [Number(id), spans]));
}

/** The day's grid of these lawyers (or the firm's) as if nothing were booked: tells "not a slot" (400) from "taken" (409). */
export function gridWithoutBookings(day: string, now: Date, settings: BookingSettings, lawyers: ReadonlyArray<LawyerAvailability>): Slot[] {
  return openSlots({ from: day, to: day, now }, settings, lawyers, new Map());
}
