/**
 * The second factor (decision 0068) against a real server with ADMIN_SECOND_FACTOR=required, the
 * product's default: an admin without one is kept on the account page; setting one up (QR key,
 * a code from an app, ten recovery codes kept hashed); the sign-in's second step with a code, a
 * recovery code (once), "trust this device", wrong codes throttled; and one's own sessions. Lawyers
 * and intake, who see client records, need one as admins do (decision 0090).
 */
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { SECOND_STEP_TEXT } from "../../app/auth/second-step.server";
import { SECOND_FACTOR_OPTIONAL_WARNING, SET_UP_SECOND_FACTOR } from "../../app/auth/second-factor-policy.server";
import { SECOND_FACTOR_TEXT } from "../../app/auth/second-factor.server";
import { auditLog, twoFactors, users } from "../../db/schema";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { cookiesFrom, formPost, get, openDataDir } from "../helpers/admin-http";
import { textOf } from "../helpers/html-text";
import { totp } from "../helpers/totp";

const ADMIN = { email: "partner@example.test", password: "partner passphrase one" };
const EDITOR = { email: "manager@example.test", password: "manager passphrase one" };
// Roles that see client records need a second factor whatever the Staff policy says (decision 0090).
const CLIENT_STAFF = {
  lawyer: { email: "counsel@example.test", password: "counsel passphrase one" },
  intake: { email: "frontdesk@example.test", password: "front desk passphrase one" },
};
const ACCOUNT = "/admin/dashboard/account";

const sessionOnly = (cookie: string) =>
  cookie
    .split("; ")
    .filter((c) => c.includes("session_token"))
    .join("; ");

