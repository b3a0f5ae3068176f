/** What the Statistics tab shows and exports (decision 0082): read from the daily counts. */
import { and, between, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { statsCounts, statsEnquiries } from "../../db/schema";
import { toCsv } from "../../core/csv";
import { LANGUAGE_NAMES } from "../i18n/language-names";
import { addDays } from "./days";
import { CAMPAIGN_SEPARATOR } from "./normalise";
import type { StatsRange } from "./range";
import { ROWS_ON_PAGE, STATS_TABLES, type StatsTableName } from "./tables";

export interface DailyPoint {
  day: string;
  visitors: number;
  views: number;
}

export interface StatsReport {
  daily: DailyPoint[];
  previous: DailyPoint[];
  totals: { visitors: number; views: number; enquiries: number };
  previousTotals: { visitors: number; views: number; enquiries: number };
  tables: Record<Exclude<StatsTableName, "daily">, { rows: Array<Array<string | number>>; total: number }>;
}

/** Most rows one table's CSV holds. */
export const EXPORT_MAX_ROWS = 20_000;

async function perDay(db: Db, from: string, to: string): Promise<DailyPoint[]> {
  const rows = await db
    .select({ day: statsCounts.day, kind: statsCounts.kind, n: statsCounts.n })
    .from(statsCounts)
    .where(and(between(statsCounts.day, from, to), sql`${statsCounts.kind} in ('views', 'visitors')`));
  const byDay = new Map<string, DailyPoint>();
  for (let day = from; day <= to; day = addDays(day, 1)) byDay.set(day, { day, visitors: 0, views: 0 });
  for (const row of rows) {
    const point = byDay.get(row.day);
    if (point) point[row.kind === "views" ? "views" : "visitors"] += Number(row.n);
  }
  return [...byDay.values()];
}

/** Sums per key of one kind over a period, largest first. */
async function keyed(db: Db, kind: string, from: string, to: string, limit: number): Promise<Array<{ key: string; n: number }>> {
  const rows = await db
    .select({ key: statsCounts.key, n: sql<string>`sum(${statsCounts.n})` })
    .from(statsCounts)
    .where(and(eq(statsCounts.kind, kind), between(statsCounts.day, from, to)))
    .groupBy(statsCounts.key)
    .orderBy(sql`sum(${statsCounts.n}) desc`, statsCounts.key)
    .limit(limit);
  return rows.map((row) => ({ key: row.key, n: Number(row.n) }));
}

async function enquiries(db: Db, by: "page" | "source", from: string, to: string, limit: number) {
  const columns = by === "page" ? [statsEnquiries.path, statsEnquiries.lang, statsEnquiries.kind] : [statsEnquiries.source, statsEnquiries.campaign, statsEnquiries.kind];
  const rows = await db
    .select({ a: columns[0], b: columns[1], kind: columns[2], n: sql<string>`sum(${statsEnquiries.n})` })
    .from(statsEnquiries)
    .where(between(statsEnquiries.day, from, to))
    .groupBy(...columns)
    .orderBy(sql`sum(${statsEnquiries.n}) desc`, ...columns)
    .limit(limit);
  return rows.map((row) => ({ key: `${row.a}\t${row.b}\t${row.kind}`, n: Number(row.n) }));
}

const KIND_OF: Record<string, string> = { pages: "page", languages: "lang", referrers: "referrer", campaigns: "campaign", devices: "device" };

const cellsOf = (table: StatsTableName, key: string): string[] => {
  if (table === "campaigns") {
    const [source, medium, campaign] = key.split(CAMPAIGN_SEPARATOR);
    return [source || "—", medium || "—", campaign || "—"];
  }
  if (table === "languages") return [LANGUAGE_NAMES[key as keyof typeof LANGUAGE_NAMES] ?? key];
  if (table.startsWith("enquiries")) {
    const [a, b, kind] = key.split("\t");
    const second = table === "enquiries-by-page" ? (LANGUAGE_NAMES[b as keyof typeof LANGUAGE_NAMES] ?? b) : b.split(CAMPAIGN_SEPARATOR).filter(Boolean).join(" / ") || "—";
    return [a, second, kind];
  }
  return [key];
};

/** One table's rows for a range, each with the previous period's figure for the same key. */
async function tableRows(db: Db, table: Exclude<StatsTableName, "daily">, range: StatsRange, limit: number): Promise<Array<Array<string | number>>> {
  const read = (from: string, to: string, max: number) =>
    table === "enquiries-by-page" ? enquiries(db, "page", from, to, max) : table === "enquiries-by-source" ? enquiries(db, "source", from, to, max) : keyed(db, KIND_OF[table], from, to, max);
  const [now, before] = await Promise.all([read(range.from, range.to, limit), read(range.previousFrom, range.previousTo, EXPORT_MAX_ROWS)]);
  const previous = new Map(before.map((row) => [row.key, row.n]));
  return now.map((row) => [...cellsOf(table, row.key), row.n, previous.get(row.key) ?? 0]);
}

async function enquiryTotal(db: Db, from: string, to: string): Promise<number> {
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${statsEnquiries.n}), 0)` }).from(statsEnquiries).where(between(statsEnquiries.day, from, to));
  return Number(row.n);
}

async function distinctKeys(db: Db, table: Exclude<StatsTableName, "daily">, range: StatsRange): Promise<number> {
  if (table.startsWith("enquiries")) {
    const cols = table === "enquiries-by-page" ? sql`${statsEnquiries.path}, ${statsEnquiries.lang}, ${statsEnquiries.kind}` : sql`${statsEnquiries.source}, ${statsEnquiries.campaign}, ${statsEnquiries.kind}`;
    const [row] = await db
      .select({ n: sql<string>`count(distinct (${cols}))` })
      .from(statsEnquiries)
      .where(between(statsEnquiries.day, range.from, range.to));
    return Number(row.n);
  }
  const [row] = await db
    .select({ n: sql<string>`count(distinct ${statsCounts.key})` })
    .from(statsCounts)
    .where(and(eq(statsCounts.kind, KIND_OF[table]), between(statsCounts.day, range.from, range.to)));
  return Number(row.n);
}

const sum = (points: DailyPoint[], field: "visitors" | "views") => points.reduce((total, point) => total + point[field], 0);

/** Everything the tab shows for a range. */
export async function statsReport(db: Db, range: StatsRange): Promise<StatsReport> {
  const [daily, previous, enquiriesNow, enquiriesBefore] = await Promise.all([
    perDay(db, range.from, range.to),
    perDay(db, range.previousFrom, range.previousTo),
    enquiryTotal(db, range.from, range.to),
    enquiryTotal(db, range.previousFrom, range.previousTo),
  ]);
  const names = Object.keys(STATS_TABLES).filter((name) => name !== "daily") as Array<Exclude<StatsTableName, "daily">>;
  const tables = Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [name, { rows: await tableRows(db, name, range, ROWS_ON_PAGE), total: await distinctKeys(db, name, range) }] as const),
    ),
  ) as StatsReport["tables"];
  return {
    daily,
    previous,
    totals: { visitors: sum(daily, "visitors"), views: sum(daily, "views"), enquiries: enquiriesNow },
    previousTotals: { visitors: sum(previous, "visitors"), views: sum(previous, "views"), enquiries: enquiriesBefore },
    tables,
  };
}

/** One table as CSV (RFC 4180, formula cells neutralised: core/csv.ts), all its rows up to EXPORT_MAX_ROWS. */
export async function statsCsv(db: Db, table: StatsTableName, range: StatsRange): Promise<{ filename: string; csv: string; rows: number }> {
  let rows: Array<Array<string | number>>;
  if (table === "daily") {
    const [now, before] = await Promise.all([perDay(db, range.from, range.to), perDay(db, range.previousFrom, range.previousTo)]);
    rows = now.map((point, i) => [point.day, point.visitors, point.views, before[i]?.day ?? "", before[i]?.visitors ?? 0, before[i]?.views ?? 0]);
  } else rows = await tableRows(db, table, range, EXPORT_MAX_ROWS);
  return { filename: `statistics-${table}-${range.from}-to-${range.to}.csv`, csv: toCsv(STATS_TABLES[table].columns, rows), rows: rows.length };
}
