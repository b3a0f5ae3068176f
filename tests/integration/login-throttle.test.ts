import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beginLoginAttempt, checkLoginThrottle, clearLoginFailures, THROTTLE } from "../../app/auth/login-throttle.server";
import type { Db } from "../../db/client";
import { sendControlCommand } from "../../server/control";
import { usingPostgres, withTestDatabase } from "../helpers/db";
import { startSite, type SiteServer } from "../helpers/server";
import { cookiesFrom, formPost, get } from "../helpers/admin-http";

const SECOND = 1000;

describe(`known-device allowance in the throttle (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let db: Db;
  withTestDatabase((test) => (db = test.database.db));

  it("counts a known device apart from the untrusted per-account lock, with its own allowance and waits", async () => {
    const now = new Date(Date.UTC(2026, 1, 1, 12));
    const email = "device@example.test";
    // An attacker locks the account for untrusted attempts.
    for (let i = 0; i < THROTTLE.ACCOUNT_FREE_FAILURES; i++) await beginLoginAttempt(db, email, `10.9.0.${i}`, now);
    expect((await beginLoginAttempt(db, email, "10.9.1.1", now)).waitMs).toBe(THROTTLE.BASE_DELAY_MS);

    // A known device is not held by it, and has an allowance of its own.
    for (let i = 0; i < THROTTLE.DEVICE_FREE_FAILURES; i++) {
      expect((await beginLoginAttempt(db, email, "10.9.2.1", now, "laptop")).waitMs).toBe(0);
    }
    expect((await beginLoginAttempt(db, email, "10.9.2.1", now, "laptop")).waitMs).toBe(THROTTLE.BASE_DELAY_MS);
    // Its waits double like the others'.
    const later = new Date(now.getTime() + 30 * SECOND);
    expect((await beginLoginAttempt(db, email, "10.9.2.1", later, "laptop")).waitMs).toBe(0);
    expect((await checkLoginThrottle(db, email, "10.9.2.1", later, "laptop")).waitMs).toBe(60 * SECOND);
    // Another device of the same account is not affected.
    expect((await beginLoginAttempt(db, email, "10.9.2.1", later, "phone")).waitMs).toBe(0);

    // A sign-in from a known device clears that device's streak only: the attacker's lock stays.
    await clearLoginFailures(db, email, "10.9.2.1", later, "laptop");
    expect((await checkLoginThrottle(db, email, "10.9.2.1", later, "laptop")).waitMs).toBe(0);
    // The attacker's streak goes on (30 s are over: one more guess, then a doubled wait), not from zero.
    expect((await beginLoginAttempt(db, email, "10.9.1.2", later)).waitMs).toBe(0);
    expect((await beginLoginAttempt(db, email, "10.9.1.3", later)).waitMs).toBe(60 * SECOND);
  });
});

describe("sign-in during a guessing attack, over HTTP", () => {
  const SITE_URL = "https://admin.example.test";
  const ADMIN = { email: "partner@example.test", password: "partner passphrase one" };
  const OTHER = { email: "associate@example.test", password: "associate passphrase" };
  const from = (address: string) => ({ "X-Forwarded-For": address });
  const ATTACKER = "203.0.113.66";
  const ADMIN_OFFICE = "192.0.2.10";
  let site: SiteServer | null = null;
  const url = (path: string) => `${site!.url}${path}`;

  /** The wait a 429 page tells, in seconds (the 30 s wait, less what has passed since the failure). */
  const toldWait = (html: string) => Number(/Too many failed sign-in attempts\. Please wait (\d+) seconds? and try again\./.exec(html)?.[1] ?? NaN);
  const deviceCookieOf = (response: Response) => {
    const header = response.headers.getSetCookie().find((c) => c.startsWith("__Secure-admin-device="));
    return header ? header.split(";")[0] : null;
  };
  const login = (fields: Record<string, string>, address: string, cookie?: string) => formPost(url("/admin/login"), fields, { headers: from(address), cookie });
  /** A browser's sign-in with the right password (no device cookie yet): returns its device cookie. */
  async function newDevice(account: typeof ADMIN, address: string): Promise<string> {
    const response = await login(account, address);
    expect(response.status).toBe(302);
    const cookie = deviceCookieOf(response);
    expect(cookie).not.toBeNull();
    return cookie!;
  }

  let laptop = "";
  let phone = "";
  let otherAccountDevice = "";

  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: "false", SITE_URL });
    for (const account of [ADMIN, OTHER]) {
      expect((await sendControlCommand(site.dataDir, { command: "admin-create", ...account })).ok).toBe(true);
    }
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("gives a browser that signed in a signed, HttpOnly, Secure device cookie for /admin", async () => {
    const response = await login(ADMIN, ADMIN_OFFICE);
    expect(response.status).toBe(302);
    const header = response.headers.getSetCookie().find((c) => c.startsWith("__Secure-admin-device="))!;
    expect(header).toMatch(/; Path=\/admin(;|$)/);
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; SameSite=Strict/i);
    expect(header).toMatch(/; Max-Age=31536000/i);
    // The value names no account.
    expect(decodeURIComponent(header)).not.toContain("partner");
    laptop = header.split(";")[0];
    phone = await newDevice(ADMIN, ADMIN_OFFICE);
    otherAccountDevice = await newDevice(OTHER, "192.0.2.20");
    expect(phone).not.toBe(laptop);
  });

  it("slows the attacker: after five wrong passwords every further attempt waits (429), and no device cookie is given", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.ACCOUNT_FREE_FAILURES; i++) {
      const response = await login({ email: ADMIN.email, password: `guess number ${i}` }, ATTACKER);
      statuses.push(response.status);
      expect(deviceCookieOf(response)).toBeNull();
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (let i = 0; i < 3; i++) {
      const refused = await login({ email: ADMIN.email, password: `another guess ${i}` }, ATTACKER);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(toldWait(await refused.text())).toBe(retryAfter);
    }
  });

  it("still locks a fresh browser out of the attacked account, from any address, even with the right password", async () => {
    const fresh = await login(ADMIN, "198.51.100.23");
    expect(fresh.status).toBe(429);
    expect(deviceCookieOf(fresh)).toBeNull();
    expect(await fresh.text()).toContain("Too many failed sign-in attempts.");
  });

  it("lets the real admin in from a browser that signed in before, while the attack goes on", async () => {
    const response = await login(ADMIN, ADMIN_OFFICE, laptop);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    const browser = cookiesFrom(response, laptop);
    const dashboard = await get(url("/admin/dashboard"), browser);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Welcome back!");
    laptop = deviceCookieOf(response)!;
    expect(laptop).toBeTruthy();

    // The admin's sign-in gave the attacker no fresh guesses.
    expect((await login({ email: ADMIN.email, password: "guess after the admin" }, ATTACKER)).status).toBe(429);
    // A mistyped password on the known browser is an ordinary failure (401), not a lock-out.
    expect((await login({ email: ADMIN.email, password: "partner passphrase typo" }, ADMIN_OFFICE, laptop)).status).toBe(401);
    expect((await login(ADMIN, ADMIN_OFFICE, laptop)).status).toBe(302);
  });

  it("gives no allowance to a forged, altered or another account's device cookie", async () => {
    const [name, value] = [laptop.slice(0, laptop.indexOf("=")), laptop.slice(laptop.indexOf("=") + 1)];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    const payload = decoded.slice(0, dot);
    const signature = decoded.slice(dot + 1);
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const forgeries = {
      "altered signature": `${name}=${encodeURIComponent(`${payload}.${flip(signature, 3)}`)}`,
      "altered value": `${name}=${encodeURIComponent(`${flip(payload, 10)}.${signature}`)}`,
      unsigned: `${name}=${encodeURIComponent(payload)}`,
      "made up": `${name}=${encodeURIComponent(Buffer.from(JSON.stringify({ a: "x".repeat(43), d: "y".repeat(24) })).toString("base64"))}`,
      "another account's": otherAccountDevice,
    };
    for (const [kind, cookie] of Object.entries(forgeries)) {
      const response = await login(ADMIN, "198.51.100.40", cookie);
      expect(response.status, kind).toBe(429);
    }
    // The other account's own browser is a known device for that account only.
    expect((await login(OTHER, "192.0.2.20", otherAccountDevice)).status).toBe(302);
  });

  it("still throttles a stolen device cookie by that device's own allowance, without locking the admin's other browser", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.DEVICE_FREE_FAILURES; i++) {
      statuses.push((await login({ email: ADMIN.email, password: `stolen cookie guess ${i}` }, ATTACKER, phone)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const sixth = await login(ADMIN, ATTACKER, phone);
    expect(sixth.status).toBe(429);
    const wait = toldWait(await sixth.text());
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect((await login(ADMIN, ADMIN_OFFICE, laptop)).status).toBe(302);
  });

  it("lets a known browser in from an address that many failures have throttled", async () => {
    const office = "192.0.2.77";
    for (let i = 0; i < THROTTLE.IP_FREE_FAILURES; i++) {
      expect((await login({ email: `nobody${i}@example.test`, password: "spray password one" }, office)).status).toBe(401);
    }
    expect((await login({ email: "nobody-else@example.test", password: "spray password one" }, office)).status).toBe(429);
    expect((await login(OTHER, office, otherAccountDevice)).status).toBe(302);
  });
});
