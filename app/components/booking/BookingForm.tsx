import { AlertCircle, CalendarCheck, ChevronLeft, ChevronRight } from "lucide-react";
import { useT } from "~/i18n/hooks";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { BOOKING_FORM_ANCHOR } from "~/components/contact/BookingLink";
import { HONEYPOT_FIELD } from "~/contact/fields";
import { BOOKING_FIELDS, BOOKING_LIMITS, PRACTICE_AREAS, type BookingField, type BookingValues } from "~/booking/booking-form";
import type { BookingActionData, BookingWeek } from "~/booking/booking-page.server";
import type { SlotDay } from "~/booking/booking-view";
import bookingScript from "~/booking/booking-page.ts?standalone";

/**
 * The booking pages' module (app/booking/booking-page.ts), for the confirmation page too: imported
 * from here, so the chunk both pages share is named after this file, not after the module whose
 * built file name the JS budget test looks for.
 */
export { bookingScript };

const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-red-700";
const legendClass = "mb-2 text-base font-semibold text-slate-800";
const linkClass = "inline-flex items-center gap-1 rounded-md px-2 py-1 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

const EMPTY: BookingValues = Object.fromEntries(BOOKING_FIELDS.map((field) => [field, ""])) as BookingValues;
const fieldId = (field: BookingField) => `booking-${field}`;
const errorId = (field: BookingField) => `booking-${field}-error`;

/**
 * The built-in booking form (issue 33, decision 0078): server HTML that works without JavaScript.
 * Practice area, meeting kind, a free slot of the week shown (radio buttons per day; other weeks
 * are plain links), the visitor's details, the privacy notice and consent, and the contact form's
 * honeypot. A refused post renders it again with what was typed, an error summary and each
 * field's message tied to its field. The page module (app/booking/booking-page.ts) adds the
 * visitor's own time beside each Vancouver time and moves the focus to the summary.
 */
