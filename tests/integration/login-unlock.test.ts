/**
 * The unlock link by mail (decision 0055): a browser that never signed in to an account, locked
 * out by someone else's failed guesses, asks for a link; the account's address receives one (at
 * most one per 15 minutes), opening it shows a button, and the button makes that browser a known
 * device so it signs in at once. The token is stored hashed, works once and for an hour.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeUnlockToken, issueUnlockToken, takeUnlockMailTurn, unlockTokenValid, UNLOCK } from "../../app/auth/unlock.server";
import { UNLOCK_INVALID, UNLOCK_REQUESTED } from "../../app/auth/forms";
import { THROTTLE } from "../../app/auth/login-throttle.server";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";
import { sendControlCommand } from "../../server/control";
import { usingPostgres, withTestDatabase } from "../helpers/db";
import { startSite, type SiteServer } from "../helpers/server";
import { cookiesFrom, formPost, get } from "../helpers/admin-http";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";

const MINUTE = 60 * 1000;

describe(`unlock tokens and the mail allowance (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let db: Db;
  withTestDatabase((test) => (db = test.database.db));

  it("stores only the token's SHA-256, and a token unlocks once, within the hour", async () => {
    const now = new Date();
    const token = await issueUnlockToken(db, "Partner@Example.test", now);
    const rows = await db.select().from(verifications);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].value).toBe("partner@example.test");

    // Looking does not use it up; an hour later it is void; used, it is gone.
    expect(await unlockTokenValid(db, token, now)).toBe(true);
    expect(await unlockTokenValid(db, token, now)).toBe(true);
    expect(await consumeUnlockToken(db, token, new Date(now.getTime() + UNLOCK.TOKEN_TTL_MS + 1))).toBeNull();
    expect(await consumeUnlockToken(db, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, now)).toBeNull();
    const [first, second] = await Promise.all([consumeUnlockToken(db, token, now), consumeUnlockToken(db, token, now)]);
    expect([first, second].filter(Boolean)).toEqual(["partner@example.test"]);
    expect(await unlockTokenValid(db, token, now)).toBe(false);
  });

  it("gives an account one mail per 15 minutes", async () => {
    const now = new Date(Date.UTC(2026, 5, 1, 12));
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(await takeUnlockMailTurn(db, "turns@example.test", now)).toBe(true);
    expect(await takeUnlockMailTurn(db, "TURNS@example.test", at(MINUTE))).toBe(false);
    expect(await takeUnlockMailTurn(db, "turns@example.test", at(14 * MINUTE))).toBe(false);
    expect(await takeUnlockMailTurn(db, "other@example.test", at(14 * MINUTE))).toBe(true);
    expect(await takeUnlockMailTurn(db, "turns@example.test", at(UNLOCK.MAIL_EVERY_MS))).toBe(true);
  });
});

describe("the unlock link, over HTTP with a real SMTP peer", () => {
  const SITE_URL = "https://admin.example.test";
  const ADMIN = { email: "partner@example.test", password: "partner passphrase one" };
  const ATTACKER = "203.0.113.66";
  const NEW_PLACE = "198.51.100.23";
  let smtp: SmtpFake;
  let site: SiteServer | null = null;
  const url = (path: string) => `${site!.url}${path}`;
  const from = (address: string) => ({ "X-Forwarded-For": address });
  const login = (fields: Record<string, string>, address: string, cookie?: string) => formPost(url("/admin/login"), fields, { headers: from(address), cookie });
  const deviceCookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("__Secure-admin-device="))?.split(";")[0] ?? null;
  const settle = () => new Promise((r) => setTimeout(r, 2_000));
  let link = "";

  beforeAll(async () => {
    smtp = await startSmtpFake();
    site = await startSite({ SEED_DEMO: "false", SITE_URL, SMTP_URL: smtp.url, MAIL_FROM: "Firm Website <website@firm.example>" });
    expect((await sendControlCommand(site.dataDir, { command: "admin-create", ...ADMIN })).ok).toBe(true);
    // Someone else's guesses lock the account for browsers it does not know.
    for (let i = 0; i < THROTTLE.ACCOUNT_FREE_FAILURES; i++) await login({ email: ADMIN.email, password: `guess number ${i}` }, ATTACKER);
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });

  it("offers a locked-out new browser an unlock link by mail", async () => {
    const locked = await login(ADMIN, NEW_PLACE);
    expect(locked.status).toBe(429);
    const html = await locked.text();
    expect(html).toContain("Too many failed sign-in attempts.");
    expect(html).toContain("Email me an unlock link");
    expect(html).toContain('name="intent" value="unlock-request"');
  });

  it("answers the same whether or not the address has an account, and mails only the account", async () => {
    const before = smtp.received.length;
    const known = await formPost(url("/admin/login"), { intent: "unlock-request", email: ADMIN.email }, { headers: from(NEW_PLACE) });
    const unknown = await formPost(url("/admin/login"), { intent: "unlock-request", email: "nobody@example.test" }, { headers: from(NEW_PLACE) });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [knownHtml, unknownHtml] = [await known.text(), await unknown.text()];
    expect(knownHtml).toContain(UNLOCK_REQUESTED);
    expect(unknownHtml).toContain(UNLOCK_REQUESTED);
    // The same page but for the address typed (and each render's CSP nonce).
    const same = (html: string, email: string) => {
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? "none";
      return html.replaceAll(email, "X").replaceAll(nonce, "N");
    };
    expect(same(knownHtml, ADMIN.email)).toBe(same(unknownHtml, "nobody@example.test"));

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.rcptTo).toEqual([ADMIN.email]);
    expect(mail.header("Subject")).toBe("Unlock your admin sign-in");
    const found = /https:\/\/admin\.example\.test(\/admin\/login\?unlock=[A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(found).not.toBeNull();
    link = found![1];
    await settle();
    expect(smtp.received.length).toBe(before + 1);
  });

  it("sends no second mail within 15 minutes, however often it is asked", async () => {
    const before = smtp.received.length;
    for (let i = 0; i < 3; i++) {
      const again = await formPost(url("/admin/login"), { intent: "unlock-request", email: ADMIN.email }, { headers: from(`198.51.100.${30 + i}`) });
      expect(again.status).toBe(200);
      expect(await again.text()).toContain(UNLOCK_REQUESTED);
    }
    await settle();
    expect(smtp.received.length).toBe(before);
  });

  it("shows a button when the link is opened (a GET uses nothing up), and the button lets that browser sign in at once", async () => {
    for (let i = 0; i < 2; i++) {
      const page = await get(url(link));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Unlock this browser");
      expect(html).toContain('name="intent" value="unlock"');
      expect(page.headers.getSetCookie().some((c) => c.startsWith("__Secure-admin-device="))).toBe(false);
    }
    const token = new URL(link, SITE_URL).searchParams.get("unlock")!;
    const unlocked = await formPost(url("/admin/login"), { intent: "unlock", token }, { headers: from(NEW_PLACE) });
    expect(unlocked.status).toBe(302);
    expect(unlocked.headers.get("location")).toBe("/admin/login");
    const device = deviceCookieOf(unlocked);
    expect(device).not.toBeNull();

    // The lock still holds for everyone else; this browser signs in.
    expect((await login(ADMIN, "198.51.100.99")).status).toBe(429);
    const signedIn = await login(ADMIN, NEW_PLACE, cookiesFrom(unlocked));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin/dashboard");

    // Used once: the link and the button do nothing a second time.
    const reused = await formPost(url("/admin/login"), { intent: "unlock", token }, { headers: from(ATTACKER) });
    expect(reused.status).toBe(400);
    expect(deviceCookieOf(reused)).toBeNull();
    expect(await reused.text()).toContain(UNLOCK_INVALID.split(".")[0]);
    const reopened = await (await get(url(link))).text();
    expect(reopened).not.toContain("Unlock this browser");
    expect(reopened).toContain("This unlock link is invalid");
  });

  it("refuses a made-up token and the request of a cross-site form", async () => {
    const forged = await formPost(url("/admin/login"), { intent: "unlock", token: "A".repeat(43) }, { headers: from(ATTACKER) });
    expect(forged.status).toBe(400);
    expect(deviceCookieOf(forged)).toBeNull();
    const crossSite = await formPost(url("/admin/login"), { intent: "unlock-request", email: ADMIN.email }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
  });
});

