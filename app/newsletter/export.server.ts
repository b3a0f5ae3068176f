/** The confirmed subscribers as a CSV file (decision 0004), with an access entry naming who took it (decision 0091). */
import { desc, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import type { AdminUser } from "../auth/guard.server";
import { recordAccess } from "../audit/access.server";
import { toCsv } from "../../core/csv";
import { csvDate } from "../contact/inbox.server";

/** Only addresses whose owners confirmed: the list a newsletter may be sent to, newest first like the tab. */
export async function exportSubscribersCsv(db: Db, user: AdminUser): Promise<{ filename: string; csv: string; rows: number }> {
  const day = csvDate(new Date()).slice(0, 10);
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(isNotNull(newsletterSubscribers.confirmedAt))
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  const filename = `newsletter-subscribers-${day}.csv`;
  const csv = toCsv(
    ["Email", "Language", "Subscribed (Vancouver time)", "Confirmed (Vancouver time)"],
    rows.map((row) => [row.email, row.language, csvDate(row.createdAt), csvDate(row.confirmedAt)]),
  );
  await recordAccess(db, user, { action: "export", where: filename, records: [{ subscriber: rows.map((row) => row.id) }], extra: { rows: rows.length } });
  return { filename, csv, rows: rows.length };
}
