import type { ReactNode } from "react";
import { AlertCircle } from "lucide-react";
import { useLang, useT } from "~/i18n/hooks";
import { LocalizedLink } from "~/components/site/LocalizedLink";
import { BOOKING_FORM_ANCHOR } from "~/components/contact/BookingLink";
import { FieldLabel, RequiredMark } from "~/components/contact/FormParts";
import { Options, type Choice } from "~/components/ui/options";
import { HONEYPOT_FIELD } from "~/contact/fields";
import {
  BOOKING_FIELDS,
  BOOKING_LIMITS,
  PRACTICE_AREAS,
  type BookingField,
  type BookingValues,
} from "~/booking/booking-form";
import type {
  BookingActionData,
  BookingWeek,
} from "~/booking/booking-page.server";
import { SHOW_FIELD, type SlotDay } from "~/booking/booking-view";
import { SPEAKS, type PageFilter } from "~/booking/page-filters";
import bookingScript from "~/booking/booking-page.ts?standalone";

/**
 * The booking pages' module (app/booking/booking-page.ts), for the confirmation page too: imported
 * from here, so the chunk both pages share is named after this file, not after the module whose
 * built file name the JS budget test looks for.
 */
export { bookingScript };

// The repeated parts' styles are in app/booking/booking-page.css (the page's HTML budget).
const inputClass = "booking-input";
const legendClass = "booking-legend";
const linkClass = "booking-step";

/** A day's count of free times in the page's digits (Persian digits in Farsi, as the times). */
const NUMBER_LOCALES = { en: "en-CA", fa: "fa-IR", zh: "zh-CN" } as const;

const EMPTY: BookingValues = Object.fromEntries(
  BOOKING_FIELDS.map((field) => [field, ""]),
) as BookingValues;
const fieldId = (field: BookingField) => `booking-${field}`;
const errorId = (field: BookingField) => `booking-${field}-error`;

/**
 * The visitor's details, one input each (label booking-<field>-label); the email and phone are
 * written left to right in every language, with their own keyboards.
 */
const CONTACT_INPUTS = [
  {
    field: "name",
    type: "text",
    autoComplete: "name",
    required: true,
    ltr: false,
  },
  {
    field: "email",
    type: "email",
    autoComplete: "email",
    required: true,
    ltr: true,
  },
  {
    field: "phone",
    type: "tel",
    autoComplete: "tel",
    required: false,
    ltr: true,
  },
] as const;

/** The two free texts, each with its hint (booking-<field>-hint) under the label. */
const TEXT_AREAS = [
  { field: "description", rows: 4 },
  { field: "parties", rows: 3 },
] as const;

/**
 * The built-in booking form (issue 33, decision 0078): server HTML that works without JavaScript.
 * Practice area, meeting kind, the days with free times of two weeks, then the chosen day's
 * times as radio buttons (other days and weeks are submit buttons of the form itself, so what
 * was typed is kept: decision 0086), the visitor's details, the privacy notice and consent, and
 * the contact form's honeypot. A refused post renders it again with what was typed, an error summary and each
 * field's message tied to its field. The page module (app/booking/booking-page.ts) adds the
 * visitor's own time beside each Vancouver time and moves the focus to the summary.
 */
