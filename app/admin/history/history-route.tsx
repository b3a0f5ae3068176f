import { ArrowLeft, History, RotateCcw } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { adminAction } from "~/admin/kit/action.server";
import { useResultToast } from "~/admin/kit/hooks";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { ConfirmSubmit } from "~/admin/kit/ConfirmSubmit";
import { COMMENT_MAX_LENGTH } from "~/review/paths";
import { DiffView } from "~/admin/kit/DiffView";
import { requirePermission } from "~/auth/guard.server";
import { useCan } from "~/admin/kit/can";
import { adminMeta } from "~/auth/ui";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { compareRevisions, diffFields } from "~/revisions/review.server";
import { findRevision, listRevisions, type RevisionListItem } from "~/revisions/store.server";
import { SOURCE_LABELS, type FieldDiff } from "~/revisions/types";
import { useFirmClock } from "~/admin/kit/firm-clock";
import { AdminError } from "~/changes/errors.server";
import type { Route } from "./+types/history-route";
import { intents, type HistoryActionResult } from "./actions.server";
import { historyKind } from "./kinds.server";
import { editorOf, RECENTLY_DELETED_PATH, type HistoryKindName } from "~/admin/kit/history-paths";

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(`History${loaded ? `: ${loaded.label}` : ""} | Admin Dashboard`);

const NUMERIC_ID = /^\d{1,9}$/;

/** `?from=ID&to=ID|live`: which two states to compare; by default the newest change. */
function comparePair(url: URL, revisions: RevisionListItem[]): { from: number; to: number | "live" } | null {
  const from = Number(url.searchParams.get("from"));
  const toParam = url.searchParams.get("to");
  const to = toParam === "live" ? "live" : Number(toParam);
  if (Number.isInteger(from) && from > 0 && (to === "live" || (Number.isInteger(to) && to > 0))) return { from, to };
  const live = revisions.filter((r) => r.status === "saved" || r.status === "published");
  if (live.length >= 2) return { from: live[1].id, to: live[0].id };
  return null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "history.edit");
  const kind = historyKind(params.kind);
  const entityId = params.id ?? "";
  if (!kind || (kind.entity !== "content" && !NUMERIC_ID.test(entityId))) throw data("Not found", { status: 404 });
  const { db } = context.services;
  const live = await kind.read(db, entityId);
  const revisions = await listRevisions(db, kind.entity, entityId);
  if (!live && revisions.length === 0) throw data("Not found", { status: 404 });

  const pendingItem = revisions.find((r) => r.status === "pending") ?? null;
  let pending: { revision: RevisionListItem; diff: FieldDiff[]; stale: boolean } | null = null;
  if (pendingItem && live) {
    const row = await findRevision(db, pendingItem.id);
    pending = {
      revision: pendingItem,
      diff: row ? diffFields(kind.fields(live.snapshot), kind.fields(row.snapshot)) : [],
      stale: pendingItem.baseVersion !== null && pendingItem.baseVersion !== live.version,
    };
  }

  const url = new URL(request.url);
  const pair = comparePair(url, revisions);
  let compare: { from: number; to: number | "live"; diff: FieldDiff[]; error: string | null } | null = null;
  if (pair) {
    try {
      compare = { ...pair, diff: await compareRevisions(db, kind, pair.from, pair.to), error: null };
    } catch (error) {
      if (!(error instanceof AdminError)) throw error;
      compare = { ...pair, diff: [], error: error.message };
    }
  }
  return {
    kind: params.kind as HistoryKindName,
    entityId,
    noun: kind.noun,
    label: live?.label ?? `Deleted ${kind.noun}`,
    exists: Boolean(live),
    /** Visitors see it (a published post, a shown member, every website text). */
    visible: live?.live ?? false,
    revisions,
    pending,
    compare,
  };
}

export const action = adminAction(intents, { permission: "history.edit" });

const STATUS_BADGE: Record<RevisionListItem["status"], { tone: "success" | "warning" | "neutral" | "info"; text: string }> = {
  saved: { tone: "neutral", text: "Saved" },
  pending: { tone: "warning", text: "Waiting for review" },
  published: { tone: "success", text: "Published after review" },
  discarded: { tone: "neutral", text: "Discarded" },
};

function When({ iso }: { iso: string }) {
  const clock = useFirmClock();
  return <time dateTime={iso}>{clock.firmTime(iso)}</time>;
}


