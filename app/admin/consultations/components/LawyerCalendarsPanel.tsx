import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import type { TeamCalendar } from "~/booking/lawyer-calendars.server";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input, Label } from "~/components/ui/field";
import type { ConsultationsResult } from "../actions.server";

/**
 * Each lawyer's own calendar (decision 0105): its state for everyone who sees the tab (the host
 * only, never the address), and for admins the address to set, replace or remove, a read now,
 * and the lawyer's own feed of their bookings (shown once when made).
 */
export function LawyerCalendarsPanel({ lawyers, editable }: { lawyers: TeamCalendar[]; editable: boolean }) {
  return (
    <section aria-labelledby="lawyer-calendars-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="space-y-1">
        <h2 id="lawyer-calendars-heading" className="text-xl font-semibold text-slate-900">
          Lawyers' calendars
        </h2>
        <p className="text-sm text-slate-700">
          {editable
            ? "Paste each lawyer's private iCal address (Google: Settings › the calendar › Secret address in iCal format; Outlook: Calendar › Shared calendars › Publish, the ICS link; Apple: the calendar's Public Calendar link). It is read every 10 minutes; its busy events, recurring ones included, take the lawyer's times off the booking page. The address is kept sealed and never shown again."
            : "Each lawyer's own calendar is read every 10 minutes; only an admin can set or change its address."}
        </p>
      </div>
      {lawyers.length === 0 ? <p className="text-sm text-slate-700">No team members yet.</p> : null}
      <ul className="space-y-4">
        {lawyers.map((lawyer) => (
          <LawyerCalendarRow key={lawyer.memberId} lawyer={lawyer} editable={editable} />
        ))}
      </ul>
    </section>
  );
}

function CalendarState({ calendar }: { calendar: TeamCalendar["calendar"] }) {
  if (!calendar) return <p className="text-sm text-slate-800">No calendar address.</p>;
  const read = calendar.readAgo ? `Last read ${calendar.readAgo} (${calendar.readAt}): ${calendar.busyAhead} busy ${calendar.busyAhead === 1 ? "time" : "times"} ahead.` : null;
  return (
    <div className="space-y-1 text-sm">
      <p className="text-slate-800">Calendar address set, host {calendar.host}.</p>
      {calendar.error ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900" data-calendar-error="">
          {calendar.error} {calendar.readAgo ? `The busy times read ${calendar.readAgo} stay in force.` : "No busy times are known from it yet."}
        </p>
      ) : (
        <p className="text-slate-800" data-calendar-state="">
          {read ?? "Not read yet: it is read within a minute."}
        </p>
      )}
    </div>
  );
}

