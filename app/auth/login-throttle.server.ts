import { createHash, randomBytes } from "node:crypto";
import { and, inArray, like, lt, sql } from "drizzle-orm";
import type { Cookie } from "react-router";
import { signedCookie, type SignedCookieConfig } from "./signed-cookie.server";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { defineMessages, sentence } from "../changes/refusal";

/**
 * Sign-in throttle (docs/decisions/0005-sign-in-throttle-device-cookies.md), in the shared
 * rate_limits table so every instance sees the same counts. A row's `count` is the current streak
 * of failures and `reset_at` is the last failure + WINDOW, when the streak is forgotten. From the
 * FREE_FAILURES-th failure on, each further attempt must wait BASE_DELAY doubled per extra
 * failure, capped at MAX_DELAY.
 *
 * Two kinds of attempt (OWASP's device cookies):
 * - untrusted (no valid device cookie for that account): counted per account and per client
 *   address, as before. This per-account lock slows guessing from many addresses, but anyone can
 *   trigger it;
 * - from a known device (a browser that signed in to that account before and carries its signed
 *   device cookie): counted against that device's own allowance only, so the untrusted lock an
 *   attacker keeps renewing does not lock the real admin out. A stolen cookie is still throttled
 *   by its device's allowance, and a forged or altered one counts as untrusted.
 * A correct password clears the streaks the attempt was counted in.
 */
export const THROTTLE = {
  /** A streak is forgotten an hour after its last failure (longer than the longest wait). */
  WINDOW_MS: 60 * 60 * 1000,
  /** Untrusted failures allowed per account before waits begin. */
  ACCOUNT_FREE_FAILURES: 5,
  /** Per address: a little higher, as an office shares one public address. */
  IP_FREE_FAILURES: 10,
  /** Failures allowed from one known device (its own allowance) before waits begin. */
  DEVICE_FREE_FAILURES: 5,
  BASE_DELAY_MS: 30 * 1000,
  MAX_DELAY_MS: 15 * 60 * 1000,
} as const;

const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;
const deviceKey = (device: string) => `login:device:${device}`;

/** The streaks an attempt is counted in, with the failures each allows before waits begin. */
function throttleKeys(email: string, ip: string, device?: string | null): Array<readonly [string, number]> {
  if (device) return [[deviceKey(device), THROTTLE.DEVICE_FREE_FAILURES]];
  return [
    [ipKey(ip), THROTTLE.IP_FREE_FAILURES],
    [accountKey(email), THROTTLE.ACCOUNT_FREE_FAILURES],
  ];
}

function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(THROTTLE.BASE_DELAY_MS * 2 ** Math.min(failures - free, 10), THROTTLE.MAX_DELAY_MS);
}

export interface ThrottleState {
  /** Milliseconds until the next attempt is allowed; 0 = allowed now. */
  waitMs: number;
}

/**
 * How long an attempt must wait before trying again: untrusted (no `device`) per email and
 * address, or from a known device (its id from readDeviceCookie) by that device's allowance.
 */
export async function checkLoginThrottle(db: Db, email: string, ip: string, now = new Date(), device?: string | null): Promise<ThrottleState> {
  const keys: Record<string, number> = Object.fromEntries(throttleKeys(email, ip, device));
  const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, Object.keys(keys)));
  let waitMs = 0;
  for (const row of rows) {
    const resetAt = new Date(row.resetAt).getTime();
    if (resetAt <= now.getTime()) continue;
    const lastFailure = resetAt - THROTTLE.WINDOW_MS;
    const until = lastFailure + delayAfter(row.count, keys[row.key]);
    waitMs = Math.max(waitMs, until - now.getTime());
  }
  return { waitMs: Math.max(0, waitMs) };
}

/**
 * Charge one attempt to its streaks (account and address, or the known device) before the
 * password is checked, so that
 * parallel requests cannot slip past the limit: each key's upsert only counts when that key is
 * not waiting, decided inside the single statement (the row lock serialises concurrent attempts).
 * A correct password then clears the streaks (clearLoginFailures).
 */
