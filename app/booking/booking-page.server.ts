/**
 * The visitor's booking at /virtual-consultation (issue 33, decision 0078): the page's free slots
 * by week, the POST that books one through createBooking, and the confirmation page's booking.
 */
import { eq } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { logRefusal, type Logger } from "../../core/log";
import { consultationBookings } from "../../db/schema";
import { HONEYPOT_FIELD } from "../contact/fields";
import { localizePath, type Lang } from "../i18n/languages";
import { bookingPagesLimiter, gridAvailability, gridFreeSlots } from "./slot-grid.server";
import { BOOKING_FIELDS, BOOKING_LIMITS, readBookingForm, type BookingField, type BookingValues } from "./booking-form";
import { createBooking } from "./bookings.server";
import { videoLinkFor } from "./mails.server";
import { firmClock } from "../../core/firm-clock.server";
import { dayWords } from "../../core/firm-time";
import { BOOKING_PAGE_PATH, SHOW_FIELD, groupSlotsByDay, type SlotDay } from "./booking-view";
import type { MeetingKind } from "./settings";
import { addDays, vancouverDate, type Slot } from "./slots.server";
import { DAY_PARAMETER, mondayOf, readDay, readWeek, WEEK_PARAMETER } from "./week";
import { filterQuery, readPageFilter, type PageFilter } from "./page-filters";
import { matches, offersKind, speakersFirst, unionOfStarts } from "./lawyer-slots.server";

export const bookedPath = (reference: string, lang: Lang) => localizePath(`${BOOKING_PAGE_PATH}/booked/${reference}`, lang);
export const weekHref = (week: string, lang: Lang, filter: PageFilter = NO_FILTER) => `${localizePath(BOOKING_PAGE_PATH, lang)}?${WEEK_PARAMETER}=${week}${filterQuery(filter)}`;
const dayHref = (week: string, day: string, lang: Lang, filter: PageFilter) => `${localizePath(BOOKING_PAGE_PATH, lang)}?${WEEK_PARAMETER}=${week}&${DAY_PARAMETER}=${day}${filterQuery(filter)}`;
const NO_FILTER: PageFilter = { lawyer: null, area: null, speaks: null, kind: null };
/** The same, relative to the page itself: the day and weeks buttons' `formaction` (the page's HTML budget). */
const relative = (href: string) => href.slice(href.indexOf("?"));

/** How far the page looks for the first free slot when no week is asked for. */
const FIRST_SLOT_LOOKAHEAD_DAYS = 21;
/** Two weeks at a glance (issue 46): the days with free times, then one day's times. */
const SPAN_DAYS = 14;

export interface BookingDayChoice {
  date: string;
  label: string;
  /** How many free times the day has. */
  count: number;
  /** The page showing that day's times (`?week=…&day=…`, relative to the page: the button's `formaction`). */
  href: string;
}

export interface BookingWeek {
  /** The Monday of the first of the two weeks shown. */
  week: string;
  weekLabel: string;
  /** The pages of the two weeks either side (`?week=…`, relative to the page), null beyond today or the horizon. */
  previous: string | null;
  next: string | null;
  /** The days of the two weeks that have free times. */
  days: BookingDayChoice[];
  /** The chosen day's times (`?day=`, else the first day with free times); null when none is free. */
  chosen: SlotDay | null;
  /** The page of the form's own post: these two weeks and the chosen day. */
  action: string;
  kinds: MeetingKind[];
  /** The way of meeting the times are for (the form's choice by default); null when the firm books as one calendar. */
  kind: MeetingKind | null;
  /** The bookable lawyers, those speaking the page's language first; empty when the firm books as one calendar. */
  lawyers: Array<{ id: number; name: string }>;
  /** What the times are narrowed by (a lawyer no longer bookable reads as any lawyer). */
  filter: PageFilter;
}

/**
 * The two weeks the page shows: from `?week=` when it is a Monday between this week and the
 * horizon, else from the week of the first free slot (so a Friday-afternoon visitor is not shown
 * empty days), else from this week; and of them, the times of `?day=` or of the first free day.
 */
