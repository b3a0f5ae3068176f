import { ArrowLeft } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/change-route";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { adminAction } from "~/admin/kit/action.server";
import { useResultToast } from "~/admin/kit/hooks";
import { historyPath } from "~/admin/kit/history-paths";
import { parseId } from "~/admin/kit/ids";
import { requirePermission, userCan } from "~/auth/guard.server";
import { audienceSentence, shownAudience } from "~/admin/kit/audience";
import { audienceOfProposal } from "~/newsletter/audience.server";
import { adminMeta } from "~/auth/ui";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { REVIEW_KINDS } from "~/review/kinds.server";
import { KIND_NOUNS, REVIEW_QUEUE_PATH, reviewPath } from "~/review/paths";
import { renderChange } from "~/review/render.server";
import { findRevision, userNames } from "~/revisions/store.server";
import { SOURCE_LABELS } from "~/revisions/types";
import { useFirmClock } from "../kit/firm-clock";
import { intents, type ReviewActionResult } from "./actions.server";
import { ChangeView } from "./components/ChangeView";
import { DecisionButton } from "./components/DecisionButton";
import { decisionToast, itemName } from "./components/words";

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(`Review${loaded ? `: ${loaded.what}` : ""} | Admin Dashboard`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "changes.publish");
  const id = parseId(params.revision);
  const { db } = context.services;
  const revision = id === null ? null : await findRevision(db, id);
  if (!revision) throw data("Not found", { status: 404 });
  const kind = REVIEW_KINDS[revision.entity];
  const live = await kind.read(db, revision.entityId);
  const names = await userNames(db, [revision.createdBy, revision.reviewedBy]);
  const nameOf = (userId: string | null) => (userId ? (names.get(userId) ?? "A former user") : null);
  return {
    revisionId: revision.id,
    entity: revision.entity,
    entityId: revision.entityId,
    status: revision.status,
    what: live?.label ?? `Deleted ${kind.noun}`,
    source: revision.source,
    note: revision.note,
    proposedBy: nameOf(revision.createdBy),
    proposedAt: revision.createdAt.toISOString(),
    reviewedBy: nameOf(revision.reviewedBy),
    reviewedAt: revision.reviewedAt?.toISOString() ?? null,
    exists: Boolean(live),
    stale: Boolean(live) && revision.baseVersion !== null && revision.baseVersion !== live!.version,
    // The comparison only while it waits: after a decision the History shows what happened.
    // What publishing it would mail: numbers only for roles that see subscribers (decisions 0090, 0098).
    mail: live && revision.status === "pending" ? shownAudience(await audienceOfProposal(db, revision.id), userCan(user, "inbox.read")) : null,
    change: live && revision.status === "pending" ? renderChange(revision.entity, kind, live.snapshot, revision.snapshot) : null,
  };
}

export const action = adminAction(intents, { permission: "changes.publish" });

function Closed({ status, reviewedBy, reviewedAt }: { status: string; reviewedBy: string | null; reviewedAt: string | null }) {
  const clock = useFirmClock();
  const by = reviewedBy ? ` by ${reviewedBy}` : "";
  const when = reviewedAt ? ` (${clock.firmTime(reviewedAt)})` : "";
  const text = status === "published" ? `This change was published${by}${when}.` : status === "discarded" ? `This change was discarded${by}${when}.` : "This revision is not a change waiting for review.";
  return (
    <p role="status" className="rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-800">
      {text}
    </p>
  );
}

export default function ReviewChange({ loaderData }: Route.ComponentProps) {
  const clock = useFirmClock();
  const { revisionId, entity, entityId, status, what, source, note, proposedBy, proposedAt, reviewedBy, reviewedAt, exists, stale, mail, change } = loaderData;
  const fetcher = useFetcher<ReviewActionResult>();
  useResultToast(fetcher, decisionToast);
  const busy = fetcher.state !== "idle";
  const name = itemName(entity, what);
  const action = reviewPath(revisionId);
  const mailNote = mail ? audienceSentence(mail) : null;
  const conflict = fetcher.data?.ok && fetcher.data.intent === "publish" && !fetcher.data.published ? fetcher.data.conflict : null;
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <div className="space-y-6">
      <Link to={REVIEW_QUEUE_PATH} className={buttonClass("ghost", "sm", "-ms-3")}>
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        Back to the review queue
      </Link>
      <div className="space-y-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{KIND_NOUNS[entity]}</p>
        <h2 className="text-xl font-semibold text-slate-900">Review “{what}”</h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge tone="warning">{SOURCE_LABELS[source]}</Badge>
          <span>
            Proposed <time dateTime={proposedAt}>{clock.firmTime(proposedAt)}</time>
            {proposedBy ? ` by ${proposedBy}` : ""}
            {note ? ` · ${note}` : ""}
          </span>
          {exists ? (
            <Link to={historyPath(entity, entityId)} className="underline">
              History
            </Link>
          ) : null}
        </p>
      </div>
      {failed ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <strong>{failed.error}:</strong> {failed.reason}
        </p>
      ) : null}
      {status !== "pending" ? <Closed status={status} reviewedBy={reviewedBy} reviewedAt={reviewedAt} /> : null}
      {status === "pending" && !exists ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          This item was deleted, so its change cannot be published.
        </p>
      ) : null}
      {change ? (
        <>
          {stale ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              The live version changed after this change was proposed. Publishing it replaces those later changes: compare on the <Link to={historyPath(entity, entityId)} className="underline">History</Link> page before you choose.
            </p>
          ) : null}
          {conflict ? (
            <section role="alert" aria-labelledby="review-conflict" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
              <h3 id="review-conflict" className="font-semibold text-amber-900">
                The live version changed since this was proposed
              </h3>
              <p className="text-sm text-amber-900">{conflict.message}</p>
              <DecisionButton fetcher={fetcher} action={action} decision="publish" revisionId={revisionId} itemName={name} note={mailNote} replaceLive label="Publish the proposal over the live version" size="md" disabled={busy} />
            </section>
          ) : null}
          {mailNote ? (
            <p className="text-sm font-medium text-amber-900" data-testid="newsletter-audience">
              {mailNote}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <DecisionButton fetcher={fetcher} action={action} decision="publish" revisionId={revisionId} itemName={name} note={mailNote} label="Publish change" size="md" disabled={busy} />
            <DecisionButton fetcher={fetcher} action={action} decision="discard" revisionId={revisionId} itemName={name} label="Discard change" size="md" disabled={busy} />
          </div>
          <ChangeView change={change} />
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the change" notFound={{ title: "No such change", text: "It may have been removed with its item.", back: { to: REVIEW_QUEUE_PATH, label: "Back to the review queue" } }} />;
}
