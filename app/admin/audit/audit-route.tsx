import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/audit-route";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { auditOptions, listAudit } from "~/audit/log.server";
import { parseAuditFilters, type AuditFilters } from "~/audit/filters";
import { AuditTable } from "~/admin/audit/components/AuditTable";

export const meta: Route.MetaFunction = () =>
  adminMeta("Audit | Admin Dashboard");

/** The filters as the form shows them back (strings, page left out). */
const formValues = (
  filters: AuditFilters | Record<string, string>,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([key, value]) => key !== "page" && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "audit.read");
  const { db } = context.services;
  const parsed = parseAuditFilters(new URL(request.url).searchParams);
  const options = await auditOptions(db);
  if (!parsed.ok) {
    // A hand-edited or stale address: say what is wrong, list nothing, keep the form.
    return data(
      {
        options,
        values: formValues(parsed.raw),
        error: parsed.message,
        rows: [],
        total: 0,
        page: 1,
        pageCount: 1,
      },
      { status: 400 },
    );
  }
  const list = await listAudit(db, parsed.filters);
  return { options, values: formValues(parsed.filters), error: null, ...list };
}

export default function AuditTab() {
  const loaded = useLoaderData<typeof loader>();
  return <AuditTable {...loaded} />;
}

export function ErrorBoundary() {
  return <AdminRouteError what="the audit log" />;
}
