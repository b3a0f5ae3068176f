import { exportSubmissionsCsv } from "~/contact/inbox.server";
import { exportSubscribersCsv } from "~/newsletter/export.server";
import { requireDataPermission } from "~/auth/guard.server";
import type { Route } from "./+types/inbox-export-route";

/** The two exports: each module writes its own records' file and access entry. */
const EXPORTS = { submissions: exportSubmissionsCsv, subscribers: exportSubscribersCsv } as const;
const isExportKind = (value: unknown): value is keyof typeof EXPORTS => typeof value === "string" && Object.hasOwn(EXPORTS, value);

/** GET /admin/dashboard/inbox/export/{submissions|subscribers}: a CSV download. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireDataPermission(request, context, "inbox.export");
  if (!isExportKind(params.kind)) {
    return new Response("Unknown export. Use submissions or subscribers.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { filename, csv } = await EXPORTS[params.kind](context.services.db, user);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      // Personal data: 'Cache-Control: no-store' comes from the server's /admin header middleware (server/admin-gate.ts).
    },
  });
}
