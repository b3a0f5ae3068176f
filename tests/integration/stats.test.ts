import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DAILY_ENQUIRY_ROWS, DAILY_KEY_CAPS, DAILY_VISITOR_CAP, OTHER, SiteStats, type ViewInput } from "../../app/stats/counter.server";
import { createLogger } from "../../core/log";
import type { Db } from "../../db/client";
import { statsCounts, statsEnquiries, statsSalts, statsVisitors } from "../../db/schema";
import { openTestDatabase } from "../helpers/db";

/**
 * The counting model (decision 0082) against a real database (PGlite here, PostgreSQL in CI's
 * second run): two SiteStats share the tables as two instances do, on a clock the test moves.
 */
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const OWN = ["lawfirm.example"];
const log = createLogger("silent");

describe("statistics: counts, visitors and salts in the database", () => {
  let db: Db;
  let drop: () => Promise<void>;
  let now = Date.parse("2026-11-26T18:00:00Z");
  const clock = () => now;
  let first: SiteStats;
  let second: SiteStats;

  const view = (stats: SiteStats, over: Partial<ViewInput> = {}) =>
    stats.view({ url: "/about", referer: undefined, userAgent: CHROME, address: "203.0.113.7", ownHosts: OWN, ...over });
  const count = async (day: string, kind: string, key = "") =>
    Number((await db.select({ n: statsCounts.n }).from(statsCounts).where(and(eq(statsCounts.day, day), eq(statsCounts.kind, kind), eq(statsCounts.key, key))))[0]?.n ?? 0);

  beforeAll(async () => {
    const test = await openTestDatabase();
    db = test.database.db;
    drop = test.drop;
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await drop?.();
  });
  beforeEach(async () => {
    for (const table of [statsCounts, statsVisitors, statsSalts, statsEnquiries]) await db.delete(table);
    now = Date.parse("2026-11-26T18:00:00Z");
    first = new SiteStats({ db, log, mode: "server", now: clock });
    second = new SiteStats({ db, log, mode: "server", now: clock });
    await first.start();
    await second.start();
  });

  it("gives N page views for N requests and counts a visitor once across two instances", async () => {
    for (let i = 0; i < 7; i++) view(first, { url: i % 2 ? "/about" : "/fa/team?utm_source=Mail&utm_medium=email&utm_campaign=fall", referer: "https://www.google.com/search" });
    for (let i = 0; i < 5; i++) view(second, { url: "/about" });
    // A second visitor (another address), on the second instance.
    view(second, { address: "198.51.100.2", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148" });
    await Promise.all([first.flush(), second.flush()]);
    const day = "2026-11-26";
    expect(await count(day, "views")).toBe(13);
    expect(await count(day, "visitors")).toBe(2);
    expect(await count(day, "page", "/about")).toBe(3 + 5 + 1);
    expect(await count(day, "page", "/fa/team")).toBe(4);
    expect(await count(day, "lang", "fa")).toBe(4);
    expect(await count(day, "lang", "en")).toBe(9);
    expect(await count(day, "referrer", "google.com")).toBe(7);
    expect(await count(day, "referrer", "direct")).toBe(6);
    expect(await count(day, "campaign", "mail\u001femail\u001ffall")).toBe(4);
    expect(await count(day, "device", "phone")).toBe(1);
    expect(await count(day, "device", "desktop")).toBe(12);
    // The same visitor again later that day, on either instance: still two visitors.
    view(second);
    view(first);
    await Promise.all([first.flush(), second.flush()]);
    expect(await count(day, "visitors")).toBe(2);
    expect(await count(day, "views")).toBe(15);
    // No address anywhere: only hashes, with the entry referrer.
    const visitors = await db.select().from(statsVisitors);
    expect(visitors).toHaveLength(2);
    expect(JSON.stringify(visitors)).not.toContain("203.0.113.7");
  });

  it("shares one salt per UTC day, and at midnight UTC a new salt counts the same visitor again while the old one is deleted", async () => {
    const salts = await db.select().from(statsSalts).orderBy(statsSalts.day);
    // Today's and tomorrow's, created once for both instances.
    expect(salts.map((row) => row.day)).toEqual(["2026-11-26", "2026-11-27"]);
    expect(salts[0].salt).not.toBe(salts[1].salt);
    view(first);
    await first.flush();
    const [before] = await db.select().from(statsVisitors);
    // Past midnight UTC (16:00 in Vancouver: still the same Vancouver day).
    now = Date.parse("2026-11-27T00:02:00Z");
    view(second);
    await Promise.all([first.flush(), second.flush()]);
    const visitors = await db.select().from(statsVisitors);
    expect(visitors.map((row) => row.day)).toEqual(["2026-11-27"]);
    // The same address and browser hash differently under the new day's salt: not linkable.
    expect(visitors[0].hash).not.toBe(before.hash);
    expect(await count("2026-11-26", "visitors")).toBe(2);
    const left = await db.select({ day: statsSalts.day }).from(statsSalts).orderBy(statsSalts.day);
    expect(left.map((row) => row.day)).toEqual(["2026-11-27", "2026-11-28"]);
  });

  it("keeps at most the cap of distinct pages a day and counts the rest under (other)", async () => {
    const cap = DAILY_KEY_CAPS.page;
    for (let i = 0; i < cap - 2; i++) view(first, { url: `/blog/post-${i}` });
    await first.flush();
    // The second instance adds five new paths: two fit, three go to (other); known ones still count.
    for (let i = 0; i < 5; i++) view(second, { url: `/blog/new-${i}` });
    view(second, { url: "/blog/post-0" });
    await second.flush();
    const [{ n }] = await db.select({ n: statsCounts.n }).from(statsCounts).where(and(eq(statsCounts.kind, "page"), eq(statsCounts.key, OTHER)));
    expect(Number(n)).toBe(3);
    const pages = await db.select({ key: statsCounts.key }).from(statsCounts).where(eq(statsCounts.kind, "page"));
    expect(pages).toHaveLength(cap + 1);
    expect(await count("2026-11-26", "page", "/blog/post-0")).toBe(2);
    expect(await count("2026-11-26", "views")).toBe(cap - 2 + 6);
  });

  it("counts an enquiry with its form's page and language, credited to the visit's landing page, last page read and referrer", async () => {
    view(first, { url: "/fa/practice-areas/family", referer: "https://www.bing.com/" });
    view(first, { url: "/fa/contact", referer: "https://lawfirm.example/fa/practice-areas/family" });
    // Before the batch is written (this instance knows it) and after (the table knows it).
    await first.enquiry("contact", { referer: "https://lawfirm.example/fa/contact", userAgent: CHROME, address: "203.0.113.7", ownHosts: OWN, counted: true });
    await first.flush();
    await second.enquiry("newsletter", { referer: "https://lawfirm.example/fa/contact", userAgent: CHROME, address: "203.0.113.7", ownHosts: OWN, counted: true });
    // Another site's referer and an unknown visitor: page and source unknown, still counted.
    await second.enquiry("booking", { referer: "https://evil.example/x", userAgent: CHROME, address: "192.0.2.1", ownHosts: OWN, counted: true });
    const rows = await db.select().from(statsEnquiries).orderBy(statsEnquiries.kind);
    expect(rows.map(({ kind, path, lang, source, landing, page, area, n }) => ({ kind, path, lang, source, landing, page, area, n: Number(n) }))).toEqual([
      { kind: "booking", path: "(unknown)", lang: "en", source: "(unknown)", landing: "(unknown)", page: "(unknown)", area: "(unknown)", n: 1 },
      { kind: "contact", path: "/fa/contact", lang: "fa", source: "bing.com", landing: "/fa/practice-areas/family", page: "/fa/practice-areas/family", area: "family", n: 1 },
      { kind: "newsletter", path: "/fa/contact", lang: "fa", source: "bing.com", landing: "/fa/practice-areas/family", page: "/fa/practice-areas/family", area: "family", n: 1 },
    ]);
  });

  it("carries a visit across batches and instances, and begins a new one after 30 minutes or on a new arrival", async () => {
    const contact = async (stats: SiteStats) => {
      await stats.enquiry("contact", { referer: "https://lawfirm.example/contact", userAgent: CHROME, address: "203.0.113.7", ownHosts: OWN, counted: true });
      const [row] = await db.select().from(statsEnquiries);
      await db.delete(statsEnquiries);
      return { landing: row.landing, page: row.page, area: row.area, source: row.source };
    };
    view(first, { url: "/about", referer: "https://www.google.ca/" });
    await first.flush();
    now += 10 * 60_000;
    // The second instance serves the next pages: the stored visit goes on.
    view(second, { url: "/practice-areas/immigration", referer: "https://lawfirm.example/about" });
    await second.flush();
    now += 60_000;
    view(first, { url: "/blog/a-post", referer: "https://lawfirm.example/practice-areas/immigration" });
    view(first, { url: "/contact", referer: "https://lawfirm.example/blog/a-post" });
    await first.flush();
    expect(await contact(second)).toEqual({ landing: "/about", page: "/blog/a-post", area: "immigration", source: "google.ca" });
    // 31 minutes later, typed in: a new visit that has read nothing yet.
    now += 31 * 60_000;
    view(second, { url: "/contact" });
    expect(await contact(second)).toEqual({ landing: "(form page)", page: "(none)", area: "(none)", source: "direct" });
    await second.flush();
    expect(await contact(first)).toEqual({ landing: "(form page)", page: "(none)", area: "(none)", source: "direct" });
    // Two minutes on, from Instagram: a new arrival, credited to Instagram (not the day's first referrer, Google).
    now += 2 * 60_000;
    view(first, { url: "/practice-areas/family", referer: "https://l.instagram.com/" });
    view(first, { url: "/contact", referer: "https://lawfirm.example/practice-areas/family" });
    await first.flush();
    expect(await contact(second)).toEqual({ landing: "/practice-areas/family", page: "/practice-areas/family", area: "family", source: "l.instagram.com" });
    // Still one visitor, one row: the visit's state lives in the day's visitor row.
    expect(await db.select().from(statsVisitors)).toHaveLength(1);
    expect(await count("2026-11-26", "visitors")).toBe(1);
  });

  it("keeps at most DAILY_ENQUIRY_ROWS enquiry rows a day and counts further new ones under (other)", async () => {
    const day = "2026-11-26";
    const unknown = { day, kind: "contact", path: "/contact", lang: "en", source: "(unknown)", campaign: "", landing: "(unknown)", page: "(unknown)", area: "(unknown)", n: 1 };
    await db.insert(statsEnquiries).values([
      unknown,
      ...Array.from({ length: DAILY_ENQUIRY_ROWS - 1 }, (_, i) => ({ ...unknown, source: `r${i}.example`, landing: "/", page: "(none)", area: "(none)" })),
    ]);
    view(first, { url: "/blog/x", referer: "https://forged-1.example/" });
    await first.enquiry("contact", { referer: "https://lawfirm.example/contact", userAgent: CHROME, address: "203.0.113.7", ownHosts: OWN, counted: true });
    // A row the day already holds still counts as itself (Do Not Track: no visit, all unknown).
    await first.enquiry("contact", { referer: "https://lawfirm.example/contact", userAgent: CHROME, address: "192.0.2.9", ownHosts: OWN, counted: false });
    const rows = await db.select().from(statsEnquiries);
    expect(rows).toHaveLength(DAILY_ENQUIRY_ROWS + 1);
    expect(rows.find((row) => row.source === OTHER)).toMatchObject({ landing: OTHER, page: OTHER, area: OTHER, n: 1 });
    expect(rows.find((row) => row.source === "(unknown)")?.n).toBe(2);
    expect(rows.some((row) => row.source === "forged-1.example")).toBe(false);
  });

  it("deletes daily counts older than 25 months", async () => {
    await db.insert(statsCounts).values([
      { day: "2024-10-25", kind: "views", key: "", n: 5 },
      { day: "2024-10-26", kind: "views", key: "", n: 6 },
    ]);
    // A new instance prunes on its first batch.
    const third = new SiteStats({ db, log, mode: "server", now: clock });
    await third.start();
    view(third);
    await third.stop();
    const days = await db.select({ day: statsCounts.day }).from(statsCounts).where(eq(statsCounts.kind, "views")).orderBy(statsCounts.day);
    expect(days.map((row) => row.day)).toEqual(["2024-10-26", "2026-11-26"]);
  });

  it("grows the database by at most 2 MB for a flood of 50,000 views with random agents, addresses, referrers and campaigns (issue 44)", async () => {
    const size = async () => Number(((await db.execute(sql`select pg_database_size(current_database())::text as size`)) as unknown as { rows: { size: string }[] }).rows[0].size);
    const before = await size();
    const started = performance.now();
    for (let i = 0; i < 50_000; i++) {
      const r = Math.random().toString(36).slice(2, 10);
      view(first, {
        url: `/?utm_source=s${r}&utm_medium=m${r}&utm_campaign=c${r}`,
        referer: `https://r${r}.example/page`,
        userAgent: `${CHROME.replace("131.0.0.0", `131.0.${i}.${r}`)}`,
        address: `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      });
    }
    await first.flush();
    const elapsed = performance.now() - started;
    const grown = (await size()) - before;
    console.log(`stats flood: 50,000 views in ${Math.round(elapsed)} ms, database +${(grown / 1024).toFixed(0)} KiB`);
    expect(grown).toBeLessThanOrEqual(2 * 1024 * 1024);
    const day = "2026-11-26";
    expect(await count(day, "views")).toBe(50_000);
    // Every view was a new visitor: the first DAILY_VISITOR_CAP stored, the rest counted over the cap.
    const [{ rows }] = await db.select({ rows: sql<number>`count(*)::int` }).from(statsVisitors);
    expect(rows).toBe(DAILY_VISITOR_CAP);
    expect(await count(day, "visitors")).toBe(DAILY_VISITOR_CAP);
    expect(await count(day, "visitors", OTHER)).toBe(50_000 - DAILY_VISITOR_CAP);
    expect(await count(day, "referrer", OTHER)).toBe(50_000 - DAILY_KEY_CAPS.referrer);
  }, 120_000);
});
