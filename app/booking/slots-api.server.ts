import type { Db } from "../../db/client";
import { hitRateLimit } from "../../core/rate-limit";
import { isLang } from "../i18n/languages";
import { listFreeSlots } from "./availability.server";
import { PRACTICE_AREAS } from "./booking-form";
import { BOOKING_TIME_ZONE, isMeetingKind } from "./settings";
import { addDays, parseDate } from "./slots.server";

/** The longest range one request may ask for (inclusive days): bounds the work per request. */
export const SLOTS_MAX_DAYS = 31;
/** Requests per address per minute. */
export const SLOTS_RATE_LIMIT = 60;
export const SLOTS_RATE_WINDOW_MS = 60_000;

export interface SlotsAnswer {
  status: number;
  body: { timeZone: string; slots: Array<{ start: string; end: string; lawyer: number | null }> } | { error: string; message: string };
}

const refuse = (status: number, error: string, message: string): SlotsAnswer => ({ status, body: { error, message } });

/**
 * GET /api/consultations/slots?from=YYYY-MM-DD&to=YYYY-MM-DD[&area=SLUG][&kind=video|phone|office][&lang=en|fa|zh]
 * (issue 33's contract). Public, rate-limited per address, at most SLOTS_MAX_DAYS days.
 */
export async function answerSlots(deps: { db: Db; now: () => Date; rateLimit?: number }, url: URL, clientIp: string): Promise<SlotsAnswer> {
  const q = url.searchParams;
  const from = q.get("from") ?? "";
  const to = q.get("to") ?? "";
  const kind = q.get("kind");
  const area = q.get("area");
  const lang = q.get("lang");
  if (!parseDate(from) || !parseDate(to)) return refuse(400, "bad-date", "from and to must be dates as YYYY-MM-DD.");
  if (to < from) return refuse(400, "bad-range", "to must not be before from.");
  if (addDays(from, SLOTS_MAX_DAYS - 1) < to) return refuse(400, "range-too-long", `At most ${SLOTS_MAX_DAYS} days per request.`);
  if (kind !== null && !isMeetingKind(kind)) return refuse(400, "bad-kind", "kind must be video, phone or office.");
  if (area !== null && !(PRACTICE_AREAS as readonly string[]).includes(area)) return refuse(400, "bad-area", `area must be one of ${PRACTICE_AREAS.join(", ")}.`);
  if (lang !== null && !isLang(lang)) return refuse(400, "bad-lang", "lang must be en, fa or zh.");

  const now = deps.now();
  const limit = await hitRateLimit(deps.db, `slots:${clientIp}`, { limit: deps.rateLimit ?? SLOTS_RATE_LIMIT, windowMs: SLOTS_RATE_WINDOW_MS, now });
  if (!limit.allowed) return refuse(429, "rate-limited", "Too many requests; try again in a minute.");

  // `area` is accepted now and narrows nothing yet: every lawyer takes every area until lawyers are bookable.
  const slots = await listFreeSlots(deps.db, { from, to, kind: kind ?? undefined, now });
  return {
    status: 200,
    body: {
      timeZone: BOOKING_TIME_ZONE,
      slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString(), lawyer: slot.lawyer })),
    },
  };
}
