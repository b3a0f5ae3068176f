import { ClientToggle } from "~/admin/kit/ClientToggle";
import { Mail, Phone } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConflictNote } from "~/admin/kit/ConflictNote";
import { useResultToast } from "~/admin/kit/hooks";
import type { StaffBooking } from "~/booking/staff.server";
import { STAFF_ACTIONS, STATUS_LABELS, type StaffAction } from "~/booking/status";
import { telHref } from "~/components/site/Footer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Label, Textarea } from "~/components/ui/field";
import { LANGUAGE_NAMES } from "~/i18n/language-names";
import type { ConsultationsResult } from "../actions.server";

const KIND = { video: "Video", phone: "Phone", office: "In person" } as Record<string, string>;
const TONE = { booked: "warning", confirmed: "success", declined: "neutral", cancelled: "neutral", no_show: "danger" } as const;
/** Actions that mail the visitor ask first. */
const MAILED: Partial<Record<StaffAction, string>> = {
  decline: "The visitor is mailed that we cannot meet at this time and is invited to book another time; the slot is free again.",
  "cannot-act": "The visitor is mailed that we cannot act for them (a conflict, or a matter outside our areas), with no invitation to book again; the slot is free again. The messages are edited in Availability.",
  cancel: "The visitor is mailed that the firm cancelled the consultation, with an apology, and the slot is free again.",
};

const areaName = (area: string | null) => (area ? area.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()) : "Not chosen");

/** One booking: who, when, what about, the conflict check, the firm's notes and what can be done now. */
export function BookingCard({ booking, headingLevel = 3 }: { booking: StaffBooking; headingLevel?: 3 | 4 }) {
  const status = useFetcher<ConsultationsResult>({ key: `booking-status-${booking.id}` });
  const notes = useFetcher<ConsultationsResult>({ key: `booking-notes-${booking.id}` });
  useResultToast(status, (answer) => (answer.intent === "status" ? [`Booking ${STATUS_LABELS[answer.status].toLowerCase()}`] : null));
  useResultToast(notes, () => ["Notes saved"]);
  const [referral, setReferral] = useState(true);
  const send = (action: StaffAction) =>
    status.submit({ intent: "status", id: String(booking.id), action, ...(action === "cannot-act" && referral ? { referral: "on" } : {}) }, { method: "post" });
  const Heading = `h${headingLevel}` as "h3";
  const headingId = `booking-${booking.id}`;
  const notesError = notes.data && !notes.data.ok ? notes.data.fieldErrors?.notes : undefined;
  return (
    <article id={headingId} aria-labelledby={`${headingId}-title`} className="space-y-3">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Heading id={`${headingId}-title`} className="font-semibold text-slate-900">
            <bdi>{booking.name}</bdi> · <time dateTime={booking.start}>{booking.startLabel}</time>
          </Heading>
          <p className="text-sm text-slate-700">
            {KIND[booking.kind] ?? booking.kind} · {areaName(booking.area)} · {(LANGUAGE_NAMES as Record<string, string>)[booking.language] ?? booking.language} · until {booking.endTime} · #{booking.id}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {booking.conflicts.length + booking.hits.length > 0 ? <Badge tone="danger">Possible conflict</Badge> : null}
          <Badge tone={TONE[booking.status]}>{STATUS_LABELS[booking.status]}</Badge>
        </div>
      </header>

      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <li>
          <a href={`mailto:${booking.email}`} className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline">
            <Mail aria-hidden className="size-4" />
            <bdi dir="ltr">{booking.email}</bdi>
          </a>
        </li>
        <li>
          {booking.phone ? (
            <a href={telHref(booking.phone)} className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline">
              <Phone aria-hidden className="size-4" />
              <bdi dir="ltr">{booking.phone}</bdi>
            </a>
          ) : (
            <span className="text-slate-600">No phone given</span>
          )}
        </li>
      </ul>

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-800">Description</dt>
        <dd dir="auto" className="break-words whitespace-pre-wrap text-slate-800">
          {booking.description || "—"}
        </dd>
        <dt className="font-medium text-slate-800">Other parties</dt>
        <dd dir="auto" className="text-slate-800">
          {booking.parties.length > 0 ? booking.parties.join("; ") : "None given"}
        </dd>
      </dl>

      {booking.conflicts.length + booking.hits.length > 0 ? (
        <ConflictNote conflicts={booking.conflicts} hits={booking.hits} />
      ) : (
        <p className="text-sm text-slate-700">Conflict check: no earlier record matched.</p>
      )}

      <notes.Form method="post" className="space-y-1">
        <input type="hidden" name="intent" value="notes" />
        <input type="hidden" name="id" value={booking.id} />
        <Label htmlFor={`notes-${booking.id}`}>Staff notes</Label>
        <Textarea
          id={`notes-${booking.id}`}
          name="notes"
          rows={2}
          maxLength={4000}
          defaultValue={booking.staffNotes}
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? `notes-${booking.id}-error` : undefined}
        />
        {notesError ? (
          <p id={`notes-${booking.id}-error`} className="text-sm text-red-700">
            {notesError}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" size="sm" disabled={notes.state !== "idle"}>
          Save notes<span className="sr-only"> for {booking.name}</span>
        </Button>
      </notes.Form>

      <ClientToggle id={booking.id} client={booking.client} who={booking.name} what="booking" />

      {booking.actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {booking.actions.map((action) =>
            MAILED[action] ? (
              <ConfirmDialog
                key={action}
                trigger={
                  <Button variant={action === "cancel" || action === "cannot-act" ? "destructive" : "secondary"} size="sm" disabled={status.state !== "idle"}>
                    {STAFF_ACTIONS[action].label}
                    <span className="sr-only"> booking of {booking.name}</span>
                  </Button>
                }
                title={action === "cannot-act" ? "Decline: we cannot act for this visitor?" : `${STAFF_ACTIONS[action].label} this consultation?`}
                description={MAILED[action]!}
                confirmLabel={action === "cannot-act" ? "Decline" : STAFF_ACTIONS[action].label}
                cancelLabel="Keep it"
                onConfirm={() => send(action)}
              >
                {action === "cannot-act" ? (
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" name="referral" checked={referral} onChange={(event) => setReferral(event.target.checked)} className="size-4" />
                    Add the referral line (where to find another lawyer)
                  </label>
                ) : null}
              </ConfirmDialog>
            ) : (
              <Button key={action} variant={action === "confirm" ? "primary" : "secondary"} size="sm" disabled={status.state !== "idle"} onClick={() => send(action)}>
                {STAFF_ACTIONS[action].label}
                <span className="sr-only"> booking of {booking.name}</span>
              </Button>
            ),
          )}
        </div>
      ) : null}
    </article>
  );
}
