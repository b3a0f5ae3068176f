import { data, Form } from "react-router";
import { CalendarCheck, CalendarX } from "lucide-react";
import type { Route } from "./+types/booking-manage";
import { managePageAction, managePageData, type DayChoices } from "~/booking/manage-page.server";
import { limitBookingPage } from "~/booking/booking-page.server";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { useT } from "~/i18n/hooks";
import { siteFacts } from "~/seo/meta";

/**
 * The cancel-or-reschedule page of a consultation mail (decision 0079): /virtual-consultation/
 * manage/<token> in every language. Opening it changes nothing (mail filters open links); its two
 * plain forms cancel or move the booking. Never cached, indexed or referred: the URL is a secret.
 */

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  limitBookingPage(context);
  const page = await managePageData(request, context, params.token ?? "");
  return data(page, { status: page.state === "invalid" ? 410 : 200 });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { status, answer } = await managePageAction(request, context, params.token ?? "");
  return data(answer, { status });
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const { firmName } = siteFacts(matches);
  const title = page?.texts["booking-manage-page-title"] ?? "";
  return [{ title: firmName ? `${title} | ${firmName}` : title }, { name: "robots", content: "noindex, nofollow" }];
};

function SlotChoices({ days, t }: { days: DayChoices[]; t: (key: string) => string }) {
  return (
    <>
      {days.map((day) => (
        <fieldset key={day.label} className="mt-4">
          <legend className="font-semibold text-brand-900">{day.label}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {day.slots.map((slot) => (
              <label key={slot.value} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3">
                <input type="radio" name="start" value={slot.value} required />
                <span>{slot.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <button type="submit" name="intent" value="reschedule" className="mt-6 min-h-12 rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
        {t("booking-manage-reschedule-button")}
      </button>
    </>
  );
}

export default function BookingManage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const done = actionData && actionData.outcome !== "refused" ? actionData : null;
  const refused = actionData && actionData.outcome === "refused" ? actionData : null;

  if (done) {
    const cancelled = done.outcome === "cancelled";
    return (
      <section aria-live="polite" className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center">
        {cancelled ? <CalendarX aria-hidden="true" className="size-12 text-brand-700" /> : <CalendarCheck aria-hidden="true" className="size-12 text-brand-700" />}
        <h1 className="text-3xl font-bold text-brand-900">{t(cancelled ? "booking-manage-cancelled-title" : "booking-manage-moved-title")}</h1>
        {cancelled ? null : <p className="text-lg font-semibold text-slate-800">{done.booking.when}</p>}
        <p className="text-lg text-slate-700">{t(cancelled ? "booking-manage-cancelled-text" : "booking-manage-moved-text")}</p>
        {cancelled ? (
          <LocalizedLink to="/virtual-consultation" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            {t("booking-manage-book-link")}
          </LocalizedLink>
        ) : null}
      </section>
    );
  }

  if (loaderData.state === "invalid" || !loaderData.booking) {
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center">
        <CalendarX aria-hidden="true" className="size-12 text-brand-700" />
        <h1 className="text-3xl font-bold text-brand-900">{t("booking-manage-invalid-title")}</h1>
        <p className="text-lg text-slate-700">{t(refused?.error === "booking-manage-rate-limited" ? "booking-manage-rate-limited" : "booking-manage-invalid-text")}</p>
        <LocalizedLink to="/virtual-consultation" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
          {t("booking-manage-book-link")}
        </LocalizedLink>
      </section>
    );
  }

  const { booking, days } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">{t("booking-manage-title")}</h1>
      <p className="mt-2 text-lg text-slate-700">{t("booking-manage-intro")}</p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t("booking-mail-when-label")}</dt>
        <dd>{booking.when}</dd>
        <dt className="font-semibold">{t("booking-mail-kind-label")}</dt>
        <dd>{booking.kind}</dd>
        {booking.area ? (
          <>
            <dt className="font-semibold">{t("booking-mail-area-label")}</dt>
            <dd>{booking.area}</dd>
          </>
        ) : null}
      </dl>

      {refused ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {t(refused.error)}
        </p>
      ) : null}
      {refused && refused.nearest.length > 0 ? (
        <Form method="post" className="mt-4">
          <SlotChoices days={refused.nearest} t={t} />
        </Form>
      ) : null}

      <h2 className="mt-10 text-2xl font-bold text-brand-900">{t("booking-manage-reschedule-heading")}</h2>
      {days.length > 0 ? (
        <Form method="post">
          <p className="mt-2 text-slate-700">{t("booking-manage-reschedule-text")}</p>
          <SlotChoices days={days} t={t} />
        </Form>
      ) : (
        <p className="mt-2 text-slate-700">{t("booking-manage-no-slots")}</p>
      )}

      <h2 className="mt-10 text-2xl font-bold text-brand-900">{t("booking-manage-cancel-heading")}</h2>
      <p className="mt-2 text-slate-700">{t("booking-manage-cancel-text")}</p>
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value="cancel" className="min-h-12 rounded-md border border-red-700 px-6 font-semibold text-red-800 hover:bg-red-50">
          {t("booking-manage-cancel-button")}
        </button>
      </Form>
    </section>
  );
}
