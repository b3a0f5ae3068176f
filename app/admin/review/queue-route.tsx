import { data, Form, Link, useFetcher, type FetcherWithComponents } from "react-router";
import type { Route } from "./+types/queue-route";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { AdminTab } from "~/admin/kit/AdminTab";
import { AdminTable } from "~/admin/kit/AdminTable";
import { adminAction } from "~/admin/kit/action.server";
import { useResultToast } from "~/admin/kit/hooks";
import { requirePermission, userCan } from "~/auth/guard.server";
import { audienceSentence, shownAudience, type ShownAudience } from "~/admin/kit/audience";
import { audienceOfProposal } from "~/newsletter/audience.server";
import { adminMeta } from "~/auth/ui";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { readQueueFilters, type QueueFilters } from "~/review/filters";
import { KIND_NOUNS, REVIEW_QUEUE_PATH, reviewPath } from "~/review/paths";
import { listOutdatedTranslations, listReviewQueue, type OutdatedItem, type QueueItem } from "~/review/queue.server";
import { OutdatedBadge } from "~/admin/kit/OutdatedBadge";
import { LANGUAGE_NAMES } from "~/i18n/language-names";
import { SOURCE_LABELS } from "~/revisions/types";
import { useFirmClock } from "../kit/firm-clock";
import { intents, type ReviewActionResult } from "./actions.server";
import { DecisionButton } from "./components/DecisionButton";
import { ageOf, decisionToast, itemName, LANGUAGE_LABELS } from "./components/words";

export const meta: Route.MetaFunction = () => adminMeta("Review queue | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "changes.publish");
  const { db, clock } = context.services;
  const now = clock.now().toISOString();
  const read = readQueueFilters(new URL(request.url));
  if (!read.ok) {
    // A hand-edited address: say what is wrong and list nothing.
    return data({ items: [] as QueueItem[], total: 0, outdated: [] as OutdatedItem[], mail: {} as Record<string, ShownAudience | null>, filters: {} as QueueFilters, error: read.message, now }, { status: 400 });
  }
  const { items, total } = await listReviewQueue(db, read.filters);
  const outdated = await listOutdatedTranslations(db, read.filters);
  // What publishing each post's change would mail (decision 0098): numbers only for roles that see subscribers (decision 0090).
  const seesSubscribers = userCan(user, "inbox.read");
  const mail: Record<string, ShownAudience | null> = {};
  for (const item of items) {
    if (item.entity === "post" && item.revisionId !== null) mail[item.revisionId] = shownAudience(await audienceOfProposal(db, item.revisionId), seesSubscribers);
  }
  return { items, total, outdated, mail, filters: read.filters, error: null as string | null, now };
}

export const action = adminAction(intents, { permission: "changes.publish" });

function Filters({ filters }: { filters: QueueFilters }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the queue">
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Kind
        <select name="kind" defaultValue={filters.kind ?? ""} className="rounded-md border border-slate-300 px-2 py-1.5">
          <option value="">All kinds</option>
          <option value="post">Blog posts</option>
          <option value="content">Website texts</option>
          <option value="team_member">Team members</option>
          <option value="scheduled">Scheduled publications</option>
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Language
        <select name="lang" defaultValue={filters.lang ?? ""} className="rounded-md border border-slate-300 px-2 py-1.5">
          <option value="">All languages</option>
          <option value="en">English</option>
          <option value="fa">Farsi</option>
          <option value="zh">Chinese</option>
        </select>
      </label>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {filters.kind || filters.lang ? (
        <Link to={REVIEW_QUEUE_PATH} className={buttonClass("ghost")}>
          Show all
        </Link>
      ) : null}
    </Form>
  );
}

