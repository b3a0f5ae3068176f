import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consultationBookings } from "../../db/schema";
import { hitRateLimit } from "../../core/rate-limit";
import type { Logger } from "../../core/log";
import { isUniqueViolation } from "../changes/errors.server";
import { LIVE_STATUSES, listFreeSlots, loadBookingSettings } from "./availability.server";
import { nearestFreeSlots } from "./bookings.server";
import { holidayDatesBetween } from "./holidays.server";
import { queueBookingMail } from "./mails.server";
import { gridFreeSlots, gridLawyers, gridSettings } from "./slot-grid.server";
import { slotGridChanged } from "./slot-grid-changes.server";
import { consumeManageToken, peekManageToken, revokeManageTokens } from "./manage-tokens.server";
import { addDays, freeSlots, vancouverDate, type Slot } from "./slots.server";
import { unionOfStarts } from "./lawyer-slots.server";

/**
 * What the cancel-or-reschedule link does (issue 33, decision 0079). Opening the page uses
 * nothing up (mail filters open links); a POST uses the token in the transaction of the change,
 * so a refused change (slot just taken, bad choice) leaves the link working, and a done one spends
 * it and every other link of the booking; the "changed" mail brings a new one.
 */

/** Manage POSTs per client address, and per booking, per hour (the contact form counts 10 an hour per address). */
export const MANAGE_RATE_LIMIT_PER_IP = 10;
export const MANAGE_RATE_LIMIT_PER_BOOKING = 5;
export const MANAGE_RATE_WINDOW_MS = 60 * 60 * 1000;
/** How many days of other times the page offers (around the booking's day). */
export const RESCHEDULE_DAYS = 14;

export interface ManageDeps {
  db: Db;
  log: Logger;
  now: () => Date;
}

export interface ManagedBooking {
  id: number;
  start: string;
  end: string;
  kind: "video" | "phone" | "office";
  area: string | null;
  language: string;
  name: string;
}

export type ManageView = { state: "valid"; booking: ManagedBooking; slots: Slot[] } | { state: "invalid" };

export type ManageResult =
  | { status: 200; done: "cancelled" | "moved"; booking: ManagedBooking }
  | { status: 400; error: "booking-manage-choose" }
  | { status: 409; error: "booking-manage-taken"; nearest: Slot[] }
  | { status: 410; error: "booking-manage-invalid" }
  | { status: 429; error: "booking-manage-rate-limited" }
  | { status: 500; error: "booking-manage-error" };

const view = (row: typeof consultationBookings.$inferSelect): ManagedBooking => ({
  id: row.id,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  kind: row.kind,
  area: row.area,
  language: row.language,
  name: row.name,
});

const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/** The live booking a token stands for (the row), or null; uses nothing up. */
export async function liveBookingOf(deps: ManageDeps, token: string): Promise<typeof consultationBookings.$inferSelect | null> {
  const now = deps.now();
  const id = await peekManageToken(deps.db, token, now);
  if (id === null) return null;
  const [row] = await deps.db.select().from(consultationBookings).where(eq(consultationBookings.id, id));
  return row && isLive(row.status) && row.endsAt > now ? row : null;
}

