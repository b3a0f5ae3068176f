import { lt, sql } from "drizzle-orm";
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
let hitsSincePrune = 0;

/**
 * Count one hit for a key in a fixed window and say whether it is within the limit.
 * One atomic upsert (insert ... on conflict do update), so several instances sharing the
 * database count together and two simultaneous hits can never both read the same count.
 */
export async function hitRateLimit(db: Db, key: string, { limit, windowMs, now = new Date() }: RateLimitOptions): Promise<RateLimitResult> {
  const freshReset = new Date(now.getTime() + windowMs);
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
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

  if (++hitsSincePrune >= PRUNE_EVERY) {
    hitsSincePrune = 0;
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).catch(() => {});
  }
  return { allowed: row.count <= limit, count: row.count, resetAt: row.resetAt };
}
