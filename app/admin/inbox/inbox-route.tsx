import { Download } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { listSubmissions } from "~/contact/inbox.server";
import { listSubscribers } from "~/newsletter/subscriber-list.server";
import { conflictRecords, hitRecords, recordAccess } from "~/audit/access.server";
import { adminAction } from "~/admin/kit/action.server";
import { requirePermission } from "~/auth/guard.server";
import { useCan } from "~/admin/kit/can";
import { adminMeta } from "~/auth/ui";
import { useResultToast } from "~/admin/kit/hooks";
import { SubmissionItem } from "~/admin/inbox/components/SubmissionItem";
import { SubscriberTable } from "~/admin/inbox/components/SubscriberTable";
import { NewsletterSettingsForm } from "~/admin/inbox/components/NewsletterSettingsForm";
import { DEFAULT_NEWSLETTER_SETTINGS, readNewsletterSettings } from "~/newsletter/settings.server";
import { buttonClass } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import type { Route } from "./+types/inbox-route";
import { intents, type InboxResult } from "./actions.server";

export const meta: Route.MetaFunction = () => adminMeta("Inbox | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "inbox.read");
  const { db, log, config } = context.services;
  // ?show=conflict: only messages whose conflict check found an earlier record, or that a later one found (decisions 0080, 0106).
  const conflictOnly = new URL(request.url).searchParams.get("show") === "conflict";
  // Confirmation mails need an outgoing mail server; until one is configured sign-ups wait unconfirmed.
  const mailConfigured = Boolean(config.SMTP_URL && config.MAIL_FROM);
  try {
    const [submissions, subscribers, newsletter] = await Promise.all([
      listSubmissions(db, undefined, { conflictOnly }),
      listSubscribers(db),
      readNewsletterSettings(db),
    ]);
    // Every look at client records is an access entry (decision 0091), written before they are sent.
    const hits = submissions.items.map((item) => item.conflicts);
    await recordAccess(db, user, {
      action: "view",
      where: conflictOnly ? "inbox (possible conflicts)" : "inbox",
      records: [{ contact: submissions.items.map((item) => item.id), subscriber: subscribers.items.map((item) => item.id) }, conflictRecords(hits), hitRecords(submissions.items.flatMap((item) => item.hits))],
      conflictHits: hits.reduce((sum, list) => sum + list.length, 0),
    });
    return { submissions, subscribers, newsletter, mailConfigured, conflictOnly, loadError: null };
  } catch (error) {
    log.error({ err: error }, "admin: loading the inbox failed");
    return {
      submissions: { items: [], total: 0, open: 0, conflicts: 0 },
      subscribers: { items: [], total: 0, confirmed: 0 },
      newsletter: DEFAULT_NEWSLETTER_SETTINGS,
      mailConfigured,
      conflictOnly,
      loadError: "The inbox could not be read. Please reload the page.",
    };
  }
}

export const action = adminAction(intents, { permission: "inbox.handle" });

function ExportLink({ kind, label }: { kind: "submissions" | "subscribers"; label: string }) {
  // Exports are an admin's (decision 0066): other roles do not see the link, and the route refuses them.
  const mayExport = useCan("inbox.export");
  if (!mayExport) return null;
  return (
    // A plain download: the browser saves the file, no client-side routing.
    <a href={`/admin/dashboard/inbox/export/${kind}`} download className={buttonClass("secondary", "sm")}>
      <Download aria-hidden className="size-4" />
      Export CSV<span className="sr-only"> of {label}</span>
    </a>
  );
}

function ShowingNote({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <p className="px-4 pt-3 text-sm text-slate-600">
      Showing the {shown} newest of {total}. The CSV export contains all of them.
    </p>
  );
}

/** All messages, or only those with a possible conflict: plain links (bookmarkable, no script needed). */
function ConflictFilter({ conflictOnly, conflicts }: { conflictOnly: boolean; conflicts: number }) {
  const link = (active: boolean) => `rounded-md px-3 py-1.5 text-sm font-semibold ${active ? "bg-brand-700 text-white" : "border border-slate-300 text-slate-800 hover:bg-slate-100"}`;
  return (
    <nav aria-label="Show messages" className="flex flex-wrap gap-2 px-4 pt-3">
      <Link to="/admin/dashboard/inbox" className={link(!conflictOnly)} aria-current={!conflictOnly ? "page" : undefined}>
        All messages
      </Link>
      <Link to="/admin/dashboard/inbox?show=conflict" className={link(conflictOnly)} aria-current={conflictOnly ? "page" : undefined}>
        Possible conflict ({conflicts})
      </Link>
    </nav>
  );
}