describe("second factor, required for admins", () => {
  const dataDir = tempDir();
  let site: SiteServer | null = null;
  let adminCookie = "";
  let key = "";
  let recoveryCodes: string[] = [];

  const page = async (path: string, cookie: string) => {
    const response = await get(site!.url + path, cookie);
    return { status: response.status, location: response.headers.get("location"), html: response.status === 200 ? await response.text() : "" };
  };
  const account = (fields: Record<string, string>, cookie = adminCookie) => formPost(site!.url + ACCOUNT, fields, { cookie });

  /** The password step; returns the response and the cookies it set. */
  const passwordStep = async (who: { email: string; password: string }, cookie = "") => {
    const response = await formPost(`${site!.url}/admin/login`, who, { cookie });
    return { response, cookie: cookiesFrom(response, cookie) };
  };

  beforeAll(async () => {
    const store = await openDataDir(dataDir);
    await createOrPromoteAdmin(store.db, ADMIN, { via: "test" });
    await createOrPromoteAdmin(store.db, EDITOR, { via: "test", role: "editor" });
    for (const role of ["lawyer", "intake"] as const) await createOrPromoteAdmin(store.db, CLIENT_STAFF[role], { via: "test", role });
    await store.close();
    site = await startSite({ DATA_DIR: dataDir, ADMIN_SECOND_FACTOR: "required" });
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends an admin without a second factor to set one up, and opens nothing else until then", async () => {
    const { response, cookie } = await passwordStep(ADMIN);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ACCOUNT);
    adminCookie = sessionOnly(cookie);

    for (const path of ["/admin/dashboard", "/admin/dashboard/content", "/admin/dashboard/staff"]) {
      const answer = await page(path, adminCookie);
      expect(answer.status, path).toBe(302);
      expect(answer.location, path).toBe(ACCOUNT);
    }
    const accountPage = await page(ACCOUNT, adminCookie);
    expect(accountPage.status).toBe(200);
    expect(textOf(accountPage.html)).toContain("Your role needs a second factor");
    // No tab but the account page is offered.
    expect(accountPage.html).not.toContain('href="/admin/dashboard/content"');

    // Another tab's action (as the page's script sends it) is refused with the sentence, whatever the role allows.
    const refused = await formPost(`${site!.url}/admin/dashboard/staff.data`, { intent: "end-sessions", userId: "x" }, { cookie: adminCookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(SET_UP_SECOND_FACTOR);

    // An editor is not required to have one (the Staff policy is off): straight to the dashboard.
    const editor = await passwordStep(EDITOR);
    expect(editor.response.headers.get("location")).toBe("/admin/dashboard");
  });

  it("requires one of every role that sees client records (lawyer, intake) with the Staff policy off, and warns of no opt-out here", async () => {
    for (const role of ["lawyer", "intake"] as const) {
      const { response, cookie } = await passwordStep(CLIENT_STAFF[role]);
      expect(response.headers.get("location"), role).toBe(ACCOUNT);
      const answer = await page("/admin/dashboard/inbox", sessionOnly(cookie));
      expect(answer.status, role).toBe(302);
      expect(answer.location, role).toBe(ACCOUNT);
      const data = await get(`${site!.url}/admin/dashboard/inbox/export/submissions`, sessionOnly(cookie));
      expect(data.status, role).toBe(403);
    }
    // ADMIN_SECOND_FACTOR=required: the start prints no warning about it.
    expect(site!.output()).not.toContain(SECOND_FACTOR_OPTIONAL_WARNING);
  });

  it("turns the second factor on only after a code from the app proves the key, and shows ten recovery codes once", async () => {
    const wrongPassword = await account({ intent: "second-factor-start", password: "not my password at all" });
    expect(wrongPassword.status).toBe(400);
    expect(textOf(await wrongPassword.text())).toContain(SECOND_FACTOR_TEXT.wrongPassword);

    const started = await account({ intent: "second-factor-start", password: ADMIN.password });
    expect(started.status).toBe(200);
    const startedHtml = await started.text();
    expect(startedHtml).toMatch(/<svg[^>]*viewBox/);
    key = /<code dir="ltr"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(startedHtml)?.[1] ?? "";
    expect(key.replace(/ /g, "")).toMatch(/^[A-Z2-7]{32,}$/);

    // A wrong code leaves it off.
    const wrong = await account({ intent: "second-factor-confirm", code: totp(key, Date.now(), 10) });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain(SECOND_FACTOR_TEXT.wrongCode);
    expect((await page("/admin/dashboard/content", adminCookie)).location).toBe(ACCOUNT);

    const confirmed = await account({ intent: "second-factor-confirm", code: totp(key) });
    expect(confirmed.status).toBe(200);
    const html = await confirmed.text();
    recoveryCodes = [...(/<ol[^>]*aria-label="Recovery codes"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "").matchAll(/<li[^>]*>([^<]+)<\/li>/g)].map((m) => m[1]);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The same session goes on, now with every tab open.
    expect((await page("/admin/dashboard/content", adminCookie)).status).toBe(200);
    // Codes are stored only as keyed hashes; the secret only encrypted.
    const store = site!;
    await store.stop();
    const db = await openDataDir(dataDir);
    const [row] = await db.db.select().from(twoFactors);
    const [user] = await db.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.email, ADMIN.email));
    const actions = (await db.db.select({ action: auditLog.action, sessionId: auditLog.sessionId }).from(auditLog)).map((a) => a.action);
    await db.close();
    site = await startSite({ DATA_DIR: dataDir, ADMIN_SECOND_FACTOR: "required" });
    expect(user.on).toBe(true);
    expect(row.verified).toBe(true);
    for (const code of recoveryCodes) expect(row.backupCodes).not.toContain(code);
    expect(JSON.parse(row.backupCodes)).toHaveLength(10);
    expect(row.secret).not.toContain(key.replace(/ /g, ""));
    expect(actions).toEqual(expect.arrayContaining(["second_factor_start", "second_factor_on"]));
    // The role needs it, so it cannot be turned off (only replaced).
    const off = await account({ intent: "second-factor-off", password: ADMIN.password });
    expect(off.status).toBe(409);
    expect(textOf(await off.text())).toContain(SECOND_FACTOR_TEXT.required);
  });

  it("asks for a code after the password; a wrong one is refused, the right one signs in", async () => {
    const { response, cookie } = await passwordStep(ADMIN);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/login/verify");
    // No session yet: only the challenge.
    expect(sessionOnly(cookie)).toBe("");
    expect((await page("/admin/login/verify", cookie)).status).toBe(200);

    const wrong = await formPost(`${site!.url}/admin/login/verify`, { method: "totp", code: totp(key, Date.now(), 10) }, { cookie });
    expect(wrong.status).toBe(401);
    expect(textOf(await wrong.text())).toContain(SECOND_STEP_TEXT.wrongCode);
    const malformed = await formPost(`${site!.url}/admin/login/verify`, { method: "totp", code: "12ab" }, { cookie });
    expect(malformed.status).toBe(400);
    expect(textOf(await malformed.text())).toContain(SECOND_STEP_TEXT.enterTotp);

    const code = totp(key);
    const right = await formPost(`${site!.url}/admin/login/verify`, { method: "totp", code }, { cookie });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin/dashboard");
    const session = sessionOnly(cookiesFrom(right, cookie));
    expect(session).not.toBe("");
    expect((await page("/admin/dashboard/content", session)).status).toBe(200);
    // A code works once, even within the 90 seconds the app's codes are accepted.
    const again = await passwordStep(ADMIN);
    const replay = await formPost(`${site!.url}/admin/login/verify`, { method: "totp", code }, { cookie: again.cookie });
    expect(replay.status).toBe(401);
    expect(textOf(await replay.text())).toContain(SECOND_STEP_TEXT.codeUsed);
    // The verify page without a challenge sends back to the password.
    expect((await page("/admin/login/verify", "")).location).toBe("/admin/login");
  });

  it("lets a recovery code in once", async () => {
    const first = await passwordStep(ADMIN);
    const used = await formPost(`${site!.url}/admin/login/verify`, { method: "recovery", code: ` ${recoveryCodes[0]} ` }, { cookie: first.cookie });
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe("/admin/dashboard");

    const second = await passwordStep(ADMIN);
    const again = await formPost(`${site!.url}/admin/login/verify`, { method: "recovery", code: recoveryCodes[0] }, { cookie: second.cookie });
    expect(again.status).toBe(401);
    expect(textOf(await again.text())).toContain(SECOND_STEP_TEXT.wrongRecoveryCode);
    const other = await formPost(`${site!.url}/admin/login/verify`, { method: "recovery", code: recoveryCodes[1] }, { cookie: second.cookie });
    expect(other.status).toBe(302);
  });

  it("skips the code for 30 days on a device the person trusts, and only there", async () => {
    const first = await passwordStep(ADMIN);
    // The next step's code (accepted now, and still after the step turns); the current one is used.
    const trusted = await formPost(`${site!.url}/admin/login/verify`, { method: "totp", code: totp(key, Date.now(), 1), trustDevice: "on" }, { cookie: first.cookie });
    expect(trusted.status).toBe(302);
    const trustCookie = trusted.headers.getSetCookie().find((c) => c.includes("trust_device"));
    expect(trustCookie).toMatch(/Max-Age=2592000/i);
    expect(trustCookie).toMatch(/HttpOnly/i);
    const jar = cookiesFrom(trusted, first.cookie);
    const trust = jar.split("; ").filter((c) => c.includes("trust_device")).join("; ");

    const again = await passwordStep(ADMIN, trust);
    expect(again.response.headers.get("location")).toBe("/admin/dashboard");
    const elsewhere = await passwordStep(ADMIN);
    expect(elsewhere.response.headers.get("location")).toBe("/admin/login/verify");
  });

  it("counts wrong codes like wrong passwords: the sixth in a row waits", async () => {
    const { cookie } = await passwordStep(ADMIN);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await formPost(`${site!.url}/admin/login/verify`, { method: "totp", code: totp(key, Date.now(), 20 + attempt) }, { cookie });
      expect(wrong.status, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await formPost(`${site!.url}/admin/login/verify`, { method: "totp", code: totp(key) }, { cookie });
    expect(sixth.status).toBe(429);
    expect(textOf(await sixth.text())).toContain("Too many failed sign-in attempts");
  });

  it("lists one's own sessions and ends one, or all but this one", async () => {
    // An editor (no second factor) signs in from a laptop and a phone.
    const trust = sessionOnly((await passwordStep(EDITOR)).cookie);
    const phone = await formPost(`${site!.url}/admin/login`, EDITOR, { headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1" } });
    const phoneCookie = sessionOnly(cookiesFrom(phone));
    const listed = await page(ACCOUNT, trust);
    const text = textOf(listed.html);
    // The first test's sign-in, this one and the phone.
    expect(text).toContain("Where you are signed in (3)");
    expect(text).toContain("Mobile Safari 17 on iOS 17.0 (phone)");
    expect(text).toContain("This device");

    // Only the other sessions have an End button (newest first); an unknown id reads as ended.
    const phoneSession = /name="sessionId" value="([^"]+)"/.exec(listed.html)?.[1];
    expect(phoneSession).toBeTruthy();
    const unknown = await formPost(site!.url + ACCOUNT, { intent: "session-end", sessionId: "not-a-session" }, { cookie: trust });
    expect(unknown.status).toBe(404);
    const ended = await formPost(site!.url + ACCOUNT, { intent: "session-end", sessionId: phoneSession! }, { cookie: trust });
    expect(ended.status).toBe(200);
    // The phone is told why at its next page.
    expect((await page(ACCOUNT, phoneCookie)).location).toBe("/admin/login?ended=ended");
    expect((await page(ACCOUNT, trust)).status).toBe(200);

    const third = sessionOnly((await passwordStep(EDITOR)).cookie);
    const others = await formPost(site!.url + ACCOUNT, { intent: "sessions-end-others" }, { cookie: trust });
    expect(others.status).toBe(200);
    expect((await page(ACCOUNT, third)).location).toBe("/admin/login?ended=ended");
    expect((await page(ACCOUNT, trust)).status).toBe(200);
  });

  it("requires a second factor of every role once the Staff policy says so", async () => {
    const policy = await formPost(`${site!.url}/admin/dashboard/staff`, { intent: "set-policy", signOffRequired: "true", secondFactorForAll: "true" }, { cookie: adminCookie });
    expect(policy.status).toBe(200);
    const editor = await passwordStep(EDITOR);
    expect(editor.response.headers.get("location")).toBe(ACCOUNT);
    const editorCookie = sessionOnly(editor.cookie);
    expect((await page("/admin/dashboard/content", editorCookie)).location).toBe(ACCOUNT);
    // Turned off again: the editor's next page is open.
    await formPost(`${site!.url}/admin/dashboard/staff`, { intent: "set-policy", signOffRequired: "true", secondFactorForAll: "false" }, { cookie: adminCookie });
    expect((await page("/admin/dashboard/content", editorCookie)).status).toBe(200);
  });
});
