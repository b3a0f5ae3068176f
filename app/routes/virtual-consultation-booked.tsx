import { CalendarCheck } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/virtual-consultation-booked";
import { useT } from "~/i18n/hooks";
import { pageTexts } from "~/i18n/page.server";
import { siteFacts } from "~/seo/meta";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { bookedView, limitBookingPage } from "~/booking/booking-page.server";
import { bookingScript } from "~/components/booking/BookingForm";
import { confirmationLinks } from "~/booking/booked-links.server";

/**
 * A booking's confirmation page, /virtual-consultation/booked/{reference} (decision 0078): the
 * address holds 128 random bits, never the booking's id. Personal: never stored by any cache, not
 * indexed, not in the sitemap.
 */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  limitBookingPage(context);
  const page = await pageTexts(request, context, { categories: ["virtual-consultation"] });
  const booking = await bookedView(context.services.db, params.reference, page.lang);
  // The visitor's own manage link and "Add to calendar", right after booking (decision 0106).
  const links = booking ? await confirmationLinks(context.services.db, params.reference, page.lang, context.services.clock.now()) : null;
  return data({ ...page, booking, links }, { status: booking ? 200 : 404, headers: PRIVATE });
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const { firmName } = siteFacts(matches);
  const title = page?.texts[page.booking ? "booking-booked-page-title" : "booking-booked-missing-title"] ?? "";
  return [{ title: firmName ? `${title} | ${firmName}` : title }, { name: "robots", content: "noindex, nofollow" }];
};

export default function VirtualConsultationBooked({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { booking, links } = loaderData;
  if (!booking) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-brand-800">{t("booking-booked-missing-title")}</h1>
        <p className="mt-4 text-slate-700">{t("booking-booked-missing-text")}</p>
        <LocalizedLink to="/virtual-consultation" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-2">
          {t("booking-booked-missing-link")}
        </LocalizedLink>
      </section>
    );
  }
  const cancelled = booking.status !== "booked" && booking.status !== "confirmed";
  return (
    <section aria-labelledby="booked-title" className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:py-20">
      <div className="flex flex-col items-center text-center">
        <CalendarCheck aria-hidden="true" className="size-12 text-brand-700" />
        <h1 id="booked-title" className="mt-4 text-3xl font-bold text-brand-800 sm:text-4xl">
          {t(cancelled ? "booking-booked-cancelled-title" : "booking-booked-title")}
        </h1>
        <p className="mt-3 text-lg text-slate-700">{t(cancelled ? "booking-booked-cancelled-text" : "booking-booked-intro")}</p>
      </div>

      <dl
        className="mt-10 grid gap-x-6 gap-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-[max-content_1fr]"
        data-booking-times=""
        data-local-label={t("booking-local-time", { time: "{time}" })}
        data-page-module={bookingScript}
      >
        <dt className="font-semibold text-slate-800">{t("booking-booked-when")}</dt>
        <dd data-booked-time="" className="text-slate-800">
          {booking.when.before.replace("{zone}", t("booking-booked-vancouver-time"))}
          <time dateTime={booking.when.start} data-offset={booking.when.offset}>
            {booking.when.time}
          </time>
          {booking.when.after.replace("{zone}", t("booking-booked-vancouver-time"))}
          <span data-local-time="" hidden className="block text-sm text-slate-600" />
        </dd>
        <dt className="font-semibold text-slate-800">{t("booking-booked-kind")}</dt>
        <dd className="text-slate-800">{t(`booking-kind-${booking.kind}`)}</dd>
        <dt className="font-semibold text-slate-800">{t("booking-booked-area")}</dt>
        <dd className="text-slate-800">{t(booking.area ? `booking-area-${booking.area}` : "booking-area-unsure")}</dd>
      </dl>

      {cancelled ? null : (
        <div data-booking-links="" className="mt-6 space-y-3 text-slate-700">
          {booking.videoLink ? (
            <p>
              {t("booking-booked-video-intro")}{" "}
              <a href={booking.videoLink} className="font-semibold text-brand-700 underline underline-offset-2">
                {t("booking-booked-video-link")}
              </a>
            </p>
          ) : null}
          <p>{t("booking-booked-manage-note")}</p>
          {links ? (
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <a href={links.calendar} download="consultation.ics" className="font-semibold text-brand-700 underline underline-offset-2">
                  {t("booking-booked-calendar-link")}
                </a>
              </li>
              <li>
                <a href={links.manage} rel="nofollow" className="font-semibold text-brand-700 underline underline-offset-2">
                  {t("booking-booked-manage-link")}
                </a>
              </li>
            </ul>
          ) : null}
        </div>
      )}

      {cancelled ? null : (
        <section aria-labelledby="booked-next-title" className="mt-10">
          <h2 id="booked-next-title" className="text-xl font-bold text-brand-800">
            {t("booking-booked-next-title")}
          </h2>
          <ol className="mt-4 list-decimal space-y-2 ps-6 text-slate-700">
            <li>{t("booking-booked-next-1")}</li>
            <li>{t(`booking-booked-next-2-${booking.kind}`)}</li>
            <li>{t("booking-booked-next-3")}</li>
          </ol>
        </section>
      )}
    </section>
  );
}
