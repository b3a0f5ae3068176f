import type { Db } from "../../db/client";
import { isLang, type Lang } from "../i18n/languages";
import { loadBookableLawyers, type BookableLawyer } from "./lawyers.server";
import { lawyersBusy, listFreeSlots, loadBookingSettings } from "./availability.server";
import type { Interval } from "./lawyer-slots.server";
import { PRACTICE_AREAS } from "./booking-form";
import { isMeetingKind, type BookingSettings } from "./settings";
import { FIRM_ZONE } from "../../core/firm-time";
import { addDays, parseDate } from "./slots.server";
import { AddressLimiter } from "../../core/address-limit";
import { slotGridChanges } from "./slot-grid-changes.server";

/** The longest range one request may ask for (inclusive days): bounds the work per request. */
export const SLOTS_MAX_DAYS = 31;
/** Requests per address per minute. */
export const SLOTS_RATE_LIMIT = 60;
export const SLOTS_RATE_WINDOW_MS = 60_000;
/** How long one instance answers from the availability it read: a booking re-checks it fresh. */
export const SLOTS_SETTINGS_TTL_MS = 5_000;
const DAY_MS = 86_400_000;

export interface SlotsAnswer {
  status: number;
  body: { timeZone: string; slots: Array<{ start: string; end: string; lawyer: number | null }> } | { error: string; message: string };
}

const refuse = (status: number, error: string, message: string): SlotsAnswer => ({ status, body: { error, message } });

export interface SlotsApiDeps {
  db: Db;
  now: () => Date;
  rateLimit?: number;
}

/**
 * GET /api/consultations/slots?from=YYYY-MM-DD&to=YYYY-MM-DD[&lawyer=ID][&area=SLUG][&kind=video|phone|office][&lang=en|fa|zh]
 * (issue 33's contract). Public, rate-limited per address, at most SLOTS_MAX_DAYS days.
 *
 * The answer is advice, the booking's POST decides (it reads the availability fresh and the
 * slot index settles races), so each instance keeps what costs most and matters least in
 * memory (decision 0076, 2026-11-26 addendum): the availability (the lawyers and their calendars'
 * busy times included) for SLOTS_SETTINGS_TTL_MS, and
 * the per-address counts (a read-only answer needs no limit shared between instances). What is
 * booked is read on every request, so a taken slot is never offered.
 */
export function slotsApi(deps: SlotsApiDeps): (url: URL, clientIp: string) => Promise<SlotsAnswer> {
  const limiter = new AddressLimiter(deps.rateLimit ?? SLOTS_RATE_LIMIT, SLOTS_RATE_WINDOW_MS);
  let settings: { value: Promise<{ settings: BookingSettings; lawyers: BookableLawyer[]; busy: Map<number, Interval[]> }>; readAt: number; generation: number } | null = null;

  const currentSettings = (now: number) => {
    // Read afresh after a change of the availability or the lawyers on this instance (slotGridChanged).
    if (!settings || now - settings.readAt >= SLOTS_SETTINGS_TTL_MS || settings.generation !== slotGridChanges()) {
      const generation = slotGridChanges();
      const value = Promise.all([loadBookingSettings(deps.db), loadBookableLawyers(deps.db)]).then(async ([settings, lawyers]) => {
        // The lawyers' calendar busy times are availability too (read from their calendars every
        // 10 minutes, decision 0105): kept with it, over the whole horizon and a day either side.
        const from = new Date(now - 2 * DAY_MS);
        const to = new Date(now + (settings.horizonDays + 3) * DAY_MS);
        const busy = await lawyersBusy(deps.db, lawyers.map((lawyer) => lawyer.id), from, to);
        return { settings, lawyers, busy };
      });
      settings = { value, readAt: now, generation };
      // A failed read is not kept: the next request tries again.
      value.catch(() => (settings = null));
    }
    return settings.value;
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

    const current = await currentSettings(now.getTime());
    const lawyerId = lawyer === null ? null : Number(lawyer);
    if (lawyerId !== null && !current.lawyers.some((entry) => entry.id === lawyerId)) return refuse(400, "bad-lawyer", "lawyer must be the id of a bookable lawyer.");
    // Each bookable lawyer's slots, narrowed by lawyer, kind, area and language (decision 0104).
    const slots = await listFreeSlots(deps.db, { from, to, kind, now, lawyer: lawyerId, area, lang: lang as Lang | null }, current.settings, current.lawyers, current.busy);
    // Lawyers free at one time share its start and end: each instant is written out once.
    const written = new Map<number, string>();
    const isoOf = (at: Date) => {
      let text = written.get(at.getTime());
      if (text === undefined) written.set(at.getTime(), (text = at.toISOString()));
      return text;
    };
    return {
      status: 200,
      body: {
        // The API names the zone its dates are in; nothing is computed with it here.
        // eslint-disable-next-line firm-clock/no-time-zone
        timeZone: FIRM_ZONE,
        slots: slots.map((slot) => ({ start: isoOf(slot.start), end: isoOf(slot.end), lawyer: slot.lawyer })),
      },
    };
  };
}