export function BookingForm({ booking, posted, action }: { booking: BookingWeek; posted: BookingActionData | undefined; action: string }) {
  const t = useT();
  const values = posted && "values" in posted ? posted.values : EMPTY;
  const errors: Partial<Record<BookingField, string>> = posted?.outcome === "invalid" ? posted.errors : {};
  const days: SlotDay[] = posted?.outcome === "taken" ? posted.nearest : booking.days;
  const invalid = (field: BookingField) => (errors[field] ? true : undefined);
  const describedBy = (field: BookingField, hint?: string) => [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(" ") || undefined;
  const kind = values.kind || booking.kinds[0];

  const fieldError = (field: BookingField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t(errors[field])}</span>
      </p>
    ) : null;

  const label = (field: BookingField, key: string, required: boolean) => (
    <label htmlFor={fieldId(field)} className="mb-1.5 block text-sm font-semibold text-slate-800">
      {t(key)}
      {required ? (
        <span aria-hidden="true" className="ms-0.5 text-red-700">
          *
        </span>
      ) : null}
    </label>
  );

  return (
    <section id={BOOKING_FORM_ANCHOR} aria-labelledby="booking-form-title" className="mx-auto max-w-4xl scroll-mt-24 px-4 pb-16 sm:px-6 lg:px-8">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="booking-form-title" className="text-2xl font-bold text-brand-800">
          {t("booking-form-title")}
        </h2>
        <form
          method="post"
          // The week shown goes along, so a refused post's page shows the same week (and the choice made).
          action={`${action}?week=${booking.week}#${BOOKING_FORM_ANCHOR}`}
          noValidate
          className="mt-4 space-y-8"
          aria-describedby="booking-required-note"
          data-booking-form=""
          data-page-module={bookingScript}
        >
          {posted ? <PostedNotice posted={posted} /> : null}
          <p id="booking-required-note" className="text-sm text-slate-600">
            {t("booking-required-note")}
          </p>

          <div>
            {label("area", "booking-area-label", false)}
            <select
              id={fieldId("area")}
              name="area"
              defaultValue={values.area}
              aria-invalid={invalid("area")}
              aria-describedby={describedBy("area")}
              className={`${inputClass} sm:max-w-md`}
            >
              <option value="">{t("booking-area-unsure")}</option>
              {PRACTICE_AREAS.map((area) => (
                <option key={area} value={area}>
                  {t(`booking-area-${area}`)}
                </option>
              ))}
            </select>
            {fieldError("area")}
          </div>

          <fieldset id={fieldId("kind")} aria-invalid={invalid("kind")} aria-describedby={describedBy("kind")}>
            <legend className={legendClass}>{t("booking-kind-label")}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {booking.kinds.map((option) => (
                <label key={option} className="inline-flex items-center gap-2 text-slate-800">
                  <input type="radio" name="kind" value={option} defaultChecked={option === kind} className="size-4 accent-brand-700" />
                  {t(`booking-kind-${option}`)}
                </label>
              ))}
            </div>
            {fieldError("kind")}
          </fieldset>

          <fieldset id={fieldId("start")} aria-invalid={invalid("start")} aria-describedby={describedBy("start", "booking-zone-note")} data-booking-times="" data-local-label={t("booking-local-time", { time: "{time}" })}>
            <legend className={legendClass}>
              {t("booking-slot-label")}
              <span aria-hidden="true" className="ms-0.5 text-red-700">
                *
              </span>
            </legend>
            <p id="booking-zone-note" className="mb-3 text-sm text-slate-600">
              {t("booking-slot-zone-note")}
            </p>
            {fieldError("start")}
            {posted?.outcome === "taken" ? null : (
              <nav aria-label={t("booking-weeks-label")} className="mb-4 flex flex-wrap items-center justify-between gap-2">
                {booking.previous ? (
                  <a href={`${booking.previous}#${BOOKING_FORM_ANCHOR}`} className={linkClass}>
                    <ChevronLeft aria-hidden="true" className="flip-rtl size-4" />
                    {t("booking-week-previous")}
                  </a>
                ) : (
                  <span />
                )}
                <p className="font-semibold text-slate-800">{t("booking-week-of", { date: booking.weekLabel })}</p>
                {booking.next ? (
                  <a href={`${booking.next}#${BOOKING_FORM_ANCHOR}`} className={linkClass}>
                    {t("booking-week-next")}
                    <ChevronRight aria-hidden="true" className="flip-rtl size-4" />
                  </a>
                ) : (
                  <span />
                )}
              </nav>
            )}
            {days.length === 0 ? (
              <p className="rounded-md bg-slate-50 p-4 text-slate-700">{t("booking-week-empty")}</p>
            ) : (
              <div className="space-y-5">
                {days.map((day) => (
                  <fieldset key={day.date}>
                    <legend className="mb-2 text-sm font-semibold text-brand-800">{day.label}</legend>
                    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                      {day.slots.map((slot) => (
                        <li key={slot.start}>
                          <label className="flex min-h-11 cursor-pointer flex-col justify-center rounded-md border border-slate-300 px-3 py-2 text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                            <span className="flex items-center gap-2">
                              <input type="radio" name="start" value={slot.start} defaultChecked={slot.start === values.start} className="size-4 accent-brand-700" />
                              <time dateTime={slot.start} data-offset={slot.offset}>
                                {slot.time}
                              </time>
                            </span>
                            <span data-local-time="" hidden className="ps-6 text-xs text-slate-600" />
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                ))}
              </div>
            )}
          </fieldset>

          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              {label("name", "booking-name-label", true)}
              <input id={fieldId("name")} name="name" type="text" autoComplete="name" maxLength={BOOKING_LIMITS.name} defaultValue={values.name} aria-required aria-invalid={invalid("name")} aria-describedby={describedBy("name")} className={inputClass} />
              {fieldError("name")}
            </div>
            <div>
              {label("email", "booking-email-label", true)}
              <input id={fieldId("email")} name="email" type="email" autoComplete="email" inputMode="email" dir="ltr" maxLength={BOOKING_LIMITS.email} defaultValue={values.email} aria-required aria-invalid={invalid("email")} aria-describedby={describedBy("email")} className={`${inputClass} text-start rtl:text-end`} />
              {fieldError("email")}
            </div>
            <div>
              {label("phone", "booking-phone-label", false)}
              <input id={fieldId("phone")} name="phone" type="tel" autoComplete="tel" inputMode="tel" dir="ltr" maxLength={BOOKING_LIMITS.phone} defaultValue={values.phone} aria-invalid={invalid("phone")} aria-describedby={describedBy("phone")} className={`${inputClass} text-start rtl:text-end`} />
              {fieldError("phone")}
            </div>
          </div>

          <div>
            {label("description", "booking-description-label", false)}
            <p id="booking-description-hint" className="mb-1.5 text-sm text-slate-600">
              {t("booking-description-hint")}
            </p>
            <textarea id={fieldId("description")} name="description" rows={4} maxLength={BOOKING_LIMITS.description} defaultValue={values.description} aria-invalid={invalid("description")} aria-describedby={describedBy("description", "booking-description-hint")} className={`${inputClass} resize-y`} />
            {fieldError("description")}
          </div>

          <div>
            {label("parties", "booking-parties-label", false)}
            <p id="booking-parties-hint" className="mb-1.5 text-sm text-slate-600">
              {t("booking-parties-hint")}
            </p>
            <textarea id={fieldId("parties")} name="parties" rows={3} maxLength={BOOKING_LIMITS.parties} defaultValue={values.parties} aria-invalid={invalid("parties")} aria-describedby={describedBy("parties", "booking-parties-hint")} className={`${inputClass} resize-y`} />
            {fieldError("parties")}
          </div>

          <div className="space-y-3 rounded-md bg-slate-50 p-4">
            <p id="booking-privacy-notice" className="text-sm text-slate-700">
              {t("booking-privacy-notice")}{" "}
              <LocalizedLink to="/privacy" className="font-semibold text-brand-700 underline underline-offset-2">
                {t("booking-privacy-link")}
              </LocalizedLink>
            </p>
            <div className="flex items-start gap-3">
              <input id={fieldId("consent")} name="consent" type="checkbox" value="on" defaultChecked={values.consent === "on"} aria-required aria-invalid={invalid("consent")} aria-describedby={describedBy("consent", "booking-privacy-notice")} className="mt-1 size-4 shrink-0 accent-brand-700" />
              <label htmlFor={fieldId("consent")} className="text-sm text-slate-800">
                {t("booking-consent-label")}
                <span aria-hidden="true" className="ms-0.5 text-red-700">
                  *
                </span>
              </label>
            </div>
            {fieldError("consent")}
          </div>

          {/* A trap for bots (the contact form's): people never see or reach this field. */}
          <div aria-hidden="true" className="absolute -z-10 size-px overflow-hidden opacity-0 [clip-path:inset(50%)]">
            <label htmlFor={`booking-${HONEYPOT_FIELD}`}>{t("booking-honeypot-label")}</label>
            <input id={`booking-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>

          <button
            type="submit"
            className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 sm:w-auto"
          >
            <CalendarCheck aria-hidden="true" className="size-5" />
            {t("booking-submit")}
          </button>
        </form>
      </div>
    </section>
  );
}

/** What a refused post says above the form: the error summary, the slot taken, the limit, or a bot's "thank you". */
function PostedNotice({ posted }: { posted: BookingActionData }) {
  const t = useT();
  const box = "rounded-md border p-4";
  if (posted.outcome === "invalid") {
    const fields = BOOKING_FIELDS.filter((field) => posted.errors[field]);
    return (
      <div role="alert" tabIndex={-1} aria-labelledby="booking-errors-title" data-booking-summary="" className={`${box} border-red-700 bg-red-50 text-red-900`}>
        <h3 id="booking-errors-title" className="font-semibold">
          {t("booking-errors-title")}
        </h3>
        <ul className="mt-2 list-disc space-y-1 ps-5">
          {fields.map((field) => (
            <li key={field}>
              <a href={`#${fieldId(field)}`} className="underline underline-offset-2">
                {t(posted.errors[field]!)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (posted.outcome === "taken") {
    return (
      <div role="alert" tabIndex={-1} data-booking-summary="" className={`${box} border-amber-700 bg-amber-50 text-amber-950`}>
        <h3 className="font-semibold">{t("booking.validation.slot-taken")}</h3>
        <p className="mt-1">{t(posted.nearest.length > 0 ? "booking-taken-choose" : "booking-taken-none")}</p>
      </div>
    );
  }
  if (posted.outcome === "refused") {
    return (
      <p role="alert" tabIndex={-1} data-booking-summary="" className={`${box} border-red-700 bg-red-50 text-red-900`}>
        {t(posted.message)}
      </p>
    );
  }
  return (
    <p role="status" className={`${box} border-green-700 bg-green-50 text-green-900`}>
      {t("booking-received")}
    </p>
  );
}
