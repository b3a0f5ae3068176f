import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { consultationBookings, consultationParties } from "../../db/schema";
import { hitRateLimit } from "../../core/rate-limit";
import type { Logger } from "../../core/log";
import { isUniqueViolation } from "../changes/errors.server";
import { gridWithoutBookings, listFreeSlots, loadBookingSettings } from "./availability.server";
import { lawyerLoad, loadBookableLawyers } from "./lawyers.server";
import { matches, offersKind, roundRobinOrder, unionOfStarts, type LawyerFilter } from "./lawyer-slots.server";
import { slotGridChanged } from "./slot-grid-changes.server";
import { storeConflicts } from "../conflicts/conflict-store.server";
import { partyRows } from "../conflicts/conflicts.server";
import { sealField } from "../../core/sealing.server";
import { readBookingForm, splitParties, validateBooking, type BookingField } from "./booking-form";
import { addDays, vancouverDate, type Slot } from "./slots.server";
import { queueBookingMail } from "./mails.server";

/** Accepted bookings per address per hour (like the contact form's limit). */
export const BOOKING_RATE_LIMIT = 5;
export const BOOKING_RATE_WINDOW_MS = 60 * 60 * 1000;
/** How many free slots a 409 offers instead of the one just taken. */
export const NEAREST_SLOTS = 5;

export interface BookingDeps {
  db: Db;
  log: Logger;
  now: () => Date;
  rateLimit?: number;
  /** Counts the stored booking in the visit statistics (app/stats/enquiries.server.ts `enquiryCounter`, decision 0082). */
  countEnquiry?: (kind: "booking") => Promise<void>;
}

export type BookingResult =
  | { status: 201; booking: { id: number; start: Date; end: Date; kind: string; reference: string; lawyer: number | null } }
  | { status: 400; errors: Partial<Record<BookingField, string>> }
  | { status: 409; error: "booking.validation.slot-taken"; nearest: Slot[] }
  | { status: 429; error: "booking.validation.rate-limited" }
  | { status: 500; error: "booking.form.error" };

/**
 * Book one consultation from the form's fields. The slot is taken by the insert itself: the
 * partial unique index on (lawyer, start) lets exactly one of any number of simultaneous requests
 * in, and the others get 409 with the nearest free slots. Nothing is stored on any refusal.
 */
export async function createBooking(deps: BookingDeps, form: FormData, clientIp: string, language = "en"): Promise<BookingResult> {
  const checked = validateBooking(readBookingForm(form));
  if (!checked.success) return { status: 400, errors: checked.errors };
  const { start, kind, area, lawyer, speaks, name, email, phone, description, parties } = checked.data;
  const now = deps.now();
  try {
    const settings = await loadBookingSettings(deps.db);
    const team = await loadBookableLawyers(deps.db);
    // A chosen lawyer must be bookable and meet this way (400 at that field, nothing stored).
    const chosen = lawyer === null ? null : team.find((entry) => entry.id === lawyer);
    if (lawyer !== null && !chosen) return { status: 400, errors: { lawyer: "booking.validation.lawyer-invalid" } };
    if (!settings.kinds.includes(kind)) return { status: 400, errors: { kind: "booking.validation.kind-invalid" } };
    if (chosen && !offersKind(chosen, kind)) return { status: 400, errors: { kind: "booking.validation.lawyer-kind" } };
    const filter = { lawyer, kind, area: area || null, lang: speaks };
    const pool = team.filter((entry) => matches(entry, filter));
    const day = vancouverDate(start);
    // On the grid of an open day (of a lawyer who fits), bookings aside: otherwise the start is not a slot at all (400).
    const onGrid = (team.length === 0 || pool.length > 0) && gridWithoutBookings(day, now, settings, pool).some((slot) => slot.start.getTime() === start.getTime());
    if (!onGrid) return { status: 400, errors: { start: "booking.validation.start-not-slot" } };
    // A slot a booking (or its buffer) already covers; the unique index below settles exact races.
    const free = (await listFreeSlots(deps.db, { from: day, to: day, now, ...filter }, settings, team)).filter((slot) => slot.start.getTime() === start.getTime());
    if (free.length === 0) return { status: 409, error: "booking.validation.slot-taken", nearest: await nearestFreeSlots(deps.db, start, now, NEAREST_SLOTS, filter) };

    const limit = await hitRateLimit(deps.db, `booking:${clientIp}`, { limit: deps.rateLimit ?? BOOKING_RATE_LIMIT, windowMs: BOOKING_RATE_WINDOW_MS, now });
    if (!limit.allowed) return { status: 429, error: "booking.validation.rate-limited" };

    const end = new Date(start.getTime() + settings.slotMinutes * 60_000);
    // The firm's one calendar (null), the chosen lawyer, or "any lawyer" by round-robin (decision 0104).
    const candidates: Array<number | null> =
      team.length === 0 ? [null] : roundRobinOrder(free.map((slot) => slot.lawyer!), await lawyerLoad(deps.db, free.map((slot) => slot.lawyer!), now));
    for (const candidate of candidates) {
      const reference = newBookingReference();
      try {
        const stored = await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(consultationBookings)
            .values({ startsAt: start, endsAt: end, lawyerId: candidate, kind, area: area || null, language, name, email, phone: phone || null, description: sealField(description, "consultation_bookings.description"), reference })
            .returning({ id: consultationBookings.id });
          const names = splitParties(parties);
          if (names.length > 0) await tx.insert(consultationParties).values(partyRows(row.id, names));
          // The conflict check, stored with the booking (staff only; decision 0080).
          await storeConflicts(tx, { bookingId: row.id }, [name, ...names]);
          // The visitor's confirmation and the firm's notice commit with the booking (decision 0079).
          await queueBookingMail(tx, row.id, "confirmation");
          return row;
        });
        // The booking pages of this instance stop offering the slot now (app/booking/slot-grid.server.ts).
        slotGridChanged();
        await deps.countEnquiry?.("booking");
        return { status: 201, booking: { id: stored.id, start, end, kind, reference, lawyer: candidate } };
      } catch (error) {
        // That lawyer's slot was taken meanwhile (the unique index): the next free lawyer's turn.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return { status: 409, error: "booking.validation.slot-taken", nearest: await nearestFreeSlots(deps.db, start, now, NEAREST_SLOTS, filter) };
  } catch (error) {
    deps.log.error({ err: error }, "booking failed");
    return { status: 500, error: "booking.form.error" };
  }
}

/**
 * The confirmation page's reference: 128 bits from the CSPRNG as 32 hex digits (lower case, as
 * the request guard wants every path: server/request-guard.ts).
 */
export const newBookingReference = () => randomBytes(16).toString("hex");

/** The free slots closest in time to `around` (before or after), in time order. */
export async function nearestFreeSlots(db: Db, around: Date, now: Date, count = NEAREST_SLOTS, filter: LawyerFilter = {}): Promise<Slot[]> {
  const day = vancouverDate(around);
  const slots = unionOfStarts(await listFreeSlots(db, { from: addDays(day, -7), to: addDays(day, 14), now, ...filter }));
  return slots
    .map((slot) => ({ slot, distance: Math.abs(slot.start.getTime() - around.getTime()) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count)
    .map((entry) => entry.slot)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}
