import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import { MEETING_KINDS, type BookingSettings } from "~/booking/settings";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/field";
import type { ConsultationsResult } from "../actions.server";
import { KIND_LABELS, NUMBER_FIELDS, WEEKDAY_NAMES, WEEKDAY_ORDER } from "../settings-form";

interface Props {
  settings: BookingSettings;
  closedDates: Array<{ day: string; note: string | null }>;
  holidays: Array<{ year: number; days: ReadonlyArray<{ date: string; name: string }> }>;
  /** Admins change the availability; other roles see it. */
  editable: boolean;
}

/** Availability: office hours per weekday, slot length, buffer, notice, horizon, kinds; closed dates; statutory holidays. */
export function SettingsPanel({ settings, closedDates, holidays, editable }: Props) {
  const save = useFetcher<ConsultationsResult>({ key: "booking-settings" });
  const dates = useFetcher<ConsultationsResult>({ key: "closed-dates" });
  useResultToast(save, () => ["Availability saved"]);
  useResultToast(dates, (answer) => (answer.intent === "add-closed-date" ? ["Date closed", answer.notified > 0 ? `${answer.day}: ${answer.notified} visitor${answer.notified === 1 ? "" : "s"} asked to choose another time` : answer.day] : answer.intent === "remove-closed-date" ? ["Date open again", answer.day] : null));
  const errors = save.data && !save.data.ok ? (save.data.fieldErrors ?? {}) : {};
  const dateErrors = dates.data && !dates.data.ok && dates.data.intent === "add-closed-date" ? (dates.data.fieldErrors ?? {}) : {};
  const described = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});

  return (
    <section aria-labelledby="availability-heading" className="space-y-6 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id="availability-heading" className="text-xl font-semibold text-slate-900">
          Availability
        </h2>
        <p className="text-sm text-slate-600">{editable ? "Vancouver time. Changes apply to new bookings; existing bookings stay." : "Only an admin can change the availability."}</p>
      </div>

      <save.Form method="post" className="space-y-4" aria-label="Availability settings">
        <input type="hidden" name="intent" value="settings" />
        <fieldset disabled={!editable} className="space-y-4">
          <table className="text-sm">
            <caption className="mb-2 text-start font-semibold text-slate-900">Office hours</caption>
            <thead>
              <tr>
                <th scope="col" className="pe-4 text-start">
                  Day
                </th>
                <th scope="col" className="pe-4 text-start">
                  Open
                </th>
                <th scope="col" className="pe-4 text-start">
                  From
                </th>
                <th scope="col" className="text-start">
                  To
                </th>
              </tr>
            </thead>
            <tbody>
              {WEEKDAY_ORDER.map((day) => {
                const hours = settings.hours[day];
                const error = errors[`from-${day}`] ?? errors[`to-${day}`];
                return (
                  <tr key={day}>
                    <th scope="row" className="pe-4 py-1 text-start font-medium">
                      {WEEKDAY_NAMES[day]}
                    </th>
                    <td className="pe-4">
                      <input type="checkbox" name={`open-${day}`} id={`open-${day}`} defaultChecked={hours !== null} aria-label={`Open on ${WEEKDAY_NAMES[day]}`} className="size-4" />
                    </td>
                    <td className="pe-4">
                      <Input type="time" name={`from-${day}`} defaultValue={hours?.open ?? "09:00"} aria-label={`${WEEKDAY_NAMES[day]} opens at`} className="w-32" {...described(`from-${day}`)} />
                    </td>
                    <td>
                      <Input type="time" name={`to-${day}`} defaultValue={hours?.close ?? "17:00"} aria-label={`${WEEKDAY_NAMES[day]} closes at`} className="w-32" {...(error ? { "aria-invalid": true as const, "aria-describedby": `hours-${day}-error` } : {})} />
                      <FieldError id={`hours-${day}-error`} message={error} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>

          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {(Object.keys(NUMBER_FIELDS) as Array<keyof typeof NUMBER_FIELDS>).map((name) => (
              <div key={name}>
                <Label htmlFor={`setting-${name}`}>{NUMBER_FIELDS[name].label}</Label>
                <Input id={`setting-${name}`} name={name} inputMode="numeric" defaultValue={String(settings[name])} {...described(name)} />
                <FieldError id={`${name}-error`} message={errors[name]} />
              </div>
            ))}
          </div>

          <fieldset aria-describedby={errors.kinds ? "kinds-error" : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">Kinds of meeting offered</legend>
            <div className="flex flex-wrap gap-4">
              {MEETING_KINDS.map((kind) => (
                <label key={kind} className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" name="kinds" value={kind} defaultChecked={settings.kinds.includes(kind)} className="size-4" />
                  {KIND_LABELS[kind]}
                </label>
              ))}
            </div>
            <FieldError id="kinds-error" message={errors.kinds} />
          </fieldset>
          {editable ? (
            <Button type="submit" disabled={save.state !== "idle"}>
              Save availability
            </Button>
          ) : null}
        </fieldset>
      </save.Form>

      <section aria-labelledby="closed-heading" className="space-y-3">
        <h3 id="closed-heading" className="font-semibold text-slate-900">
          Closed dates
        </h3>
        <p className="text-sm text-slate-600">Days the firm closes besides the statutory holidays below (e.g. 30 September, Truth and Reconciliation Day).</p>
        {closedDates.length === 0 ? (
          <p className="text-sm text-slate-700">No closed dates added.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm" aria-label="Closed dates">
            {closedDates.map((closed) => (
              <li key={closed.day} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <time dateTime={closed.day}>{closed.day}</time>
                  {closed.note ? <span className="text-slate-700"> · {closed.note}</span> : null}
                </span>
                {editable ? (
                  <Button type="button" variant="secondary" size="sm" disabled={dates.state !== "idle"} onClick={() => dates.submit({ intent: "remove-closed-date", day: closed.day }, { method: "post" })}>
                    Remove<span className="sr-only"> {closed.day}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {editable ? (
          <dates.Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Add a closed date">
            <input type="hidden" name="intent" value="add-closed-date" />
            <div>
              <Label htmlFor="closed-day">Date</Label>
              <Input id="closed-day" type="date" name="day" required {...(dateErrors.day ? { "aria-invalid": true as const, "aria-describedby": "closed-day-error" } : {})} />
              <FieldError id="closed-day-error" message={dateErrors.day} />
            </div>
            <div className="min-w-64 flex-1">
              <Label htmlFor="closed-note">Note (optional)</Label>
              <Input id="closed-note" name="note" maxLength={200} {...(dateErrors.note ? { "aria-invalid": true as const, "aria-describedby": "closed-note-error" } : {})} />
              <FieldError id="closed-note-error" message={dateErrors.note} />
            </div>
            {dateErrors.confirm && dates.data && !dates.data.ok ? (
              // The date holds bookings (decision 0111): listed, and closed only once this is ticked.
              <div role="alert" className="basis-full space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                <p>{dates.data.reason}</p>
                <label className="flex items-center gap-2 font-medium">
                  <input type="checkbox" name="confirm" className="size-4" />
                  Close it and ask these visitors to choose another time
                </label>
              </div>
            ) : null}
            <Button type="submit" variant="secondary" disabled={dates.state !== "idle"}>
              Add closed date
            </Button>
          </dates.Form>
        ) : null}
      </section>

      <section aria-labelledby="holidays-heading" className="space-y-2">
        <h3 id="holidays-heading" className="font-semibold text-slate-900">
          British Columbia statutory holidays (closed automatically)
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {holidays.map((year) => (
            <div key={year.year}>
              <h4 className="text-sm font-semibold text-slate-800">{year.year}</h4>
              <ul className="text-sm text-slate-800">
                {year.days.map((holiday) => (
                  <li key={holiday.date}>
                    <time dateTime={holiday.date}>{holiday.date}</time> {holiday.name}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </section>
  );
}
