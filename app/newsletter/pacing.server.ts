/**
 * Pacing (decision 0081): MAIL_RATE_PER_MINUTE for every instance together, one slot reserved in
 * the database before each mail, so more instances or jobs never multiply the rate and an outage
 * cannot bank a burst.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Reserve the next sending slot, for every instance together: `pace_next_at` moves on by one
 * interval per mail (never behind now), in one statement. Returns how long to wait for the slot.
 */
export async function reserveSlot(db: Db, perMinute: number): Promise<number> {
  const interval = `${Math.ceil(60_000 / perMinute)} milliseconds`;
  const result = await db.execute(sql`
    insert into newsletter_settings (id, pace_next_at) values (1, clock_timestamp() + ${interval}::interval)
    on conflict (id) do update set pace_next_at = greatest(newsletter_settings.pace_next_at, clock_timestamp()) + ${interval}::interval
    returning greatest(0, extract(epoch from (pace_next_at - ${interval}::interval - clock_timestamp())) * 1000)::float8 as wait_ms`);
  const row = (result as unknown as { rows: { wait_ms: number | string }[] }).rows[0];
  return Number(row?.wait_ms ?? 0);
}
