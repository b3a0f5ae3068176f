import { useId } from "react";
import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import { LANGUAGES } from "~/i18n/languages";
import { LANGUAGE_NAMES } from "~/i18n/language-names";
import { PRACTICE_AREAS } from "~/booking/page-filters";
import { DEFAULT_LAWYER_SETTINGS, WEEKDAY_NAMES, formatOverrides, formatTimeOff, type LawyerSettingsView } from "~/booking/lawyer-form";
import { MEETING_KINDS } from "~/booking/settings";
import { Button } from "~/components/ui/button";
import { Field, FieldError, Input, Textarea } from "~/components/ui/field";
import type { TeamActionResult } from "~/admin/team/actions.server";

/** What the Team Management tab's loader gives whoever may change the availability (decision 0110). */
export interface LawyerEditorData {
  settings: Record<number, LawyerSettingsView>;
  accounts: Array<{ id: string; label: string }>;
}

/** Monday first, as the firm's week reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const KIND_NAMES = { video: "Video call", phone: "Phone call", office: "In person at the office" } as const;
const areaName = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replaceAll("-", " ");

/**
 * "Bookable for consultations" of one member (issue 46, decision 0104): its own form and intent
 * (`lawyer`), so it saves apart from the member's texts, which an editor may change.
 */
export function LawyerSettings({ memberId, memberName, settings = DEFAULT_LAWYER_SETTINGS(memberId), accounts }: { memberId: number; memberName: string; settings?: LawyerSettingsView; accounts: LawyerEditorData["accounts"] }) {
  const fetcher = useFetcher<TeamActionResult>({ key: `lawyer-${memberId}` });
  const id = useId();
  useResultToast(fetcher, () => ["Booking settings saved", memberName]);
  const failed = fetcher.data && !fetcher.data.ok && fetcher.data.intent === "lawyer" ? fetcher.data : null;
  const errors = failed?.fieldErrors ?? {};
  const invalid = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${name}-error` } : {});
  const saving = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" className="mt-6 space-y-4 rounded-md border border-slate-200 p-4" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        Bookable for consultations
      </h4>
      <p className="text-sm text-slate-600">Visitors can book {memberName} on the booking page while this is on and the member is active. Vancouver time.</p>
      <input type="hidden" name="intent" value="lawyer" />
      <input type="hidden" name="id" value={memberId} />

      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" name="bookable" defaultChecked={settings.bookable} className="size-4" />
        Bookable
      </label>

      <div>
        <label htmlFor={`${id}-user`} className="mb-1 block text-sm font-medium text-slate-800">
          Staff account
        </label>
        <select id={`${id}-user`} name="user_id" defaultValue={settings.userId ?? ""} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm" {...invalid("user_id")}>
          <option value="">None</option>
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.label}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-user_id-error`} message={errors.user_id} />
      </div>

      <fieldset className="space-y-2" aria-describedby={errors.hours ? `${id}-hours-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Weekly hours</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="own_hours" defaultChecked={settings.hours !== null} className="size-4" />
          Own hours (otherwise the office hours of the Consultations tab)
        </label>
        <p className="text-xs text-slate-600">Leave both times of a day empty for a day off.</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEEK.map((day) => {
            const hours = settings.hours?.[day] ?? null;
            const name = `open_${day}`;
            return (
              <div key={day} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-24 font-medium">{WEEKDAY_NAMES[day]}</span>
                <Input type="time" name={`open_${day}`} defaultValue={hours?.open ?? ""} aria-label={`${WEEKDAY_NAMES[day]} from`} className="w-32" {...invalid(name)} />
                <Input type="time" name={`close_${day}`} defaultValue={hours?.close ?? ""} aria-label={`${WEEKDAY_NAMES[day]} to`} className="w-32" {...invalid(name)} />
                <FieldError id={`${id}-${name}-error`} message={errors[name]} />
              </div>
            );
          })}
        </div>
        <FieldError id={`${id}-hours-error`} message={errors.hours} />
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Date overrides" error={errors.overrides} hint="One a line: 2027-01-15 10:00-14:00, or 2027-01-15 off.">
          {(control) => <Textarea {...control} name="overrides" rows={3} defaultValue={formatOverrides(settings.overrides)} />}
        </Field>
        <Field label="Time off" error={errors.time_off} hint="One a line: 2027-02-01 to 2027-02-14, or one date.">
          {(control) => <Textarea {...control} name="time_off" rows={3} defaultValue={formatTimeOff(settings.timeOff)} />}
        </Field>
      </div>

      {(
        [
          ["areas", "Practice areas (none ticked: every area)", PRACTICE_AREAS.map((slug) => [slug, areaName(slug)] as const), settings.areas],
          ["languages", "Languages spoken", LANGUAGES.map((lang) => [lang, LANGUAGE_NAMES[lang]] as const), settings.languages],
          ["kinds", "Meeting kinds", MEETING_KINDS.map((kind) => [kind, KIND_NAMES[kind]] as const), settings.kinds],
        ] as const
      ).map(([name, legend, options, chosen]) => (
        <fieldset key={name} aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
          <div className="flex flex-wrap gap-4">
            {options.map(([value, label]) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name={name} value={value} defaultChecked={(chosen as readonly string[]).includes(value)} className="size-4" />
                {label}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-${name}-error`} message={errors[name]} />
        </fieldset>
      ))}

      {errors.confirm ? (
        <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{failed?.reason}</p>
          <label className="flex items-center gap-2 font-medium">
            <input type="checkbox" name="confirm" className="size-4" />
            Yes, keep those bookings with {memberName}
          </label>
        </div>
      ) : null}

      <Button type="submit" disabled={saving}>
        {saving ? "Saving…" : "Save booking settings"}
        <span className="sr-only"> of {memberName}</span>
      </Button>
    </fetcher.Form>
  );
}