export function BookingForm({
  booking,
  posted,
}: {
  booking: BookingWeek;
  posted: BookingActionData | undefined;
}) {
  const t = useT();
  const values = posted && "values" in posted ? posted.values : EMPTY;
  const errors: Partial<Record<BookingField, string>> =
    posted?.outcome === "invalid" ? posted.errors : {};
  const lang = useLang();
  const chosenDate = posted?.outcome === "taken" ? null : booking.chosen?.date;
  const invalid = (field: BookingField) => (errors[field] ? true : undefined);
  const describedBy = (field: BookingField, hint?: string) =>
    [hint, errors[field] ? errorId(field) : undefined]
      .filter(Boolean)
      .join(" ") || undefined;
  // The way the times are for (decision 0104): the one posted, else the page's.
  const kind = values.kind || booking.kind || booking.kinds[0];

  const fieldError = (field: BookingField) =>
    errors[field] ? (
      <p
        id={errorId(field)}
        className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700"
      >
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t(errors[field])}</span>
      </p>
    ) : null;

  const label = (field: BookingField, key: string, required: boolean) => (
    <FieldLabel
      htmlFor={fieldId(field)}
      className="booking-label"
      required={required}
    >
      {t(key)}
    </FieldLabel>
  );

  /** Choices whose texts are booking-<field>-<value>. */
  const namedChoices = (field: string, choiceValues: readonly string[]) =>
    choiceValues.map((value) => ({
      value,
      label: t(`booking-${field}-${value}`),
    }));

  /**
   * One of the selects that narrow the times (area, lawyer, language): "any" first,
   * then the choices; it shows what was posted, else the page's own filter.
   */
  const filterSelect = (
    field: keyof PageFilter,
    any: string,
    choices: Choice[],
  ) => (
    <div>
      {label(field, `booking-${field}-label`, false)}
      <select
        id={fieldId(field)}
        name={field}
        defaultValue={values[field] || String(booking.filter[field] ?? "")}
        aria-invalid={invalid(field)}
        aria-describedby={describedBy(field)}
        className={inputClass}
      >
        <option value="">{any}</option>
        <Options choices={choices} />
      </select>
      {fieldError(field)}
    </div>
  );

  /** The previous or next weeks (a submit button, back at the times); an empty place keeps the row's layout. */
  const weekButton = (href: string | null, label: ReactNode) =>
    href ? (
      <button
        type="submit"
        name={SHOW_FIELD}
        value="weeks"
        formAction={`${href}#${fieldId("start")}`}
        className={linkClass}
      >
        {label}
      </button>
    ) : (
      <span />
    );

  return (
    <section
      id={BOOKING_FORM_ANCHOR}
      aria-labelledby="booking-form-title"
      className="mx-auto max-w-4xl scroll-mt-24 px-4 pb-16 sm:px-6 lg:px-8"
    >
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2
          id="booking-form-title"
          className="text-2xl font-bold text-brand-800"
        >
          {t("booking-form-title")}
        </h2>
        <form
          method="post"
          // The weeks and the day shown go along, so a refused post's page shows the same day (and the choice made).
          action={`${booking.action}#${BOOKING_FORM_ANCHOR}`}
          noValidate
          className="mt-4 space-y-8"
          aria-describedby="booking-required-note"
          data-booking-form=""
          data-page-module={bookingScript}
        >
          {/* The form's first submit button is the one Enter in a field presses: it books, never changes the day. */}
          <button
            type="submit"
            tabIndex={-1}
            aria-hidden="true"
            className="sr-only"
          >
            {t("booking-submit")}
          </button>
          {posted ? <PostedNotice posted={posted} /> : null}
          <p id="booking-required-note" className="text-sm text-slate-600">
            {t("booking-required-note")}
          </p>

          <div className="booking-filters">
            {filterSelect(
              "area",
              t("booking-area-unsure"),
              namedChoices("area", PRACTICE_AREAS),
            )}

            {booking.lawyers.length > 0 ? (
              <>
                {filterSelect(
                  "lawyer",
                  t("booking-lawyer-any"),
                  booking.lawyers.map(({ id, name }) => ({
                    value: id,
                    label: name,
                  })),
                )}
                {filterSelect(
                  "speaks",
                  t("booking-speaks-any"),
                  namedChoices("speaks", SPEAKS),
                )}
                {/* The times of the lawyer, area and language chosen; with script the lists change on their own. */}
                <button
                  type="submit"
                  name={SHOW_FIELD}
                  value="filter"
                  formAction={`${booking.action.slice(booking.action.indexOf("?"))}#${fieldId("start")}`}
                  className={linkClass}
                >
                  {t("booking-narrow")}
                </button>
              </>
            ) : null}
          </div>

          <fieldset
            id={fieldId("kind")}
            aria-invalid={invalid("kind")}
            aria-describedby={describedBy("kind")}
          >
            <legend className={legendClass}>{t("booking-kind-label")}</legend>
            <div className="booking-kinds">
              {booking.kinds.map((option) => (
                <label key={option}>
                  <input
                    type="radio"
                    name="kind"
                    value={option}
                    defaultChecked={option === kind}
                  />
                  {t(`booking-kind-${option}`)}
                </label>
              ))}
            </div>
            {fieldError("kind")}
          </fieldset>

          <fieldset
            id={fieldId("start")}
            aria-invalid={invalid("start")}
            aria-describedby={describedBy("start", "booking-zone-note")}
            data-booking-times=""
            data-booking-slots=""
            data-local-label={t("booking-local-time", { time: "{time}" })}
          >
            <legend className={legendClass}>
              {t("booking-slot-label")}
              <RequiredMark />
            </legend>
            <p id="booking-zone-note" className="mb-3 text-sm text-slate-600">
              {t("booking-slot-zone-note")}
            </p>
            {fieldError("start")}
            {/* The two weeks' days with free times, then the chosen day's times (issue 46): other days and
                weeks are submit buttons of this form, so what was typed goes along (decision 0086). */}
            <nav
              aria-label={t("booking-weeks-label")}
              className="mb-3 flex flex-wrap items-center justify-between gap-2"
            >
              {weekButton(
                booking.previous,
                <>
                  <span aria-hidden="true">‹</span>
                  {t("booking-week-previous")}
                </>,
              )}
              <p
                id="booking-days-title"
                tabIndex={-1}
                className="font-semibold text-slate-800"
              >
                {t("booking-week-of", { date: booking.weekLabel })}
              </p>
              {weekButton(
                booking.next,
                <>
                  {t("booking-week-next")}
                  <span aria-hidden="true">›</span>
                </>,
              )}
            </nav>
            {booking.days.length === 0 ? (
              <p className="rounded-md bg-slate-50 p-4 text-slate-700">
                {t("booking-week-empty")}
              </p>
            ) : (
              <ul aria-labelledby="booking-days-title" className="booking-days">
                {booking.days.map((day) => (
                  <li key={day.date}>
                    <button
                      type="submit"
                      name={SHOW_FIELD}
                      value="day"
                      formAction={`${day.href}#booking-times`}
                      aria-current={
                        day.date === chosenDate ? "date" : undefined
                      }
                    >
                      {day.label}
                      <span>
                        {t("booking-day-count", {
                          count: day.count.toLocaleString(NUMBER_LOCALES[lang]),
                        })}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {posted?.outcome === "taken" ? (
              <div id="booking-times" className="mt-5 space-y-5">
                {posted.nearest.map((day) => (
                  <fieldset key={day.date}>
                    <legend className="mb-2 text-sm font-semibold text-brand-800">
                      {day.label}
                    </legend>
                    <SlotList day={day} checked={values.start} />
                  </fieldset>
                ))}
              </div>
            ) : booking.chosen ? (
              <div id="booking-times" className="mt-5 scroll-mt-24">
                <h3
                  id="booking-times-title"
                  tabIndex={-1}
                  className="mb-2 text-sm font-semibold text-brand-800"
                >
                  {t("booking-day-times", { date: booking.chosen.label })}
                </h3>
                <SlotList day={booking.chosen} checked={values.start} />
              </div>
            ) : null}
          </fieldset>

          <div className="grid gap-5 sm:grid-cols-2">
            {CONTACT_INPUTS.map((spec) => (
              <div key={spec.field}>
                {label(
                  spec.field,
                  `booking-${spec.field}-label`,
                  spec.required,
                )}
                <input
                  id={fieldId(spec.field)}
                  name={spec.field}
                  type={spec.type}
                  autoComplete={spec.autoComplete}
                  inputMode={spec.ltr ? spec.type : undefined}
                  dir={spec.ltr ? "ltr" : undefined}
                  maxLength={BOOKING_LIMITS[spec.field]}
                  defaultValue={values[spec.field]}
                  aria-required={spec.required || undefined}
                  aria-invalid={invalid(spec.field)}
                  aria-describedby={describedBy(spec.field)}
                  className={
                    spec.ltr
                      ? `${inputClass} text-start rtl:text-end`
                      : inputClass
                  }
                />
                {fieldError(spec.field)}
              </div>
            ))}
          </div>

          {TEXT_AREAS.map(({ field, rows }) => (
            <div key={field}>
              {label(field, `booking-${field}-label`, false)}
              <p id={`booking-${field}-hint`} className="booking-hint">
                {t(`booking-${field}-hint`)}
              </p>
              <textarea
                id={fieldId(field)}
                name={field}
                rows={rows}
                maxLength={BOOKING_LIMITS[field]}
                defaultValue={values[field]}
                aria-invalid={invalid(field)}
                aria-describedby={describedBy(field, `booking-${field}-hint`)}
                className={`${inputClass} resize-y`}
              />
              {fieldError(field)}
            </div>
          ))}

          <div className="space-y-3 rounded-md bg-slate-50 p-4">
            <p id="booking-privacy-notice" className="text-sm text-slate-700">
              {t("booking-privacy-notice")}{" "}
              <LocalizedLink
                to="/privacy"
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {t("booking-privacy-link")}
              </LocalizedLink>
            </p>
            <div className="flex items-start gap-3">
              <input
                id={fieldId("consent")}
                name="consent"
                type="checkbox"
                value="on"
                defaultChecked={values.consent === "on"}
                aria-required
                aria-invalid={invalid("consent")}
                aria-describedby={describedBy(
                  "consent",
                  "booking-privacy-notice",
                )}
                className="mt-1 size-4 shrink-0 accent-brand-700"
              />
              <label
                htmlFor={fieldId("consent")}
                className="text-sm text-slate-800"
              >
                {t("booking-consent-label")}
                <RequiredMark />
              </label>
            </div>
            {fieldError("consent")}
          </div>

          {/* A trap for bots (the contact form's): people never see or reach this field. */}
          <div
            aria-hidden="true"
            className="absolute -z-10 size-px overflow-hidden opacity-0 [clip-path:inset(50%)]"
          >
            <label htmlFor={`booking-${HONEYPOT_FIELD}`}>
              {t("booking-honeypot-label")}
            </label>
            <input
              id={`booking-${HONEYPOT_FIELD}`}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>

          <button type="submit" className="booking-submit">
            {t("booking-submit")}
          </button>
        </form>
      </div>
    </section>
  );
}

/**
 * A day's free times as radio buttons (styled by `.booking-times`), the visitor's own time added
 * beside each by the page module.
 */
function SlotList({ day, checked }: { day: SlotDay; checked: string }) {
  return (
    <div className="booking-times">
      {day.slots.map((slot) => (
        <label key={slot.start}>
          {/* data-offset: Vancouver's offset then, by the firm clock, which the script compares with the visitor's (decision 0083). */}
          <input
            type="radio"
            name="start"
            value={slot.start}
            data-offset={slot.offset}
            defaultChecked={slot.start === checked}
          />
          {slot.time}
        </label>
      ))}
    </div>
  );
}

/** What a refused post says above the form: the error summary, the slot taken, the limit, or a bot's "thank you". */
function PostedNotice({ posted }: { posted: BookingActionData }) {
  const t = useT();
  const box = "rounded-md border p-4";
  if (posted.outcome === "invalid") {
    const fields = BOOKING_FIELDS.filter((field) => posted.errors[field]);
    return (
      <div
        role="alert"
        tabIndex={-1}
        aria-labelledby="booking-errors-title"
        data-booking-summary=""
        className={`${box} border-red-700 bg-red-50 text-red-900`}
      >
        <h3 id="booking-errors-title" className="font-semibold">
          {t("booking-errors-title")}
        </h3>
        <ul className="mt-2 list-disc space-y-1 ps-5">
          {fields.map((field) => (
            <li key={field}>
              <a
                href={`#${fieldId(field)}`}
                className="underline underline-offset-2"
              >
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
      <div
        role="alert"
        tabIndex={-1}
        data-booking-summary=""
        className={`${box} border-amber-700 bg-amber-50 text-amber-950`}
      >
        <h3 className="font-semibold">{t("booking.validation.slot-taken")}</h3>
        <p className="mt-1">
          {t(
            posted.nearest.length > 0
              ? "booking-taken-choose"
              : "booking-taken-none",
          )}
        </p>
      </div>
    );
  }
  if (posted.outcome === "kept") return null;
  if (posted.outcome === "refused") {
    return (
      <p
        role="alert"
        tabIndex={-1}
        data-booking-summary=""
        className={`${box} border-red-700 bg-red-50 text-red-900`}
      >
        {t(posted.message)}
      </p>
    );
  }
  return (
    <p
      role="status"
      className={`${box} border-green-700 bg-green-50 text-green-900`}
    >
      {t("booking-received")}
    </p>
  );
}
