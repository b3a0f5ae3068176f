/**
 * The firm's stored availability (office hours, notice, horizon, kinds, closed dates), read by the
 * slots and by each lawyer's calendar reader (a file of its own, so neither imports the other).
 */
import { asc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { consultationClosedDates, consultationSettings } from "../../db/schema";
import { bookingSettingsSchema, DEFAULT_BOOKING_SETTINGS, type BookingSettings, type MeetingKind } from "./settings";

/** The stored availability, or the defaults when nothing has been saved. */
export async function loadBookingSettings(db: DbOrTx): Promise<BookingSettings> {
  const [row] = await db.select().from(consultationSettings).limit(1);
  const closed = await db.select({ day: consultationClosedDates.day }).from(consultationClosedDates).orderBy(asc(consultationClosedDates.day));
  const closedDates = closed.map((entry) => entry.day);
  if (!row) return { ...DEFAULT_BOOKING_SETTINGS, closedDates };
  const stored: BookingSettings = {
    hours: row.hours,
    slotMinutes: row.slotMinutes,
    bufferMinutes: row.bufferMinutes,
    minNoticeHours: row.minNoticeHours,
    horizonDays: row.horizonDays,
    kinds: row.kinds as MeetingKind[],
    closedDates,
  };
  // A row edited by hand into something the generator cannot use falls back to the defaults.
  return bookingSettingsSchema.safeParse(stored).success ? stored : { ...DEFAULT_BOOKING_SETTINGS, closedDates };
}
