import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../core/clock";
import type { Logger } from "../../core/log";
import { Sweep } from "../../core/periodic";
import { queueBookingMail } from "./mails.server";

/**
 * The reminder mail 24 hours before a consultation (issue 33, decision 0079). Every instance
 * sweeps once a minute; a booking's reminder is claimed by one conditional UPDATE of
 * `reminder_queued_at` (... WHERE reminder_queued_at IS NULL ... RETURNING) in the transaction that
 * queues its mail job, so of instances racing exactly one gets the row back, and the claim and the
 * job commit or roll back together. Only booked or confirmed bookings are reminded; a reschedule
 * clears the claim, so the new time gets its own reminder.
 */

export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
export const REMINDER_SWEEP_EVERY_MS = 60_000;
/** Reminders one sweep queues at most; the rest follow at the next sweep. */
export const REMINDER_BATCH = 100;

export interface ReminderDeps {
  db: Db;
  clock: Clock;
  log: Logger;
}

/** Claim and queue every reminder now due; the ids of the bookings this call reminded. */
export async function queueDueReminders(deps: ReminderDeps): Promise<number[]> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + REMINDER_BEFORE_MS);
  const claimed = await deps.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update consultation_bookings set reminder_queued_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from consultation_bookings
        where reminder_queued_at is null and status in ('booked', 'confirmed')
          and starts_at > ${now.toISOString()}::timestamptz and starts_at <= ${until.toISOString()}::timestamptz
        order by starts_at limit ${REMINDER_BATCH}
      )
      and reminder_queued_at is null and status in ('booked', 'confirmed')
      returning id`);
    const ids = (result as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
    for (const id of ids) await queueBookingMail(tx, id, "reminder");
    return ids;
  });
  if (claimed.length > 0) deps.log.info({ bookings: claimed }, "consultation reminders queued");
  return claimed;
}

/** Every instance runs one: a sweep at start, then a minute after each sweep ends. */
export class BookingReminders extends Sweep {
  constructor(deps: ReminderDeps, everyMs = REMINDER_SWEEP_EVERY_MS) {
    super(() => queueDueReminders(deps), everyMs, deps.log, "consultation reminders: the sweep failed");
  }
}