function LawyerCalendarRow({ lawyer, editable }: { lawyer: TeamCalendar; editable: boolean }) {
  const calendar = useFetcher<ConsultationsResult>({ key: `lawyer-calendar-${lawyer.memberId}` });
  const feed = useFetcher<ConsultationsResult>({ key: `lawyer-feed-${lawyer.memberId}` });
  useResultToast(calendar, (answer) => {
    if (answer.intent === "remove-lawyer-calendar") return ["Calendar address removed"];
    if (answer.intent === "set-lawyer-calendar" || answer.intent === "read-lawyer-calendar") {
      return answer.read.ok ? [answer.intent === "set-lawyer-calendar" ? "Calendar address saved and read" : "Calendar read", `${answer.read.busy} busy times`] : ["The calendar could not be read", answer.read.error];
    }
    return null;
  });
  useResultToast(feed, (answer) => (answer.intent === "revoke-lawyer-feed" ? ["Feed revoked"] : answer.intent === "create-lawyer-feed" ? ["Feed address ready"] : null));
  const made = feed.data?.ok && feed.data.intent === "create-lawyer-feed" ? feed.data.feedUrl : null;
  const addressError = calendar.data && !calendar.data.ok && calendar.data.intent === "set-lawyer-calendar" ? (calendar.data.fieldErrors?.address ?? null) : null;
  const id = `lawyer-calendar-${lawyer.memberId}`;
  const send = (fetcher: typeof calendar, intent: string) => fetcher.submit({ intent, member: String(lawyer.memberId) }, { method: "post" });
  return (
    <li className="space-y-3 rounded-md border border-slate-200 p-3" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="font-semibold text-slate-900">
        {lawyer.name}
        {lawyer.active ? "" : " (not shown on the site)"}
      </h3>
      <CalendarState calendar={lawyer.calendar} />
      {editable ? (
        <>
          <calendar.Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Calendar address of ${lawyer.name}`}>
            <input type="hidden" name="intent" value="set-lawyer-calendar" />
            <input type="hidden" name="member" value={lawyer.memberId} />
            <div className="min-w-64 flex-1">
              <Label htmlFor={`${id}-address`}>{lawyer.calendar ? "New calendar address (replaces the saved one)" : "Calendar address (iCal)"}</Label>
              <Input
                id={`${id}-address`}
                name="address"
                type="url"
                required
                autoComplete="off"
                spellCheck={false}
                placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
                {...(addressError ? { "aria-invalid": true as const, "aria-describedby": `${id}-address-error` } : {})}
              />
              {addressError ? (
                <p id={`${id}-address-error`} className="mt-1 text-sm text-red-700">
                  {addressError}
                </p>
              ) : null}
            </div>
            <Button type="submit" size="sm" disabled={calendar.state !== "idle"}>
              {lawyer.calendar ? "Replace the address" : "Save the address"}
            </Button>
          </calendar.Form>
          {lawyer.calendar ? (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" size="sm" disabled={calendar.state !== "idle"} onClick={() => send(calendar, "read-lawyer-calendar")}>
                Read now
              </Button>
              <ConfirmDialog
                trigger={
                  <Button variant="destructive" size="sm" disabled={calendar.state !== "idle"}>
                    Remove the address
                  </Button>
                }
                title={`Remove ${lawyer.name}'s calendar address?`}
                description="Its busy times no longer take the lawyer's times off the booking page."
                confirmLabel="Remove"
                cancelLabel="Keep it"
                onConfirm={() => send(calendar, "remove-lawyer-calendar")}
              />
            </div>
          ) : null}
          <div className="space-y-2 border-t border-slate-200 pt-3 text-sm">
            <p className="text-slate-800">
              {lawyer.feedSince ? `${lawyer.name}'s own feed of their bookings, made ${lawyer.feedSince}.` : `${lawyer.name} has no feed of their own bookings.`}
            </p>
            {made ? (
              <div className="space-y-1 rounded-md border border-green-300 bg-green-50 p-3 text-green-950" role="status">
                <p className="font-semibold">Copy this address now and give it to {lawyer.name}: it is shown only once.</p>
                <label htmlFor={`${id}-feed-url`} className="sr-only">
                  {lawyer.name}'s feed address
                </label>
                <input id={`${id}-feed-url`} readOnly value={made} className="w-full rounded border border-green-300 bg-white px-2 py-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" size="sm" disabled={feed.state !== "idle"} onClick={() => send(feed, "create-lawyer-feed")}>
                {lawyer.feedSince ? "Replace the feed address" : "Make a feed address"}
              </Button>
              {lawyer.feedSince ? (
                <ConfirmDialog
                  trigger={
                    <Button variant="destructive" size="sm" disabled={feed.state !== "idle"}>
                      Revoke the feed
                    </Button>
                  }
                  title={`Revoke ${lawyer.name}'s feed?`}
                  description="Calendar apps subscribed to it stop receiving the bookings."
                  confirmLabel="Revoke"
                  cancelLabel="Keep it"
                  onConfirm={() => send(feed, "revoke-lawyer-feed")}
                />
              ) : null}
            </div>
          </div>
        </>
      ) : null}
    </li>
  );
}
