import type { AppLoadContext } from "react-router";
import { isCrossSite } from "../auth/guard.server";
import { readForm } from "../form-data.server";
import type { Lang } from "../i18n/languages";
import { langFromPath } from "../i18n/languages";
import { bookingEvent, formatMeetingTime } from "./mails.server";
import { liveBookingOf, loadManagePage, manageBooking, type ManagedBooking } from "./manage.server";
import { firmClock } from "../../core/firm-clock.server";
import type { Slot } from "./slots.server";

/**
 * The data of the manage page (/virtual-consultation/manage/<token>, decision 0079), formatted on
 * the server in the page's language so the page is plain HTML that works without JavaScript.
 */


export interface SlotChoice {
  value: string;
  label: string;
}
export interface DayChoices {
  label: string;
  slots: SlotChoice[];
}
export interface BookingSummary {
  when: string;
  kind: string;
  area: string | null;
}

async function pageTexts(context: AppLoadContext, lang: Lang) {
  return context.services.texts.pick(lang, {
    categories: ["booking-manage"],
    keys: ["booking-mail-when-label", "booking-mail-kind-label", "booking-mail-area-label", "booking-mail-time-zone"],
  });
}

async function summary(context: AppLoadContext, lang: Lang, booking: ManagedBooking): Promise<BookingSummary> {
  const t = (key: string) => context.services.texts.get(lang, key);
  return {
    when: formatMeetingTime(new Date(booking.start), lang, await t("booking-mail-time-zone")),
    kind: await t(`booking-mail-kind-${booking.kind}`),
    area: booking.area ? await t(`practice-areas-${booking.area}-title`) : null,
  };
}

/** Slots grouped by their Vancouver day, each labelled in the page's language. */
export function groupSlots(slots: Slot[], lang: Lang): DayChoices[] {
  const days: DayChoices[] = [];
  for (const slot of slots) {
    const label = firmClock.date(slot.start, lang, { weekday: true });
    let current = days.at(-1);
    if (!current || current.label !== label) days.push((current = { label, slots: [] }));
    current.slots.push({ value: slot.start.toISOString(), label: firmClock.time(slot.start, lang) });
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

export async function managePageData(request: Request, context: AppLoadContext, token: string) {
  const lang = langFromPath(new URL(request.url).pathname);
  const texts = await pageTexts(context, lang);
  const page = await loadManagePage(deps(context), token);
  if (page.state === "invalid") return { lang, texts, state: "invalid" as const, token: null, booking: null, days: [] as DayChoices[] };
  return { lang, texts, state: "valid" as const, token, booking: await summary(context, lang, page.booking), days: groupSlots(page.slots, lang) };
}

export type ManageAnswer =
  | { outcome: "cancelled" | "moved"; booking: BookingSummary }
  | { outcome: "refused"; error: string; nearest: DayChoices[] };

/** The POST: same-origin only, then cancel or reschedule; the status is the result's. */
export async function managePageAction(request: Request, context: AppLoadContext, token: string): Promise<{ status: number; answer: ManageAnswer }> {
  if (isCrossSite(request, context.services.config.SITE_URL)) {
    throw new Response("Cross-site request refused.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const lang = langFromPath(new URL(request.url).pathname);
  const form = await readForm(request);
  const result = await manageBooking(deps(context), form, token, context.clientIp);
  if (result.status === 200) return { status: 200, answer: { outcome: result.done, booking: await summary(context, lang, result.booking) } };
  return { status: result.status, answer: { outcome: "refused", error: result.error, nearest: result.status === 409 ? groupSlots(result.nearest, lang) : [] } };
}
