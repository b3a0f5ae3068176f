import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { openTestDatabase } from "../helpers/db";
import { rateLimits } from "../../db/schema";
import { hitRateLimit, MAX_RATE_LIMIT_KEYS, overflowKey } from "../../core/rate-limit";
import type { Db } from "../../db/client";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
});
afterAll(async () => handle?.drop());

const HOUR = 60 * 60 * 1000;

describe("fixed-window rate limit", () => {
  it("allows the limit, refuses the next hit, and counts keys separately", async () => {
    const now = new Date("2026-01-01T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, "test:a", { limit: 3, windowMs: HOUR, now }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results[3].resetAt.toISOString()).toBe("2026-01-01T11:00:00.000Z");
    expect((await hitRateLimit(db, "test:b", { limit: 3, windowMs: HOUR, now })).count).toBe(1);
  });

  it("starts a new window once the old one has ended", async () => {
    const start = new Date("2026-01-02T10:00:00Z");
    await hitRateLimit(db, "test:c", { limit: 1, windowMs: HOUR, now: start });
    const inside = await hitRateLimit(db, "test:c", { limit: 1, windowMs: HOUR, now: new Date(start.getTime() + HOUR - 1000) });
    expect(inside.allowed).toBe(false);
    const after = await hitRateLimit(db, "test:c", { limit: 1, windowMs: HOUR, now: new Date(start.getTime() + HOUR) });
    expect(after).toEqual({ allowed: true, count: 1, resetAt: new Date(start.getTime() + 2 * HOUR) });
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, "test:c"));
    expect(row.count).toBe(1);
  });

  it("counts simultaneous hits exactly (one atomic upsert each)", async () => {
    const now = new Date("2026-01-03T10:00:00Z");
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(db, "test:d", { limit: 10, windowMs: HOUR, now })));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("holds at most its cap of counters: keys past it share their kind's overflow counter, known keys keep theirs (issue 44)", async () => {
    const now = new Date("2026-01-03T10:00:00Z");
    await hitRateLimit(db, "contact:known", { limit: 5, windowMs: HOUR, now });
    const flood = MAX_RATE_LIMIT_KEYS + 500;
    for (let i = 0; i < flood; i++) await hitRateLimit(db, `contact:198.51.${i >> 8}.${i & 255}`, { limit: 5, windowMs: HOUR, now });
    const [{ rows }] = await db.select({ rows: count() }).from(rateLimits);
    // Checked every 200 hits, so passed by at most that many.
    expect(rows).toBeLessThanOrEqual(MAX_RATE_LIMIT_KEYS + 200);
    const [overflow] = await db.select().from(rateLimits).where(eq(rateLimits.key, overflowKey("contact:x")));
    expect(overflow.count).toBeGreaterThan(250);
    // The overflow counter is over its limit: a newcomer is throttled, a known key is counted on its own.
    expect((await hitRateLimit(db, "contact:203.0.113.1", { limit: 5, windowMs: HOUR, now })).allowed).toBe(false);
    expect(await hitRateLimit(db, "contact:known", { limit: 5, windowMs: HOUR, now })).toMatchObject({ allowed: true, count: 2 });
  }, 120_000);
});
