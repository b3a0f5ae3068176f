import { firmClock } from "../../core/firm-clock.server";
import { and, asc, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BOOKING_STATUSES, consultationBookings, consultationClosedDates } from "../../db/schema";
import { auditFrom, type Actor } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { refuse, refuseWith } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { conflictsOf, hitsOn, inConflict } from "../conflicts/conflict-store.server";
import type { ConflictHit, StoredConflict } from "../conflicts/conflict-labels";
import { queueBookingMail } from "./mails.server";
import { otherPartiesOf, visitorFields, type VisitorFields } from "./visitor-fields.server";
import { slotGridChanged } from "./slot-grid-changes.server";
import { SETTINGS_LIMITS } from "./settings";
import { addDays, parseDate, vancouverDate, vancouverMoment } from "./slots.server";
import { actionAllowed, actionRefusal, STAFF_ACTIONS, type BookingStatus, type StaffAction } from "./status";

/** The Consultations tab's refusals (decision 0101). */
const M = defineMessages("booking.staff", {
  bookingGone: "This booking no longer exists.",
  tooManyClosed: "At most {max} closed dates; remove past ones first.",
  tooManyClosedField: "At most {max} closed dates.",
  alreadyClosed: "This date is already closed.",
  notClosed: "This date is not closed.",
});

/**
 * The staff side of consultations (issue 33, decision 0080): the bookings as the Consultations tab
 * lists them, status changes, notes and the firm's closed dates. Every change goes through
 * commit() with its audit entry; decline and cancel queue the visitor's mail in the same transaction.
 */

/** The list shows bookings from this many days back (so a missed one can be marked no-show). */
export const LIST_DAYS_BACK = 7;
/** At most this many bookings per list or week. */
export const LIST_LIMIT = 300;
export const NOTES_MAX = 4000;
export const CLOSED_NOTE_MAX = 200;

const dayFormat = new Intl.DateTimeFormat("en-CA", { weekday: "long", month: "short", day: "numeric", timeZone: "UTC" });

export const BOOKING_FILTERS = ["all", "conflict", ...BOOKING_STATUSES] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
export const isBookingFilter = (value: unknown): value is BookingFilter => typeof value === "string" && (BOOKING_FILTERS as readonly string[]).includes(value);

export interface StaffBooking extends VisitorFields {
  id: number;
  start: string;
  end: string;
  /** "Mon, Mar 15, 2027, 10:00" in Vancouver time. */
  startLabel: string;
  /** Vancouver date and "HH:MM" of the start, for the week grid. */
  day: string;
  time: string;
  endTime: string;
  parties: string[];
  status: BookingStatus;
  staffNotes: string;
  /** Marked by staff as having become a client: kept past the retention period (decision 0092). */
  client: boolean;
  conflicts: StoredConflict[];
  /** Later bookings or messages whose check matched this booking (decision 0106). */
  hits: ConflictHit[];
  /** The actions open now (the server checks them again when one is sent). */
  actions: StaffAction[];
}

// Both directions: the booking's own check matched, or a later check matched it (decision 0106).
const hasConflict = inConflict("booking", consultationBookings.id);

async function toStaffBookings(db: Db, rows: Array<typeof consultationBookings.$inferSelect>, now: Date): Promise<StaffBooking[]> {
  const ids = rows.map((row) => row.id);
  const [conflicts, hits, partiesOf] = await Promise.all([conflictsOf(db, "booking", ids), hitsOn(db, "booking", ids), otherPartiesOf(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    startLabel: firmClock.dateTime(row.startsAt, { weekday: true }),
    day: vancouverDate(row.startsAt),
    time: firmClock.wallOf(row.startsAt).slice(11),
    endTime: firmClock.wallOf(row.endsAt).slice(11),
    ...visitorFields(row),
    parties: partiesOf(row.id),
    status: row.status,
    staffNotes: row.staffNotes,
    client: row.clientAt !== null,
    conflicts: conflicts.get(row.id) ?? [],
    hits: hits.get(row.id) ?? [],
    actions: (Object.keys(STAFF_ACTIONS) as StaffAction[]).filter((action) => actionAllowed(action, row.status, row.startsAt, now)),
  }));
}

const filterCondition = (filter: BookingFilter) =>
  filter === "all" ? undefined : filter === "conflict" ? hasConflict : eq(consultationBookings.status, filter);

