import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../../app/routes";
import { LANGUAGES } from "../../app/i18n/languages";
import { statsCounts, statsEnquiries, statsVisitors } from "../../db/schema";
import { dataDirWithAdmin, formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { startSite, type SiteServer } from "../helpers/server";

/**
 * Counting on a built server (decision 0082): page views where pages are answered (the page
 * cache's fast path and the Express path), the exclusions, no cookie on any public page, the
 * last batch written at a graceful stop, and STATS_MODE=beacon's endpoint.
 */
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const ADMIN = { email: "stats-admin@example.test", password: "statistics passphrase" };

const page = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { "User-Agent": CHROME, "Accept-Encoding": "br", ...headers }, redirect: "manual" });

async function countsOf(dataDir: string) {
  const store = await openDataDir(dataDir);
  try {
    const rows = await store.db.select().from(statsCounts);
    const visitors = await store.db.select().from(statsVisitors);
    const enquiries = await store.db.select().from(statsEnquiries);
    const of = (kind: string, key = "") => rows.filter((row) => row.kind === kind && row.key === key).reduce((sum, row) => sum + Number(row.n), 0);
    return { rows, visitors, enquiries, of };
  } finally {
    await store.close();
  }
}

describe("statistics on a running server (STATS_MODE=server)", () => {
  let site: SiteServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await dataDirWithAdmin("stats-http-", ADMIN, { demo: true });
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("sets no cookie on any public page, in any language", async () => {
    for (const lang of LANGUAGES) {
      for (const [path] of PUBLIC_PAGES) {
        const url = `${site.url}${lang === "en" ? "" : `/${lang}`}${path === "/" ? (lang === "en" ? "/" : "") : path.replace(":slug", "sample")}`;
        const response = await page(url);
        expect(response.headers.get("set-cookie"), url).toBeNull();
      }
    }
  });

  it("counts N requests as N page views (stored-page hits included), two visitors, and nothing excluded; written at a graceful stop", async () => {
    // Start from what the cookie test counted.
    await site.stop();
    const before = await countsOf(dataDir);
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    for (let i = 0; i < 20; i++) {
      const response = await page(`${site.url}/practice-areas/family${i % 4 === 0 ? "?utm_source=Spring&utm_medium=email&utm_campaign=%3DHYPERLINK(1)" : ""}`, { Referer: "https://www.google.ca/" });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    // Hits on the fast path by now: the same page, fresh each time.
    const hit = await page(`${site.url}/practice-areas/family`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    await hit.arrayBuffer();
    for (let i = 0; i < 5; i++) await (await page(`${site.url}/fa/about`, { "User-Agent": FIREFOX })).arrayBuffer();
    // Not counted: bots, prefetches, Do Not Track, GPC, HEAD, feeds, health checks, assets, a 404, a redirect.
    const ignored: Array<[string, Record<string, string>, string?]> = [
      ["/about", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
      ["/about", { "Sec-Purpose": "prefetch;prerender" }],
      ["/about", { Purpose: "prefetch" }],
      ["/about", { DNT: "1" }],
      ["/about", { "Sec-GPC": "1" }],
      ["/about", {}, "HEAD"],
      ["/rss.xml", {}],
      ["/healthz", {}],
      ["/robots.txt", {}],
      ["/blog/no-such-post", {}],
      ["/about?lang=fa", {}],
    ];
    for (const [path, headers, method] of ignored) {
      const response = await fetch(`${site.url}${path}`, { method: method ?? "GET", headers: { "User-Agent": CHROME, ...headers }, redirect: "manual" });
      await response.arrayBuffer();
    }
    // Graceful stop: the last batch is written before the database closes.
    expect(await site.stop()).toBe(0);
    const after = await countsOf(dataDir);
    expect(after.of("views") - before.of("views")).toBe(26);
    expect(after.of("page", "/practice-areas/family") - before.of("page", "/practice-areas/family")).toBe(21);
    expect(after.of("page", "/fa/about") - before.of("page", "/fa/about")).toBe(5);
    expect(after.of("referrer", "google.ca")).toBe(20);
    expect(after.of("lang", "fa") - before.of("lang", "fa")).toBe(5);
    expect(after.of("campaign", "spring\u001femail\u001f=hyperlink(1)")).toBe(5);
    // One address, two browsers: two visitors (the Chrome one already counted by the cookie test).
    expect(after.visitors).toHaveLength(2);
    expect(after.of("visitors")).toBe(2);
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  });

  it("counts a contact message begun on the form with its visit's referrer, never crediting the form's page, and the tab and its CSV show it", async () => {
    await (await page(`${site.url}/zh/contact`, { Referer: "https://www.baidu.com/s?wd=lawyer" })).arrayBuffer();
    const sent = await formPost(
      `${site.url}/zh/contact`,
      { name: "Li Wei", email: "li@example.com", phone: "", subject: "general", message: "A question about a lease, long enough to pass." },
      { headers: { "User-Agent": CHROME, Referer: `${site.url}/zh/contact`, Origin: site.url } },
    );
    expect(sent.status, await sent.clone().text()).toBe(200);
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const tab = await get(`${site.url}/admin/dashboard/statistics?range=7`, cookie);
    expect(tab.status).toBe(200);
    const html = await tab.text();
    expect(html).toContain("Enquiries per page read");
    // The visit began on the form: its landing page is the form's, which is never credited.
    expect(html).toContain("(form page)");
    // The admin's own visits are not counted.
    await (await page(`${site.url}/about`, { Cookie: cookie })).arrayBuffer();
    const csv = await get(`${site.url}/admin/dashboard/statistics/export?table=enquiries-by-source&range=7`, cookie);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("baidu.com,—,Contact message,1,0");
    const campaigns = await (await get(`${site.url}/admin/dashboard/statistics/export?table=campaigns&range=30`, cookie)).text();
    // A campaign that would run as a formula in a spreadsheet is neutralised.
    expect(campaigns).toContain("spring,email,'=hyperlink(1),5,0");
    const bad = await get(`${site.url}/admin/dashboard/statistics?range=custom&from=2026-02-30&to=2026-03-01`, cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("From must be a date (YYYY-MM-DD).");
    const badTable = await get(`${site.url}/admin/dashboard/statistics/export?table=secrets&range=7`, cookie);
    expect(badTable.status).toBe(400);
    await site.stop();
    const after = await countsOf(dataDir);
    expect(after.enquiries.map(({ kind, path, lang, source, landing, page }) => ({ kind, path, lang, source, landing, page }))).toEqual([
      { kind: "contact", path: "/zh/contact", lang: "zh", source: "baidu.com", landing: "(form page)", page: "(none)" },
    ]);
    const store = await openDataDir(dataDir);
    const about = await store.db.select().from(statsCounts).where(and(eq(statsCounts.kind, "page"), eq(statsCounts.key, "/about")));
    await store.close();
    // Only the cookie test's one visit of /about: the admin's was not counted.
    expect(about.reduce((sum, row) => sum + Number(row.n), 0)).toBe(1);
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  });
  it("credits a contact message and a booking to their visits' landing page, last article or practice-area page and referrer; sign-ups are their own total (decision 0107)", async () => {
    // Three visitors on one address, told apart by their browsers (the visitor hash).
    const visitor = (version: number) => CHROME.replace("131.0.0.0", `131.0.${version}.0`);
    const [writer, booker, reader] = [visitor(1), visitor(2), visitor(3)];
    const view = async (path: string, userAgent: string, referer?: string) => {
      const response = await page(`${site.url}${path}`, { "User-Agent": userAgent, ...(referer ? { Referer: referer.startsWith("/") ? `${site.url}${referer}` : referer } : {}) });
      expect(response.status, path).toBe(200);
      return response.text();
    };
    const post = /href="(\/blog\/[^"#?]+)"/.exec(await view("/blog", writer, "https://www.google.ca/"))![1];
    // The writer came from Google first; a visit from Instagram later is the one that led to the message.
    await view("/practice-areas/family", writer, "https://l.instagram.com/");
    await view(post, writer, "/practice-areas/family");
    await view("/team", writer, post);
    await view("/contact", writer, "/team");
    const sent = await formPost(
      `${site.url}/contact`,
      { name: "Sam Writer", email: "sam@example.com", phone: "", subject: "general", message: "A question about custody, long enough to pass." },
      { headers: { "User-Agent": writer, Referer: `${site.url}/contact` } },
    );
    expect(sent.status, await sent.clone().text()).toBe(200);
    // The booker lands on the Farsi home page, reads the immigration page, then books.
    await view("/fa", booker, "https://www.bing.com/");
    await view("/fa/practice-areas/immigration", booker, "/fa");
    await view("/fa/virtual-consultation", booker, "/fa/practice-areas/immigration");
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const { slots } = (await (await fetch(`${site.url}/api/consultations/slots?from=${today}&to=${later}`)).json()) as { slots: Array<{ start: string }> };
    const booked = await formPost(
      `${site.url}/fa/virtual-consultation`,
      { start: slots[0].start, kind: "video", area: "immigration", name: "Dara Booker", email: "dara@example.com", phone: "604 555 0100", description: "A refused permit.", parties: "", consent: "on" },
      { headers: { "User-Agent": booker, Referer: `${site.url}/fa/virtual-consultation` } },
    );
    expect(booked.status, await booked.clone().text()).toBe(303);
    // The reader signs up for the newsletter: not an enquiry.
    await view(post, reader, "https://duckduckgo.com/");
    const signed = await formPost(`${site.url}/blog`, { intent: "subscribe", email: "reader@example.com" }, { headers: { "User-Agent": reader, Referer: `${site.url}/blog` } });
    expect(signed.status).toBe(200);

    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const csv = async (table: string) => (await (await get(`${site.url}/admin/dashboard/statistics/export?table=${table}&range=7`, cookie)).text()).trim().split(/\r?\n/);
    const landings = await csv("enquiries-by-landing");
    expect(landings).toEqual(expect.arrayContaining(["/practice-areas/family,Contact message,1,0", "/fa,Booking,1,0"]));
    expect(await csv("enquiries-by-page")).toEqual(expect.arrayContaining([`${post},Contact message,1,0`, "/fa/practice-areas/immigration,Booking,1,0"]));
    expect(await csv("enquiries-by-area")).toEqual(expect.arrayContaining(["Family,Contact message,1,0", "Immigration,Booking,1,0"]));
    expect(await csv("enquiries-by-source")).toEqual(expect.arrayContaining(["l.instagram.com,—,Contact message,1,0", "bing.com,—,Booking,1,0"]));
    // No form page credited as a page read or a landing page, no Google for the writer, no sign-up among the enquiries.
    const all = [...(await csv("enquiries-by-landing")), ...(await csv("enquiries-by-page")), ...(await csv("enquiries-by-source"))].join("\n");
    expect(all).not.toMatch(/^\/(fa\/)?(contact|virtual-consultation),/m);
    expect(all).not.toContain("google.ca");
    expect(all).not.toContain("duckduckgo.com");
    const tab = await (await get(`${site.url}/admin/dashboard/statistics?range=7`, cookie)).text();
    for (const caption of ["Enquiries per practice area", "Enquiries per landing page", "Enquiries per page read", "Newsletter sign-ups"]) expect(tab).toContain(caption);
    // The total is the enquiry tables' (contact messages and bookings); the one sign-up is apart.
    const enquiries = landings.slice(1).reduce((sum, line) => sum + Number(line.split(",").at(-2)), 0);
    expect(enquiries).toBeGreaterThanOrEqual(2);
    expect(tab).toMatch(new RegExp(`data-testid="total-enquiries"[^>]*>${enquiries}<`));
    expect(tab).toMatch(/data-testid="total-newsletter-sign-ups"[^>]*>1</);
  });
});

describe("statistics by beacon (STATS_MODE=beacon)", () => {
  let site: SiteServer;

  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: "true", STATS_MODE: "beacon", DATA_DIR: await dataDirWithAdmin("stats-beacon-", ADMIN, { demo: true }) });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("names the beacon in the page, counts the beacon and not the page request, and sets no cookie", async () => {
    const response = await page(`${site.url}/team`);
    expect(await response.text()).toContain('<meta name="stats-beacon" content="/api/stats/hit"/>');
    const beacon = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${site.url}/api/stats/hit`, { method: "POST", body, headers: { "User-Agent": CHROME, "Content-Type": "text/plain;charset=UTF-8", Origin: site.url, ...headers } });
    const ok = await beacon(JSON.stringify({ p: "/team?utm_source=x", r: "https://duckduckgo.com/" }));
    expect(ok.status).toBe(204);
    expect(ok.headers.get("set-cookie")).toBeNull();
    expect((await beacon("not json")).status).toBe(400);
    expect((await beacon(JSON.stringify({ p: 5 }))).status).toBe(400);
    expect((await beacon(JSON.stringify({ p: `/${"x".repeat(5000)}` }))).status).toBe(413);
    // Not counted: another site's page, a path that is no public page, Do Not Track, a bot.
    expect((await beacon(JSON.stringify({ p: "/team" }), { Origin: "https://evil.example" })).status).toBe(204);
    expect((await beacon(JSON.stringify({ p: "/admin/dashboard" }))).status).toBe(204);
    expect((await beacon(JSON.stringify({ p: "/team" }), { DNT: "1" })).status).toBe(204);
    expect((await beacon(JSON.stringify({ p: "/team" }), { "User-Agent": "curl/8" })).status).toBe(204);
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const csv = await (await get(`${site.url}/admin/dashboard/statistics/export?table=referrers&range=7`, cookie)).text();
    expect(csv).toContain("duckduckgo.com,1,0");
    const pages = await (await get(`${site.url}/admin/dashboard/statistics/export?table=pages&range=7`, cookie)).text();
    expect(pages.trim().split("\r\n")).toEqual(["Page,Views,Previous period", "/team,1,0"]);
  });
});