/** The page: the booking and the free times to move it to, or "invalid" (used, altered, replaced, over). */
export async function loadManagePage(deps: ManageDeps, token: string): Promise<ManageView> {
  const now = deps.now();
  const row = await liveBookingOf(deps, token);
  if (!row) return { state: "invalid" };
  // Two weeks around the booking (from today at the earliest): where someone moving it looks first.
  const today = vancouverDate(now);
  const around = addDays(vancouverDate(row.startsAt), -Math.floor(RESCHEDULE_DAYS / 2));
  const from = around > today ? around : today;
  // The booking's own lawyer's free times: a move keeps the lawyer (decision 0104). Reused for a few
  // seconds (app/booking/slot-grid.server.ts); the move itself checks afresh.
  const slots = unionOfStarts(await gridFreeSlots(deps.db, { from, to: addDays(from, RESCHEDULE_DAYS), now, kind: row.kind, lawyer: row.lawyerId }, await gridSettings(deps.db, now), await gridLawyers(deps.db, now)));
  return { state: "valid", booking: view(row), slots };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A refusal that rolls the transaction back, so the token stays unused. */
class Refused extends Error {
  constructor(readonly result: ManageResult) {
    super("refused");
  }
}

/** One POST of the page: `intent` cancel, or reschedule with `start` (an ISO time from the list). */
export async function manageBooking(deps: ManageDeps, form: FormData, token: string, clientIp: string): Promise<ManageResult> {
  const now = deps.now();
  const intent = form.get("intent");
  const startText = form.get("start");
  const start = typeof startText === "string" && ISO_TIME.test(startText) ? new Date(startText) : null;
  try {
    // Every POST counts, a guessed token too: it slows anyone trying tokens from one address.
    const byAddress = await hitRateLimit(deps.db, `booking-manage:${clientIp}`, { limit: MANAGE_RATE_LIMIT_PER_IP, windowMs: MANAGE_RATE_WINDOW_MS, now });
    if (!byAddress.allowed) return { status: 429, error: "booking-manage-rate-limited" };
    const bookingId = await peekManageToken(deps.db, token, now);
    if (bookingId === null) return { status: 410, error: "booking-manage-invalid" };
    const byBooking = await hitRateLimit(deps.db, `booking-manage:booking:${bookingId}`, { limit: MANAGE_RATE_LIMIT_PER_BOOKING, windowMs: MANAGE_RATE_WINDOW_MS, now });
    if (!byBooking.allowed) return { status: 429, error: "booking-manage-rate-limited" };

    if (intent === "cancel") return await cancel(deps, token, now);
    if (intent !== "reschedule") return { status: 400, error: "booking-manage-choose" };
    if (!start || Number.isNaN(start.getTime())) return { status: 400, error: "booking-manage-choose" };
    try {
      return await reschedule(deps, token, start, now);
    } catch (error) {
      // Another booking took the slot between the check and the move: the unique index said no.
      if (!isUniqueViolation(error)) throw error;
      return { status: 409, error: "booking-manage-taken", nearest: await nearestFreeSlots(deps.db, start, now).catch(() => []) };
    }
  } catch (error) {
    if (error instanceof Refused) {
      // The nearest free times are read once the transaction is gone.
      if (error.result.status === 409 && start) return { ...error.result, nearest: await nearestFreeSlots(deps.db, start, now).catch(() => []) };
      return error.result;
    }
    deps.log.error({ err: error }, "managing a consultation failed");
    return { status: 500, error: "booking-manage-error" };
  }
}

async function cancel(deps: ManageDeps, token: string, now: Date): Promise<ManageResult> {
  return afterChange(deps.db.transaction(async (tx) => {
    const id = await consumeManageToken(tx, token, now);
    if (id === null) throw new Refused({ status: 410, error: "booking-manage-invalid" });
    const [row] = await tx
      .update(consultationBookings)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(consultationBookings.id, id), inArray(consultationBookings.status, [...LIVE_STATUSES]), sql`${consultationBookings.endsAt} > ${now.toISOString()}::timestamptz`))
      .returning();
    if (!row) throw new Refused({ status: 410, error: "booking-manage-invalid" });
    // Voids the booking's other links too; the visitor gets the CANCEL invitation, the firm a notice.
    await queueBookingMail(tx, id, "cancelled");
    return { status: 200, done: "cancelled", booking: view(row) } as const;
  }));
}

/** The booking pages read the free slots afresh once a move or cancellation is stored. */
async function afterChange<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  slotGridChanged();
  return result;
}

async function reschedule(deps: ManageDeps, token: string, start: Date, now: Date): Promise<ManageResult> {
  return afterChange(deps.db.transaction(async (tx) => {
    const id = await consumeManageToken(tx, token, now);
    if (id === null) throw new Refused({ status: 410, error: "booking-manage-invalid" });
    const [row] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, id)).for("update");
    if (!row || !isLive(row.status) || row.endsAt <= now) throw new Refused({ status: 410, error: "booking-manage-invalid" });
    if (start.getTime() === row.startsAt.getTime()) throw new Refused({ status: 400, error: "booking-manage-choose" });

    const settings = await loadBookingSettings(tx);
    const day = vancouverDate(start);
    const free = await listFreeSlots(tx, { from: day, to: day, now, kind: row.kind, lawyer: row.lawyerId }, settings);
    const slot = free.find((s) => s.start.getTime() === start.getTime());
    if (!slot) {
      const closed = holidayDatesBetween(day, day);
      for (const date of settings.closedDates) closed.add(date);
      const onGrid = freeSlots({ settings, from: day, to: day, now, closed, taken: [] }).some((s) => s.start.getTime() === start.getTime());
      if (!onGrid) throw new Refused({ status: 400, error: "booking-manage-choose" });
      throw new Refused({ status: 409, error: "booking-manage-taken", nearest: [] });
    }
    // The move is one UPDATE under the one-booking-per-slot index: a slot taken meanwhile is a unique violation.
    const [moved] = await tx
      .update(consultationBookings)
      .set({ startsAt: slot.start, endsAt: slot.end, icsSequence: sql`${consultationBookings.icsSequence} + 1`, reminderQueuedAt: null, updatedAt: now })
      .where(eq(consultationBookings.id, id))
      .returning();
    await revokeManageTokens(tx, id);
    await queueBookingMail(tx, id, "changed", { from: row.startsAt });
    return { status: 200, done: "moved", booking: view(moved) } as const;
  }));
}
