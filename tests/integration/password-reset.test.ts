/**
 * Passwords and email by mail (decision 0069): reset by a single-use link (1 hour, hashed), the
 * same answer for every address, limited per address and per client; change one's own password
 * (the current one needed, other sessions end, this one stays); change one's own email (only once
 * the link mailed to the new address is confirmed, and the old address is told).
 */
import { rmSync } from "node:fs";
import { COMMON_PASSWORD } from "../../app/auth/password-policy.server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_INVALID, RESET_LIMITED, RESET_REQUESTED, EMAIL_LINK_INVALID } from "../../app/auth/account-forms";
import { RESET, resetPassword } from "../../app/auth/password-reset.server";
import { LINKS } from "../../app/auth/account-mail.server";
import { issueLinkToken } from "../../app/auth/link-tokens.server";
import { EMAIL_TAKEN, WRONG_PASSWORD } from "../../app/auth/own-account.server";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import type { Db } from "../../db/client";
import { accounts, auditLog } from "../../db/schema";
import { sendControlCommand } from "../../server/control";
import { usingPostgres, withTestDatabase } from "../helpers/db";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { cookiesFrom, formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";

describe(`reset tokens (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let db: Db;
  withTestDatabase((test) => (db = test.database.db));

  it("a reset link older than an hour changes nothing", async () => {
    const user = await createOrPromoteAdmin(db, { email: "old@example.test", password: "old passphrase one" }, { via: "test" });
    const now = new Date();
    const token = await issueLinkToken(db, LINKS.reset.kind, user.userId, LINKS.reset.ttlMs, now);
    const [before] = await db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, user.userId));
    expect(await resetPassword(db, token, "new passphrase one", { ip: "test" }, new Date(now.getTime() + 60 * 60 * 1000 + 1))).toBeNull();
    const [after] = await db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, user.userId));
    expect(after.password).toBe(before.password);
  });
});

describe("password reset and own account over HTTP, with a real SMTP peer", () => {
  const ADMIN = { email: "admin@example.test", password: "admin passphrase one" };
  const KEEPER = { email: "keeper@example.test", password: "keeper passphrase one" };
  const MOVER = { email: "mover@example.test", password: "mover passphrase one" };
  const GONE = { email: "gone@example.test", password: "gone passphrase one" };
  const dataDir = tempDir("password-reset-");
  let smtp: SmtpFake;
  let site: SiteServer | null = null;
  let adminCookie = "";
  let ipCounter = 10;
  const url = (path: string) => `${site!.url}${path}`;
  /** A client address of its own per call, so the per-client limit is met only where a test wants it. */
  const freshIp = () => ({ "X-Forwarded-For": `198.51.100.${ipCounter++}` });
  const askReset = (email: string, headers: Record<string, string> = freshIp()) => formPost(url("/admin/reset-password"), { intent: "request", email }, { headers });
  const settle = () => new Promise((r) => setTimeout(r, 2_000));
  const mailTo = async (address: string, before: number) => {
    const mails = (await smtp.waitFor(before + 1)).slice(before);
    const mail = mails.find((m) => m.rcptTo.includes(address));
    expect(mail, `a mail to ${address}`).toBeDefined();
    return mail!;
  };
  const signedIn = async (cookie: string) => (await get(url("/admin/dashboard/account"), cookie)).status === 200;
  /** The same page but for each render's CSP nonce. */
  const normalise = (html: string) => html.replaceAll(/nonce="([^"]+)"/g, 'nonce="N"').replaceAll(/"nonce\\?",\\?"[^"\\]+\\?"/g, "NONCE");
  const account = (fields: Record<string, string>, cookie: string) => formPost(url("/admin/dashboard/account"), fields, { cookie });

  beforeAll(async () => {
    smtp = await startSmtpFake();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", SMTP_URL: smtp.url, MAIL_FROM: "Firm Website <website@firm.example>" });
    for (const who of [ADMIN, KEEPER, MOVER, GONE]) {
      expect((await sendControlCommand(site.dataDir, { command: "admin-create", ...who, role: who === ADMIN ? "admin" : "editor" })).ok).toBe(true);
    }
    adminCookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the sign-in page links to the reset page", async () => {
    const page = await (await get(url("/admin/login"))).text();
    expect(page).toContain('href="/admin/reset-password"');
    expect(page).toContain("Forgot your password?");
  });

  it("answers identically for an account and an unknown address, and mails only the account", async () => {
    const before = smtp.received.length;
    const known = await askReset(KEEPER.email);
    const unknown = await askReset("nobody@example.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [knownHtml, unknownHtml] = [await known.text(), await unknown.text()];
    expect(knownHtml).toContain(RESET_REQUESTED);
    expect(normalise(knownHtml)).toBe(normalise(unknownHtml));

    const mail = await mailTo(KEEPER.email, before);
    expect(mail.header("Subject")).toBe("Reset your admin password");
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/admin\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    await settle();
    expect(smtp.received.length).toBe(before + 1);
  });

  it("a disabled account gets the same answer and no mail", async () => {
    const staffPage = await (await get(url("/admin/dashboard/staff"), adminCookie)).text();
    const row = staffPage.slice(staffPage.indexOf(GONE.email));
    const userId = /name="userId" value="([^"]+)"/.exec(row)![1];
    const noticed = smtp.received.length;
    expect((await formPost(url("/admin/dashboard/staff"), { intent: "disable", userId, confirm: GONE.email }, { cookie: adminCookie })).status).toBe(200);
    // The person is told they were disabled (decision 0090); after that, nothing more reaches them.
    expect((await mailTo(GONE.email, noticed)).header("Subject")).toBe("Your admin account was disabled");
    const before = smtp.received.length;
    const answer = await askReset(GONE.email);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(RESET_REQUESTED);
    await settle();
    expect(smtp.received.length).toBe(before);
  });

  it("the link sets a new password once, ends every session of the account, and a second use is refused", async () => {
    const sessionA = await signInHttp(site!.url, KEEPER.email, KEEPER.password);
    const sessionB = await signInHttp(site!.url, KEEPER.email, KEEPER.password);
    const before = smtp.received.length;
    await askReset(KEEPER.email);
    const mail = await mailTo(KEEPER.email, before);
    const token = /\/admin\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];

    // Opening it (twice) shows the form and changes nothing.
    for (let i = 0; i < 2; i++) expect(await (await get(url(`/admin/reset-password?token=${token}`))).text()).toContain("Set new password");
    expect(await signedIn(sessionA)).toBe(true);
    const mismatch = await formPost(url("/admin/reset-password"), { intent: "reset", token, password: "keeper passphrase two", confirm: "something else" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The passwords do not match");
    // A password on the common list (or a listed word with digits and symbols) is refused, nothing used up.
    const common = await formPost(url("/admin/reset-password"), { intent: "reset", token, password: "Qwertyuiop2026!", confirm: "Qwertyuiop2026!" });
    expect(common.status).toBe(400);
    expect((await common.text()).replaceAll("&#x27;", "'")).toContain(COMMON_PASSWORD);

    const reset = await formPost(url("/admin/reset-password"), { intent: "reset", token, password: "keeper passphrase two", confirm: "keeper passphrase two" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/admin/login");
    expect(await (await get(url("/admin/login"), cookiesFrom(reset))).text()).toContain("Password changed");
    expect(await signedIn(sessionA)).toBe(false);
    expect(await signedIn(sessionB)).toBe(false);
    expect((await formPost(url("/admin/login"), KEEPER)).status).not.toBe(302);
    KEEPER.password = "keeper passphrase two";
    expect(await signedIn(await signInHttp(site!.url, KEEPER.email, KEEPER.password))).toBe(true);

    const again = await formPost(url("/admin/reset-password"), { intent: "reset", token, password: "keeper passphrase three", confirm: "keeper passphrase three" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(RESET_INVALID.split(".")[0]);
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await (await get(url(`/admin/reset-password?token=${altered}`))).text()).toContain(RESET_INVALID.split(".")[0]);
  });

  it(`limits requests: ${RESET.PER_ADDRESS} per address and ${RESET.PER_CLIENT} per client an hour, with a clear message`, async () => {
    for (let i = 0; i < RESET.PER_ADDRESS; i++) expect((await askReset("limited@example.test")).status).toBe(200);
    const overAddress = await askReset("limited@example.test");
    expect(overAddress.status).toBe(429);
    expect(await overAddress.text()).toContain(RESET_LIMITED);

    const oneClient = { "X-Forwarded-For": "203.0.113.77" };
    for (let i = 0; i < RESET.PER_CLIENT; i++) expect((await askReset(`client${i}@example.test`, oneClient)).status).toBe(200);
    const overClient = await askReset("fresh@example.test", oneClient);
    expect(overClient.status).toBe(429);
    expect(overClient.headers.get("retry-after")).toBe("3600");
    expect(await overClient.text()).toContain(RESET_LIMITED);
  });

  it("changing one's password needs the current one, ends the other sessions and keeps this one", async () => {
    const here = await signInHttp(site!.url, KEEPER.email, KEEPER.password);
    const elsewhere = await signInHttp(site!.url, KEEPER.email, KEEPER.password);
    const tooCommon = await account({ intent: "change-password", currentPassword: KEEPER.password, newPassword: "Password123456", confirm: "Password123456" }, here);
    expect(tooCommon.status).toBe(400);
    expect(await tooCommon.text()).toContain(COMMON_PASSWORD);
    const wrong = await account({ intent: "change-password", currentPassword: "not my password", newPassword: "keeper passphrase four", confirm: "keeper passphrase four" }, here);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(WRONG_PASSWORD);
    expect(await signedIn(elsewhere)).toBe(true);

    const changed = await account({ intent: "change-password", currentPassword: KEEPER.password, newPassword: "keeper passphrase four", confirm: "keeper passphrase four" }, here);
    expect(changed.status).toBe(200);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    KEEPER.password = "keeper passphrase four";
    expect(await signedIn(await signInHttp(site!.url, KEEPER.email, KEEPER.password))).toBe(true);
  });

  it("changes one's email only once the link mailed to the new address is confirmed, and tells the old address", async () => {
    const cookie = await signInHttp(site!.url, MOVER.email, MOVER.password);
    const taken = await account({ intent: "change-email", newEmail: KEEPER.email, currentPassword: MOVER.password }, cookie);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(EMAIL_TAKEN);

    const before = smtp.received.length;
    const asked = await account({ intent: "change-email", newEmail: "Moved@Example.test", currentPassword: MOVER.password }, cookie);
    expect(asked.status).toBe(200);
    const mail = await mailTo("moved@example.test", before);
    expect(mail.header("Subject")).toBe("Confirm your new admin email address");
    const token = /\/admin\/confirm-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];

    // Not changed yet: the old address still signs in; opening the link only shows a button.
    await signInHttp(site!.url, MOVER.email, MOVER.password);
    const page = await (await get(url(`/admin/confirm-email?token=${token}`))).text();
    expect(page).toContain("Confirm new email address");
    await signInHttp(site!.url, MOVER.email, MOVER.password);

    const sent = smtp.received.length;
    const confirmed = await formPost(url("/admin/confirm-email"), { token });
    expect(confirmed.status).toBe(302);
    expect(await signedIn(await signInHttp(site!.url, "moved@example.test", MOVER.password))).toBe(true);
    expect((await formPost(url("/admin/login"), MOVER)).status).not.toBe(302);
    const notice = await mailTo(MOVER.email, sent);
    expect(notice.header("Subject")).toBe("Your admin email address was changed");
    expect(notice.text).toContain("moved@example.test");

    const again = await formPost(url("/admin/confirm-email"), { token });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(EMAIL_LINK_INVALID.split(".")[0]);
  });

  it("audit-logged each step", async () => {
    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const actions = (await store.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(["password_reset", "password_change", "email_change_request", "email_change"]));
      const [change] = await store.db.select().from(auditLog).where(eq(auditLog.action, "password_change"));
      expect(change.sessionId).not.toBeNull();
    } finally {
      await store.close();
    }
  });
});
