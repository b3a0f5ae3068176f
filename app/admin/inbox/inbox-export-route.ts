import { exportCsv, isExportKind } from "~/contact/inbox.server";
import { requireDataPermission } from "~/auth/guard.server";
import type { Route } from "./+types/inbox-export-route";

/** GET /admin/dashboard/inbox/export/{submissions|subscribers}: a CSV download. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireDataPermission(request, context, "inbox.export");
  if (!isExportKind(params.kind)) {
    return new Response("Unknown export. Use submissions or subscribers.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { filename, csv } = await exportCsv(context.services.db, user, params.kind);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      // Personal data: 'Cache-Control: no-store' comes from the server's /admin header middleware (server/admin-gate.ts).
    },
  });
}