/** The toast of each answer (the kit's, as for a fetcher: the page's forms are plain forms). */
function useActionToast(actionData: HistoryActionResult | undefined) {
  useResultToast({ state: "idle", data: actionData }, (result) => {
    if (result.intent === "restore") {
      return result.proposed
        ? ["Restore proposed", `Restoring revision ${result.restoredFrom} waits for a lawyer's sign-off. Visitors still see the live version.`]
        : ["Restored", `Revision ${result.restoredFrom} is live again, as a new revision.`];
    }
    if (result.intent === "publish") return result.published ? ["Published", "The change is live."] : null;
    if (result.intent === "discard") return ["Discarded", "The live version stays as it was."];
    if (result.intent === "schedule") return ["Scheduled", "The change goes live by itself at the chosen time."];
    return ["Schedule cancelled"];
  });
}

function RevisionOptions({ revisions }: { revisions: RevisionListItem[] }) {
  const clock = useFirmClock();
  return revisions.map((r) => (
    <option key={r.id} value={r.id}>
      Revision {r.id} · {clock.firmTime(r.createdAt)}
    </option>
  ));
}

/** "Publish at": a pending post change goes live by itself then, unless a lawyer acts first. */
function ScheduleChange({ revisionId, publishAt, busy, error }: { revisionId: number; publishAt: string | null; busy: boolean; error?: string }) {
  const clock = useFirmClock();
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3">
      {publishAt ? (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="unschedule" />
          <input type="hidden" name="revision" value={revisionId} />
          <p className="text-sm text-slate-800">
            Scheduled to go live {clock.firmTime(publishAt)}.
          </p>
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            Cancel schedule
          </Button>
        </Form>
      ) : (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="schedule" />
          <input type="hidden" name="revision" value={revisionId} />
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            Publish at (Vancouver time)
            <input
              type="datetime-local"
              name="publishAt"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "schedule-change-error" : undefined}
              className="rounded-md border border-slate-300 px-2 py-1.5"
            />
          </label>
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            Schedule
          </Button>
          {error ? (
            <p id="schedule-change-error" className="w-full text-sm text-red-800">
              {error}
            </p>
          ) : null}
        </Form>
      )}
    </div>
  );
}

