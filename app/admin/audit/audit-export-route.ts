import { requireDataPermission } from "~/auth/guard.server";
import { exportAuditCsv } from "~/audit/log.server";
import { AUDIT_EXPORT_MAX_ROWS, parseAuditFilters } from "~/audit/filters";
import type { Route } from "./+types/audit-export-route";

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/** GET /admin/dashboard/audit/export?person=&action=&entity=&from=&to=: the filtered log as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireDataPermission(request, context, "audit.read");
  const parsed = parseAuditFilters(new URL(request.url).searchParams);
  if (!parsed.ok) return plain(400, parsed.message);
  const { filename, csv, rows, total } = await exportAuditCsv(
    context.services.db,
    user,
    parsed.filters,
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      // The file holds the newest rows only when the filters match more than the cap: say how many were left out.
      "X-Audit-Rows": String(rows),
      ...(total > rows
        ? {
            "X-Audit-Rows-Omitted": String(total - rows),
            "X-Audit-Row-Cap": String(AUDIT_EXPORT_MAX_ROWS),
          }
        : {}),
      // 'Cache-Control: no-store' comes from the server's /admin header middleware (server/admin-gate.ts).
    },
  });
}
