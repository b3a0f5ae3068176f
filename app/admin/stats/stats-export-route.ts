import { requireDataPermission } from "~/auth/guard.server";
import { firmClock } from "../../../core/firm-clock.server";
import { parseRange } from "~/stats/range";
import { statsCsv } from "~/stats/report.server";
import { isStatsTable, STATS_TABLES } from "~/stats/tables";
import type { Route } from "./+types/stats-export-route";

const plain = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /admin/dashboard/statistics/export?table=&range=&from=&to=: one of the tab's tables as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireDataPermission(request, context, "stats.read");
  const params = new URL(request.url).searchParams;
  // Without one, the top pages.
  const table = params.get("table") ?? "pages";
  if (!isStatsTable(table)) return plain(400, `Table must be one of the Statistics tab's tables (${Object.keys(STATS_TABLES).join(", ")}).`);
  const parsed = parseRange(params, firmClock.dayOf(context.services.clock.now()));
  if (!parsed.ok) return plain(400, parsed.message);
  await context.services.stats.flush();
  const { filename, csv, rows } = await statsCsv(context.services.db, table, parsed.range);
  // 'Cache-Control: no-store' comes from the server's /admin header middleware (server/admin-gate.ts).
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "X-Stats-Rows": String(rows) } });
}