export default function HistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, entityId, noun, label, exists, visible, revisions, pending, compare } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // Publishing a waiting change is the sign-off of a lawyer or an admin; the server checks it too.
  const mayPublish = useCan("changes.publish");
  useActionToast(actionData);
  const back = editorOf(kind, entityId);
  const publishConflict = actionData?.ok && actionData.intent === "publish" && !actionData.published ? actionData.conflict : null;
  const failed = actionData && !actionData.ok ? actionData : null;

  return (
    <div className="space-y-6">
      <Link to={exists ? back.to : RECENTLY_DELETED_PATH} className={buttonClass("ghost", "sm", "-ms-3")}>
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {exists ? back.label : "Recently deleted"}
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <History aria-hidden className="size-5 text-slate-600" />
        <h2 className="text-xl font-semibold text-slate-900">History of “{label}”</h2>
      </div>
      {!exists ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          This {noun} was deleted. Its revisions cannot be restored until it is restored from <Link to={RECENTLY_DELETED_PATH} className="underline">Recently deleted</Link>.
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <strong>{failed.error}:</strong> {failed.reason}
        </p>
      ) : null}

      {pending ? (
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold text-slate-900">Change waiting for review</h3>
              <Badge tone="warning">{SOURCE_LABELS[pending.revision.source]}</Badge>
            </div>
            <p className="text-sm text-slate-600">
              {pending.revision.note ? `${pending.revision.note} · ` : ""}
              proposed <When iso={pending.revision.createdAt} />
              {pending.revision.createdBy ? ` by ${pending.revision.createdBy}` : ""}. Visitors see the live version until a lawyer publishes this change.
            </p>
          </CardHeader>
          <CardContent className="space-y-4">
            {pending.stale ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                The live {noun} changed after this change was proposed. Publishing it replaces those later changes; compare below before you choose.
              </p>
            ) : null}
            <h4 className="text-sm font-semibold text-slate-800">What publishing would change (live → proposed)</h4>
            <DiffView diff={pending.diff} empty="The proposal is the same as the live version." />
            {publishConflict && mayPublish ? (
              <section role="alert" aria-labelledby="publish-conflict" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
                <h4 id="publish-conflict" className="font-semibold text-amber-900">
                  The live {noun} changed since this was proposed
                </h4>
                <p className="text-sm text-amber-900">{publishConflict.message}</p>
                <h5 className="text-sm font-semibold text-slate-800">Changed on the live {noun} since</h5>
                <DiffView diff={publishConflict.liveChanges} />
                <h5 className="text-sm font-semibold text-slate-800">The proposal</h5>
                <DiffView diff={publishConflict.proposed} />
                <Form method="post">
                  <input type="hidden" name="intent" value="publish" />
                  <input type="hidden" name="revision" value={pending.revision.id} />
                  <input type="hidden" name="replaceLive" value="1" />
                  <Button type="submit" disabled={busy}>
                    Publish the proposal over the live version
                  </Button>
                </Form>
              </section>
            ) : null}
            {mayPublish ? null : <p className="text-sm text-slate-700">A lawyer or an admin publishes this change; you can discard it.</p>}
            {kind === "post" && mayPublish ? <ScheduleChange revisionId={pending.revision.id} publishAt={pending.revision.publishAt} busy={busy} error={failed?.fieldErrors?.publishAt} /> : null}
            <div className="flex flex-wrap gap-3">
              {mayPublish ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="publish" />
                  <input type="hidden" name="revision" value={pending.revision.id} />
                  <ConfirmSubmit
                    disabled={busy}
                    title={`Publish the change to “${label}”?`}
                    description={pending.revision.goLive ? `“${label}” goes online with this version: visitors see it at once${kind === "post" ? ", and subscribers are mailed if its newsletter switch is on" : ""}.` : `Visitors see the proposed version of “${label}” at once, in place of the live one.`}
                    confirmLabel="Publish change"
                    commentMax={COMMENT_MAX_LENGTH}
                  >
                    Publish change
                  </ConfirmSubmit>
                </Form>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="discard" />
                <input type="hidden" name="revision" value={pending.revision.id} />
                <ConfirmSubmit
                  variant="secondary"
                  disabled={busy}
                  destructive
                  title={`Discard the change to “${label}”?`}
                  description={`The proposed version is set aside (it stays in the history) and “${label}” stays as it is.`}
                  confirmLabel="Discard change"
                  commentMax={COMMENT_MAX_LENGTH}
                >
                  Discard change
                </ConfirmSubmit>
              </Form>
            </div>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <h3 className="font-semibold text-slate-900">Compare two versions</h3>
        </CardHeader>
        <CardContent className="space-y-4">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm font-medium text-slate-800">
              From
              <select name="from" defaultValue={compare?.from ?? ""} className="rounded-md border border-slate-300 px-2 py-1.5">
                <RevisionOptions revisions={revisions} />
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium text-slate-800">
              To
              <select name="to" defaultValue={compare?.to ?? "live"} className="rounded-md border border-slate-300 px-2 py-1.5">
                {exists ? <option value="live">The live version</option> : null}
                <RevisionOptions revisions={revisions} />
              </select>
            </label>
            <Button type="submit" variant="secondary">
              Compare
            </Button>
          </Form>
          {compare ? (
            <div aria-live="polite" className="space-y-2">
              <p className="text-sm text-slate-700">
                Revision {compare.from} → {compare.to === "live" ? "the live version" : `revision ${compare.to}`}
              </p>
              {compare.error ? <p className="text-sm text-red-800">{compare.error}</p> : <DiffView diff={compare.diff} />}
            </div>
          ) : (
            <p className="text-sm text-slate-600">There is only one version so far.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h3 className="font-semibold text-slate-900">Revisions ({revisions.length})</h3>
        </CardHeader>
        <CardContent>
          <ol className="divide-y divide-slate-200" aria-label="Revisions, newest first">
            {revisions.map((r, index) => {
              const badge = STATUS_BADGE[r.status];
              const previous = revisions.slice(index + 1).find((p) => p.status === "saved" || p.status === "published");
              return (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="revision">
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      Revision {r.id}
                      <Badge tone={badge.tone}>{badge.text}</Badge>
                      <span className="text-slate-600">{SOURCE_LABELS[r.source]}</span>
                    </p>
                    <p className="text-sm text-slate-600">
                      <When iso={r.createdAt} />
                      {r.createdBy ? ` · ${r.createdBy}` : ""}
                      {r.reviewedBy && r.status !== "saved" ? ` · reviewed by ${r.reviewedBy}` : ""}
                      {r.note ? ` · ${r.note}` : ""}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {previous ? (
                      <Link to={`?from=${previous.id}&to=${r.id}`} className={buttonClass("ghost", "sm")}>
                        Changes<span className="sr-only"> in revision {r.id}</span>
                      </Link>
                    ) : null}
                    {exists && r.status !== "pending" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="revision" value={r.id} />
                        <ConfirmSubmit
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          title={`Restore revision ${r.id} of “${label}”?`}
                          description={
                            mayPublish || !visible
                              ? `“${label}” gets the content of revision ${r.id} again, as a new revision${visible ? ": visitors see it at once" : ""}.`
                              : `Your restore of revision ${r.id} waits for a lawyer's sign-off; visitors keep the live “${label}” until then.`
                          }
                          confirmLabel={mayPublish || !visible ? "Restore" : "Propose restore"}
                        >
                          <RotateCcw aria-hidden className="size-4" />
                          Restore<span className="sr-only"> revision {r.id}</span>
                        </ConfirmSubmit>
                      </Form>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the history" notFound={{ title: "No history here", text: "The item may never have existed.", back: { to: "/admin/dashboard", label: "Back to Blog Posts" } }} />;
}
