import { and, gte, inArray, lt, notInArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { consultationBookings, consultationClosedDates, consultationSettings } from "../../db/schema";
import { holidayDatesBetween } from "./holidays.server";
import { LIVE_STATUSES } from "./status";
import { bookingSettingsSchema, type BookingSettings, type MeetingKind } from "./settings";
import { addDays, freeSlots, parseDate, type Slot } from "./slots.server";
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
  /** The lawyers' calendar busy times when the caller keeps them (the slots API, for a few seconds). */
  busy?: ReadonlyMap<number, Interval[]>,
): Promise<Slot[]> {
  const current = settings ?? (await loadBookingSettings(db));
  if (request.kind && !current.kinds.includes(request.kind)) return [];
  const team = lawyers ?? (await loadBookableLawyers(db));
  const closed = holidayDatesBetween(request.from, request.to);
  for (const day of current.closedDates) closed.add(day);
  // A day either side covers every offset Vancouver has, plus a buffer reaching across midnight.
  const windowStart = new Date(`${addDays(request.from, -1)}T00:00:00Z`);
  const windowEnd = new Date(`${addDays(request.to, 2)}T00:00:00Z`);
  const chosen = team.filter((lawyer) => matches(lawyer, request));
  if (team.length > 0 && chosen.length === 0) return [];
  const taken = await db
    .select({ start: consultationBookings.startsAt, end: consultationBookings.endsAt, lawyer: consultationBookings.lawyerId })
    .from(consultationBookings)
    .where(
      and(
        inArray(consultationBookings.status, [...LIVE_STATUSES]),
        lt(consultationBookings.startsAt, windowEnd),
        gte(consultationBookings.endsAt, windowStart),
      ),
    );
  if (team.length === 0) {
    if (request.lawyer != null) return [];
    return freeSlots({ settings: current, from: request.from, to: request.to, now: request.now, closed, taken });
  }
  const busyTimes = busy ?? (await lawyersBusy(db, chosen.map((lawyer) => lawyer.id), windowStart, windowEnd));
  return lawyerSlots({ settings: current, from: request.from, to: request.to, now: request.now, closed, lawyers: chosen, taken, busy: busyTimes });
}

/** Busy times from the lawyers' own calendars, keyed by member id as a number. */
export async function lawyersBusy(db: DbOrTx, ids: number[], from: Date, to: Date): Promise<Map<number, Interval[]>> {
  if (ids.length === 0) return new Map();
  const found = await busyIntervals(db, ids, from, to);
  return new Map([...found].map(([id, spans]) => [Number(id), spans]));
}

/** The day's grid of these lawyers (or the firm's) as if nothing were booked: tells "not a slot" (400) from "taken" (409). */
export function gridWithoutBookings(day: string, now: Date, settings: BookingSettings, lawyers: ReadonlyArray<LawyerAvailability>): Slot[] {
  const closed = holidayDatesBetween(day, day);
  for (const date of settings.closedDates) closed.add(date);
  if (lawyers.length === 0) return freeSlots({ settings, from: day, to: day, now, closed, taken: [] });
  return lawyerSlots({ settings, from: day, to: day, now, closed, lawyers, taken: [], busy: new Map() });
}
