/**
 * The free-slot grid the booking pages show (the booking page, the manage page), reused for a few
 * seconds per instance (issue 44): a flood of those pages reads the database once per few seconds
 * and inputs, not once per request. Correctness first:
 * - every booking or availability change made on this instance calls slotGridChanged() once it is
 *   stored, which empties the cache, and a grid read before a change is never stored after it, so
 *   this instance never offers a slot it has just booked;
 * - a reused grid drops the slots that have come within the notice since it was read;
 * - another instance's booking may be offered here for at most SLOT_GRID_TTL_MS: booking it is
 *   refused (409, with the nearest free slots) by the fresh check and the slot's unique index.
 * The POSTs that book or move a booking never read from here.
 */
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client";
import { AddressLimiter } from "../../core/address-limit";
import { lawyersBusy, listFreeSlots, loadBookingSettings, slotRequestKey, type SlotRequest } from "./availability.server";
import type { Interval } from "./lawyer-slots.server";
import type { BookingSettings } from "./settings";
import { loadBookableLawyers, type BookableLawyer } from "./lawyers.server";
import type { Slot } from "./slots.server";
import { slotGridChanges } from "./slot-grid-changes.server";

/** How long one instance shows the grid it read. */
export const SLOT_GRID_TTL_MS = 5_000;
/** Grids kept (each key is a date range and kind; a page asks for two or three). */
const MAX_GRIDS = 200;
const DAY_MS = 86_400_000;

interface Stored<T> {
  value: Promise<T>;
  readAt: number;
}

/** Per database (tests may open several in one process): grids by their inputs. */
const grids = new WeakMap<Db, LRUCache<string, Stored<Slot[]>>>();

/** Reused while nothing changed on this instance since it was read, for at most SLOT_GRID_TTL_MS. */
function fresh<T>(stored: Stored<T> & { generation?: number }, now: number): boolean {
  return stored.generation === slotGridChanges() && now >= stored.readAt && now - stored.readAt < SLOT_GRID_TTL_MS;
}

/** Reads `read()` unless a fresh answer to it is stored; stores it only if nothing changed meanwhile. */
function reuse<T>(get: () => (Stored<T> & { generation?: number }) | undefined, set: (entry: Stored<T> & { generation: number }) => void, drop: () => void, read: () => Promise<T>, now: number): Promise<T> {
  const stored = get();
  if (stored && fresh(stored, now)) return stored.value;
  // Stamped with the count of changes before the read: a change during the read makes it stale at once.
  const startedAt = slotGridChanges();
  const value = read();
  const entry = { value, readAt: now, generation: startedAt };
  set(entry);
  // A failed read is not kept.
  value.catch(() => drop());
  return value;
}

/**
 * What the free slots are computed from, apart from what is booked: the availability, the
 * bookable lawyers and their calendars' busy times (read from their calendars every 10 minutes,
 * decision 0105) over the whole horizon and a day either side.
 */
export interface Availability {
  settings: BookingSettings;
  lawyers: BookableLawyer[];
  busy: Map<number, Interval[]>;
}

async function loadAvailability(db: Db, now: Date): Promise<Availability> {
  const [settings, lawyers] = [await loadBookingSettings(db), await loadBookableLawyers(db)];
  const from = new Date(now.getTime() - 2 * DAY_MS);
  const to = new Date(now.getTime() + (settings.horizonDays + 3) * DAY_MS);
  return { settings, lawyers, busy: await lawyersBusy(db, lawyers.map((lawyer) => lawyer.id), from, to) };
}

const availabilities = new WeakMap<Db, Stored<Availability>>();

/**
 * The availability as the booking pages and the slots API use it: one reader for both, read at
 * most every SLOT_GRID_TTL_MS and at once after a change on this instance.
 */
export function gridAvailability(db: Db, now: Date): Promise<Availability> {
  return reuse(
    () => availabilities.get(db),
    (entry) => availabilities.set(db, entry),
    () => availabilities.delete(db),
    () => loadAvailability(db, now),
    now.getTime(),
  );
}

/**
 * The free slots of a range for a page, as listFreeSlots gives them from `availability` (the
 * caller's gridAvailability), reused for at most SLOT_GRID_TTL_MS.
 */
export async function gridFreeSlots(db: Db, request: SlotRequest, availability: Availability): Promise<Slot[]> {
  let cache = grids.get(db);
  if (!cache) grids.set(db, (cache = new LRUCache({ max: MAX_GRIDS })));
  const key = slotRequestKey(request);
  const slots = await reuse(
    () => cache.get(key),
    (entry) => cache.set(key, entry),
    () => cache.delete(key),
    () => listFreeSlots(db, request, availability.settings, availability.lawyers, availability.busy),
    request.now.getTime(),
  );
  return outsideNotice(slots, request.now, availability.settings);
}

/** Slots read a few seconds ago, less those that have come within the notice since (they keep their order). */
export function outsideNotice<T extends Slot>(slots: T[], now: Date, settings: BookingSettings): T[] {
  const earliest = now.getTime() + settings.minNoticeHours * 3_600_000;
  return slots[0] && slots[0].start.getTime() < earliest ? slots.filter((slot) => slot.start.getTime() >= earliest) : slots;
}

const pageLimiters = new Map<number, AddressLimiter>();

/**
 * The booking pages' per-address limit (the booking, confirmation and manage pages, GET): the
 * slots API's rule (SLOTS_RATE_LIMIT a minute), counted apart from the API's, one counter per
 * address for the three pages together.
 */
export function bookingPagesLimiter(limit: number): AddressLimiter {
  let limiter = pageLimiters.get(limit);
  if (!limiter) pageLimiters.set(limit, (limiter = new AddressLimiter(limit, 60_000)));
  return limiter;
}
