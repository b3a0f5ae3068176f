import { rmSync } from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin, issueSetupToken, verifySetupToken } from "../../app/auth/admin-users.server";
import { getAuth, SESSION_IDLE_SECONDS } from "../../app/auth/auth.server";
import { getSignedInUser } from "../../app/auth/guard.server";
import { beginLoginAttempt, checkLoginThrottle, clearLoginFailures, THROTTLE } from "../../app/auth/login-throttle.server";
import type { Db } from "../../db/client";
import { auditLog, sessions, userRoles, users } from "../../db/schema";
import type { Config } from "../../core/config";
import { sendControlCommand } from "../../server/control";
import { usingPostgres, withTestDatabase } from "../helpers/db";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { cookiesFrom, formPost, get, openDataDir, runAdminCreate, setupTokenFrom, signInHttp } from "../helpers/admin-http";

const SECOND = 1000;

describe(`login throttle and sessions (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let db: Db;
  const config = { SESSION_SECRET: "s".repeat(48), SITE_URL: "http://localhost:3000", secureCookies: false } as Config;

  withTestDatabase((test) => (db = test.database.db));

  it("allows five attempts per account, then waits 30 s, 60 s, 120 s ... never more than 15 minutes", async () => {
    const t0 = Date.UTC(2026, 0, 1, 12);
    const at = (ms: number) => new Date(t0 + ms);
    for (let i = 0; i < THROTTLE.ACCOUNT_FREE_FAILURES; i++) {
      expect((await beginLoginAttempt(db, "Staff@Example.test", "10.0.0.1", at(i * SECOND))).waitMs).toBe(0);
    }
    // The sixth attempt, right after the fifth failure, must wait 30 seconds.
    const sixth = await beginLoginAttempt(db, "staff@example.test", "10.0.0.2", at(5 * SECOND));
    expect(sixth.waitMs).toBe(29 * SECOND);
    // A refused attempt is not charged: the wait does not grow while the attacker hammers.
    expect((await checkLoginThrottle(db, "staff@example.test", "10.0.0.3", at(5 * SECOND))).waitMs).toBe(29 * SECOND);

    // After the wait one more attempt; failing again doubles the wait, and so on up to the cap.
    let now = 4 * SECOND + 30 * SECOND;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect((await beginLoginAttempt(db, "staff@example.test", "10.0.0.4", at(now))).waitMs).toBe(0);
      const wait = (await checkLoginThrottle(db, "staff@example.test", "10.0.0.4", at(now))).waitMs;
      waits.push(wait / SECOND);
      now += wait;
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900, 900]);

    // The streak is forgotten 15 minutes after the last failure.
    expect((await checkLoginThrottle(db, "staff@example.test", "10.0.0.5", at(now + THROTTLE.WINDOW_MS))).waitMs).toBe(0);
    expect((await beginLoginAttempt(db, "staff@example.test", "10.0.0.5", at(now + THROTTLE.WINDOW_MS))).waitMs).toBe(0);
  });

  it("clears an account's streak on success, and throttles one address trying many accounts", async () => {
    const now = new Date(Date.UTC(2026, 0, 2, 12));
    for (let i = 0; i < 5; i++) await beginLoginAttempt(db, "reset@example.test", "10.1.0.1", now);
    expect((await checkLoginThrottle(db, "reset@example.test", "10.1.0.1", now)).waitMs).toBeGreaterThan(0);
    await clearLoginFailures(db, "reset@example.test", "10.1.0.1", now);
    for (let i = 0; i < 5; i++) expect((await beginLoginAttempt(db, "reset@example.test", "10.1.0.1", now)).waitMs).toBe(0);
    expect((await beginLoginAttempt(db, "reset@example.test", "10.1.0.1", now)).waitMs).toBeGreaterThan(0);

    for (let i = 0; i < THROTTLE.IP_FREE_FAILURES; i++) {
      expect((await beginLoginAttempt(db, `guess${i}@example.test`, "10.2.0.1", now)).waitMs).toBe(0);
    }
    expect((await beginLoginAttempt(db, "another@example.test", "10.2.0.1", now)).waitMs).toBe(THROTTLE.BASE_DELAY_MS);
    // Another address is not affected.
    expect((await beginLoginAttempt(db, "another@example.test", "10.2.0.2", now)).waitMs).toBe(0);
  });

  it("lets no more than five of many simultaneous attempts through", async () => {
    const now = new Date(Date.UTC(2026, 0, 3, 12));
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => beginLoginAttempt(db, "burst@example.test", `10.3.0.${i}`, now)));
    expect(results.filter((r) => r.waitMs === 0)).toHaveLength(THROTTLE.ACCOUNT_FREE_FAILURES);
  });

  it("ends a session after 12 idle hours, and a new sign-in gets a new token", async () => {
    const { userId } = await createOrPromoteAdmin(db, { email: "idle@example.test", password: "idle admin passphrase" }, { via: "test" });
    const context = { services: { db, config } };
    const signIn = async () => {
      const result = await getAuth(context).api.signInEmail({
        body: { email: "idle@example.test", password: "idle admin passphrase", rememberMe: true },
        returnHeaders: true,
      });
      const cookie = result.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      return { cookie, token: result.response.token };
    };
    const first = await signIn();
    const request = (cookie: string) => new Request("http://localhost:3000/admin/dashboard", { headers: { Cookie: cookie } });
    expect(await getSignedInUser(request(first.cookie), context)).toMatchObject({ id: userId, isAdmin: true });

    const second = await signIn();
    expect(second.token).not.toBe(first.token);

    await db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - (SESSION_IDLE_SECONDS + 60) * SECOND) })
      .where(eq(sessions.token, first.token));
    expect(await getSignedInUser(request(first.cookie), context)).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.token, first.token))).toHaveLength(0);

    // The absolute limit: better-auth refuses a session past expires_at, however recently used.
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - SECOND) }).where(eq(sessions.token, second.token));
    expect(await getSignedInUser(request(second.cookie), context)).toBeNull();
    // A forged cookie (wrong signature) is nobody.
    expect(await getSignedInUser(request(first.cookie.replace(/\.[^.;]+$/, ".forged")), context)).toBeNull();
  });

  it("accepts only the current, unexpired setup token", async () => {
    const now = new Date();
    const token = await issueSetupToken(db, now);
    // An admin exists in this database already (previous test): no token is issued.
    expect(token).toBeNull();
    await db.delete(userRoles);
    const fresh = (await issueSetupToken(db, now))!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifySetupToken(db, fresh, now)).toBe(true);
    expect(await verifySetupToken(db, `${fresh}x`, now)).toBe(false);
    expect(await verifySetupToken(db, fresh, new Date(now.getTime() + 25 * 60 * 60 * SECOND))).toBe(false);
    const replaced = (await issueSetupToken(db, now))!;
    expect(await verifySetupToken(db, fresh, now)).toBe(false);
    expect(await verifySetupToken(db, replaced, now)).toBe(true);
  });

  it("makes exactly one first admin when several setups run at once (advisory lock)", async () => {
    await db.delete(userRoles);
    const names = ["one", "two", "three", "four"];
    const emails = names.map((n) => `race-${n}@example.test`);
    // Accounts exist already, so no password hashing staggers the attempts: they really overlap.
    for (const email of emails) await createOrPromoteAdmin(db, { email, password: "race account passphrase" }, { via: "test", grantAdmin: false });
    const attempts = await Promise.allSettled(emails.map((email) => createOrPromoteAdmin(db, { email }, { onlyIfNoAdmin: true, via: "setup" })));
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect(attempts.filter((a) => a.status === "rejected").map((a) => (a as PromiseRejectedResult).reason.constructor.name)).toEqual([
      "SetupAlreadyDone",
      "SetupAlreadyDone",
      "SetupAlreadyDone",
    ]);
    expect(await db.select().from(userRoles).where(eq(userRoles.role, "admin"))).toHaveLength(1);
  });
});

describe("admin sign-in, setup and tools against a running server", () => {
  const SITE_URL = "https://admin.example.test";
  let site: SiteServer | null = null;
  let dataDir = "";
  let token = "";
  const ADMIN = { email: "first-admin@example.test", password: "first admin passphrase" };
  const RIVAL = { email: "rival-admin@example.test", password: "rival admin passphrase" };
  const url = (path: string) => `${site!.url}${path}`;

  beforeAll(async () => {
    // An https SITE_URL: Secure, prefixed cookies and HSTS, as in production.
    // An explicit DATA_DIR outlives the server, for the checks on the stopped database at the end.
    dataDir = tempDir("admin-auth-");
    site = await startSite({ SEED_DEMO: "false", SITE_URL, DATA_DIR: dataDir });
    token = setupTokenFrom(site.output()) ?? "";
  });
  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints a one-time setup link at start, and without it the page explains how to get one", async () => {
    expect(site!.output()).toContain(`${SITE_URL}/admin/setup?token=`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(site!.output()).not.toMatch(/password/i);

    const page = await get(url("/admin/setup"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("one-time setup link");
    expect(html).toContain("npm run admin:create");
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    expect(html).not.toContain('name="password"');

    const wrong = await get(url("/admin/setup?token=not-the-token"));
    expect(await wrong.text()).toContain("This setup link is invalid or has expired.");
    const refused = await formPost(url("/admin/setup"), { token: "not-the-token", ...ADMIN, confirm: ADMIN.password });
    expect(refused.status).toBe(403);
  });

  it("checks the new password: at least 12 characters, not only spaces, confirmed", async () => {
    const short = await formPost(url(`/admin/setup?token=${token}`), { token, email: ADMIN.email, password: "short pass", confirm: "short pass" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 12 characters");
    const mismatch = await formPost(url(`/admin/setup?token=${token}`), { token, email: ADMIN.email, password: ADMIN.password, confirm: "something else entirely" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The passwords do not match");
    // Spaces inside a passphrase are fine, a password of spaces alone is not.
    const blank = " ".repeat(16);
    const spaces = await formPost(url(`/admin/setup?token=${token}`), { token, email: ADMIN.email, password: blank, confirm: blank });
    expect(spaces.status).toBe(400);
    expect(await spaces.text()).toContain("Password must contain characters other than spaces");
    // Invisible characters count nothing: twelve zero-width spaces are an empty password.
    const invisible = "\u200B".repeat(12);
    const zeroWidth = await formPost(url(`/admin/setup?token=${token}`), { token, email: ADMIN.email, password: invisible, confirm: invisible });
    expect(zeroWidth.status).toBe(400);
    expect(await zeroWidth.text()).toContain("Password must contain characters other than spaces");
    const padded = `short\u200B\u2060\uFEFFpass\u200D\u200C\u00AD`;
    const shortPadded = await formPost(url(`/admin/setup?token=${token}`), { token, email: ADMIN.email, password: padded, confirm: padded });
    expect(shortPadded.status).toBe(400);
    expect(await shortPadded.text()).toContain("Password must be at least 12 characters");
  });

  let adminCookie = "";

  it("creates exactly one first admin when two setups race, signed in with a secure cookie", async () => {
    const [a, b] = await Promise.all([
      formPost(url(`/admin/setup?token=${token}`), { token, ...ADMIN, confirm: ADMIN.password }),
      formPost(url(`/admin/setup?token=${token}`), { token, ...RIVAL, confirm: RIVAL.password }),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    const winner = a.status === 302 ? a : b;
    expect(winner.headers.get("location")).toBe("/admin/dashboard");
    const session = winner.headers.getSetCookie().find((c) => c.startsWith("__Secure-admin.session_token="));
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(winner.headers.getSetCookie().some((c) => c.startsWith("__Host-admin-toast=") && /; Secure/i.test(c))).toBe(true);
    // The setup browser is a known device of the new admin (its own sign-in allowance, login-throttle.test.ts).
    expect(winner.headers.getSetCookie().some((c) => c.startsWith("__Secure-admin-device=") && /; Path=\/admin;/i.test(c))).toBe(true);
    adminCookie = cookiesFrom(winner);
    // Remember who won, for the checks on the stored rows.
    (globalThis as Record<string, unknown>).setupWinner = a.status === 302 ? ADMIN : RIVAL;

    const dashboard = await get(url("/admin/dashboard"), adminCookie);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Setup complete");
  });

  it("says setup is complete afterwards, and refuses (409) even with the old link", async () => {
    const page = await get(url(`/admin/setup?token=${token}`));
    const html = await page.text();
    expect(html).toContain("Setup is complete");
    expect(html).not.toContain('name="password"');
    const again = await formPost(url(`/admin/setup?token=${token}`), { token, email: "third@example.test", password: "third admin passphrase", confirm: "third admin passphrase" });
    expect(again.status).toBe(409);
  });

  it("signs in with one answer for a wrong email or password, rotates the session, and logs out", async () => {
    const winner = (globalThis as Record<string, unknown>).setupWinner as typeof ADMIN;
    const ip = { "X-Forwarded-For": "203.0.113.10" };
    const wrongPassword = await formPost(url("/admin/login"), { email: winner.email, password: "not the password at all" }, { headers: ip });
    const unknownEmail = await formPost(url("/admin/login"), { email: "nobody@example.test", password: "not the password at all" }, { headers: ip });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const alert = (html: string) => /role="alert"[^>]*>(.*?)<\/div>/s.exec(html)?.[1];
    const wrongAlert = alert(await wrongPassword.text());
    expect(wrongAlert).toContain("Login Failed");
    expect(wrongAlert).toContain("Invalid email or password");
    expect(alert(await unknownEmail.text())).toBe(wrongAlert);

    // Signing in again from a browser that holds a session replaces it: the old cookie is dead.
    const login = await formPost(url("/admin/login"), winner, { cookie: adminCookie, headers: ip });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/admin/dashboard");
    const fresh = cookiesFrom(login);
    expect(fresh).not.toBe(adminCookie);
    expect((await get(url("/admin/dashboard"), adminCookie)).status).toBe(302);
    const dashboard = await get(url("/admin/dashboard"), fresh);
    expect(await dashboard.text()).toContain("Welcome back!");
    // An admin opening the login page goes straight to the dashboard.
    expect((await get(url("/admin/login"), fresh)).headers.get("location")).toBe("/admin/dashboard");

    const logout = await formPost(url("/admin/logout"), {}, { cookie: fresh });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe("/admin/login");
    expect(logout.headers.getSetCookie().some((c) => c.startsWith("__Secure-admin.session_token=") && /Max-Age=0/i.test(c))).toBe(true);
    expect((await get(url("/admin/dashboard"), fresh)).status).toBe(302);
    const loginPage = await get(url("/admin/login"), cookiesFrom(logout));
    const html = await loginPage.text();
    expect(html).toContain("Logged out");
    expect(html).toContain("You have been successfully logged out.");
    adminCookie = await signInHttp(site!.url, winner.email, winner.password);
  });

  it("throttles sign-in: the sixth failed attempt gets 429, even with the right password", async () => {
    const winner = (globalThis as Record<string, unknown>).setupWinner as typeof ADMIN;
    const headers = { "X-Forwarded-For": "198.51.100.7" };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await formPost(url("/admin/login"), { email: winner.email, password: `wrong password ${i}` }, { headers })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const sixth = await formPost(url("/admin/login"), { email: winner.email, password: "wrong password 5" }, { headers });
    expect(sixth.status).toBe(429);
    // 30 s after the fifth failure, less the moment since (the page and Retry-After agree).
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await sixth.text()).toContain(`Too many failed sign-in attempts. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"} and try again.`);
    // A browser that never signed in (no device cookie) is held by the per-account lock too;
    // login-throttle.test.ts shows a known browser getting in.
    const right = await formPost(url("/admin/login"), winner, { headers: { "X-Forwarded-For": "198.51.100.8" } });
    expect(right.status).toBe(429);

    // One address guessing across many accounts is stopped too.
    const spray = { "X-Forwarded-For": "198.51.100.99" };
    for (let i = 0; i < 10; i++) {
      expect((await formPost(url("/admin/login"), { email: `guess${i}@example.test`, password: "password guess 1" }, { headers: spray })).status).toBe(401);
    }
    expect((await formPost(url("/admin/login"), { email: "guess10@example.test", password: "password guess 1" }, { headers: spray })).status).toBe(429);
  });

  it("creates and promotes admins with npm run admin:create through the running server", async () => {
    const created = await runAdminCreate(["--email", "cli-admin@example.test", "--password", "cli admin passphrase"], { DATA_DIR: dataDir });
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout.trim()).toBe("Created admin account cli-admin@example.test.");
    expect(await signInHttp(site!.url, "cli-admin@example.test", "cli admin passphrase")).toContain("session_token");

    const member = await sendControlCommand(dataDir, { command: "admin-create", email: "member@example.test", password: "member passphrase here", admin: false });
    expect(member.ok).toBe(true);
    const denied = await formPost(url("/admin/login"), { email: "member@example.test", password: "member passphrase here" });
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain("You don&#x27;t have admin privileges.");
    expect(denied.headers.getSetCookie().some((c) => c.includes("session_token=") && !/Max-Age=0/i.test(c))).toBe(false);

    const promoted = await runAdminCreate(["--email", "member@example.test"], { DATA_DIR: dataDir });
    expect(promoted.code).toBe(0);
    expect(promoted.stdout.trim()).toBe("Account member@example.test: promoted to admin.");
    expect(await signInHttp(site!.url, "member@example.test", "member passphrase here")).toContain("session_token");

    const bad = await runAdminCreate(["--email", "not-an-email", "--password", "long enough password"], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.trim().split("\n")).toEqual(["Enter a valid email address"]);
    const short = await runAdminCreate(["--email", "x@example.test", "--password", "short"], { DATA_DIR: dataDir });
    expect(short.code).toBe(2);
    expect(short.stderr.trim()).toBe("Password must be at least 12 characters");
    // A password of nothing but white space is refused, for a new account and for an existing one.
    for (const email of ["blank@example.test", "member@example.test"]) {
      const blank = await runAdminCreate(["--email", email, "--password", " \t".repeat(8)], { DATA_DIR: dataDir });
      expect(blank.code).toBe(2);
      expect(blank.stderr.trim()).toBe("Password must contain characters other than spaces");
      const invisible = await runAdminCreate(["--email", email, "--password", "\u200B\u3164".repeat(8)], { DATA_DIR: dataDir });
      expect(invisible.code).toBe(2);
      expect(invisible.stderr.trim()).toBe("Password must contain characters other than spaces");
    }
    expect(await signInHttp(site!.url, "member@example.test", "member passphrase here")).toContain("session_token");
  });

  it("sends the security headers on public and admin responses, redirects and refusals included", async () => {
    const home = await get(url("/"));
    expect(home.status).toBe(200);
    const csp = home.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    for (const directive of ["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "form-action 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toMatch(/frame-src https:\/\/www\.openstreetmap\.org https:\/\/meet\.jit\.si(;|$)/);
    const html = await home.text();
    expect(html).toContain(`nonce="${nonce}"`);
    // A stored public page keeps its render's nonce (decision 0022); the admin gets one per response.
    const login = (await get(url("/admin/login"))).headers.get("content-security-policy")!;
    const loginAgain = (await get(url("/admin/login"))).headers.get("content-security-policy")!;
    expect(/'nonce-([^']+)'/.exec(login)?.[1]).not.toBe(/'nonce-([^']+)'/.exec(loginAgain)?.[1]);

    const responses: Array<[string, Response]> = [
      ["public page", home],
      ["login page", await get(url("/admin/login"))],
      ["dashboard", await get(url("/admin/dashboard"), adminCookie)],
      ["redirect", await get(url("/admin/dashboard"))],
      ["401", await formPost(url("/admin/dashboard/content"), { intent: "save" })],
      ["403", await formPost(url("/admin/dashboard/content"), {}, { cookie: adminCookie, origin: "https://evil.example" })],
      ["405", await get(url("/admin/logout"))],
    ];
    expect(responses.map(([, r]) => r.status)).toEqual([200, 200, 200, 302, 401, 403, 405]);
    for (const [label, response] of responses) {
      expect(response.headers.get("content-security-policy"), label).toMatch(/^default-src 'none'; script-src 'nonce-/);
      expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
      // The admin area gets a browsing context group of its own; public pages do not (decision 0050).
      expect(response.headers.get("cross-origin-opener-policy"), label).toBe(label === "public page" ? null : "same-origin");
      expect(response.headers.get("strict-transport-security"), label).toMatch(/max-age=\d{8}/);
      if (label !== "public page") expect(response.headers.get("cache-control"), label).toBe("no-store");
    }
  });

  it("stored exactly one setup admin and an audit trail; admin:create also works with the server stopped", async () => {
    await site!.stop();
    const winner = (globalThis as Record<string, unknown>).setupWinner as typeof ADMIN;
    const loser = winner === ADMIN ? RIVAL : ADMIN;

    let store = await openDataDir(dataDir);
    try {
      const setupUsers = await store.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [ADMIN.email, RIVAL.email]));
      expect(setupUsers.map((u) => u.email)).toEqual([winner.email]);
      const winnerId = setupUsers[0].id;
      const admins = await store.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
      expect(admins).toHaveLength(3); // the setup winner, cli-admin, and the promoted member
      expect(admins.map((a) => a.userId)).toContain(winnerId);
      expect(loser.email).not.toBe(winner.email);

      const trail = await store.db.select().from(auditLog).where(eq(auditLog.userId, winnerId)).orderBy(auditLog.id);
      expect(trail.map((row) => `${row.action}:${row.entity}`)).toEqual([
        "setup:user",
        "login:session",
        "login:session",
        "logout:session",
        "login:session",
      ]);
      expect(trail.every((row) => row.createdAt instanceof Date)).toBe(true);
      const cli = await store.db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "user"), inArray(auditLog.action, ["create", "update"])))
        .orderBy(auditLog.id);
      expect(cli.map((row) => [row.action, (row.details as { via: string; email: string }).email, (row.details as { via: string }).via])).toEqual([
        ["create", "cli-admin@example.test", "control-socket"],
        ["create", "member@example.test", "control-socket"],
        ["update", "member@example.test", "control-socket"],
      ]);

      // While something holds the database (here: this test), the tool refuses rather than corrupt it.
      const busy = await runAdminCreate(["--email", "offline@example.test", "--password", "offline admin passphrase"], { DATA_DIR: dataDir });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/holds the database .* no control socket/);
    } finally {
      await store.close();
    }

    const offline = await runAdminCreate(["--email", "offline@example.test", "--password", "offline admin passphrase"], { DATA_DIR: dataDir });
    expect(offline).toMatchObject({ code: 0, stderr: "" });
    expect(offline.stdout.trim()).toBe("Created admin account offline@example.test.");
    store = await openDataDir(dataDir);
    try {
      const [row] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, "offline@example.test"));
      const role = await store.db.select().from(userRoles).where(and(eq(userRoles.userId, row.id), eq(userRoles.role, "admin")));
      expect(role).toHaveLength(1);
      const [audit] = await store.db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.entityId, row.id));
      expect(audit.details).toMatchObject({ via: "cli", created: true });
    } finally {
      await store.close();
    }
    site = null;
  });
});
