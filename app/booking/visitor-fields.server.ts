import { asc, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { consultationBookings, consultationParties } from "../../db/schema";
import { openField } from "../../core/sealing.server";

/**
 * What a visitor typed when booking, as the Consultations tab and the person's own export (privacy)
 * show it: the sealed description opened.
 */
export const visitorFields = (row: typeof consultationBookings.$inferSelect) => ({
  kind: row.kind,
  area: row.area,
  language: row.language,
  name: row.name,
  email: row.email,
  phone: row.phone,
  description: openField(row.description, "consultation_bookings.description"),
});

export type VisitorFields = ReturnType<typeof visitorFields>;

/** The other parties each of these bookings names, opened, in the order they were entered. */
export async function otherPartiesOf(db: DbOrTx, bookingIds: number[]): Promise<(bookingId: number) => string[]> {
  const parties = bookingIds.length
    ? await db.select().from(consultationParties).where(inArray(consultationParties.bookingId, bookingIds)).orderBy(asc(consultationParties.id))
    : [];
  return (bookingId) => parties.filter((party) => party.bookingId === bookingId).map((party) => openField(party.name, "consultation_parties.name"));
}