export async function beginLoginAttempt(db: Db, email: string, ip: string, now = new Date(), device?: string | null): Promise<ThrottleState> {
  const resetAt = new Date(now.getTime() + THROTTLE.WINDOW_MS);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowSql = sql`make_interval(secs => ${THROTTLE.WINDOW_MS / 1000})`;
  for (const [key, free] of throttleKeys(email, ip, device)) {
    const delaySecs = sql`least(${THROTTLE.BASE_DELAY_MS / 1000} * power(2, least(greatest(${rateLimits.count} - ${free}, 0), 10)), ${THROTTLE.MAX_DELAY_MS / 1000})`;
    const expired = sql`${rateLimits.resetAt} <= ${nowSql}`;
    const allowed = sql`${expired} or ${rateLimits.count} < ${free} or ${rateLimits.resetAt} - ${windowSql} + make_interval(secs => ${delaySecs}) <= ${nowSql}`;
    const charged = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`, resetAt },
        setWhere: allowed,
      })
      .returning({ count: rateLimits.count });
    if (charged.length === 0) {
      const state = await checkLoginThrottle(db, email, ip, now, device);
      return { waitMs: Math.max(state.waitMs, 1000) };
    }
  }
  return { waitMs: 0 };
}

/**
 * A correct password ends the streaks the attempt was counted in; stale login rows are swept at
 * the same time. A sign-in from a known device leaves the untrusted per-account streak alone, so
 * the real admin signing in does not hand an attacker a fresh set of guesses.
 */
export async function clearLoginFailures(db: Db, email: string, ip: string, now = new Date(), device?: string | null): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, throttleKeys(email, ip, device).map(([key]) => key)));
  await db.delete(rateLimits).where(and(like(rateLimits.key, "login:%"), lt(rateLimits.resetAt, now)));
}

/** "Too many attempts" text with the wait rounded up to whole seconds or minutes. */
export function throttleMessage(waitMs: number): string {
  return sentence(THROTTLE_MESSAGES.throttled, throttleValues(waitMs));
}

/** The sign-in throttle's refusal (decision 0101): `{wait}` is "5 seconds" or "15 minutes". */
export const THROTTLE_MESSAGES = defineMessages("sign-in", { throttled: "Too many failed sign-in attempts. Please wait {wait} and try again." });

/** The values of THROTTLE_MESSAGES.throttled for a wait. */
export function throttleValues(waitMs: number): { wait: string } {
  const seconds = Math.ceil(waitMs / 1000);
  return { wait: seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes` };
}

/**
 * The device cookie: set after each successful admin sign-in, it tells later attempts from this
 * browser for the same account apart from an attacker's. Signed by React Router's createCookie
 * with a key derived from SESSION_SECRET (so no other signed value of the site can pass for one),
 * HttpOnly, SameSite=Strict, only sent to /admin, Secure under https. The value holds a random
 * device id and a digest of the account's email, never the email itself.
 */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const deviceCookieName = (secure: boolean) => (secure ? "__Secure-admin-device" : "admin-device");

const devicePayload = z.object({ a: z.string().regex(/^[A-Za-z0-9_-]{43}$/), d: z.string().regex(/^[A-Za-z0-9_-]{24}$/) });

type DeviceCookieConfig = SignedCookieConfig;

function deviceCookie(config: DeviceCookieConfig): Cookie {
  return signedCookie(config, "admin-device-cookie", deviceCookieName(config.secureCookies), {
    sameSite: "strict",
    path: "/admin",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

/** An account's address as a key: normalised, hashed (no address in a key or a cookie). */
export const accountDigest = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");

/**
 * The id of the known device this request comes from, when it carries a valid device cookie for
 * this very account; null otherwise (no cookie, forged, altered, or another account's).
 */
export async function readDeviceCookie(request: Request, config: DeviceCookieConfig, email: string): Promise<string | null> {
  let value: unknown;
  try {
    value = await deviceCookie(config).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = devicePayload.safeParse(value);
  if (!parsed.success || parsed.data.a !== accountDigest(email)) return null;
  return parsed.data.d;
}

/** A Set-Cookie header that makes this browser a known device of the account (a fresh id each time). */
export async function issueDeviceCookie(config: DeviceCookieConfig, email: string): Promise<string> {
  return deviceCookie(config).serialize({ a: accountDigest(email), d: randomBytes(18).toString("base64url") });
}
