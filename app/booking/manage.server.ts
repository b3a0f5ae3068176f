import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consultationBookings } from "../../db/schema";
import { hitRateLimit } from "../../core/rate-limit";
import type { Logger } from "../../core/log";
import { isUniqueViolation } from "../changes/errors.server";
import { LIVE_STATUSES, listFreeSlots, loadBookingSettings } from "./availability.server";
import { loadBookableLawyers } from "./lawyers.server";
import { nearestFreeSlots } from "./bookings.server";
import { lawyerLoad, type BookableLawyer } from "./lawyers.server";
import { isMeetingKind, type MeetingKind } from "./settings";
import type { Lang } from "../i18n/languages";
import { holidayDatesBetween } from "./holidays.server";
import { queueBookingMail } from "./mails.server";
import { gridAvailability, gridFreeSlots } from "./slot-grid.server";
import { slotGridChanged } from "./slot-grid-changes.server";
import { consumeManageToken, peekManageToken, revokeManageTokens } from "./manage-tokens.server";
import { addDays, freeSlots, vancouverDate, type Slot } from "./slots.server";
import { matches, offersKind, roundRobinOrder, unionOfStarts, type LawyerFilter } from "./lawyer-slots.server";

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
/** The longest phone number kept (the booking form's rule). */
const PHONE_MAX = 50;

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
  lawyer: number | null;
  /** Whether the booking holds a phone number (the number itself is not shown back). */
  hasPhone: boolean;
}

/**
 * Who a move goes to (issue 46): the booking's own lawyer (`same`), any lawyer who fits
 * (`any`), or one lawyer by id. The firm's one calendar has no choice.
 */
export type LawyerChoice = "same" | "any" | number;

/** What the visitor narrowed the page by: the lawyer, the meeting kind and the day shown. */
export interface ManageChoice {
  lawyer: LawyerChoice;
  kind: MeetingKind;
  day: string | null;
}

export type ManageView =
  | {
      state: "valid";
      booking: ManagedBooking;
      /** The lawyers a move may go to (those who take the booking's area and meet the chosen way), speakers of the booking's language first. */
      lawyers: Array<{ id: number; name: string; languages: readonly Lang[] }>;
      /** The booking's own lawyer's name, when it has one. */
      lawyerName: string | null;
      kinds: MeetingKind[];
      choice: ManageChoice;
      /** Every day with free times over the whole horizon, and the chosen day's times. */
      days: string[];
      slots: Slot[];
    }
  | { state: "invalid" };

export type ManageResult =
  | { status: 200; done: "cancelled" | "moved" | "changed"; booking: ManagedBooking }
  | { status: 200; done: "confirm-cancel" }
  | { status: 400; error: "booking-manage-choose" | "booking.validation.phone-required" | "booking.validation.phone-max" | "booking.validation.lawyer-kind" | "booking.validation.kind-invalid" }
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
  lawyer: row.lawyerId,
  hasPhone: Boolean(row.phone),
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

/** The visitor's choice from the page's query (`lawyer`, `kind`, `day`); anything unknown is the booking's own. */
export function readManageChoice(query: URLSearchParams, booking: { kind: MeetingKind }): ManageChoice {
  const lawyer = query.get("lawyer") ?? "";
  const kind = query.get("kind");
  const day = query.get("day") ?? "";
  return {
    lawyer: lawyer === "any" ? "any" : /^\d{1,9}$/.test(lawyer) ? Number(lawyer) : "same",
    kind: isMeetingKind(kind) ? kind : booking.kind,
    day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
  };
}

/** The lawyers a move may go to: bookable, taking the booking's area, meeting the chosen way. */
function movableTo(team: ReadonlyArray<BookableLawyer>, area: string | null, kind: MeetingKind, language: string) {
  const fit = team.filter((lawyer) => matches(lawyer, { kind, area }));
  // The speakers of the visitor's language first, as on the booking page.
  return [...fit.filter((lawyer) => (lawyer.languages as readonly string[]).includes(language)), ...fit.filter((lawyer) => !(lawyer.languages as readonly string[]).includes(language))];
}

/** The lawyer id a choice narrows the slots to (null: any who fits, or the firm's one calendar). */
const lawyerOf = (choice: LawyerChoice, row: { lawyerId: number | null }, team: ReadonlyArray<{ id: number }>): number | null =>
  team.length === 0 ? null : choice === "same" ? row.lawyerId : choice === "any" ? null : choice;

