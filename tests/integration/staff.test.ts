import { rmSync } from "node:fs";
import { END_REASONS } from "../../app/auth/ended-sessions.server";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import type { AdminUser } from "../../app/auth/guard.server";
import { AdminError } from "../../app/changes/errors.server";
import { changeRole, disableUser, DISABLED_SIGN_IN, enableUser, endAllSessions, LAST_ADMIN, listStaff, resetSecondFactor, SELF_DISABLE } from "../../app/staff/staff.server";
import type { Db } from "../../db/client";
import { auditLog, sessions, twoFactors, userRoles, users, verifications } from "../../db/schema";
import { usingPostgres, withTestDatabase } from "../helpers/db";
import { startSite, type SiteServer } from "../helpers/server";
import { formPost, get, openDataDir, signInHttp, preparedDataDir } from "../helpers/admin-http";
import { rejectionOf } from "../helpers/rejection";

const PASSWORD = "staff tab passphrase";

/** The enabled admins as the Staff tab lists them. */
async function adminRoles(db: Db): Promise<string[]> {
  return (await listStaff(db)).filter((member) => member.roles.includes("admin") && !member.disabled).map((member) => member.id);
}

const refusedWith = async (promise: Promise<unknown>, status: number, message: string) => {
  const error = await rejectionOf(promise, AdminError);
  expect(error.status).toBe(status);
  expect(error.message).toBe(message);
};

