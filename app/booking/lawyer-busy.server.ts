/**
 * Busy times from each lawyer's own calendar: a placeholder with the contract of
 * `busyIntervals` in app/booking/lawyer-calendars.server.ts (issue 46 item 2, built apart). Until
 * that is wired here, no lawyer has busy times beyond their hours, time off and bookings.
 */
import type { DbOrTx } from "../../db/client";

export async function busyIntervals(
  _db: DbOrTx,
  _memberIds: number[] | string[],
  _from: Date,
  _to: Date,
): Promise<Map<number, { start: Date; end: Date }[]>> {
  return new Map();
}