/** Upcoming bookings (and the last week's), soonest first, narrowed by the filter. */
export async function listBookings(db: Db, filter: BookingFilter, now: Date, options: { bookingId?: number } = {}): Promise<{ items: StaffBooking[]; total: number; conflicts: number }> {
  const from = vancouverMoment(addDays(vancouverDate(now), -LIST_DAYS_BACK), 0) ?? new Date(now.getTime() - LIST_DAYS_BACK * 86_400_000);
  // One booking, whenever it is (a conflict's link to an earlier record: decision 0106).
  const inRange = options.bookingId !== undefined ? eq(consultationBookings.id, options.bookingId) : gte(consultationBookings.startsAt, from);
  const [rows, [{ total }], [{ conflicts }]] = await Promise.all([
    db.select().from(consultationBookings).where(and(inRange, filterCondition(filter))).orderBy(asc(consultationBookings.startsAt), asc(consultationBookings.id)).limit(LIST_LIMIT),
    db.select({ total: count() }).from(consultationBookings).where(and(inRange, filterCondition(filter))),
    db.select({ conflicts: count() }).from(consultationBookings).where(and(gte(consultationBookings.startsAt, from), hasConflict)),
  ]);
  return { items: await toStaffBookings(db, rows, now), total, conflicts };
}

export interface WeekDay {
  date: string;
  label: string;
}

/** The Monday of the Vancouver week holding `date`. */
export function weekStart(date: string): string {
  const parts = parseDate(date)!;
  const weekday = new Date(Date.UTC(parts.y, parts.m - 1, parts.d)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** A week (Monday to Sunday, Vancouver days) and every booking starting in it, whatever its status. */
export async function bookingsOfWeek(db: Db, monday: string, filter: BookingFilter, now: Date): Promise<{ days: WeekDay[]; items: StaffBooking[]; previous: string; next: string }> {
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    const parts = parseDate(date)!;
    return { date, label: dayFormat.format(new Date(Date.UTC(parts.y, parts.m - 1, parts.d))) };
  });
  // Midnight always exists in Vancouver (the clocks change at 02:00).
  const start = vancouverMoment(monday, 0)!;
  const end = vancouverMoment(addDays(monday, 7), 0)!;
  const rows = await db
    .select()
    .from(consultationBookings)
    .where(and(gte(consultationBookings.startsAt, start), lt(consultationBookings.startsAt, end), filterCondition(filter)))
    .orderBy(asc(consultationBookings.startsAt), asc(consultationBookings.id))
    .limit(LIST_LIMIT);
  return { days, items: await toStaffBookings(db, rows, now), previous: addDays(monday, -7), next: addDays(monday, 7) };
}

/**
 * Confirm, decline, cancel or mark a no-show. The rule (status and start) is part of the UPDATE's
 * condition, so of two people acting at once only one changes it; confirm, decline, "we cannot
 * act" and cancel queue the visitor's mail in the same transaction (it goes out through the outbox).
 */
export async function setBookingStatus(db: Db, actor: Actor, id: number, action: StaffAction, now: Date, options: { referral?: boolean } = {}): Promise<{ status: BookingStatus }> {
  const rule = STAFF_ACTIONS[action];
  const changed = await commit({ db, events: NO_EVENTS }, async (tx) => {
    const timing = rule.when === "before" ? sql`${consultationBookings.startsAt} > ${now}` : sql`${consultationBookings.startsAt} <= ${now}`;
    const [row] = await tx
      .update(consultationBookings)
      .set({ status: rule.to, updatedAt: now })
      .where(and(eq(consultationBookings.id, id), inArray(consultationBookings.status, [...rule.from]), timing))
      .returning({ id: consultationBookings.id });
    if (!row) {
      const [current] = await tx.select({ status: consultationBookings.status, startsAt: consultationBookings.startsAt }).from(consultationBookings).where(eq(consultationBookings.id, id));
      if (!current) throw refuse("not-found", M.bookingGone);
      throw refuseWith("conflict", actionRefusal(action, current.status, current.startsAt, now));
    }
    // Staff act: the visitor hears what the firm did; the firm needs no notice of its own act.
    if (action === "confirm") await queueBookingMail(tx, id, "confirmed");
    if (action === "decline") await queueBookingMail(tx, id, "declined");
    if (action === "cannot-act") await queueBookingMail(tx, id, "cannot-act", { referral: options.referral === true });
    if (action === "cancel") await queueBookingMail(tx, id, "firm-cancelled");
    const auditAction = action === "no-show" ? "no_show" : action === "cannot-act" ? "decline" : action;
    const details = action === "cannot-act" ? { status: rule.to, reason: "cannot-act", referral: options.referral === true } : { status: rule.to };
    return {
      result: { status: rule.to },
      audit: { ...auditFrom(actor), action: auditAction, entity: "consultation_booking", entityId: id, details },
    };
  });
  // The booking pages read the free slots afresh (app/booking/slot-grid.server.ts).
  slotGridChanged();
  return changed;
}

