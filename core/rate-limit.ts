import { count, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  resetAt: Date;
}

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  /** The current time; tests pass their own clock. */
  now?: Date;
}

/** Expired counters are deleted about once per this many hits, so the table stays small. */
const PRUNE_EVERY = 200;
/** Per database (a process may hold more than one: tests, a restore), so one table's state never decides for another. */
const pruneState = new WeakMap<Db, { hitsSincePrune: number; full: boolean }>();
const stateOf = (db: Db) => {
  let state = pruneState.get(db);
  if (!state) pruneState.set(db, (state = { hitsSincePrune: 0, full: false }));
  return state;
};
/**
 * Live counters the table may hold (about 200 KB; a small firm has a few hundred at a time). Keys are chosen by visitors (their address, an
 * e-mail address typed into a form); past this, a key that has no counter yet shares its kind's
 * one overflow counter (`contact:(over cap)`), so a flood from many addresses is throttled as one
 * and cannot grow the table (issue 44). Checked at each prune, so it may be passed by PRUNE_EVERY.
 */
export const MAX_RATE_LIMIT_KEYS = 2_000;

/** The overflow counter of a key's kind (the text before its first colon). */
export const overflowKey = (key: string) => `${key.split(":", 1)[0]}:(over cap)`;

/**
 * Count one hit for a key in a fixed window and say whether it is within the limit.
 * One atomic upsert (insert ... on conflict do update), so several instances sharing the
 * database count together and two simultaneous hits can never both read the same count.
 */
export async function hitRateLimit(db: Db, key: string, { limit, windowMs, now = new Date() }: RateLimitOptions): Promise<RateLimitResult> {
  const freshReset = new Date(now.getTime() + windowMs);
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const counted = {
    count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
    resetAt: sql`case when ${expired} then ${freshReset.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
  };
  if (stateOf(db).full) {
    // A key with a counter keeps it; a new one shares the overflow counter.
    const [existing] = await db.update(rateLimits).set(counted).where(eq(rateLimits.key, key)).returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (existing) {
      await pruneNowAndThen(db, now);
      return { allowed: existing.count <= limit, count: existing.count, resetAt: existing.resetAt };
    }
    key = overflowKey(key);
  }
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: freshReset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });

  await pruneNowAndThen(db, now);
  return { allowed: row.count <= limit, count: row.count, resetAt: row.resetAt };
}

/** Every PRUNE_EVERY hits: expired counters deleted, and whether the table is full read again. */
async function pruneNowAndThen(db: Db, now: Date): Promise<void> {
  const state = stateOf(db);
  if (++state.hitsSincePrune < PRUNE_EVERY) return;
  state.hitsSincePrune = 0;
  try {
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
    const [{ rows }] = await db.select({ rows: count() }).from(rateLimits);
    state.full = rows >= MAX_RATE_LIMIT_KEYS;
  } catch {
    // A failed prune is retried at the next round; the counters themselves were written.
  }
}
