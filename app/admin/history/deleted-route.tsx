import { ArchiveRestore, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { adminAction } from "~/admin/kit/action.server";
import { useResultToast } from "~/admin/kit/hooks";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { listTrash, TRASH_KEEP_DAYS } from "~/revisions/trash.server";
import type { Route } from "./+types/deleted-route";
import { intents, type DeletedActionResult } from "./deleted-actions.server";
import { historyPath } from "~/admin/kit/history-paths";
import { firmClock } from "../../../core/firm-clock.server";

export const meta: Route.MetaFunction = () => adminMeta("Recently deleted | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "history.edit");
  // Dates formatted here by the firm clock, so the page and its hydration read the same.
  const items = (await listTrash(context.services.db)).map((item) => ({ ...item, deletedText: firmClock.shortDate(item.deletedAt), purgeText: firmClock.shortDate(item.purgeAt) }));
  return { items, keepDays: TRASH_KEEP_DAYS };
}

export const action = adminAction(intents, { permission: "history.edit" });

const KIND_NAMES = { post: "Blog post", team_member: "Team member", topic: "Topic" } as const;

function whereRestored(result: Extract<DeletedActionResult, { ok: true }>) {
  if (result.entity === "post") return { to: `/admin/dashboard/blog/${result.id}`, label: "Open the post" };
  if (result.entity === "team_member") return { to: "/admin/dashboard/team", label: "Open Team Management" };
  return { to: "/admin/dashboard/automation", label: "Open the Topic Queue" };
}

export default function RecentlyDeletedPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, keepDays } = loaderData;
  const busy = useNavigation().state !== "idle";
  useResultToast({ state: "idle", data: actionData }, (result) => ["Restored", result.note ?? `${KIND_NAMES[result.entity]} restored.`]);
  const restored = actionData?.ok ? actionData : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <Trash2 aria-hidden className="size-5 text-slate-600" />
        <h2 className="text-xl font-semibold text-slate-900">Recently deleted</h2>
      </div>
      <p className="text-sm text-slate-600">Deleted blog posts, team members and topics can be restored for {keepDays} days; then they and their history are removed for good.</p>
      {restored ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          {KIND_NAMES[restored.entity]} restored.{restored.note ? ` ${restored.note}` : ""}{" "}
          <Link to={whereRestored(restored).to} className="underline">
            {whereRestored(restored).label}
          </Link>
        </p>
      ) : null}
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <strong>{actionData.error}:</strong> {actionData.reason}
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <h3 className="font-semibold text-slate-900">Deleted items ({items.length})</h3>
        </CardHeader>
        <CardContent>
          {items.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing was deleted in the last {keepDays} days.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="deleted-item">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {item.label || "(untitled)"} <span className="text-sm font-normal text-slate-600">· {KIND_NAMES[item.entity]}</span>
                    </p>
                    <p className="text-sm text-slate-600">
                      Deleted {item.deletedText}
                      {item.deletedBy ? ` by ${item.deletedBy}` : ""} · removed for good after {item.purgeText}
                      {item.entity !== "topic" ? (
                        <>
                          {" · "}
                          <Link to={historyPath(item.entity, item.entityId)} className="underline">
                            History
                          </Link>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="id" value={item.id} />
                    <input type="hidden" name="entity" value={item.entity} />
                    <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                      <ArchiveRestore aria-hidden className="size-4" />
                      Restore<span className="sr-only"> {item.label}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="Recently deleted" />;
}
