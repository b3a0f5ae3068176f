import { rmSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { PASSKEY_SIGN_IN_TEXT } from "../../app/auth/passkey-sign-in.server";
import { statsVisitors, twoFactors, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { DAILY_VISITOR_CAP } from "../../app/stats/counter.server";
import { startSite, type SiteServer } from "../helpers/server";
import { cookiesFrom, dataDirWithAdmin, formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { textOf } from "../helpers/html-text";
import { rawRequest, rawSocket } from "../helpers/raw-http";

/**
 * Regression tests for the third black-box probe's findings (issue 44), over real HTTP against
 * the built server: each of them answered 5xx, logged an error for a visitor's request, or let a
 * request through that must be refused.
 */

const ADMIN = { email: "probe-admin@example.test", password: "probe admin passphrase" };
// An intake person: reads the inbox, changes none of its settings (decision 0090).
const EDITOR = { email: "probe-intake@example.test", password: "probe intake passphrase" };
const TWO_STEP = { email: "probe-two-step@example.test", password: "probe two step passphrase" };

/** Lines the server logged at error level (pino's 50) or above, and stack traces. */
/** The bytes of the whole database, and of the tables visitors feed (statistics, rate limits) with their indexes. */
const databaseBytes = async (db: Db) => {
  const { rows } = (await db.execute(
    sql`select pg_database_size(current_database())::text as whole, (select sum(pg_total_relation_size(c.oid)) from pg_class c where c.relkind = 'r' and c.relname in ('stats_counts', 'stats_visitors', 'stats_salts', 'rate_limits'))::text as fed`,
  )) as unknown as { rows: Array<{ whole: string; fed: string }> };
  return { whole: Number(rows[0].whole), fed: Number(rows[0].fed) };
};

const errorLines = (output: string) => output.split("\n").filter((line) => /"level":(50|60)/.test(line) || /^\s+at \S/.test(line));

describe("third probe: no anonymous 5xx, one Host, settings audited", () => {
  let dataDir: string;
  let site: SiteServer;
  let adminCookie = "";
  let bytesBefore = { whole: 0, fed: 0 };
  let editorCookie = "";

  beforeAll(async () => {
    dataDir = await dataDirWithAdmin("third-probe-", ADMIN, {
      staff: [[EDITOR, "intake"]],
      prepare: async (db) => {
        // An account whose second step is on (an app's key, sealed as the app stores it): the password alone leads to /admin/login/verify.
        const { userId } = await createOrPromoteAdmin(db, TWO_STEP, { via: "test" });
        await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
        await db.insert(twoFactors).values({ id: "tf-probe", secret: "sealed", backupCodes: "[]", userId, verified: true });
        bytesBefore = await databaseBytes(db);
      },
    });
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    adminCookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    editorCookie = await signInHttp(site.url, EDITOR.email, EDITOR.password);
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a media width past the database's integer, zero or absurd with 404, not 500 (finding 3)", async () => {
    const before = site.output().length;
    const id = "00000000-0000-0000-0000-000000000000";
    for (const width of ["2147483648", "99999999999999999999", "0", "1921", "640"]) {
      for (const format of ["webp", "avif", "jpeg"]) {
        const answer = await rawRequest(site.url, "GET", `/media/${id}/${width}.${format}`);
        expect(answer.status, `${width}.${format}`).toBe(404);
        expect(answer.body).toBe("Not found");
      }
    }
    expect(errorLines(site.output().slice(before))).toEqual([]);
  });

  it("answers a passkey step whose answer is not a passkey's with 400 after a right password (finding 4)", async () => {
    const before = site.output().length;
    const step = await formPost(`${site.url}/admin/login`, TWO_STEP);
    expect(step.status).toBe(302);
    expect(step.headers.get("location")).toBe("/admin/login/verify");
    const cookie = cookiesFrom(step);
    // Five tries: the sixth in a row would wait (each counts as a wrong answer).
    for (const response of ["null", "[]", "{}", '"x"', '{"id":"a","rawId":"a","type":"public-key"}']) {
      const answer = await formPost(`${site.url}/admin/login/verify`, { method: "passkey", challengeId: "c", response }, { cookie });
      expect(answer.status, response).toBe(400);
      expect(textOf(await answer.text()), response).toContain(PASSKEY_SIGN_IN_TEXT.unreadable);
    }
    expect(errorLines(site.output().slice(before))).toEqual([]);
  });

  it("answers a request with two Host headers 400, for a stored page too (finding 8)", async () => {
    // The home page is stored after its first render: the fast path must refuse it as well.
    expect((await rawRequest(site.url, "GET", "/")).status).toBe(200);
    expect((await rawRequest(site.url, "GET", "/")).status).toBe(200);
    const port = new URL(site.url).port;
    for (const path of ["/", "/contact", "/admin/login", "/no-such-page"]) {
      const answer = await rawSocket(site.url, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
      expect(answer.status, path).toBe(400);
    }
    const post = await rawSocket(
      site.url,
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nhost: 127.0.0.1:${port}\r\nOrigin: ${site.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
    );
    expect(post.status).toBe(400);
    // One Host is served as before.
    expect((await rawSocket(site.url, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).status).toBe(200);
  });

  it("lets only an admin change the newsletter's sending (not intake, who reads the inbox), and audits each settings save without the secret (finding 5)", async () => {
    const inbox = `${site.url}/admin/dashboard/inbox`;
    const weekly = { intent: "newsletter-settings", mode: "weekly", digestWeekday: "2", digestHour: "7" };
    const refused = await formPost(`${inbox}.data`, weekly, { cookie: editorCookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your role (intake) cannot change the newsletter settings.");
    // Intake reads the inbox (it handles enquiries): it shows how posts go out, without the form.
    const editorPage = textOf(await (await get(inbox, editorCookie)).text());
    expect(editorPage).toContain("Each post goes out when it is published.");
    expect(editorPage).not.toContain("Save newsletter settings");

    expect((await formPost(`${inbox}.data`, weekly, { cookie: adminCookie })).status).toBe(200);
    const token = "EAAB-probe-secret-token-9876";
    const instagram = await formPost(`${site.url}/admin/dashboard/instagram.data`, { intent: "save", accessToken: token, accountId: "", enabled: "on", autoPost: "false" }, { cookie: adminCookie });
    expect(instagram.status).toBe(200);

    const csv = await (await get(`${site.url}/admin/dashboard/audit/export`, adminCookie)).text();
    expect(csv).not.toContain(token);
    expect(csv).not.toContain("9876");
    const lines = csv.split("\r\n");
    /** The Details column of the one line about an item, as JSON (CSV doubles its quotes). */
    const details = (item: string) => {
      const found = lines.filter((line) => line.includes(`,${item},`));
      expect(found, item).toHaveLength(1);
      expect(found[0]).toContain(ADMIN.email);
      return JSON.parse(/,"(\{.*\})",/.exec(found[0])![1].replaceAll('""', '"')) as Record<string, unknown>;
    };
    expect(details("newsletter_settings")).toEqual({ mode: { from: "each", to: "weekly" }, digestWeekday: { from: 1, to: 2 }, digestHour: { from: 9, to: 7 } });
    expect(details("instagram_settings")).toEqual({ enabled: { from: false, to: true }, accessToken: "replaced" });
    // The editor's refused try left no entry: the one newsletter line is the admin's.
  });

  it("logs a refused request at warn without a stack, once per client per minute; error is the server's own (finding 7)", async () => {
    const before = site.output().length;
    const contact = { intent: "create", name: "A", email: "a@example.test", subject: "s", message: "m" };
    for (let i = 0; i < 5; i++) {
      for (const path of ["/contact", "/fa/contact", "/blog", "/admin/login"]) {
        const answer = await formPost(`${site.url}${path}`, contact, { origin: "https://evil.example" });
        expect(answer.status, path).toBeGreaterThanOrEqual(400);
        expect(answer.status, path).toBeLessThan(500);
      }
    }
    const output = site.output().slice(before);
    expect(errorLines(output)).toEqual([]);
    const warnings = output.split("\n").filter((line) => /"level":40/.test(line));
    // Twenty refusals from one address: one line, without a stack, naming what was refused.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain("stack");
    expect(warnings[0]).toContain("refused");
  });

  it("answers every unknown path with its language's one stored not-found page, 404, never echoing the path (finding 1)", async () => {
    const first = await rawRequest(site.url, "GET", "/no-such-page-warmup");
    expect(first.status).toBe(404);
    // React Router's route discovery is no unknown path, once that page is stored: React Router answers it
    // (an unknown build version: 204 and "reload"), or every link of a hydrated page logs a 404.
    const discovery = await rawRequest(site.url, "GET", "/__manifest?paths=%2Fadmin%2Flogin&version=unknown");
    expect(discovery.status).toBe(204);
    expect(discovery.headers["x-remix-reload-document"]).toBe("true");
    const paths = ["/zz-random-1", "/a/b/c/d", "/blog-post-that-never-was", "/%3Cscript%3Ealert(1)%3C", "/x?utm_source=evil"];
    const answers = await Promise.all(paths.map((path) => rawRequest(site.url, "GET", path)));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, paths[i]).toBe(404);
      expect(answer.headers["x-cache"], paths[i]).toBe("HIT");
      expect(answer.body, paths[i]).toBe(answers[0].body);
      expect(answer.body).not.toContain("zz-random");
      expect(answer.body).not.toContain("never-was");
    }
    expect(answers[0].body).toContain('lang="en"');
    const farsi = await rawRequest(site.url, "GET", "/fa/zz-random-2");
    const farsiAgain = await rawRequest(site.url, "GET", "/fa/zz-random-3");
    expect(farsi.status).toBe(404);
    expect(farsiAgain.body).toBe(farsi.body);
    expect(farsiAgain.body).toContain('lang="fa"');
    expect(farsiAgain.body).not.toContain("zz-random");
    // A signed-in person's unknown path still renders (nothing personal is stored), with the same status.
    expect((await rawRequest(site.url, "GET", "/zz-random-4", { Cookie: adminCookie })).status).toBe(404);
  });

  // Last: it stops the server to read the database, and measures the tables visitors feed (the
  // tests above write elsewhere). 8,000 requests (about 10 s here; the issue's
  // 50,000 are the in-process flood of tests/integration/stats.test.ts) are past the day's
  // DAILY_VISITOR_CAP of 5,000, so what grows after the cap shows.
  it("grows the tables visitors feed by at most 2 MB for a flood of page views with random agents, addresses, referrers and campaigns (finding 2)", async () => {
    const REQUESTS = 8_000;
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const view = (i: number) =>
      new Promise<number>((resolve, reject) => {
        const r = Math.random().toString(36).slice(2, 10);
        const path = `/?utm_source=s${r}&utm_medium=m${r}&utm_campaign=c${r}`;
        const headers = {
          "User-Agent": `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i}.${r.length} Safari/537.36 ${r}`,
          Referer: `https://r${r}.example/page`,
          // From the loopback, the site reads the visitor's address from the proxy's header.
          "X-Forwarded-For": `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        };
        httpGet(`${site.url}${path}`, { agent, headers }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        }).on("error", reject);
      });
    let next = 0;
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < REQUESTS) {
          const status = await view(next++);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    agent.destroy();
    expect(Object.fromEntries(statuses)).toEqual({ 200: REQUESTS });
    // Stopping writes what the statistics still hold.
    await site.stop();
    const store = await openDataDir(dataDir);
    try {
      const after = await databaseBytes(store.db);
      const grown = after.fed - bytesBefore.fed;
      // The whole database also holds what the tests above wrote (sign-ins, audit entries, settings).
      console.log(`HTTP stats flood: ${REQUESTS} views; tables visitors feed +${(grown / 1024).toFixed(0)} KiB, whole database +${((after.whole - bytesBefore.whole) / 1024).toFixed(0)} KiB since the server started`);
      expect(grown).toBeLessThanOrEqual(2 * 1024 * 1024);
      const [{ rows }] = await store.db.select({ rows: sql<number>`count(*)::int` }).from(statsVisitors);
      expect(rows).toBe(DAILY_VISITOR_CAP);
    } finally {
      await store.close();
    }
  }, 120_000);
});
