import { readFileSync, rmSync } from "node:fs";
import { ADMIN_OPEN_PATHS } from "../../app/auth/open-paths";
import path from "node:path";
import { and, desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { auditLog, userRoles, users } from "../../db/schema";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { cookiesFrom, formPost, get, openDataDir, signInHttp, snapshotTables } from "../helpers/admin-http";

/**
 * Every admin route and action, read from app/routes.ts itself (a new admin route is checked
 * without editing this file), against a real server: anonymous, signed-in non-admin, admin
 * with a cross-site Origin, and GET never changing stored data.
 */

interface Entry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

interface AdminRoute {
  /** Full pattern, e.g. /admin/dashboard/blog/:id */
  pattern: string;
  /** A concrete URL for it. */
  url: string;
  /** The URL an action is posted to (index routes need ?index). */
  actionUrl: string;
  file: string;
  /** Answers a browser navigation: a page, or a loader that guards like one (redirects). */
  isPage: boolean;
  hasComponent: boolean;
  hasLoader: boolean;
  hasAction: boolean;
}

// Sample values for path parameters; the guard runs before any parameter is looked at.
const PARAM_SAMPLES: Record<string, string> = { id: "1", kind: "submissions", slug: "sample" };

function adminRoutes(entries: Entry[], base = ""): AdminRoute[] {
  const out: AdminRoute[] = [];
  for (const entry of entries) {
    const full = [base, entry.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
    const pattern = `/${full.replace(/^\/+/, "")}`;
    if (pattern === "/admin" || pattern.startsWith("/admin/")) {
      const source = readFileSync(path.resolve(import.meta.dirname, "../../app", entry.file), "utf8");
      const url = pattern.replace(/:(\w+)\??/g, (_, name: string) => PARAM_SAMPLES[name] ?? "1");
      out.push({
        pattern,
        url,
        actionUrl: entry.index ? `${url}?index` : url,
        file: entry.file,
        isPage: /export\s+default\b/.test(source) || /requirePermission\(/.test(source),
        hasComponent: /export\s+default\b/.test(source),
        hasLoader: /export\s+(async\s+)?function\s+loader\b|export\s+const\s+loader\b/.test(source),
        hasAction: /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source),
      });
    }
    if (entry.children) out.push(...adminRoutes(entry.children, full));
  }
  return out;
}

const ROUTES = adminRoutes(routeConfig as unknown as Entry[]);
/** The sign-in machinery itself is reachable without a session; checked separately below. */
const OPEN = ADMIN_OPEN_PATHS;
const GUARDED = ROUTES.filter((r) => !OPEN.has(r.pattern));
const WITH_ACTION = GUARDED.filter((r) => r.hasAction);

const IGNORED = ["sessions", "rate_limits", "audit_log"];
const ADMIN = { email: "access-admin@example.test", password: "access admin passphrase" };
const MEMBER = { email: "access-member@example.test", password: "member account passphrase" };

function expectSecurityHeaders(response: Response, label: string) {
  expect(response.headers.get("cache-control"), label).toContain("no-store");
  expect(response.headers.get("content-security-policy"), label).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
}

describe("admin access rules for every admin route", () => {
  let dataDir: string;
  let site: SiteServer | null = null;
  let adminCookie = "";
  let memberCookie = "";
  let memberId = "";

  beforeAll(async () => {
    dataDir = tempDir("admin-access-");
    // Accounts are made on the stopped server's database, as `npm run admin:create` does.
    const store = await openDataDir(dataDir);
    await createOrPromoteAdmin(store.db, ADMIN, { via: "test" });
    // The member starts as an admin so it can sign in; its role is removed later, with the
    // session still open: a demoted account must lose access at once.
    memberId = (await createOrPromoteAdmin(store.db, MEMBER, { via: "test" })).userId;
    await store.close();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    adminCookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    memberCookie = await signInHttp(site.url, MEMBER.email, MEMBER.password);
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds the admin routes in app/routes.ts", () => {
    const patterns = ROUTES.map((r) => r.pattern);
    for (const expected of ["/admin", "/admin/login", "/admin/logout", "/admin/setup", "/admin/dashboard", "/admin/dashboard/content", "/admin/dashboard/team", "/admin/dashboard/inbox", "/admin/dashboard/automation"]) {
      expect(patterns).toContain(expected);
    }
    expect(WITH_ACTION.length).toBeGreaterThanOrEqual(4);
  });

  it("sends anonymous page visits to the login page, and refuses anonymous data and actions (401)", async () => {
    for (const route of GUARDED) {
      const response = await get(site!.url + route.url);
      expectSecurityHeaders(response, route.pattern);
      if (route.isPage) {
        expect(response.status, `GET ${route.url}`).toBe(302);
        expect(new URL(response.headers.get("location")!, site!.url).pathname, `GET ${route.url}`).toBe("/admin/login");
      }
      if (route.hasComponent) {
        // The client-side data request of the same page (single fetch) only carries the redirect.
        const dataResponse = await get(`${site!.url}${route.url}.data`);
        const body = await dataResponse.text();
        expect(body, `GET ${route.url}.data`).toContain("SingleFetchRedirect");
        expect(body, `GET ${route.url}.data`).toContain('"/admin/login"');
      } else if (!route.isPage && route.hasLoader) {
        expect([401, 405], `GET ${route.url}`).toContain(response.status);
      }
      const post = await formPost(site!.url + route.actionUrl, { intent: "delete", id: "1" });
      expectSecurityHeaders(post, `POST ${route.actionUrl}`);
      // Refused in front of the router already: with or without an action, no anonymous POST gets in.
      expect(post.status, `POST ${route.actionUrl}`).toBe(401);
    }
  });

  it("refuses an admin's mutation from another site (403), by Origin or by fetch metadata", async () => {
    for (const route of WITH_ACTION) {
      const byOrigin = await formPost(site!.url + route.actionUrl, { intent: "delete", id: "1" }, { cookie: adminCookie, origin: "https://attacker.example" });
      expect(byOrigin.status, `POST ${route.actionUrl} from another origin`).toBe(403);
      expectSecurityHeaders(byOrigin, route.pattern);
      const byMetadata = await formPost(
        site!.url + route.actionUrl,
        { intent: "delete", id: "1" },
        { cookie: adminCookie, origin: null, headers: { "Sec-Fetch-Site": "cross-site" } },
      );
      expect(byMetadata.status, `POST ${route.actionUrl} cross-site`).toBe(403);
      // Over GET no action runs: the same request as a GET is answered by the loader (or refused).
      const asGet = await get(`${site!.url}${route.actionUrl}${route.actionUrl.includes("?") ? "&" : "?"}intent=delete&id=1`, adminCookie);
      expect(asGet.status, `GET ${route.actionUrl}`).not.toBe(500);
    }
    // The open sign-in endpoints refuse other sites too (login CSRF, forced logout).
    for (const open of ["/admin/login", "/admin/setup", "/admin/logout"]) {
      const response = await formPost(site!.url + open, { email: ADMIN.email, password: ADMIN.password }, { origin: "https://attacker.example" });
      expect(response.status, `POST ${open} from another origin`).toBe(403);
    }
  });

  it("treats the open endpoints as designed: login and setup pages render, logout is POST only", async () => {
    expect((await get(`${site!.url}/admin/login`)).status).toBe(200);
    expect((await get(`${site!.url}/admin/setup`)).status).toBe(200);
    const logoutGet = await get(`${site!.url}/admin/logout`, adminCookie);
    expect(logoutGet.status).toBe(405);
    expectSecurityHeaders(logoutGet, "GET /admin/logout");
    // The GET did not sign the admin out.
    expect((await get(`${site!.url}/admin/dashboard`, adminCookie)).status).toBe(200);
    // An anonymous logout simply lands on the login page.
    const anonymousLogout = await formPost(`${site!.url}/admin/logout`, {});
    expect(anonymousLogout.status).toBe(302);
    expect(anonymousLogout.headers.get("location")).toBe("/admin/login");
  });

  it("keeps cookies out of reach of scripts and other sites", async () => {
    // Before the test below, which stops the server to read its database: one start less.
    site ??= await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    const response = await formPost(`${site.url}/admin/login`, ADMIN);
    expect(response.status).toBe(302);
    const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith("admin.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    // Only the admin area receives it.
    expect(sessionCookie).toMatch(/Path=\/admin(;|$)/i);
    expect(sessionCookie).toMatch(/Max-Age=604800/);
    expect(cookiesFrom(response)).toContain("admin-toast=");
  });

  it("never changes stored data over GET, and denies a signed-in non-admin everything (403)", async () => {
    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    await store.db.delete(userRoles).where(and(eq(userRoles.userId, memberId), eq(userRoles.role, "admin")));
    // Sessions (the idle clock) and rate-limit counters are bookkeeping, not content; the audit
    // log is compared apart, as reading personal data (a CSV export) is itself recorded.
    const before = await snapshotTables(store.db, IGNORED);
    const lastAudit = (await store.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
    expect(await store.db.select({ id: users.id }).from(users).where(eq(users.id, memberId))).toHaveLength(1);
    await store.close();

    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    for (const route of GUARDED) {
      // The admin reads every page, data route and action URL (with mutation-looking queries) over GET and HEAD.
      for (const method of ["GET", "HEAD"]) {
        const response = await fetch(`${site.url}${route.url}?intent=delete&id=1&_action=delete`, { method, headers: { Cookie: adminCookie }, redirect: "manual" });
        expect(response.status, `${method} ${route.url} as admin`).toBeLessThan(500);
        expectSecurityHeaders(response, `${method} ${route.url} as admin`);
      }
      if (route.isPage && !route.pattern.includes(":") && route.pattern !== "/admin") {
        expect((await get(site.url + route.url, adminCookie)).status, `GET ${route.url} as admin`).toBe(200);
      }

      const asMember = await get(site.url + route.url, memberCookie);
      expectSecurityHeaders(asMember, `GET ${route.url} as non-admin`);
      if (route.isPage) expect(asMember.status, `GET ${route.url} as non-admin`).toBe(403);
      else if (route.hasLoader) expect([403, 405], `GET ${route.url} as non-admin`).toContain(asMember.status);
      const post = await formPost(site.url + route.actionUrl, { intent: "delete", id: "1" }, { cookie: memberCookie });
      expect(post.status, `POST ${route.actionUrl} as non-admin`).toBe(403);
      expect(await post.text()).toContain("Access Denied");
      if (!route.hasAction) {
        // An admin's POST where there is no action changes nothing either.
        expect((await formPost(site.url + route.actionUrl, { intent: "delete", id: "1" }, { cookie: adminCookie })).status).toBe(405);
      }
    }
    // The login page signs the demoted account out at once and says why.
    const login = await get(`${site.url}/admin/login`, memberCookie);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("You don&#x27;t have admin privileges.");
    expect((await get(`${site.url}/admin/dashboard`, memberCookie)).status).toBe(302);

    await site.stop();
    site = null;
    const after = await openDataDir(dataDir);
    try {
      expect(await snapshotTables(after.db, IGNORED)).toEqual(before);
      const newAudit = await after.db.select().from(auditLog).where(gt(auditLog.id, lastAudit));
      // Reads leave only their own trace: exports, looks at client records, refusals (decisions 0090, 0091).
      expect(newAudit.filter((row) => !["export", "view", "access_denied"].includes(row.action))).toEqual([]);
      expect(newAudit.some((row) => row.action === "access_denied")).toBe(true);
    } finally {
      await after.close();
    }
  });
});