describe(`staff rules (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let db: Db;
  const make = async (who: string, role: "admin" | "editor" | "lawyer"): Promise<AdminUser> => {
    const result = await createOrPromoteAdmin(db, { email: `${who}@example.test`, password: PASSWORD }, { via: "test", role });
    return { id: result.userId, email: result.email, name: who, roles: [role] };
  };

  withTestDatabase((test) => (db = test.database.db));

  it("the last enabled admin cannot be demoted or disabled: 409, nothing changed", async () => {
    const only = await make("only-admin", "admin");
    const ed = await make("rules-editor", "editor");
    // A change from the command line (no request, so no role of its own) is held to the rule too.
    const cli: AdminUser = { id: ed.id, email: ed.email, name: "cli" };
    await refusedWith(changeRole(db, cli, only.id, "editor"), 409, LAST_ADMIN);
    await refusedWith(disableUser(db, cli, only.id), 409, LAST_ADMIN);
    await refusedWith(changeRole(db, only, only.id, "lawyer"), 409, LAST_ADMIN);
    await refusedWith(disableUser(db, only, only.id), 409, SELF_DISABLE);
    expect(await adminRoles(db)).toEqual([only.id]);
    expect((await db.select().from(users).where(eq(users.id, only.id)))[0].disabledAt).toBeNull();
    // An editor who is made admin lets the first one step down.
    expect(await changeRole(db, only, ed.id, "admin")).toEqual({ roles: ["admin"] });
    expect(await changeRole(db, { ...ed, roles: ["admin"] }, only.id, "lawyer")).toEqual({ roles: ["lawyer"] });
    expect(await adminRoles(db)).toEqual([ed.id]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "role_change"));
    expect(audit.map((a) => [a.userId, a.entityId, (a.details as { to: string[] }).to])).toEqual([
      [only.id, ed.id, ["admin"]],
      [ed.id, only.id, ["lawyer"]],
    ]);
    // Reset for the next test: the two are no admins.
    await db.delete(userRoles).where(inArray(userRoles.userId, [only.id, ed.id]));
  });

  it("two admins demoting each other at the same time leave one admin", async () => {
    const a = await make("race-a", "admin");
    const b = await make("race-b", "admin");
    const outcomes = await Promise.allSettled([changeRole(db, a, b.id, "editor"), changeRole(db, b, a.id, "editor")]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    // The loser is no longer an admin when its turn comes.
    expect((refused.reason as AdminError).status).toBe(403);
    expect(await adminRoles(db)).toHaveLength(1);

    // Without the actor check (the command line), the rule alone still keeps one.
    const cli = (id: string): AdminUser => ({ id, email: id, name: id });
    await changeRole(db, cli(a.id), (await adminRoles(db))[0] === a.id ? b.id : a.id, "admin");
    const both = await Promise.allSettled([changeRole(db, cli(a.id), b.id, "editor"), disableUser(db, cli(b.id), a.id)]);
    expect(both.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(((both.find((o) => o.status === "rejected") as PromiseRejectedResult).reason as AdminError).message).toBe(LAST_ADMIN);
    expect(await adminRoles(db)).toHaveLength(1);
  });

  it("disable ends every session and is listed; enable and end-sessions are audited", async () => {
    const [admin] = await adminRoles(db);
    const actor: AdminUser = { id: admin, email: "admin", name: "admin", roles: ["admin"] };
    const target = await make("listed-lawyer", "lawyer");
    const now = new Date();
    const later = new Date(now.getTime() + 86_400_000);
    await db.insert(sessions).values([
      { id: "s1", token: "t1", userId: target.id, expiresAt: later, updatedAt: new Date(now.getTime() - 60_000) },
      { id: "s2", token: "t2", userId: target.id, expiresAt: later, updatedAt: now },
    ]);
    let row = (await listStaff(db)).find((m) => m.id === target.id)!;
    expect(row).toMatchObject({ email: "listed-lawyer@example.test", roles: ["lawyer"], disabled: false, openSessions: 2, lastSeen: now.toISOString() });

    expect(await disableUser(db, actor, target.id)).toEqual({ endedSessions: 2 });
    row = (await listStaff(db)).find((m) => m.id === target.id)!;
    expect(row).toMatchObject({ disabled: true, openSessions: 0, lastSeen: null });
    await enableUser(db, actor, target.id);
    expect((await listStaff(db)).find((m) => m.id === target.id)!.disabled).toBe(false);
    await db.insert(sessions).values({ id: "s3", token: "t3", userId: target.id, expiresAt: later });
    expect(await endAllSessions(db, actor, target.id)).toEqual({ endedSessions: 1 });
    await refusedWith(endAllSessions(db, actor, "no-such-user"), 404, "This account no longer exists.");

    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, target.id));
    const mine = audit.filter((a) => ["disable", "enable", "end_sessions"].includes(a.action));
    expect(mine.map((a) => [a.action, a.userId, (a.details as { email: string }).email])).toEqual([
      ["disable", admin, "listed-lawyer@example.test"],
      ["enable", admin, "listed-lawyer@example.test"],
      ["end_sessions", admin, "listed-lawyer@example.test"],
    ]);
  });

  it("an admin's reset of someone's second factor removes it with its trusted devices and ends their sessions", async () => {
    const [admin] = await adminRoles(db);
    const actor: AdminUser = { id: admin, email: "admin", name: "admin", roles: ["admin"], sessionId: "admin-session" };
    const target = await make("lost-phone", "lawyer");
    const later = new Date(Date.now() + 86_400_000);
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, target.id));
    await db.insert(twoFactors).values({ id: "tf-lost", secret: "sealed", backupCodes: "[]", userId: target.id, verified: true });
    await db.insert(verifications).values({ id: "trust-lost", identifier: "trust-device-lost", value: target.id, expiresAt: later });
    await db.insert(sessions).values({ id: "s-lost", token: "t-lost", userId: target.id, expiresAt: later });
    expect((await listStaff(db)).find((m) => m.id === target.id)!.secondFactor).toBe(true);

    expect(await resetSecondFactor(db, actor, target.id)).toEqual({ endedSessions: 1 });
    expect((await listStaff(db)).find((m) => m.id === target.id)!.secondFactor).toBe(false);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, target.id))).toEqual([]);
    expect(await db.select().from(verifications).where(eq(verifications.value, target.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, target.id), eq(auditLog.action, "second_factor_reset")));
    expect(entry).toMatchObject({ userId: admin, sessionId: "admin-session" });
  });
});

describe("the Staff tab against a running server", () => {
  let site: SiteServer | null = null;
  let dataDir = "";
  const ids: Record<string, string> = {};
  const email = (who: string) => `staff-${who}@example.test`;
  const cookies: Record<string, string> = {};
  const url = (p: string) => `${site!.url}${p}`;
  const act = (fields: Record<string, string>, cookie = cookies.boss) => formPost(url("/admin/dashboard/staff"), fields, { cookie });

  beforeAll(async () => {
    dataDir = await preparedDataDir("staff-", async (db) => {
      for (const [who, role] of [
        ["boss", "admin"],
        ["ed", "editor"],
      ] as const) {
        ids[who] = (await createOrPromoteAdmin(db, { email: email(who), password: PASSWORD, name: who === "boss" ? "Boss Person" : "Ed Itor" }, { via: "test", role })).userId;
      }
    });
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    cookies.boss = await signInHttp(site.url, email("boss"), PASSWORD);
    cookies.ed = await signInHttp(site.url, email("ed"), PASSWORD);
  });
  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists every account for an admin; an editor sees neither the tab link nor the page", async () => {
    const page = await get(url("/admin/dashboard/staff"), cookies.boss);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Boss Person", email("boss"), "Ed Itor", email("ed"), "Enabled", "End all sessions"]) expect(html).toContain(text);
    expect(await (await get(url("/admin/dashboard"), cookies.boss)).text()).toContain('href="/admin/dashboard/staff"');
    expect(await (await get(url("/admin/dashboard"), cookies.ed)).text()).not.toContain('href="/admin/dashboard/staff"');
    const refused = await get(url("/admin/dashboard/staff"), cookies.ed);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("cannot manage staff accounts");
  });

  it("changes a role; the last admin cannot demote or disable itself (409, nothing changed)", async () => {
    const changed = await act({ intent: "change-role", userId: ids.ed, role: "lawyer", confirm: email("ed") });
    expect(changed.status).toBe(200);
    expect(await (await get(url("/admin/dashboard/staff"), cookies.boss)).text()).toMatch(/<option value="lawyer" selected="">lawyer<\/option>/);
    const bad = await act({ intent: "change-role", userId: ids.ed, role: "owner", confirm: email("ed") });
    expect(bad.status).toBe(400);

    const demote = await act({ intent: "change-role", userId: ids.boss, role: "editor", confirm: email("boss") });
    expect(demote.status).toBe(409);
    expect(await demote.text()).toContain(LAST_ADMIN);
    const disable = await act({ intent: "disable", userId: ids.boss, confirm: email("boss") });
    expect(disable.status).toBe(409);
    expect(await disable.text()).toContain(SELF_DISABLE);
    // Still an admin: the tab opens.
    expect((await get(url("/admin/dashboard/staff"), cookies.boss)).status).toBe(200);
  });

  it("disabling ends the account's sessions at once and refuses its sign-in; enabling lets it back in", async () => {
    expect((await get(url("/admin/dashboard"), cookies.ed)).status).toBe(200);
    const disabled = await act({ intent: "disable", userId: ids.ed, confirm: email("ed") });
    expect(disabled.status).toBe(200);
    // The old cookie: the login page for a page, 401 for an action; both say why.
    const page = await get(url("/admin/dashboard"), cookies.ed);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?ended=disabled");
    expect((await (await get(url("/admin/login?ended=disabled"))).text()).replaceAll("&#x27;", "'")).toContain(END_REASONS.disabled);
    const action = await formPost(url("/admin/dashboard/team"), { intent: "add" }, { cookie: cookies.ed });
    expect(action.status).toBe(401);
    expect(await action.text()).toBe(END_REASONS.disabled);
    // A made-up reason shows nothing.
    expect(await (await get(url("/admin/login?ended=hacked"))).text()).not.toContain("You were signed out");
    const signIn = await formPost(url("/admin/login"), { email: email("ed"), password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect(await signIn.text()).toContain(DISABLED_SIGN_IN);
    expect(signIn.headers.getSetCookie().some((c) => c.includes("session_token=") && !/max-age=0/i.test(c))).toBe(false);
    expect(await (await get(url("/admin/dashboard/staff"), cookies.boss)).text()).toContain("Disabled");

    expect((await act({ intent: "enable", userId: ids.ed, confirm: email("ed") })).status).toBe(200);
    cookies.ed = await signInHttp(site!.url, email("ed"), PASSWORD);
    expect((await get(url("/admin/dashboard"), cookies.ed)).status).toBe(200);
  });

  it("ends all sessions of an account: its cookie is refused, it may sign in again", async () => {
    const ended = await act({ intent: "end-sessions", userId: ids.ed });
    expect(ended.status).toBe(200);
    expect((await get(url("/admin/dashboard"), cookies.ed)).status).toBe(302);
    cookies.ed = await signInHttp(site!.url, email("ed"), PASSWORD);
  });

  it("records who did what to whom", async () => {
    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const rows = await store.db.select().from(auditLog).where(inArray(auditLog.action, ["role_change", "disable", "enable", "end_sessions"]));
      expect(rows.map((r) => [r.action, r.userId, r.entityId])).toEqual([
        ["role_change", ids.boss, ids.ed],
        ["disable", ids.boss, ids.ed],
        ["enable", ids.boss, ids.ed],
        ["end_sessions", ids.boss, ids.ed],
      ]);
      const [boss] = await store.db.select().from(userRoles).where(eq(userRoles.userId, ids.boss));
      expect(boss.role).toBe("admin");
    } finally {
      await store.close();
    }
  });
});
