/**
 * The visitor's booking at /virtual-consultation (issue 33, decision 0078): the page's free slots
 * by week, the POST that books one through createBooking, and the confirmation page's booking.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { logRefusal, type Logger } from "../../core/log";
import { consultationBookings } from "../../db/schema";
import { HONEYPOT_FIELD } from "../contact/fields";
import { localizePath, type Lang } from "../i18n/languages";
import { listFreeSlots, loadBookingSettings } from "./availability.server";
import { BOOKING_FIELDS, BOOKING_LIMITS, readBookingForm, type BookingField, type BookingValues } from "./booking-form";
import { createBooking } from "./bookings.server";
import { videoLinkFor } from "./mails.server";
import { BOOKING_PAGE_PATH, dayLabel, groupSlotsByDay, timeLabel, zoneLabel, type SlotDay } from "./booking-view";
import type { MeetingKind } from "./settings";
import { addDays, vancouverDate, type Slot } from "./slots.server";
import { mondayOf, readWeek, WEEK_PARAMETER } from "./week";

export const bookedPath = (reference: string, lang: Lang) => localizePath(`${BOOKING_PAGE_PATH}/booked/${reference}`, lang);
export const weekHref = (week: string, lang: Lang) => `${localizePath(BOOKING_PAGE_PATH, lang)}?${WEEK_PARAMETER}=${week}`;

/** How far the page looks for the first free slot when no week is asked for. */
const FIRST_SLOT_LOOKAHEAD_DAYS = 21;

export interface BookingWeek {
  /** The Monday of the week shown. */
  week: string;
  weekLabel: string;
  /** Links to the weeks either side, null beyond today or the horizon. */
  previous: string | null;
  next: string | null;
  days: SlotDay[];
  /** The zone abbreviation of the week's first slot (PST/PDT), for the note on times. */
  zone: string;
  kinds: MeetingKind[];
}

/**
 * The week of free slots the page shows: `?week=` when it is a Monday between this week and the
 * horizon, else the week of the first free slot (so a Friday-afternoon visitor is not shown an
 * empty week), else this week.
 */
export async function bookingWeek(db: Db, url: URL, lang: Lang, now: Date): Promise<BookingWeek> {
  const settings = await loadBookingSettings(db);
  const today = vancouverDate(now);
  const thisWeek = mondayOf(today);
  const lastDay = addDays(today, settings.horizonDays);
  const lastWeek = mondayOf(lastDay);
  let week = readWeek(url.searchParams.get(WEEK_PARAMETER), now.getTime());
  if (week !== null && (week < thisWeek || week > lastWeek)) week = null;
  if (week === null) {
    const ahead = await listFreeSlots(db, { from: today, to: addDays(today, FIRST_SLOT_LOOKAHEAD_DAYS), now }, settings);
    week = ahead.length > 0 ? mondayOf(vancouverDate(ahead[0]!.start)) : thisWeek;
  }
  const from = week < today ? today : week;
  const slots = await listFreeSlots(db, { from, to: addDays(week, 6), now }, settings);
  return {
    week,
    weekLabel: dayLabel(new Date(`${week}T20:00:00Z`), lang),
    previous: week > thisWeek ? weekHref(addDays(week, -7), lang) : null,
    next: week < lastWeek ? weekHref(addDays(week, 7), lang) : null,
    days: groupSlotsByDay(slots, lang, vancouverDate),
    zone: zoneLabel(slots[0]?.start ?? now, lang),
    kinds: settings.kinds,
  };
}

/** What a refused POST shows (HTML) or answers (JSON). */
export type BookingActionData =
  | { outcome: "invalid"; errors: Partial<Record<BookingField, string>>; values: BookingValues }
  | { outcome: "taken"; nearest: SlotDay[]; values: BookingValues }
  | { outcome: "refused"; message: string; values: BookingValues }
  | { outcome: "received" };

export type BookingPostAnswer =
  | { status: 303; location: string }
  | { status: 200 | 400 | 409 | 429 | 500; data: BookingActionData; json: unknown };

export interface BookingPostDeps {
  db: Db;
  log: Logger;
  now: () => Date;
  rateLimit?: number;
  /** The visitor's language's texts, for the JSON answer's messages. */
  text: (key: string) => string;
  /** Counts a stored booking in the visit statistics (decision 0082). */
  countEnquiry?: (kind: "booking") => Promise<void>;
}