/**
 * The page: the booking and the free times to move it to over the whole horizon (the days with
 * free times, then the chosen day's times), or "invalid" (used, altered, replaced, over).
 */
export async function loadManagePage(deps: ManageDeps, token: string, query = new URLSearchParams()): Promise<ManageView> {
  const now = deps.now();
  const row = await liveBookingOf(deps, token);
  if (!row) return { state: "invalid" };
  const availability = await gridAvailability(deps.db, now);
  const { settings, lawyers: team } = availability;
  const asked = readManageChoice(query, row);
  const kind = settings.kinds.includes(asked.kind) ? asked.kind : row.kind;
  const lawyers = movableTo(team, row.area, kind, row.language);
  // A lawyer who no longer fits (or is not bookable) is not offered: any lawyer then.
  let lawyer: LawyerChoice = asked.lawyer;
  if (typeof lawyer === "number" && !lawyers.some((entry) => entry.id === lawyer)) lawyer = "any";
  if (lawyer === "same" && row.lawyerId !== null && !lawyers.some((entry) => entry.id === row.lawyerId)) lawyer = "any";
  if (lawyer === "same" && row.lawyerId === null) lawyer = "any";
  const today = vancouverDate(now);
  // The whole horizon, reused for a few seconds (app/booking/slot-grid.server.ts); the move itself checks afresh.
  const all = unionOfStarts(
    await gridFreeSlots(deps.db, { from: today, to: addDays(today, settings.horizonDays), now, kind, area: row.area, lawyer: lawyerOf(lawyer, row, team) }, availability),
  );
  const days = [...new Set(all.map((slot) => vancouverDate(slot.start)))];
  const day = asked.day && days.includes(asked.day) ? asked.day : days.includes(vancouverDate(row.startsAt)) ? vancouverDate(row.startsAt) : (days[0] ?? null);
  const owner = row.lawyerId === null ? null : (team.find((entry) => entry.id === row.lawyerId)?.name ?? null);
  return {
    state: "valid",
    booking: view(row),
    lawyers: lawyers.map((entry) => ({ id: entry.id, name: entry.name, languages: entry.languages })),
    lawyerName: owner,
    kinds: settings.kinds,
    choice: { lawyer, kind, day },
    days,
    slots: day ? all.filter((slot) => vancouverDate(slot.start) === day) : [],
  };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A refusal that rolls the transaction back, so the token stays unused. */
class Refused extends Error {
  /** For a taken time: whose nearest free times to offer (the lawyer and way of meeting chosen). */
  constructor(
    readonly result: ManageResult,
    readonly filter: LawyerFilter = {},
  ) {
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

    // Cancelling asks first (a plain form, so without script too): only `confirm=yes` cancels.
    if (intent === "cancel") return form.get("confirm") === "yes" ? await cancel(deps, token, now) : { status: 200, done: "confirm-cancel" };
    if (intent !== "reschedule") return { status: 400, error: "booking-manage-choose" };
    if (!start || Number.isNaN(start.getTime())) return { status: 400, error: "booking-manage-choose" };
    const move = readMove(form);
    if ("error" in move) return { status: 400, error: move.error };
    try {
      return await reschedule(deps, token, start, move, now);
    } catch (error) {
      // Another booking took the slot between the check and the move: the unique index said no.
      if (!isUniqueViolation(error)) throw error;
      return { status: 409, error: "booking-manage-taken", nearest: await nearestFreeSlots(deps.db, start, now).catch(() => []) };
    }
  } catch (error) {
    if (error instanceof Refused) {
      // The nearest free times are read once the transaction is gone.
      if (error.result.status === 409 && start) return { ...error.result, nearest: await nearestFreeSlots(deps.db, start, now, undefined, error.filter).catch(() => []) };
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

interface Move {
  lawyer: LawyerChoice;
  kind: MeetingKind | null;
  /** A new phone number ("" keeps the one given). */
  phone: string;
}

/** The move's own fields: `lawyer` (same, any or an id), `kind`, `phone`. */
function readMove(form: FormData): Move | { error: "booking-manage-choose" | "booking.validation.phone-max" | "booking.validation.kind-invalid" } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const lawyer = text("lawyer");
  const kind = text("kind");
  if (lawyer !== "" && lawyer !== "same" && lawyer !== "any" && !/^\d{1,9}$/.test(lawyer)) return { error: "booking-manage-choose" };
  if (kind !== "" && !isMeetingKind(kind)) return { error: "booking.validation.kind-invalid" };
  if (text("phone").length > PHONE_MAX) return { error: "booking.validation.phone-max" };
  return { lawyer: lawyer === "any" ? "any" : /^\d+$/.test(lawyer) ? Number(lawyer) : "same", kind: isMeetingKind(kind) ? kind : null, phone: text("phone") };
}

async function reschedule(deps: ManageDeps, token: string, start: Date, move: Move, now: Date): Promise<ManageResult> {
  return afterChange(deps.db.transaction(async (tx) => {
    const id = await consumeManageToken(tx, token, now);
    if (id === null) throw new Refused({ status: 410, error: "booking-manage-invalid" });
    const [row] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, id)).for("update");
    if (!row || !isLive(row.status) || row.endsAt <= now) throw new Refused({ status: 410, error: "booking-manage-invalid" });
    const settings = await loadBookingSettings(tx);
    const team = await loadBookableLawyers(tx);
    const kind = move.kind ?? row.kind;
    if (!settings.kinds.includes(kind)) throw new Refused({ status: 400, error: "booking.validation.kind-invalid" });
    // A phone consultation needs a number to call (issue 46).
    if (kind === "phone" && move.phone === "" && !row.phone) throw new Refused({ status: 400, error: "booking.validation.phone-required" });
    const target = lawyerOf(move.lawyer, row, team);
    const named = target === null ? null : team.find((entry) => entry.id === target);
    if (target !== null && !named) throw new Refused({ status: 400, error: "booking-manage-choose" });
    if (named && !offersKind(named, kind)) throw new Refused({ status: 400, error: "booking.validation.lawyer-kind" });
    const changes = { kind, phone: move.phone === "" ? row.phone : move.phone };

    // The same time with the same lawyer: only the way of meeting (or the number) changes.
    if (start.getTime() === row.startsAt.getTime() && (target === row.lawyerId || team.length === 0)) {
      if (kind === row.kind && changes.phone === row.phone) throw new Refused({ status: 400, error: "booking-manage-choose" });
      const [changed] = await tx.update(consultationBookings).set({ ...changes, icsSequence: sql`${consultationBookings.icsSequence} + 1`, updatedAt: now }).where(eq(consultationBookings.id, id)).returning();
      await revokeManageTokens(tx, id);
      await queueBookingMail(tx, id, "changed", { from: row.startsAt });
      return { status: 200, done: "changed", booking: view(changed!) } as const;
    }

    const day = vancouverDate(start);
    const filter = { kind, lawyer: target, area: team.length === 0 ? null : row.area };
    const free = (await listFreeSlots(tx, { from: day, to: day, now, ...filter }, settings, team)).filter((s) => s.start.getTime() === start.getTime());
    if (free.length === 0) {
      const closed = holidayDatesBetween(day, day);
      for (const date of settings.closedDates) closed.add(date);
      const onGrid = freeSlots({ settings, from: day, to: day, now, closed, taken: [] }).some((s) => s.start.getTime() === start.getTime());
      if (!onGrid) throw new Refused({ status: 400, error: "booking-manage-choose" });
      throw new Refused({ status: 409, error: "booking-manage-taken", nearest: [] }, filter);
    }
    const slot = free[0]!;
    // The firm's one calendar, the chosen lawyer, or any free lawyer who fits by round-robin (decision 0104).
    const candidates: Array<number | null> = team.length === 0 ? [null] : target !== null ? [target] : roundRobinOrder(free.map((s) => s.lawyer!), await lawyerLoad(tx, free.map((s) => s.lawyer!), now));
    // Each try in a savepoint under the one-booking-per-slot index: a slot taken meanwhile is a unique violation.
    let moved: typeof consultationBookings.$inferSelect | undefined;
    for (const candidate of candidates) {
      try {
        moved = await tx.transaction(async (savepoint) => {
          const [updated] = await savepoint
            .update(consultationBookings)
            .set({ ...changes, startsAt: slot.start, endsAt: slot.end, lawyerId: candidate, icsSequence: sql`${consultationBookings.icsSequence} + 1`, reminderQueuedAt: null, updatedAt: now })
            .where(eq(consultationBookings.id, id))
            .returning();
          return updated;
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error) || candidate === candidates.at(-1)) throw error;
      }
    }
    await revokeManageTokens(tx, id);
    await queueBookingMail(tx, id, "changed", { from: row.startsAt });
    return { status: 200, done: "moved", booking: view(moved!) } as const;
  }));
}
