import type { AppLoadContext } from "react-router";
import { isCrossSite } from "../auth/guard.server";
import { readForm } from "../form-data.server";
import type { Lang } from "../i18n/languages";
import { langFromPath } from "../i18n/languages";
import { bookingEvent, formatMeetingTime } from "./mails.server";
import { liveBookingOf, loadManagePage, manageBooking, type ManageChoice, type ManagedBooking } from "./manage.server";
import type { MeetingKind } from "./settings";
import { firmClock } from "../../core/firm-clock.server";
import type { Slot } from "./slots.server";

/**
 * The data of the manage page (/virtual-consultation/manage/<token>, decision 0079), formatted on
 * the server in the page's language so the page is plain HTML that works without JavaScript.
 */


export interface SlotChoice {
  value: string;
  label: string;
  /** Vancouver's offset then (minutes east of UTC): the page script shows the visitor's own time beside it. */
  offset: number;
}
export interface DayChoices {
  label: string;
  slots: SlotChoice[];
}
export interface BookingSummary {
  when: string;
  start: string;
  offset: number;
  kind: string;
  area: string | null;
  lawyer: string | null;
}

async function pageTexts(context: AppLoadContext, lang: Lang) {
  return context.services.texts.pick(lang, {
    categories: ["booking-manage"],
    keys: [
      "booking-mail-when-label",
      "booking-mail-kind-label",
      "booking-mail-area-label",
      "booking-mail-time-zone",
      "booking-local-time",
      "booking-lawyer-label",
      "booking-lawyer-any",
      "booking-narrow",
      "booking-kind-label",
      "booking-kind-video",
      "booking-kind-phone",
      "booking-kind-office",
      "booking-phone-label",
      "booking-speaks-en",
      "booking-speaks-fa",
      "booking-speaks-zh",
      "booking.validation.phone-required",
      "booking.validation.phone-max",
      "booking.validation.lawyer-kind",
      "booking.validation.kind-invalid",
    ],
  });
}

async function summary(context: AppLoadContext, lang: Lang, booking: ManagedBooking, lawyer: string | null = null): Promise<BookingSummary> {
  const t = (key: string) => context.services.texts.get(lang, key);
  const start = new Date(booking.start);
  return {
    when: formatMeetingTime(start, lang, await t("booking-mail-time-zone")),
    start: booking.start,
    offset: firmClock.offsetMinutes(start),
    kind: await t(`booking-mail-kind-${booking.kind}`),
    area: booking.area ? await t(`practice-areas-${booking.area}-title`) : null,
    lawyer,
  };
}

/** Slots grouped by their Vancouver day, each labelled in the page's language. */
export function groupSlots(slots: Slot[], lang: Lang): DayChoices[] {
  const days: DayChoices[] = [];
  for (const slot of slots) {
    const label = firmClock.date(slot.start, lang, { weekday: true });
    let current = days.at(-1);
    if (!current || current.label !== label) days.push((current = { label, slots: [] }));
    current.slots.push({ value: slot.start.toISOString(), label: firmClock.time(slot.start, lang), offset: firmClock.offsetMinutes(slot.start) });
  }
  return days;
}

/** The booking behind a manage token as a published .ics (decision 0106), or null. Uses nothing up. */
export async function bookingCalendarFile(context: AppLoadContext, token: string): Promise<string | null> {
  const { config, texts } = context.services;
  const booking = await liveBookingOf(deps(context), token);
  return booking ? bookingEvent({ texts, config }, booking, { cancelled: false }) : null;
}

const deps = (context: AppLoadContext) => ({ db: context.services.db, log: context.services.log, now: () => context.services.clock.now() });

export interface ManagePageData {
  lang: Lang;
  texts: Record<string, string>;
  state: "valid" | "invalid";
  token: string | null;
  booking: (BookingSummary & { kindValue: MeetingKind; hasPhone: boolean }) | null;
  /** The GET form's choices: lawyers (with their languages), kinds, the days with free times over the horizon. */
  lawyers: Array<{ value: string; label: string }>;
  kinds: MeetingKind[];
  dayOptions: Array<{ value: string; label: string }>;
  choice: (Omit<ManageChoice, "lawyer"> & { lawyer: string }) | null;
  /** The chosen day's free times. */
  days: DayChoices[];
}

export async function managePageData(request: Request, context: AppLoadContext, token: string): Promise<ManagePageData> {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const texts = await pageTexts(context, lang);
  const page = await loadManagePage(deps(context), token, url.searchParams);
  if (page.state === "invalid") return { lang, texts, state: "invalid", token: null, booking: null, lawyers: [], kinds: [], dayOptions: [], choice: null, days: [] };
  const languages = (list: readonly Lang[]) => list.map((code) => texts[`booking-speaks-${code}`] ?? code).join(", ");
  return {
    lang,
    texts,
    state: "valid",
    token,
    booking: { ...(await summary(context, lang, page.booking, page.lawyerName)), kindValue: page.booking.kind, hasPhone: page.booking.hasPhone },
    lawyers: page.lawyers.map((lawyer) => ({ value: String(lawyer.id), label: `${lawyer.name} (${languages(lawyer.languages)})` })),
    kinds: page.kinds,
    dayOptions: page.days.map((day) => ({ value: day, label: firmClock.date(new Date(`${day}T20:00:00Z`), lang, { weekday: true }) })),
    choice: { ...page.choice, lawyer: String(page.choice.lawyer) },
    days: groupSlots(page.slots, lang),
  };
}

export type ManageAnswer =
  | { outcome: "cancelled" | "moved" | "changed"; booking: BookingSummary }
  | { outcome: "confirm-cancel" }
  | { outcome: "refused"; error: string; nearest: DayChoices[] };

/** The POST: same-origin only, then cancel (after the confirm step), move or change the way of meeting; the status is the result's. */
export async function managePageAction(request: Request, context: AppLoadContext, token: string): Promise<{ status: number; answer: ManageAnswer }> {
  if (isCrossSite(request, context.services.config.SITE_URL)) {
    throw new Response("Cross-site request refused.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const lang = langFromPath(new URL(request.url).pathname);
  const form = await readForm(request);
  const result = await manageBooking(deps(context), form, token, context.clientIp);
  if (result.status === 200) return { status: 200, answer: result.done === "confirm-cancel" ? { outcome: "confirm-cancel" } : { outcome: result.done, booking: await summary(context, lang, result.booking) } };
  return { status: result.status, answer: { outcome: "refused", error: result.error, nearest: result.status === 409 ? groupSlots(result.nearest, lang) : [] } };
}
