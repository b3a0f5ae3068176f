import { and, inArray, like, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

/**
 * Sign-in throttle, per account (email) and per client address, in the shared rate_limits table
 * so every instance sees the same counts. A row's `count` is the current streak of failures and
 * `reset_at` is the last failure + WINDOW, when the streak is forgotten. From the FREE_FAILURES-th
 * failure on, each further attempt must wait BASE_DELAY doubled per extra failure, capped at
 * MAX_DELAY: an attacker soon gets at most four guesses an hour per account, and the real admin
 * is never locked out for longer than MAX_DELAY. Success clears the account's and the address's
 * streaks.
 */
export const THROTTLE = {
  /** A streak is forgotten an hour after its last failure (longer than the longest wait). */
  WINDOW_MS: 60 * 60 * 1000,
  /** Failures allowed per account before waits begin. */
  ACCOUNT_FREE_FAILURES: 5,
  /** Per address: a little higher, as an office shares one public address. */
  IP_FREE_FAILURES: 10,
  BASE_DELAY_MS: 30 * 1000,
  MAX_DELAY_MS: 15 * 60 * 1000,
} as const;

const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(THROTTLE.BASE_DELAY_MS * 2 ** Math.min(failures - free, 10), THROTTLE.MAX_DELAY_MS);
}

export interface ThrottleState {
  /** Milliseconds until the next attempt is allowed; 0 = allowed now. */
  waitMs: number;
}

/** How long this email/address pair must wait before trying again. */
export async function checkLoginThrottle(db: Db, email: string, ip: string, now = new Date()): Promise<ThrottleState> {
  const keys = { [accountKey(email)]: THROTTLE.ACCOUNT_FREE_FAILURES, [ipKey(ip)]: THROTTLE.IP_FREE_FAILURES };
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
 * Charge one attempt to the account and the address before the password is checked, so that
 * parallel requests cannot slip past the limit: each key's upsert only counts when that key is
 * not waiting, decided inside the single statement (the row lock serialises concurrent attempts).
 * A correct password then clears the streaks (clearLoginFailures).
 */
export async function beginLoginAttempt(db: Db, email: string, ip: string, now = new Date()): Promise<ThrottleState> {
  const resetAt = new Date(now.getTime() + THROTTLE.WINDOW_MS);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowSql = sql`make_interval(secs => ${THROTTLE.WINDOW_MS / 1000})`;
  for (const [key, free] of [
    [ipKey(ip), THROTTLE.IP_FREE_FAILURES],
    [accountKey(email), THROTTLE.ACCOUNT_FREE_FAILURES],
  ] as const) {
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
      const state = await checkLoginThrottle(db, email, ip, now);
      return { waitMs: Math.max(state.waitMs, 1000) };
    }
  }
  return { waitMs: 0 };
}

/** A correct password ends both streaks; stale login rows are swept at the same time. */
export async function clearLoginFailures(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, [accountKey(email), ipKey(ip)]));
  await db.delete(rateLimits).where(and(like(rateLimits.key, "login:%"), lt(rateLimits.resetAt, now)));
}

/** "Too many attempts" text with the wait rounded up to whole seconds or minutes. */
export function throttleMessage(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  const wait = seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again.`;
}
