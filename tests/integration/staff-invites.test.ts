/**
 * Staff invitations (decision 0069): an admin invites by email and role, the invitee gets a
 * single-use link (72 hours, stored hashed), sets a name and password, and signs in with the role.
 * Resend voids the link sent before; revoke voids it; an address with an account is refused.
 */
import { rmSync } from "node:fs";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteStaff, invitationOfToken, acceptInvitation, InvitationInvalid, ACCOUNT_EXISTS } from "../../app/staff/invites.server";
import { inviteIdentifier, LINKS } from "../../app/auth/account-mail.server";
import { hashToken, rekeyLinkToken } from "../../app/auth/link-tokens.server";
import { INVITE_INVALID } from "../../app/auth/account-forms";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import type { Db } from "../../db/client";
import { auditLog, userRoles, users, verifications } from "../../db/schema";
import { sendControlCommand } from "../../server/control";
import { usingPostgres, withTestDatabase } from "../helpers/db";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { cookiesFrom, formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";

const HOUR = 60 * 60 * 1000;

describe(`invitation tokens (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let db: Db;
  withTestDatabase((test) => (db = test.database.db));

  it("stores only the token's hash, and an expired link (after 72 hours) creates nothing", async () => {
    const admin = await createOrPromoteAdmin(db, { email: "boss@example.test", password: "boss passphrase one" }, { via: "test" });
    const now = new Date();
    await inviteStaff(db, { id: admin.userId, email: "boss@example.test", name: "Boss" }, "late@example.test", "editor", now);
    const token = (await rekeyLinkToken(db, inviteIdentifier("late@example.test"), LINKS.invite.ttlMs, now))!;
    const [row] = await db.select().from(verifications).where(eq(verifications.identifier, inviteIdentifier("late@example.test")));
    expect(row.id).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(72 * HOUR);

    expect(await invitationOfToken(db, token, new Date(now.getTime() + 71 * HOUR))).toEqual({ email: "late@example.test", role: "editor" });
    const later = new Date(now.getTime() + 72 * HOUR + 1);
    expect(await invitationOfToken(db, token, later)).toBeNull();
    await expect(acceptInvitation(db, token, { name: "Late", password: "late passphrase one" }, later)).rejects.toBeInstanceOf(InvitationInvalid);
    expect(await db.select().from(users).where(eq(users.email, "late@example.test"))).toEqual([]);

    // Inviting an address that has an account: refused, nothing stored.
    await expect(inviteStaff(db, { id: admin.userId, email: "boss@example.test", name: "Boss" }, "boss@example.test", "editor")).rejects.toThrow(ACCOUNT_EXISTS);
    expect(await db.select().from(verifications).where(eq(verifications.identifier, inviteIdentifier("boss@example.test")))).toEqual([]);
  });
});

describe("invitations over HTTP, with a real SMTP peer", () => {
  const ADMIN = { email: "admin@example.test", password: "admin passphrase one" };
  const EDITOR = { email: "editor@example.test", password: "editor passphrase one" };
  let smtp: SmtpFake;
  let site: SiteServer | null = null;
  let adminCookie = "";
  let editorCookie = "";
  const url = (path: string) => `${site!.url}${path}`;
  const staff = (fields: Record<string, string>, cookie = adminCookie) => formPost(url("/admin/dashboard/staff"), fields, { cookie });
  /**
   * The mails received since `before`, read once a password reset mail asked for now has arrived:
   * account mails run one at a time in their lane, in order, so any mail queued before it is there too.
   */
  const mailsSince = async (before: number) => {
    const asked = await formPost(url("/admin/reset-password"), { intent: "request", email: EDITOR.email });
    expect(asked.status).toBe(200);
    const mails = (await smtp.waitFor(before + 1)).slice(before);
    expect(mails.at(-1)!.rcptTo).toEqual([EDITOR.email]);
    return mails.slice(0, -1);
  };
  const linkIn = (text: string) => {
    const found = /(http:\/\/127\.0\.0\.1:\d+)(\/admin\/invite\?token=([A-Za-z0-9_-]{43}))/.exec(text);
    expect(found, text).not.toBeNull();
    return { path: found![2], token: found![3] };
  };
  const mailTo = async (address: string, before: number) => {
    const mails = (await smtp.waitFor(before + 1)).slice(before);
    const mail = mails.find((m) => m.rcptTo.includes(address));
    expect(mail, `a mail to ${address}`).toBeDefined();
    return mail!;
  };
  const dataDir = tempDir("staff-invites-");
  let firstLink = { path: "", token: "" };
  let secondLink = { path: "", token: "" };

  beforeAll(async () => {
    smtp = await startSmtpFake();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", SMTP_URL: smtp.url, MAIL_FROM: "Firm Website <website@firm.example>" });
    expect((await sendControlCommand(site.dataDir, { command: "admin-create", ...ADMIN })).ok).toBe(true);
    expect((await sendControlCommand(site.dataDir, { command: "admin-create", ...EDITOR, role: "editor" })).ok).toBe(true);
    adminCookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    editorCookie = await signInHttp(site.url, EDITOR.email, EDITOR.password);
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses an editor's invitation (403) and sends nothing", async () => {
    const before = smtp.received.length;
    const refused = await staff({ intent: "invite", email: "sneaky@example.test", role: "admin" }, editorCookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your role (editor) cannot manage staff accounts.");
    expect(await mailsSince(before)).toEqual([]);
  });

  it("mails the invitee a link, and lists the invitation on the Staff tab", async () => {
    const before = smtp.received.length;
    const sent = await staff({ intent: "invite", email: "New.Partner@Example.test", role: "lawyer" });
    expect(sent.status).toBe(200);
    const mail = await mailTo("new.partner@example.test", before);
    expect(mail.header("Subject")).toBe("Your invitation to the website admin");
    expect(mail.text).toContain('with the role "lawyer"');
    expect(mail.text).toContain(ADMIN.email);
    firstLink = linkIn(mail.text);

    const page = await (await get(url("/admin/dashboard/staff"), adminCookie)).text();
    expect(page).toContain("Invitations (1)");
    expect(page).toContain("new.partner@example.test");
    expect(page).toContain("Resend");
  });

  it("refuses to invite an address that already has an account, and one already invited; nothing is sent", async () => {
    const before = smtp.received.length;
    const taken = await staff({ intent: "invite", email: EDITOR.email, role: "admin" });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(ACCOUNT_EXISTS.replaceAll("'", "&#x27;").split(".")[0]);
    const twice = await staff({ intent: "invite", email: "new.partner@example.test", role: "admin" });
    expect(twice.status).toBe(409);
    const bad = await staff({ intent: "invite", email: "not an address", role: "admin" });
    expect(bad.status).toBe(400);
    const badRole = await staff({ intent: "invite", email: "x@example.test", role: "owner" });
    expect(badRole.status).toBe(400);
    expect(await mailsSince(before)).toEqual([]);
  });

  it("Resend mails a new link and voids the old one", async () => {
    const before = smtp.received.length;
    expect((await staff({ intent: "resend-invite", email: "new.partner@example.test" })).status).toBe(200);
    secondLink = linkIn((await mailTo("new.partner@example.test", before)).text);
    expect(secondLink.token).not.toBe(firstLink.token);

    const old = await (await get(url(firstLink.path))).text();
    expect(old).toContain(INVITE_INVALID.split(".")[0]);
    expect(old).not.toContain("Create account");
    const refused = await formPost(url("/admin/invite"), { token: firstLink.token, name: "New Partner", password: "lawyer passphrase one", confirm: "lawyer passphrase one" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This invitation cannot be used");
  });

  it("refuses an altered link; a weak password is refused with its field's message; nothing is created", async () => {
    const altered = `${secondLink.token.slice(0, -1)}${secondLink.token.endsWith("A") ? "B" : "A"}`;
    expect(await (await get(url(`/admin/invite?token=${altered}`))).text()).toContain(INVITE_INVALID.split(".")[0]);
    const forged = await formPost(url("/admin/invite"), { token: altered, name: "X", password: "lawyer passphrase one", confirm: "lawyer passphrase one" });
    expect(forged.status).toBe(400);
    const weak = await formPost(url("/admin/invite"), { token: secondLink.token, name: "New Partner", password: "short", confirm: "short" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Password must be at least 12 characters");
    const staffPage = await (await get(url("/admin/dashboard/staff"), adminCookie)).text();
    expect(staffPage).toContain("Staff (2)");
  });

  it("opening the link shows the form (twice: a GET uses nothing up); accepting creates the account, which signs in with its role", async () => {
    for (let i = 0; i < 2; i++) {
      const page = await get(url(secondLink.path));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Create account");
      expect(html).toContain("new.partner@example.test");
    }
    const accepted = await formPost(url("/admin/invite"), { token: secondLink.token, name: "New Partner", password: "lawyer passphrase one", confirm: "lawyer passphrase one" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin/login");
    const signInPage = await (await get(url("/admin/login"), cookiesFrom(accepted))).text();
    expect(signInPage).toContain("Account created");

    const cookie = await signInHttp(site!.url, "new.partner@example.test", "lawyer passphrase one");
    const account = await (await get(url("/admin/dashboard/account"), cookie)).text();
    expect(account).toContain("new.partner@example.test");
    expect(account).toContain("Your account");

    // Used once.
    const again = await formPost(url("/admin/invite"), { token: secondLink.token, name: "Someone", password: "another passphrase", confirm: "another passphrase" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(INVITE_INVALID.split(".")[0]);
    const page = await (await get(url("/admin/dashboard/staff"), adminCookie)).text();
    expect(page).toContain("Staff (3)");
    expect(page).toContain("Invitations (0)");
  });

  it("Revoke voids the link", async () => {
    const before = smtp.received.length;
    expect((await staff({ intent: "invite", email: "temp@example.test", role: "editor" })).status).toBe(200);
    const link = linkIn((await mailTo("temp@example.test", before)).text);
    expect((await staff({ intent: "revoke-invite", email: "temp@example.test" })).status).toBe(200);
    expect(await (await get(url(link.path))).text()).toContain(INVITE_INVALID.split(".")[0]);
    expect((await formPost(url("/admin/invite"), { token: link.token, name: "Temp", password: "temp passphrase one", confirm: "temp passphrase one" })).status).toBe(400);
    expect((await staff({ intent: "revoke-invite", email: "temp@example.test" })).status).toBe(404);
  });

  it("wrote the audit trail, stored no token in plain, and created exactly the invited account", async () => {
    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const actions = (await store.db.select({ action: auditLog.action, sessionId: auditLog.sessionId }).from(auditLog).where(like(auditLog.action, "invite%"))).map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(["invite", "invite_resend", "invite_accept", "invite_revoke"]));
      const [invite] = await store.db.select().from(auditLog).where(eq(auditLog.action, "invite")).limit(1);
      expect(invite.sessionId).not.toBeNull();
      const rows = JSON.stringify(await store.db.select().from(verifications));
      for (const token of [firstLink.token, secondLink.token]) expect(rows).not.toContain(token);
      const [user] = await store.db.select().from(users).where(eq(users.email, "new.partner@example.test"));
      expect(user.name).toBe("New Partner");
      expect((await store.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role)).toEqual(["lawyer"]);
      expect(await store.db.select().from(users).where(eq(users.email, "temp@example.test"))).toEqual([]);
      expect(await store.db.select().from(users).where(eq(users.email, "sneaky@example.test"))).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
