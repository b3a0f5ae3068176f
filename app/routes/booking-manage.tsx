import { data, Form } from "react-router";
import { CalendarCheck, CalendarX } from "lucide-react";
import type { Route } from "./+types/booking-manage";
import { managePageAction, managePageData, type DayChoices } from "~/booking/manage-page.server";
import { limitBookingPage } from "~/booking/booking-page.server";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { Options } from "~/components/ui/options";
import { bookingScript } from "~/components/booking/BookingForm";
import { useT } from "~/i18n/hooks";
import { siteFacts } from "~/seo/meta";

/**
 * The cancel-or-reschedule page of a consultation mail (decision 0079): /virtual-consultation/
 * manage/<token> in every language. Opening it changes nothing (mail filters open links); its
 * plain forms move the booking (another lawyer, another way of meeting, any day of the horizon) or
 * cancel it after a confirm step (decision 0111). Never cached, indexed or referred: the URL is a secret.
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

const buttonClass = "min-h-12 rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800";
const selectClass = "mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3";

function SlotChoices({ days }: { days: DayChoices[] }) {
  return (
    <>
      {days.map((day) => (
        <fieldset key={day.label} className="mt-4">
          <legend className="font-semibold text-brand-900">{day.label}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {day.slots.map((slot) => (
              <label key={slot.value} className="flex min-h-11 flex-wrap items-center gap-2 rounded-md border border-slate-300 px-3">
                {/* data-offset: Vancouver's offset then; the page script adds the visitor's own time (decision 0111). */}
                <input type="radio" name="start" value={slot.value} data-offset={slot.offset} required />
                <span>{slot.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}

/** One select of the form that narrows the times shown, its label above it. */
function NarrowSelect({ id, name, label, defaultValue, children }: { id: string; name: string; label: string; defaultValue: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={selectClass}>
        {children}
      </select>
    </div>
  );
}

/** The phone number a phone consultation needs (kept when one was given and the field is left empty). */
function PhoneField({ id, required, t }: { id: string; required: boolean; t: (key: string) => string }) {
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block font-semibold">
        {t("booking-phone-label")}
        {required ? " *" : ""}
      </label>
      <input id={id} name="phone" type="tel" autoComplete="tel" maxLength={50} required={required} aria-describedby={`${id}-hint`} className="mt-1 block min-h-11 w-full max-w-sm rounded-md border border-slate-300 px-3" />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t(required ? "booking-manage-phone-needed" : "booking-manage-phone-kept")}
      </p>
    </div>
  );
}

