/** What the Statistics tab shows and exports (decision 0082): read from the daily counts. */
import { and, between, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { statsCounts, statsEnquiries } from "../../db/schema";
import { toCsv } from "../../core/csv";
import { LANGUAGE_NAMES } from "../i18n/language-names";
import { addDays } from "./days";
import { CAMPAIGN_SEPARATOR } from "./normalise";
import type { StatsRange } from "./range";
import { ENQUIRY_KIND_LABELS, ENQUIRY_TABLE_COLUMNS, ROWS_ON_PAGE, STATS_TABLES, type StatsTableName } from "./tables";

export interface DailyPoint {
  day: string;
  visitors: number;
  views: number;
}

/** Newsletter sign-ups are counted apart: they are no enquiry (decision 0107). */
interface Totals {
  visitors: number;
  views: number;
  enquiries: number;
  signups: number;
}

export interface StatsReport {
  daily: DailyPoint[];
  previous: DailyPoint[];
  totals: Totals;
  previousTotals: Totals;
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

type EnquiryTable = keyof typeof ENQUIRY_TABLE_COLUMNS;
const isEnquiryTable = (table: string): table is EnquiryTable => Object.hasOwn(ENQUIRY_TABLE_COLUMNS, table);
/** Contact messages and bookings; newsletter sign-ups are only a total. */
const ENQUIRY = (from: string, to: string) => and(between(statsEnquiries.day, from, to), ne(statsEnquiries.kind, "newsletter"));

/** Enquiries per credit (and kind) over a period, largest first: counts only, no day and nothing else of a row. */
async function enquiries(db: Db, table: EnquiryTable, from: string, to: string, limit: number) {
  const [a, b] = ENQUIRY_TABLE_COLUMNS[table].map((name) => statsEnquiries[name]);
  const columns = b ? [a, b, statsEnquiries.kind] : [a, statsEnquiries.kind];
  const rows = await db
    .select({ a, b: b ?? sql<string>`''`, kind: statsEnquiries.kind, n: sql<string>`sum(${statsEnquiries.n})` })
    .from(statsEnquiries)
    .where(ENQUIRY(from, to))
    .groupBy(...columns)
    .orderBy(sql`sum(${statsEnquiries.n}) desc`, ...columns)
    .limit(limit);
  return rows.map((row) => ({ key: b ? `${row.a}\t${row.b}\t${row.kind}` : `${row.a}\t${row.kind}`, n: Number(row.n) }));
}

/** "civil-litigation" as "Civil litigation". */
const areaName = (slug: string) => (slug.startsWith("(") ? slug : `${slug.charAt(0).toUpperCase()}${slug.slice(1).replaceAll("-", " ")}`);
const SOURCE_NAMES: Readonly<Record<string, string>> = { self: "(this site: a page left open)" };

const KIND_OF: Record<string, string> = { pages: "page", languages: "lang", referrers: "referrer", campaigns: "campaign", devices: "device" };

const cellsOf = (table: StatsTableName, key: string): string[] => {
  if (table === "campaigns") {
    const [source, medium, campaign] = key.split(CAMPAIGN_SEPARATOR);
    return [source || "—", medium || "—", campaign || "—"];
  }
  if (table === "languages") return [LANGUAGE_NAMES[key as keyof typeof LANGUAGE_NAMES] ?? key];
  if (isEnquiryTable(table)) {
    const parts = key.split("\t");
    const kind = ENQUIRY_KIND_LABELS[parts.at(-1)!] ?? parts.at(-1)!;
    if (table === "enquiries-by-source") return [SOURCE_NAMES[parts[0]] ?? parts[0], parts[1].split(CAMPAIGN_SEPARATOR).filter(Boolean).join(" / ") || "—", kind];
    return [table === "enquiries-by-area" ? areaName(parts[0]) : parts[0], kind];
  }
  return [key];
};

/** One table's rows for a range, each with the previous period's figure for the same key. */
async function tableRows(db: Db, table: Exclude<StatsTableName, "daily">, range: StatsRange, limit: number): Promise<Array<Array<string | number>>> {
  const read = (from: string, to: string, max: number) =>
    isEnquiryTable(table) ? enquiries(db, table, from, to, max) : keyed(db, KIND_OF[table], from, to, max);
  const [now, before] = await Promise.all([read(range.from, range.to, limit), read(range.previousFrom, range.previousTo, EXPORT_MAX_ROWS)]);
  const previous = new Map(before.map((row) => [row.key, row.n]));
  return now.map((row) => [...cellsOf(table, row.key), row.n, previous.get(row.key) ?? 0]);
}

async function enquiryTotals(db: Db, from: string, to: string): Promise<{ enquiries: number; signups: number }> {
  const [row] = await db
    .select({
      enquiries: sql<string>`coalesce(sum(${statsEnquiries.n}) filter (where ${statsEnquiries.kind} <> 'newsletter'), 0)`,
      signups: sql<string>`coalesce(sum(${statsEnquiries.n}) filter (where ${statsEnquiries.kind} = 'newsletter'), 0)`,
    })
    .from(statsEnquiries)
    .where(between(statsEnquiries.day, from, to));
  return { enquiries: Number(row.enquiries), signups: Number(row.signups) };
}

async function distinctKeys(db: Db, table: Exclude<StatsTableName, "daily">, range: StatsRange): Promise<number> {
  if (isEnquiryTable(table)) {
    const cols = sql.join([...ENQUIRY_TABLE_COLUMNS[table].map((name) => statsEnquiries[name]), statsEnquiries.kind], sql`, `);
    const [row] = await db
      .select({ n: sql<string>`count(distinct (${cols}))` })
      .from(statsEnquiries)
      .where(ENQUIRY(range.from, range.to));
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
    enquiryTotals(db, range.from, range.to),
    enquiryTotals(db, range.previousFrom, range.previousTo),
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
    totals: { visitors: sum(daily, "visitors"), views: sum(daily, "views"), ...enquiriesNow },
    previousTotals: { visitors: sum(previous, "visitors"), views: sum(previous, "views"), ...enquiriesBefore },
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
