import { ClientToggle } from "~/admin/kit/ClientToggle";
import { Mail, Phone, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { useResultToast } from "~/admin/kit/hooks";
import type { InboxResult } from "~/admin/inbox/actions.server";
import { telHref } from "~/components/site/Footer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Label } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import type { InboxSubmission } from "../../../contact/inbox.server";
import { ConflictNote } from "~/admin/kit/ConflictNote";

const mailto = (email: string, subject: string) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}${subject ? `?subject=${encodeURIComponent(`Re: ${subject}`)}` : ""}`;

/** The notification mail's state in one sentence; a failure says why. */
function mailState(mail: InboxSubmission["mail"]): string {
  switch (mail.status) {
    case "sent":
      return `Notification mail sent${mail.sentLabel ? ` · ${mail.sentLabel}` : ""}.`;
    case "queued":
      return mail.error ? `Notification mail waiting to be retried: ${mail.error}` : "Notification mail queued.";
    case "failed":
      return `Notification mail not sent: ${mail.error ?? "see the server log."}`;
    default:
      return "No notification mail: mail is not set up (SMTP_URL, MAIL_FROM, CONTACT_NOTIFY_TO).";
  }
}

interface Props {
  item: InboxSubmission;
  deleting: boolean;
  onDelete: (id: number) => void;
}

/** One contact message: who, how to reach them, what they wrote, and whether someone took care of it. */
export function SubmissionItem({ item, deleting, onDelete }: Props) {
  const toggle = useFetcher<InboxResult>({ key: `handle-${item.id}` });
  const switchId = useId();
  // Show the new state at once; the server's answer confirms it (or the toast says it failed).
  const pending = toggle.formData?.get("handled");
  const handled = pending !== undefined && pending !== null ? pending === "true" : item.handledAt !== null;

  useResultToast(toggle, (answer) => [answer.intent === "handle" && answer.handled ? "Marked as handled" : "Marked as not handled"]);

  const headingId = `submission-${item.id}`;
  return (
    <li className={`p-4 ${deleting ? "opacity-50" : ""} ${handled ? "bg-slate-50" : ""}`} aria-busy={deleting || undefined}>
      <article aria-labelledby={headingId} className="space-y-3">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold break-words text-slate-900">
              {item.subject || "(no subject)"}
            </h3>
            <p className="text-sm text-slate-700">
              From <span className="font-medium">{item.name}</span> · <time dateTime={item.receivedAt}>{item.receivedLabel}</time>
            </p>
          </div>
          {handled ? (
            <Badge tone="success">Handled{item.handledLabel && item.handledAt ? ` · ${item.handledLabel}` : ""}</Badge>
          ) : (
            <Badge tone="warning">New</Badge>
          )}
        </header>

        <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <li>
            <a href={mailto(item.email, item.subject)} className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline">
              <Mail aria-hidden className="size-4" />
              <bdi dir="ltr">{item.email}</bdi>
            </a>
          </li>
          {item.phone ? (
            <li>
              <a href={telHref(item.phone)} className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline">
                <Phone aria-hidden className="size-4" />
                <bdi dir="ltr">{item.phone}</bdi>
              </a>
            </li>
          ) : (
            <li className="text-slate-600">No phone given</li>
          )}
        </ul>

        {item.conflicts.length + item.hits.length > 0 ? <ConflictNote conflicts={item.conflicts} hits={item.hits} /> : null}

        {/* dir="auto": a message written in Farsi reads right to left. */}
        <p dir="auto" className="rounded-md border border-slate-200 bg-white p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
          {item.body}
        </p>

        <p className="text-sm text-slate-700">{mailState(item.mail)}</p>

        <footer className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={handled}
              disabled={deleting}
              onCheckedChange={(checked) => toggle.submit({ intent: "handle", id: String(item.id), handled: String(checked) }, { method: "post" })}
            />
            <Label htmlFor={switchId} className="mb-0">
              Mark as handled<span className="sr-only">: {item.subject || `message from ${item.name}`}</span>
            </Label>
          </div>
          <ClientToggle id={item.id} client={item.client} who={item.name} what="message" />
          <ConfirmDialog
            trigger={
              <Button variant="destructive" size="sm" disabled={deleting}>
                <Trash2 aria-hidden className="size-4" />
                Delete<span className="sr-only"> message from {item.name}</span>
              </Button>
            }
            title="Delete message"
            description={`Are you sure you want to delete this message from ${item.name}? This cannot be undone.`}
            confirmLabel="Delete"
            onConfirm={() => onDelete(item.id)}
          />
        </footer>
      </article>
    </li>
  );
}
