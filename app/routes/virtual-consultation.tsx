import { Clock, ShieldCheck, UserRound } from "lucide-react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/virtual-consultation";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { textsPageMeta } from "~/components/site/page-meta";
import { Breadcrumbs } from "~/components/site/Breadcrumbs";
import { BandHero } from "~/components/site/BandHero";
import { HeadedSection } from "~/components/site/HeadedSection";
import { BookingLink } from "~/components/contact/BookingLink";
import { BookingForm } from "~/components/booking/BookingForm";
import { readForm } from "~/form-data.server";
import { langFromPath } from "~/i18n/languages";
import { answerBookingPost, bookingWeek, limitBookingPage, wantsJson } from "~/booking/booking-page.server";
import { readPageFilter } from "~/booking/page-filters";
import { enquiryCounter } from "~/stats/enquiries.server";

/**
 * Free slots change with every booking and as time passes (the notice): the page with the form is
 * never stored, by the page cache or anyone else (decision 0078).
 */
const NOT_STORED = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await pageTexts(request, context, { categories: ["virtual-consultation"] });
  const { config, db, clock } = context.services;
  // The firm's own scheduler (BOOKING_URL): the page only links to it, and may be stored.
  if (config.BOOKING_URL) return data({ ...page, booking: null });
  limitBookingPage(context);
  const booking = await bookingWeek(db, new URL(request.url), page.lang, clock.now());
  return data({ ...page, booking }, { headers: NOT_STORED });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  return headers;
};

/** POST /virtual-consultation: issue 33's contract (docs/booking.md). */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, db, log, clock, texts } = context.services;
  // With the firm's own scheduler the built-in form is not offered, so it takes no bookings either.
  if (config.BOOKING_URL) throw data({ message: "Not found" }, { status: 404 });
  const lang = langFromPath(new URL(request.url).pathname);
  const form = await readForm(request);
  const messages = await texts.pick(lang, { prefixes: ["booking."] });
  const answer = await answerBookingPost(
    {
      db,
      log,
      now: () => clock.now(),
      rateLimit: config.BOOKING_RATE_LIMIT,
      text: (key) => messages[key] ?? key,
      countEnquiry: enquiryCounter(context, request),
    },
    form,
    context.clientIp,
    lang,
  );
  if (answer.status === 303) return redirect(answer.location, 303);
  // A day, weeks or "Show times" button without script: that page narrowed as the form now says (lawyer, area, language).
  if (answer.data.outcome === "kept") answer.data.booking = await bookingWeek(db, new URL(request.url), lang, clock.now(), readPageFilter((name) => form.get(name)));
  const headers = { ...NOT_STORED, ...(answer.status === 429 ? { "Retry-After": "3600" } : {}) };
  if (wantsJson(request)) context.answer = Response.json(answer.json, { status: answer.status, headers });
  return data(answer.data, { status: answer.status, headers });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  textsPageMeta(matches, data?.texts, "/virtual-consultation", { breadcrumb: "virtual-consultation-breadcrumb" });

const EXPECT_ITEMS = [
  { n: 1, icon: Clock },
  { n: 2, icon: UserRound },
  { n: 3, icon: ShieldCheck },
] as const;

export default function VirtualConsultation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const booking = (actionData?.outcome === "kept" ? actionData.booking : undefined) ?? loaderData.booking;
  return (
    <>
      <Breadcrumbs items={[{ label: t("virtual-consultation-breadcrumb") }]} />

      <BandHero title={t("virtual-consultation-title")} subtitle={t("virtual-consultation-subtitle")}>
        <div className="mt-8 flex flex-col items-center gap-3">
          <BookingLink label={t("virtual-consultation-button")} samePage className="bg-gold-400 text-brand-900 hover:bg-gold-300" />
          <p className="text-sm text-slate-300">{t(booking ? "virtual-consultation-button-note-form" : "virtual-consultation-button-note")}</p>
        </div>
      </BandHero>

      <HeadedSection
        id="expect-title"
        title={t("virtual-consultation-expect-title")}
        className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8 lg:py-20"
        headingClassName="text-center text-3xl font-bold text-brand-800"
      >
        {/* Styled by `.booking-expect` (app/booking/booking-page.css): the page's HTML budget. */}
        <ul className="booking-expect mt-10 grid gap-6 sm:grid-cols-3">
          {EXPECT_ITEMS.map(({ n, icon: Icon }) => (
            <li key={n}>
              <span>
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <p>{t(`virtual-consultation-expect-${n}-value`)}</p>
              <p>{t(`virtual-consultation-expect-${n}-text`)}</p>
            </li>
          ))}
        </ul>
      </HeadedSection>

      {booking ? <BookingForm booking={booking} posted={actionData} /> : null}
    </>
  );
}
