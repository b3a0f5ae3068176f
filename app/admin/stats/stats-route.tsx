import { Download } from "lucide-react";
import { data, Form, useLoaderData } from "react-router";
import type { Route } from "./+types/stats-route";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { AdminTab } from "~/admin/kit/AdminTab";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { firmClock } from "../../../core/firm-clock.server";
import { parseRange } from "~/stats/range";
import { statsReport, type StatsReport } from "~/stats/report.server";
import { STATS_TABLES, type StatsTableName } from "~/stats/tables";
import { DailyChart } from "./components/DailyChart";

export const meta: Route.MetaFunction = () => adminMeta("Statistics | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "stats.read");
  const { db, clock, config, stats } = context.services;
  const today = firmClock.dayOf(clock.now());
  const parsed = parseRange(new URL(request.url).searchParams, today);
  if (!parsed.ok) return data({ error: parsed.message, values: parsed.values, report: null, mode: config.STATS_MODE, today }, { status: 400 });
  // This instance's views of the last seconds first, so the page is up to date here.
  await stats.flush();
  const report = await statsReport(db, parsed.range);
  const { choice, from, to } = parsed.range;
  return { error: null, values: { range: choice, from, to }, range: parsed.range, report, mode: config.STATS_MODE, today };
}

const number = new Intl.NumberFormat("en-CA");
const FIELD = "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm";

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "no change" : "new";
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

function RangeForm({ values, today }: { values: Record<string, string>; today: string }) {
  return (
    <Form method="get" key={JSON.stringify(values)} className="flex flex-wrap items-end gap-3 p-4" aria-label="Date range">
      <div className="flex flex-col gap-1">
        <label htmlFor="stats-range" className="text-sm font-medium text-slate-800">
          Period
        </label>
        <select id="stats-range" name="range" defaultValue={values.range} className={FIELD}>
          <option value="7">Last 7 days</option>
          <option value="30">Last 30 days</option>
          <option value="90">Last 90 days</option>
          <option value="custom">Custom (from and to below)</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="stats-from" className="text-sm font-medium text-slate-800">
          From (Vancouver day)
        </label>
        <input id="stats-from" type="date" name="from" max={today} defaultValue={values.from} className={FIELD} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="stats-to" className="text-sm font-medium text-slate-800">
          To
        </label>
        <input id="stats-to" type="date" name="to" max={today} defaultValue={values.to} className={FIELD} />
      </div>
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </Form>
  );
}

function exportHref(table: StatsTableName, values: Record<string, string>): string {
  const query = new URLSearchParams({ table, range: values.range, ...(values.range === "custom" ? { from: values.from, to: values.to } : {}) });
  return `/admin/dashboard/statistics/export?${query}`;
}

function StatsTable({ name, table, values }: { name: Exclude<StatsTableName, "daily">; table: StatsReport["tables"][Exclude<StatsTableName, "daily">]; values: Record<string, string> }) {
  const { caption, columns } = STATS_TABLES[name];
  const id = `stats-${name}`;
  return (
    <Card className="flex flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 p-3">
        <h3 id={id} className="font-semibold text-slate-900">
          {caption}
        </h3>
        <a href={exportHref(name, values)} className={buttonClass("ghost", "sm", "inline-flex items-center gap-1")} download>
          <Download aria-hidden="true" className="size-4" />
          CSV<span className="sr-only"> of {caption.toLowerCase()}</span>
        </a>
      </div>
      {table.rows.length === 0 ? (
        <p className="p-3 text-sm text-slate-700">Nothing counted in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-labelledby={id} className="min-w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                {columns.map((column, i) => (
                  <th key={column} scope="col" className={`px-3 py-2 font-semibold ${i >= columns.length - 2 ? "text-end" : ""}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.join("\t")} className="border-b border-slate-100">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="max-w-xs truncate px-3 py-1.5 font-normal" title={String(cell)}>
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className={`px-3 py-1.5 ${typeof cell === "number" ? "text-end tabular-nums" : ""}`}>
                        {typeof cell === "number" ? number.format(cell) : cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {table.total > table.rows.length ? (
        <p className="p-3 text-xs text-slate-700">
          The {table.rows.length} largest of {number.format(table.total)}; the CSV has them all.
        </p>
      ) : null}
    </Card>
  );
}

export default function StatisticsTab() {
  const loaded = useLoaderData<typeof loader>();
  const { report, values, error, mode, today } = loaded;
  return (
    <AdminTab
      id="statistics-heading"
      title="Statistics"
      description="Visits, sources and enquiries, counted without cookies (days in Vancouver time). Each visitor is counted once per UTC day; nothing identifies a person. Enquiries (contact messages and bookings) are credited to their visit: its landing page, the last article or practice-area page read and its referrer, never the form's page. A visit ends after 30 minutes without a page view."
    >
      <Card>
        <RangeForm values={values} today={today} />
      </Card>
      {mode !== "server" ? (
        <p className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-800">
          {mode === "off" ? "Counting is off (STATS_MODE=off): the figures stop at the day it was turned off." : "Counting by beacon (STATS_MODE=beacon): visits of browsers without JavaScript are not counted."}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      {report && loaded.range ? (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {(
              [
                ["Visitors", report.totals.visitors, report.previousTotals.visitors],
                ["Page views", report.totals.views, report.previousTotals.views],
                ["Enquiries", report.totals.enquiries, report.previousTotals.enquiries],
                ["Newsletter sign-ups", report.totals.signups, report.previousTotals.signups],
              ] as const
            ).map(([label, now, before]) => (
              <Card key={label} className="p-4">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="text-2xl font-semibold text-slate-900" data-testid={`total-${label.toLowerCase().replaceAll(" ", "-")}`}>
                  {number.format(now)}
                </dd>
                <dd className="text-xs text-slate-700">
                  Previous period ({loaded.range.previousFrom} to {loaded.range.previousTo}): {number.format(before)}, {change(now, before)}
                </dd>
              </Card>
            ))}
          </dl>
          <Card className="p-4">
            <DailyChart daily={report.daily} previous={report.previous} />
            <a href={exportHref("daily", values)} className={buttonClass("ghost", "sm", "mt-2 inline-flex items-center gap-1")} download>
              <Download aria-hidden="true" className="size-4" />
              CSV<span className="sr-only"> of visitors and page views per day</span>
            </a>
          </Card>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {(Object.keys(report.tables) as Array<keyof StatsReport["tables"]>).map((name) => (
              <StatsTable key={name} name={name} table={report.tables[name]} values={values} />
            ))}
          </div>
        </>
      ) : null}
    </AdminTab>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="the statistics" />;
}