function QueueRow({ item, now, fetcher, behind, mail }: { item: QueueItem; now: string; fetcher: FetcherWithComponents<ReviewActionResult>; behind: OutdatedItem[]; mail: ShownAudience | null }) {
  const clock = useFirmClock();
  const busy = fetcher.state !== "idle";
  const name = itemName(item.entity, item.what);
  const mailNote = mail ? audienceSentence(mail) : null;
  return (
    <tr data-testid="queue-item" className="align-top">
      <th scope="row" className="px-4 py-3 text-start font-normal">
        <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{KIND_NOUNS[item.entity]}</span>
        <Link to={item.open} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {item.what}
        </Link>
        <span className="mt-1 flex flex-wrap gap-1">
          {item.change === "draft" ? <Badge tone="info">New post</Badge> : null}
          {item.publishAt ? <Badge tone="info">Scheduled for {clock.firmTime(item.publishAt)}</Badge> : null}
          {item.stale ? <Badge tone="warning">Live version changed since</Badge> : null}
          {behind.map((mark) => (
            <OutdatedBadge key={mark.id} language={mark.language} since={mark.since} />
          ))}
        </span>
        {mailNote ? (
          <span className="mt-1 block text-sm font-medium text-amber-900" data-testid="newsletter-audience">
            {mailNote}
          </span>
        ) : null}
      </th>
      <td className="px-4 py-3">{item.proposedBy ?? "—"}</td>
      <td className="px-4 py-3">{SOURCE_LABELS[item.source]}</td>
      <td className="px-4 py-3">{item.languages.map((l) => LANGUAGE_LABELS[l]).join(", ")}</td>
      <td className="px-4 py-3">
        <time dateTime={item.proposedAt}>{clock.firmTime(item.proposedAt)}</time>
      </td>
      <td className="px-4 py-3">{ageOf(item.proposedAt, now)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={item.open} className={buttonClass("ghost", "sm")}>
            {item.change === "draft" ? "Open" : "Review"}
            <span className="sr-only"> {name}</span>
          </Link>
          {item.revisionId !== null ? (
            <>
              <DecisionButton fetcher={fetcher} action={REVIEW_QUEUE_PATH} decision="publish" revisionId={item.revisionId} itemName={name} note={mailNote} disabled={busy || item.stale} />
              <DecisionButton fetcher={fetcher} action={REVIEW_QUEUE_PATH} decision="discard" revisionId={item.revisionId} itemName={name} disabled={busy} />
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

const COLUMNS = ["What", "Proposed by", "Made by", "Languages", "Proposed", "Waiting"] as const;
const OUTDATED_COLUMNS = ["What", "Language", "English published", "Behind for"] as const;

/** Translations left behind by a published English change (decision 0097): brought up to date in their editor, or by Translate All. */
function OutdatedTable({ items, now }: { items: OutdatedItem[]; now: string }) {
  const clock = useFirmClock();
  return (
    <section aria-labelledby="outdated-heading" className="space-y-2">
      <h3 id="outdated-heading" className="text-base font-semibold text-slate-900">
        Translations out of date ({items.length})
      </h3>
      <p className="text-sm text-slate-700">
        The English of these was published after their translation. Visitors reading that language see the older text until an updated translation is published; Translate All
        counts them as needing work.
      </p>
      <AdminTable columns={OUTDATED_COLUMNS} caption="Translations out of date, oldest first" boxed>
        {items.map((item) => (
          <tr key={item.id} data-testid="outdated-item" className="align-top">
            <th scope="row" className="px-4 py-3 text-start font-normal">
              <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{KIND_NOUNS[item.entity]}</span>
              <Link to={item.open} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                {item.what}
              </Link>
            </th>
            <td className="px-4 py-3">{LANGUAGE_NAMES[item.language]} out of date</td>
            <td className="px-4 py-3">
              <time dateTime={item.since}>{clock.firmTime(item.since)}</time>
            </td>
            <td className="px-4 py-3">{ageOf(item.since, now)}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

export default function ReviewQueue({ loaderData }: Route.ComponentProps) {
  const { items, total, outdated, mail, filters, error, now } = loaderData;
  // One fetcher for the list: a decided row leaves the list, and its answer's toast must still show.
  const fetcher = useFetcher<ReviewActionResult>();
  useResultToast(fetcher, decisionToast);
  const held = fetcher.data?.ok && fetcher.data.intent === "publish" && !fetcher.data.published ? fetcher.data : null;
  return (
    <AdminTab
      id="review-queue-heading"
      title="Review queue"
      description="Every change waiting for a lawyer's sign-off: visitors see none of them until one is published."
    >
      <Filters filters={filters} />
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      {held ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {held.conflict.message}{" "}
          <Link to={reviewPath(held.revision)} className="underline">
            Compare both
          </Link>
        </p>
      ) : null}
      <p className="text-sm text-slate-700" aria-live="polite">
        {items.length === total ? `${total} waiting.` : `${items.length} of ${total} waiting match the filters.`}
      </p>
      {items.length > 0 ? (
        <AdminTable columns={COLUMNS} caption="Changes waiting for review, oldest first" boxed>
          {items.map((item) => (
            <QueueRow key={item.id} item={item} now={now} fetcher={fetcher} behind={outdated.filter((mark) => mark.entity === item.entity && mark.entityId === item.entityId)} mail={item.revisionId !== null ? (mail[item.revisionId] ?? null) : null} />
          ))}
        </AdminTable>
      ) : error ? null : (
        <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700">Nothing is waiting for review.</p>
      )}
      {outdated.length > 0 ? <OutdatedTable items={outdated} now={now} /> : null}
    </AdminTab>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the review queue" />;
}