export async function bookingWeek(db: Db, url: URL, lang: Lang, now: Date, asked: PageFilter = readPageFilter((name) => url.searchParams.get(name))): Promise<BookingWeek> {
  // Reused for a few seconds per instance (app/booking/slot-grid.server.ts): the booking's POST checks afresh.
  const availability = await gridAvailability(db, now);
  const { settings, lawyers: team } = availability;
  // Without bookable lawyers nothing narrows (the firm's one calendar), so the addresses stay as before.
  const filter: PageFilter =
    team.length === 0
      ? NO_FILTER
      : { ...asked, lawyer: team.some((lawyer) => lawyer.id === asked.lawyer) ? asked.lawyer : null, kind: asked.kind && settings.kinds.includes(asked.kind) ? asked.kind : null };
  // The times of the lawyers who meet the visitor the way the form has chosen, so a time shown can
  // be booked that way. Its default: the firm's first way that one of the lawyers asked for meets
  // (a phone-only lawyer's "Book with …" link shows their times).
  const narrow = { lawyer: filter.lawyer, area: filter.area, lang: filter.speaks };
  const pool = team.filter((lawyer) => matches(lawyer, narrow));
  const kind = team.length === 0 ? null : (filter.kind ?? settings.kinds.find((way) => pool.some((lawyer) => offersKind(lawyer, way))) ?? settings.kinds[0] ?? null);
  // One time per start: "any lawyer" offers the union; who gets it is decided when booking.
  const free = async (from: string, to: string) => unionOfStarts(await gridFreeSlots(db, { from, to, now, ...narrow, kind }, availability));
  const today = vancouverDate(now);
  const thisWeek = mondayOf(today);
  const lastDay = addDays(today, settings.horizonDays);
  const lastWeek = mondayOf(lastDay);
  let week = readWeek(url.searchParams.get(WEEK_PARAMETER), now.getTime());
  if (week !== null && (week < thisWeek || week > lastWeek)) week = null;
  if (week === null) {
    const ahead = await free(today, addDays(today, FIRST_SLOT_LOOKAHEAD_DAYS));
    week = ahead.length > 0 ? mondayOf(vancouverDate(ahead[0]!.start)) : thisWeek;
  }
  const from = week < today ? today : week;
  const slots = await free(from, addDays(week, SPAN_DAYS - 1));
  const grouped = groupSlotsByDay(slots, lang, firmClock);
  const askedDay = readDay(url.searchParams.get(DAY_PARAMETER), now.getTime());
  const chosen = grouped.find((day) => day.date === askedDay) ?? grouped[0] ?? null;
  const previous = week > thisWeek ? (addDays(week, -SPAN_DAYS) < thisWeek ? thisWeek : addDays(week, -SPAN_DAYS)) : null;
  const next = addDays(week, SPAN_DAYS) <= lastWeek ? addDays(week, SPAN_DAYS) : null;
  return {
    week,
    weekLabel: dayWords(week, lang),
    previous: previous && relative(weekHref(previous, lang, filter)),
    next: next && relative(weekHref(next, lang, filter)),
    days: grouped.map((day) => ({ date: day.date, label: day.label, count: day.slots.length, href: relative(dayHref(week, day.date, lang, filter)) })),
    chosen,
    action: chosen ? dayHref(week, chosen.date, lang, filter) : weekHref(week, lang, filter),
    kinds: settings.kinds,
    kind,
    lawyers: speakersFirst(team, lang).map((lawyer) => ({ id: lawyer.id, name: lawyer.name })),
    filter,
  };
}

/**
 * The booking, confirmation and manage pages render per request: past the slots API's limit per
 * address (SLOTS_RATE_LIMIT a minute, counted apart from the API's) their loaders stop here with
 * 429, which the site's error page shows in the visitor's language (issue 44).
 */
export function limitBookingPage(context: AppLoadContext): void {
  const { config, clock, log } = context.services;
  if (bookingPagesLimiter(config.SLOTS_RATE_LIMIT).allow(context.clientIp, clock.now().getTime())) return;
  logRefusal(log, context.clientIp, "booking page rate limit reached");
  throw data({ message: "Too many requests" }, { status: 429, headers: { "Retry-After": "60", "Cache-Control": "no-store" } });
}

/** What a refused POST shows (HTML) or answers (JSON). */
export type BookingActionData =
  | { outcome: "invalid"; errors: Partial<Record<BookingField, string>>; values: BookingValues }
  | { outcome: "taken"; nearest: SlotDay[]; values: BookingValues }
  | { outcome: "refused"; message: string; values: BookingValues }
  | { outcome: "received" }
  /** A day or weeks button (`show`): the page for them, with what was typed. */
  | { outcome: "kept"; values: BookingValues; booking?: BookingWeek };

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
  // Another day or other weeks asked for without script: the page again, everything typed kept.
  if (form.get(SHOW_FIELD) !== null) return { status: 200, data: { outcome: "kept", values }, json: { kept: true } };
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
        data: { outcome: "taken", nearest: groupSlotsByDay(result.nearest, lang, firmClock), values },
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
  for (const field of ["start", "kind", "area", "lawyer", "speaks", "consent"] as const) clipped[field] = values[field].slice(0, 40);
  return clipped;
}

/** Whether the sender asked for JSON (a script or another client) rather than a page. */
export const wantsJson = (request: Request) => {
  const accept = request.headers.get("Accept") ?? "";
  return /\bapplication\/json\b/i.test(accept) && !/\btext\/html\b/i.test(accept);
};

const REFERENCE = /^[0-9a-f]{32}$/;

export interface BookedView {
  /** The meeting's time in the language's order: `before`, the start (`time`, in a `<time>`), `after`; "{zone}" stands for the words "Vancouver time". */
  when: { before: string; time: string; after: string; start: string; offset: number };
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
    when: { ...firmClock.whenParts(row.start, lang, "{zone}", row.end), start: row.start.toISOString(), offset: firmClock.offsetMinutes(row.start) },
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
