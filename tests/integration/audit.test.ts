import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { auditLog, sessions } from "../../db/schema";
import { startSite, type SiteServer } from "../helpers/server";
import { formPost, get, openDataDir, signInHttp, preparedDataDir } from "../helpers/admin-http";
import { textOf } from "../helpers/html-text";
import { parseCsv } from "../helpers/csv";

/**
 * The Audit tab (decision 0071) against a running server: who did what, from which session,
 * filtered by person, kind and Vancouver day, paged, exported as CSV; admins only.
 */

const PASSWORD = "audit tab passphrase";
const email = (who: string) => `audit-${who}@example.test`;
const AUDIT = "/admin/dashboard/audit";

/** The table's rows, each as its cells' text. */
function tableRows(html: string): string[][] {
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return body
    .split(/<tr[\s>]/)
    .slice(1)
    .map((row) => [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1])));
}

describe("the Audit tab against a running server", () => {
  let site: SiteServer | null = null;
  let dataDir = "";
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  const url = (p: string) => `${site!.url}${p}`;
  const page = async (query = "", who = "boss") => {
    const response = await get(url(`${AUDIT}${query}`), cookies[who]);
    return { status: response.status, html: await response.text() };
  };
  let bossLabel = "";
  let pagesSeen = "";

  beforeAll(async () => {
    dataDir = await preparedDataDir("audit-", async (db) => {
      for (const [who, role] of [
        ["boss", "admin"],
        ["ed", "editor"],
        ["rev", "lawyer"],
      ] as const) {
        ids[who] = (await createOrPromoteAdmin(db, { email: email(who), password: PASSWORD }, { via: "test", role })).userId;
      }
      // Entries on known Vancouver days (January: UTC-8). 07:30 UTC on the 11th is 23:30 on the 10th in Vancouver.
      await db.insert(auditLog).values([
        { userId: null, action: "seed_day", entity: "day_marker", entityId: "noon-10th", createdAt: new Date("2025-01-10T20:00:00Z") },
        { userId: null, action: "seed_day", entity: "day_marker", entityId: "late-10th", createdAt: new Date("2025-01-11T07:30:00Z") },
        { userId: null, action: "seed_day", entity: "day_marker", entityId: "early-11th", createdAt: new Date("2025-01-11T09:00:00Z") },
        // A value a spreadsheet would run as a formula.
        { userId: ids.boss, action: "seed_formula", entity: "formula_marker", entityId: "=HYPERLINK(\"http://evil.test\",\"x\")", details: { note: "=1+2" }, createdAt: new Date("2025-02-01T12:00:00Z") },
        ...Array.from({ length: 60 }, (_, i) => ({ userId: null, action: "seed_bulk", entity: "bulk_marker", entityId: `bulk-${i}`, createdAt: new Date(Date.UTC(2025, 2, 1, 0, i)) })),
      ]);
    });
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    for (const who of ["boss", "ed", "rev"]) cookies[who] = await signInHttp(site.url, email(who), PASSWORD);
    // An admin's and an editor's action through the admin, as a browser sends them.
    expect((await formPost(url("/admin/dashboard/team"), { intent: "add" }, { cookie: cookies.boss })).status).toBe(200);
    expect((await formPost(url("/admin/dashboard/team"), { intent: "add" }, { cookie: cookies.ed })).status).toBe(200);
  });
  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists an admin's action with its person, item link and session label, newest first; the tab is an admin's", async () => {
    const { status, html } = await page();
    expect(status).toBe(200);
    pagesSeen += html;
    const rows = tableRows(html);
    // Newest first: the editor's add, then the admin's.
    expect(rows[0].slice(1, 3)).toEqual([email("ed"), "create"]);
    const boss = rows.find((r) => r[1] === email("boss") && r[2] === "create")!;
    expect(boss[3]).toMatch(/^team_member \d+ \(history\)$/);
    expect(boss[4]).toBe("name: New Team Member");
    expect(boss[5]).toMatch(/^[0-9a-f]{8}$/);
    bossLabel = boss[5];
    expect(rows[0][5]).toMatch(/^[0-9a-f]{8}$/);
    expect(rows[0][5]).not.toBe(bossLabel);
    expect(html).toMatch(/href="\/admin\/dashboard\/history\/team_member\/\d+"/);
    // When, in Vancouver time.
    expect(rows[0][0]).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(await (await get(url("/admin/dashboard"), cookies.boss)).text()).toContain(`href="${AUDIT}"`);
    expect(await (await get(url("/admin/dashboard"), cookies.ed)).text()).not.toContain(`href="${AUDIT}"`);
  });

  it("filters by person, by kind and by Vancouver day", async () => {
    const byPerson = tableRows((await page(`?person=${ids.ed}`)).html);
    expect(byPerson.length).toBeGreaterThan(0);
    expect(new Set(byPerson.map((r) => r[1]))).toEqual(new Set([email("ed")]));

    const system = tableRows((await page("?person=system&action=seed_day")).html);
    expect(system.map((r) => r[1])).toEqual(["System", "System", "System"]);

    const byKind = tableRows((await page("?entity=team_member")).html);
    expect(byKind.map((r) => r[1]).sort()).toEqual([email("boss"), email("ed")].sort());
    const byAction = tableRows((await page("?action=seed_formula")).html);
    expect(byAction).toHaveLength(1);

    // The 10th in Vancouver: noon, and 23:30 (07:30 UTC on the 11th); not 01:00 on the 11th.
    const day = tableRows((await page("?entity=day_marker&from=2025-01-10&to=2025-01-10")).html);
    expect(day.map((r) => r[3])).toEqual(["day_marker late-10th", "day_marker noon-10th"]);
    const fromEleventh = tableRows((await page("?entity=day_marker&from=2025-01-11")).html);
    expect(fromEleventh.map((r) => r[3])).toEqual(["day_marker early-11th"]);
    const toNinth = await page("?entity=day_marker&to=2025-01-09");
    expect(tableRows(toNinth.html)).toEqual([]);
    expect(textOf(toNinth.html)).toContain("No entries match these filters.");
  });

  it("pages 50 at a time with links that keep the filters", async () => {
    const first = await page("?entity=bulk_marker");
    const rows = tableRows(first.html);
    expect(rows).toHaveLength(50);
    expect(rows[0][3]).toBe("bulk_marker bulk-59");
    expect(textOf(first.html)).toContain("Page 1 of 2");
    expect(first.html).toContain(`href="${AUDIT}?entity=bulk_marker&amp;page=2"`);
    const second = await page("?entity=bulk_marker&page=2");
    expect(tableRows(second.html).map((r) => r[3])).toEqual(Array.from({ length: 10 }, (_, i) => `bulk_marker bulk-${9 - i}`));
    expect(second.html).toContain(`href="${AUDIT}?entity=bulk_marker"`);
  });

  it("bad filter values: a message on the page (400), no rows, never a 500", async () => {
    for (const [query, message] of [
      ["?from=2025-02-30", "From must be a date (YYYY-MM-DD)."],
      ["?to=yesterday", "To must be a date (YYYY-MM-DD)."],
      ["?from=2025-03-02&to=2025-03-01", "The From date must be on or before the To date."],
      ["?page=abc", "Page must be a number."],
      ["?page=0", "Page must be 1 or more."],
      ["?page=99999", "Page must be at most 2000"],
      ["?person=%3Cscript%3E", "Unknown person."],
      ["?action=DROP%20TABLE", "Unknown action."],
    ] as const) {
      const { status, html } = await page(query);
      expect(status, query).toBe(400);
      expect(textOf(html), query).toContain(`These filters cannot be used: ${message}`);
      expect(tableRows(html), query).toEqual([]);
    }
    const csv = await get(url(`${AUDIT}/export?from=2025-13-01`), cookies.boss);
    expect(csv.status).toBe(400);
    expect(await csv.text()).toBe("From must be a date (YYYY-MM-DD).");
  });

  it("exports the filtered rows as CSV, header first, a formula neutralised; the export is audited", async () => {
    const response = await get(url(`${AUDIT}/export?action=seed_formula`), cookies.boss);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The byte-order mark Excel needs to read UTF-8 (fetch's text() would hide it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows[0]).toEqual(["When (Vancouver time)", "Person", "Action", "Item", "Item id", "Details", "Session"]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(["2025-02-01 04:00:00", email("boss"), "seed_formula", "formula_marker", `'=HYPERLINK("http://evil.test","x")`, '{"note":"=1+2"}', ""]);

    const bulk = parseCsv(await (await get(url(`${AUDIT}/export?entity=bulk_marker&page=2`), cookies.boss)).text());
    // Every filtered row, not one page.
    expect(bulk).toHaveLength(61);

    const exports = tableRows((await page("?entity=audit_log")).html);
    expect(exports[0].slice(1, 4)).toEqual([email("boss"), "export", "audit_log"]);
    expect(exports[0][4]).toContain("rows: 60");
    expect(exports[0][5]).toBe(bossLabel);
  });

  it("an editor and a lawyer are refused both routes (403); anonymous goes to sign in (page) or 401 (export)", async () => {
    for (const who of ["ed", "rev"]) {
      const refused = await get(url(AUDIT), cookies[who]);
      expect(refused.status, who).toBe(403);
      expect(textOf(await refused.text()), who).toContain("cannot read the audit log");
      const csv = await get(url(`${AUDIT}/export`), cookies[who]);
      expect(csv.status, who).toBe(403);
      expect(await csv.text(), who).toContain("cannot read the audit log");
    }
    const anonymous = await get(url(AUDIT));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login");
    expect((await get(url(`${AUDIT}/export`))).status).toBe(401);
  });

  it("stores each request's session with its entries; the page shows its hash, never the id", async () => {
    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const [session] = await store.db.select().from(sessions).where(eq(sessions.userId, ids.boss));
      const [added] = await store.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, ids.boss), eq(auditLog.entity, "team_member")));
      expect(added.sessionId).toBe(session.id);
      expect(bossLabel).toBe(createHash("sha256").update(session.id).digest("hex").slice(0, 8));
      expect(pagesSeen).not.toContain(session.id);
      const [edAdded] = await store.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, ids.ed), eq(auditLog.entity, "team_member")));
      expect(edAdded.sessionId).not.toBeNull();
      expect(edAdded.sessionId).not.toBe(session.id);
    } finally {
      await store.close();
    }
  });
});