export default function BookingManage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const done = actionData && (actionData.outcome === "cancelled" || actionData.outcome === "moved" || actionData.outcome === "changed") ? actionData : null;
  const refused = actionData && actionData.outcome === "refused" ? actionData : null;
  const askCancel = actionData?.outcome === "confirm-cancel";

  if (done) {
    const cancelled = done.outcome === "cancelled";
    const title = cancelled ? "booking-manage-cancelled-title" : done.outcome === "changed" ? "booking-manage-changed-title" : "booking-manage-moved-title";
    return (
      <section aria-live="polite" className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center">
        {cancelled ? <CalendarX aria-hidden="true" className="size-12 text-brand-700" /> : <CalendarCheck aria-hidden="true" className="size-12 text-brand-700" />}
        <h1 className="text-3xl font-bold text-brand-900">{t(title)}</h1>
        {cancelled ? null : <p className="text-lg font-semibold text-slate-800">{done.booking.when}</p>}
        {cancelled ? null : <p className="text-lg text-slate-800">{done.booking.kind}</p>}
        <p className="text-lg text-slate-700">{t(cancelled ? "booking-manage-cancelled-text" : "booking-manage-moved-text")}</p>
        {cancelled ? (
          <LocalizedLink to="/virtual-consultation" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            {t("booking-manage-book-link")}
          </LocalizedLink>
        ) : null}
      </section>
    );
  }

  if (loaderData.state === "invalid" || !loaderData.booking || !loaderData.choice) {
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

  const { booking, days, lawyers, kinds, dayOptions, choice } = loaderData;
  const hasLawyers = lawyers.length > 0;
  const needsPhone = choice.kind === "phone";

  if (askCancel) {
    // The confirm step of a cancellation: plain forms, so it works without script (decision 0111).
    return (
      <section aria-labelledby="cancel-confirm-title" className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center">
        <CalendarX aria-hidden="true" className="size-12 text-brand-700" />
        <h1 id="cancel-confirm-title" className="text-3xl font-bold text-brand-900">
          {t("booking-manage-cancel-confirm-title")}
        </h1>
        <p className="text-lg font-semibold text-slate-800">{booking.when}</p>
        <p className="text-lg text-slate-700">{t("booking-manage-cancel-text")}</p>
        <div className="flex flex-wrap justify-center gap-4">
          <Form method="post">
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" name="intent" value="cancel" className="min-h-12 rounded-md bg-red-800 px-6 font-semibold text-white hover:bg-red-900">
              {t("booking-manage-cancel-confirm-button")}
            </button>
          </Form>
          <a href="" className="flex min-h-12 items-center rounded-md border border-slate-400 px-6 font-semibold text-slate-800 hover:bg-slate-50">
            {t("booking-manage-keep-link")}
          </a>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-12" data-booking-times="" data-local-label={t("booking-local-time", { time: "{time}" })} data-page-module={bookingScript}>
      <h1 className="text-3xl font-bold text-brand-900">{t("booking-manage-title")}</h1>
      <p className="mt-2 text-lg text-slate-700">{t("booking-manage-intro")}</p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t("booking-mail-when-label")}</dt>
        <dd data-booked-time="">
          <time dateTime={booking.start} data-offset={booking.offset}>
            {booking.when}
          </time>
          <span data-local-time="" hidden className="block text-sm text-slate-600" />
        </dd>
        <dt className="font-semibold">{t("booking-mail-kind-label")}</dt>
        <dd>{booking.kind}</dd>
        {booking.lawyer ? (
          <>
            <dt className="font-semibold">{t("booking-lawyer-label")}</dt>
            <dd>{booking.lawyer}</dd>
          </>
        ) : null}
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
          <input type="hidden" name="lawyer" value={choice.lawyer} />
          <input type="hidden" name="kind" value={choice.kind} />
          <SlotChoices days={refused.nearest} />
          {needsPhone ? <PhoneField id="manage-phone-nearest" required={!booking.hasPhone} t={t} /> : null}
          <button type="submit" name="intent" value="reschedule" className={`mt-6 ${buttonClass}`}>
            {t("booking-manage-reschedule-button")}
          </button>
        </Form>
      ) : null}

      <h2 className="mt-10 text-2xl font-bold text-brand-900">{t("booking-manage-reschedule-heading")}</h2>
      {/* A GET form: the lawyer, the way of meeting and the day narrow the times shown (with or without script). */}
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4" aria-label={t("booking-manage-narrow-label")}>
        {hasLawyers ? (
          <NarrowSelect id="manage-lawyer" name="lawyer" label={t("booking-lawyer-label")} defaultValue={choice.lawyer}>
            {booking.lawyer ? <option value="same">{t("booking-manage-same-lawyer", { name: booking.lawyer })}</option> : null}
            <option value="any">{t("booking-lawyer-any")}</option>
            <Options choices={lawyers} />
          </NarrowSelect>
        ) : null}
        <NarrowSelect id="manage-kind" name="kind" label={t("booking-kind-label")} defaultValue={choice.kind}>
          <Options choices={kinds.map((kind) => ({ value: kind, label: t(`booking-kind-${kind}`) }))} />
        </NarrowSelect>
        {dayOptions.length > 0 ? (
          <NarrowSelect id="manage-day" name="day" label={t("booking-manage-day-label")} defaultValue={choice.day ?? ""}>
            <Options choices={dayOptions} />
          </NarrowSelect>
        ) : null}
        <button type="submit" className="min-h-11 rounded-md border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50">
          {t("booking-narrow")}
        </button>
      </Form>
      {days.length > 0 ? (
        <Form method="post">
          <p className="mt-4 text-slate-700">{t("booking-manage-reschedule-text")}</p>
          <input type="hidden" name="lawyer" value={choice.lawyer} />
          <input type="hidden" name="kind" value={choice.kind} />
          <SlotChoices days={days} />
          {needsPhone ? <PhoneField id="manage-phone" required={!booking.hasPhone} t={t} /> : null}
          <button type="submit" name="intent" value="reschedule" className={`mt-6 ${buttonClass}`}>
            {t("booking-manage-reschedule-button")}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-slate-700">{t("booking-manage-no-slots")}</p>
      )}

      {choice.kind !== booking.kindValue ? (
        <>
          <h2 className="mt-10 text-2xl font-bold text-brand-900">{t("booking-manage-kind-heading")}</h2>
          <Form method="post" className="mt-2">
            <p className="text-slate-700">{t("booking-manage-kind-text", { kind: t(`booking-kind-${choice.kind}`) })}</p>
            <input type="hidden" name="start" value={booking.start} />
            <input type="hidden" name="lawyer" value="same" />
            <input type="hidden" name="kind" value={choice.kind} />
            {needsPhone ? <PhoneField id="manage-phone-kind" required={!booking.hasPhone} t={t} /> : null}
            <button type="submit" name="intent" value="reschedule" className={`mt-4 ${buttonClass}`}>
              {t("booking-manage-kind-button")}
            </button>
          </Form>
        </>
      ) : null}

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
