import type { Db } from "../../db/client";
import { isLang, type Lang } from "../i18n/languages";
import { LRUCache } from "lru-cache";
import { openSlots, slotRequestKey, takenFor, withoutTaken, type SlotRequest } from "./availability.server";
import { PRACTICE_AREAS } from "./booking-form";
import { isMeetingKind } from "./settings";
import { FIRM_ZONE } from "../../core/firm-time";
import { addDays, parseDate, vancouverDate, type Slot } from "./slots.server";
import { AddressLimiter } from "../../core/address-limit";
import { gridAvailability, outsideNotice, SLOT_GRID_TTL_MS, type Availability } from "./slot-grid.server";

/** The longest range one request may ask for (inclusive days): bounds the work per request. */
export const SLOTS_MAX_DAYS = 31;
/** Requests per address per minute. */
export const SLOTS_RATE_LIMIT = 60;
export const SLOTS_RATE_WINDOW_MS = 60_000;
/** How long one instance answers from the availability it read: a booking re-checks it fresh. */
export const SLOTS_SETTINGS_TTL_MS = SLOT_GRID_TTL_MS;

export interface SlotsAnswer {
  status: number;
  body: { timeZone: string; slots: Array<{ start: string; end: string; lawyer: number | null }> } | { error: string; message: string };
  /** The body as JSON text, as sent. */
  json: string;
}

const answer = (status: number, body: SlotsAnswer["body"]): SlotsAnswer => ({ status, body, json: JSON.stringify(body) });
const refuse = (status: number, error: string, message: string): SlotsAnswer => answer(status, { error, message });

export interface SlotsApiDeps {
  db: Db;
  now: () => Date;
  rateLimit?: number;
}

/** A slot as the API writes it: its instants written out once per grid, not once per answer. */
type ApiSlot = Slot & { written: { start: string; end: string; lawyer: number | null } };

/** One range's open slots, computed from `source`, and the last answer made from them with the bookings it found. */
interface OpenGrid {
  source: Availability;
  slots: ApiSlot[];
  last: { inputs: string; answer: SlotsAnswer } | null;
}

/** Open slots kept (counted in slots, across the grids kept): bounds the memory a spread of ranges can take. */
const MAX_KEPT_SLOTS = 100_000;

/**
 * GET /api/consultations/slots?from=YYYY-MM-DD&to=YYYY-MM-DD[&lawyer=ID][&area=SLUG][&kind=video|phone|office][&lang=en|fa|zh]
 * (issue 33's contract). Public, rate-limited per address, at most SLOTS_MAX_DAYS days.
 *
 * The answer is advice, the booking's POST decides (it reads the availability fresh and the
 * slot index settles races), so each instance keeps what costs most and matters least in
 * memory (decision 0076, 2026-11-26 addendum; decision 0114): the availability (the lawyers and
 * their calendars' busy times included) as the booking pages read it, for SLOTS_SETTINGS_TTL_MS,
 * the open slots computed from it for each range asked, and the per-address counts (a read-only
 * answer needs no limit shared between instances). What is booked is read on every request, so
 * a taken slot is never offered.
 */
export function slotsApi(deps: SlotsApiDeps): (url: URL, clientIp: string) => Promise<SlotsAnswer> {
  const limiter = new AddressLimiter(deps.rateLimit ?? SLOTS_RATE_LIMIT, SLOTS_RATE_WINDOW_MS);
  // Keyed by the request (and today's date: the horizon moves at midnight); valid while the availability they came from is the current one.
  const grids = new LRUCache<string, OpenGrid>({ maxSize: MAX_KEPT_SLOTS, sizeCalculation: (grid) => grid.slots.length + 1 });

  const openFor = (request: SlotRequest, current: Availability): OpenGrid => {
    const key = `${vancouverDate(request.now)} ${slotRequestKey(request)}`;
    const kept = grids.get(key);
    if (kept && kept.source === current) return kept;
    const slots = openSlots(request, current.settings, current.lawyers, current.busy).map((slot) => ({
      ...slot,
      written: { start: slot.start.toISOString(), end: slot.end.toISOString(), lawyer: slot.lawyer },
    }));
    const grid: OpenGrid = { source: current, slots, last: null };
    grids.set(key, grid);
    return grid;
  };

  return async (url, clientIp) => {
    const q = url.searchParams;
    const from = q.get("from") ?? "";
    const to = q.get("to") ?? "";
    const kind = q.get("kind");
    const area = q.get("area");
    const lang = q.get("lang");
    const lawyer = q.get("lawyer");
    if (!parseDate(from) || !parseDate(to)) return refuse(400, "bad-date", "from and to must be dates as YYYY-MM-DD.");
    if (to < from) return refuse(400, "bad-range", "to must not be before from.");
    if (addDays(from, SLOTS_MAX_DAYS - 1) < to) return refuse(400, "range-too-long", `At most ${SLOTS_MAX_DAYS} days per request.`);
    if (kind !== null && !isMeetingKind(kind)) return refuse(400, "bad-kind", "kind must be video, phone or office.");
    if (area !== null && !(PRACTICE_AREAS as readonly string[]).includes(area)) return refuse(400, "bad-area", `area must be one of ${PRACTICE_AREAS.join(", ")}.`);
    if (lang !== null && !isLang(lang)) return refuse(400, "bad-lang", "lang must be en, fa or zh.");
    if (lawyer !== null && !/^\d{1,9}$/.test(lawyer)) return refuse(400, "bad-lawyer", "lawyer must be the id of a bookable lawyer.");

    const now = deps.now();
    if (!limiter.allow(clientIp, now.getTime())) return refuse(429, "rate-limited", "Too many requests; try again in a minute.");

    const current = await gridAvailability(deps.db, now);
    const lawyerId = lawyer === null ? null : Number(lawyer);
    if (lawyerId !== null && !current.lawyers.some((entry) => entry.id === lawyerId)) return refuse(400, "bad-lawyer", "lawyer must be the id of a bookable lawyer.");
    // Each bookable lawyer's slots, narrowed by lawyer, kind, area and language (decision 0104).
    const request: SlotRequest = { from, to, kind, now, lawyer: lawyerId, area, lang: lang as Lang | null };
    const grid = openFor(request, current);
    const taken = grid.slots.length > 0 ? await takenFor(deps.db, request) : [];
    const open = outsideNotice(grid.slots, now, current.settings);
    // Most requests find the same bookings as the one before: its answer is sent again, not re-made.
    const inputs = `${open.length} ${taken.map((span) => `${span.start.getTime()}-${span.end.getTime()}-${span.lawyer}`).join(" ")}`;
    if (grid.last?.inputs !== inputs) {
      const slots = withoutTaken(open, taken, current.settings.bufferMinutes).map((slot) => slot.written);
      // The API names the zone its dates are in; nothing is computed with it here.
      // eslint-disable-next-line firm-clock/no-time-zone
      grid.last = { inputs, answer: answer(200, { timeZone: FIRM_ZONE, slots }) };
    }
    return grid.last.answer;
  };
}