/** The firm's notes on a booking (never shown to the visitor). */
export async function saveBookingNotes(db: Db, actor: Actor, id: number, notes: string): Promise<void> {
  await commit({ db, events: NO_EVENTS }, async (tx) => {
    const [row] = await tx.update(consultationBookings).set({ staffNotes: notes }).where(eq(consultationBookings.id, id)).returning({ id: consultationBookings.id });
    if (!row) throw refuse("not-found", M.bookingGone);
    // Not the text itself: notes may hold personal details the audit log should not copy.
    return { result: undefined, audit: { ...auditFrom(actor), action: "update", entity: "consultation_booking", entityId: id, details: { notes: notes.length } } };
  });
}

export interface ClosedDate {
  day: string;
  note: string | null;
}

export async function listClosedDates(db: Db): Promise<ClosedDate[]> {
  return db.select({ day: consultationClosedDates.day, note: consultationClosedDates.note }).from(consultationClosedDates).orderBy(asc(consultationClosedDates.day));
}

/** A live booking still to come on a Vancouver date (what closing that date would strand). */
export interface BookingOnDate {
  id: number;
  time: string;
  name: string;
  language: string;
}

/** The live bookings still to come on a Vancouver date, in time order. */
export async function liveBookingsOn(db: Db, day: string, now: Date): Promise<BookingOnDate[]> {
  const from = vancouverMoment(day, 0)!;
  const to = vancouverMoment(addDays(day, 1), 0)!;
  const rows = await db
    .select({ id: consultationBookings.id, start: consultationBookings.startsAt, name: consultationBookings.name, language: consultationBookings.language })
    .from(consultationBookings)
    .where(and(inArray(consultationBookings.status, ["booked", "confirmed"]), gte(consultationBookings.startsAt, from), lt(consultationBookings.startsAt, to), sql`${consultationBookings.endsAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(asc(consultationBookings.startsAt));
  return rows.map((row) => ({ id: row.id, time: firmClock.time(row.start, "en"), name: row.name, language: row.language }));
}

/** The warning instead of closing a date that holds bookings (decision 0111): who, when, and how to go ahead. */
export function closingBookedDateMessage(day: string, bookings: readonly BookingOnDate[]): string {
  const list = bookings.map((booking) => `${booking.time} ${booking.name} (#${booking.id})`).join("; ");
  const n = bookings.length;
  return `${n} consultation${n === 1 ? " is" : "s are"} booked on ${day}: ${list}. Tick "Close it and ask ${n === 1 ? "this visitor" : "these visitors"} to choose another time" and add the date again: each is mailed, in their language, with their link to move or cancel. Nothing was changed.`;
}

/**
 * Close the office on a date (besides the statutory holidays); field errors name `day` or `note`.
 * A date with live bookings to come is refused (409, listing them) until `confirm`; then each of
 * those visitors is mailed to choose another time, in the same transaction (decision 0111).
 */
export async function addClosedDate(db: Db, actor: Actor, day: string, note: string, options: { confirm?: boolean; now?: Date } = {}): Promise<{ notified: number }> {
  const now = options.now ?? new Date();
  const result = await commit({ db, events: NO_EVENTS }, async (tx) => {
    const [{ total }] = await tx.select({ total: count() }).from(consultationClosedDates);
    if (total >= SETTINGS_LIMITS.closedDates) throw refuse("invalid", M.tooManyClosed, { max: SETTINGS_LIMITS.closedDates }, { day: M.tooManyClosedField });
    const [row] = await tx.insert(consultationClosedDates).values({ day, note: note || null }).onConflictDoNothing().returning({ day: consultationClosedDates.day });
    if (!row) throw refuse("invalid", M.alreadyClosed, undefined, ["day"]);
    const booked = await liveBookingsOn(tx, day, now);
    if (booked.length > 0 && !options.confirm) throw refuseWith("conflict", closingBookedDateMessage(day, booked), { confirm: "Confirm to close the date and mail these visitors." });
    // The bookings stay as they are (nothing is cancelled for the visitor); each visitor chooses another time or cancels.
    for (const booking of booked) await queueBookingMail(tx, booking.id, "rebook", { notifyFirm: false });
    return {
      result: { notified: booked.length },
      audit: { ...auditFrom(actor), action: "create", entity: "consultation_closed_date", entityId: day, ...(booked.length > 0 ? { details: { rebook: booked.map((booking) => booking.id) } } : {}) },
    };
  });
  slotGridChanged();
  return result;
}

export async function removeClosedDate(db: Db, actor: Actor, day: string): Promise<void> {
  await commit({ db, events: NO_EVENTS }, async (tx) => {
    const [row] = await tx.delete(consultationClosedDates).where(eq(consultationClosedDates.day, day)).returning({ day: consultationClosedDates.day });
    if (!row) throw refuse("not-found", M.notClosed);
    return { result: undefined, audit: { ...auditFrom(actor), action: "delete", entity: "consultation_closed_date", entityId: day } };
  });
  slotGridChanged();
}