/**
 * POST /virtual-consultation: book through createBooking (which stores nothing on any refusal)
 * and say what happened. The origin check is React Router's, as for every page form (the contact
 * form's too): a POST whose Origin is another site is refused before any action runs.
 */
export async function answerBookingPost(deps: BookingPostDeps, form: FormData, clientIp: string, lang: Lang): Promise<BookingPostAnswer> {
  const values = clipValues(readBookingForm(form));
  // A bot filled the field people cannot see: it is thanked and nothing is stored, as on the contact form.
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    deps.log.info({ ip: clientIp }, "booking form honeypot filled; submission dropped");
    return { status: 200, data: { outcome: "received" }, json: { ok: true } };
  }
  const result = await createBooking({ db: deps.db, log: deps.log, now: deps.now, rateLimit: deps.rateLimit, countEnquiry: deps.countEnquiry }, form, clientIp, lang);
  switch (result.status) {
    case 201:
      return { status: 303, location: bookedPath(result.booking.reference, lang) };
    case 400: {
      const errors = Object.fromEntries(BOOKING_FIELDS.filter((field) => result.errors[field]).map((field) => [field, deps.text(result.errors[field]!)]));
      return { status: 400, data: { outcome: "invalid", errors: result.errors, values }, json: { errors } };
    }
    case 409:
      return {
        status: 409,
        data: { outcome: "taken", nearest: groupSlotsByDay(result.nearest, lang, vancouverDate), values },
        json: { error: deps.text(result.error), nearest: result.nearest.map(slotJson) },
      };
    case 429:
      logRefusal(deps.log, clientIp, "booking rate limit reached");
      return { status: 429, data: { outcome: "refused", message: result.error, values }, json: { error: deps.text(result.error) } };
    default:
      return { status: 500, data: { outcome: "refused", message: result.error, values }, json: { error: deps.text(result.error) } };
  }
}

const slotJson = (slot: Slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString(), lawyer: slot.lawyer });

/** What the visitor typed, as a refused form shows it again: each field at most its limit (the consent box as sent). */
function clipValues(values: BookingValues): BookingValues {
  const clipped = { ...values };
  for (const field of ["name", "email", "phone", "description", "parties"] as const) {
    let value = values[field].slice(0, BOOKING_LIMITS[field]);
    if (/[\uD800-\uDBFF]$/.test(value)) value = value.slice(0, -1);
    clipped[field] = value;
  }
  for (const field of ["start", "kind", "area", "consent"] as const) clipped[field] = values[field].slice(0, 40);
  return clipped;
}

/** Whether the sender asked for JSON (a script or another client) rather than a page. */
export const wantsJson = (request: Request) => {
  const accept = request.headers.get("Accept") ?? "";
  return /\bapplication\/json\b/i.test(accept) && !/\btext\/html\b/i.test(accept);
};

const REFERENCE = /^[0-9a-f]{32}$/;

export interface BookedView {
  when: { day: string; time: string; end: string; zone: string; start: string };
  kind: MeetingKind;
  area: string | null;
  status: string;
  /** The video meeting's link on this site (a path with the room after `#`), for live video bookings. */
  videoLink: string | null;
}

/** The booking behind a confirmation page's reference, as the page shows it; null when there is none. */
export async function bookedView(db: Db, reference: string, lang: Lang): Promise<BookedView | null> {
  if (!REFERENCE.test(reference)) return null;
  const [row] = await db
    .select({
      start: consultationBookings.startsAt,
      end: consultationBookings.endsAt,
      kind: consultationBookings.kind,
      area: consultationBookings.area,
      status: consultationBookings.status,
      videoRoom: consultationBookings.videoRoom,
      language: consultationBookings.language,
    })
    .from(consultationBookings)
    .where(eq(consultationBookings.reference, reference));
  if (!row) return null;
  return {
    when: { day: dayLabel(row.start, lang), time: timeLabel(row.start, lang), end: timeLabel(row.end, lang), zone: zoneLabel(row.start, lang), start: row.start.toISOString() },
    kind: row.kind,
    area: row.area,
    status: row.status,
    videoLink: liveVideoLink(row),
  };
}

/** The same link as the mail's (decision 0079), as a path of this site, while the booking stands. */
function liveVideoLink(row: { kind: MeetingKind; videoRoom: string | null; language: string; status: string }): string | null {
  if (row.status !== "booked" && row.status !== "confirmed") return null;
  const link = videoLinkFor(row, "http://site.invalid");
  if (!link) return null;
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
}