/** A list of the Inbox that staff may export: its heading with a count, what it holds, and the export link. */
function ExportableList({ id, title, description, exportKind, exportLabel, children }: { id: string; title: ReactNode; description: ReactNode; exportKind: "submissions" | "subscribers"; exportLabel: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id={id} className="text-xl font-semibold text-slate-900">
              {title}
            </h2>
            <p className="text-sm text-slate-600">{description}</p>
          </div>
          <ExportLink kind={exportKind} label={exportLabel} />
        </CardHeader>
        {children}
      </Card>
    </section>
  );
}

export default function InboxTab({ loaderData }: Route.ComponentProps) {
  const maySetNewsletter = useCan("newsletter.settings");
  const { submissions, subscribers, newsletter, mailConfigured, conflictOnly, loadError } = loaderData;
  const awaiting = subscribers.total - subscribers.confirmed;
  // Deletions are answered after the row is gone, so their fetchers live here.
  const deleter = useFetcher<InboxResult>({ key: "inbox-delete" });
  const deletingId = deleter.state !== "idle" && deleter.formData?.get("intent") === "delete" ? Number(deleter.formData.get("id")) : null;
  const removingId = deleter.state !== "idle" && deleter.formData?.get("intent") === "delete-subscriber" ? Number(deleter.formData.get("id")) : null;

  useEffect(() => {
    if (loadError) toast.error("Failed to load the inbox", { description: loadError });
  }, [loadError]);

  useResultToast(deleter, (answer) => ["Deleted!", answer.intent === "delete-subscriber" ? "Subscriber removed." : "Message removed."]);

  return (
    <div className="space-y-8">
      <ExportableList
        id="inbox-messages-heading"
        title={<>Contact messages ({submissions.total})</>}
        description={
          <>
            Newest first, times in Vancouver time.
            {submissions.total > 0 ? ` ${submissions.open === 1 ? "1 message is" : `${submissions.open} messages are`} not handled yet.` : ""}
          </>
        }
        exportKind="submissions"
        exportLabel="contact messages"
      >
        <ConflictFilter conflictOnly={conflictOnly} conflicts={submissions.conflicts} />
        <ShowingNote shown={submissions.items.length} total={submissions.total} />
        {submissions.items.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-700">{loadError ? "The messages could not be loaded." : conflictOnly ? "No message has a possible conflict." : "No messages yet."}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {submissions.items.map((item) => (
              <SubmissionItem key={item.id} item={item} deleting={deletingId === item.id} onDelete={(id) => deleter.submit({ intent: "delete", id: String(id) }, { method: "post" })} />
            ))}
          </ul>
        )}
      </ExportableList>

      <section aria-labelledby="inbox-newsletter-heading">
        <Card>
          <CardHeader>
            <h2 id="inbox-newsletter-heading" className="text-xl font-semibold text-slate-900">
              Newsletter
            </h2>
            <p className="text-sm text-slate-600">
              Confirmed subscribers get each new post by mail once (turn it off per post with the editor&apos;s &ldquo;Send to subscribers&rdquo;), in the language they signed up in.
            </p>
          </CardHeader>
          <div className="px-6 pb-6">
            {maySetNewsletter ? (
              <NewsletterSettingsForm settings={newsletter} />
            ) : (
              <p className="text-sm text-slate-600">
                {newsletter.mode === "each" ? "Each post goes out when it is published." : "Posts go out in one weekly digest."} Only an admin changes how the newsletter is sent.
              </p>
            )}
          </div>
        </Card>
      </section>

      <ExportableList
        id="inbox-subscribers-heading"
        title={<>Newsletter subscribers ({subscribers.total})</>}
        description={
          <>
            Addresses entered in the blog&apos;s Stay Informed box, newest first.
            {subscribers.total > 0 ? ` ${subscribers.confirmed} confirmed, ${awaiting} awaiting confirmation.` : ""} Only confirmed addresses may receive the newsletter, and only they are in the
            CSV export.
          </>
        }
        exportKind="subscribers"
        exportLabel="confirmed newsletter subscribers"
      >
        {mailConfigured ? null : (
          <p role="note" className="mx-4 mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Confirmation mails are not sent until outgoing mail is configured (<code>SMTP_URL</code> and <code>MAIL_FROM</code>). Until then, new subscribers wait here awaiting confirmation and
            receive no newsletter.
          </p>
        )}
        <ShowingNote shown={subscribers.items.length} total={subscribers.total} />
        {subscribers.items.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-700">No subscribers yet.</p>
        ) : (
          <SubscriberTable items={subscribers.items} removingId={removingId} onRemove={(id) => deleter.submit({ intent: "delete-subscriber", id: String(id) }, { method: "post" })} />
        )}
      </ExportableList>
    </div>
  );
}
