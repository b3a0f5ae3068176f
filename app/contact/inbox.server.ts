import { firmClock } from "../../core/firm-clock.server";
import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactSubmissions, newsletterSubscribers } from "../../db/schema";
import { conflictsOf, hitsOn, inConflict } from "../conflicts/conflict-store.server";
import type { ConflictHit, StoredConflict } from "../conflicts/conflict-labels";
import type { AdminUser } from "../auth/guard.server";
import { auditFrom } from "../changes/audit.server";
import { recordAccess } from "../audit/access.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { toCsv } from "../../core/csv";
import { splitContactMessage } from "./message";
import { openField } from "../../core/sealing.server";

/** The tab shows this many of each, newest first; the CSV export always has everything. */
export const INBOX_PAGE_SIZE = 200;

/** Dates are formatted on the server in the firm's time zone, so the page hydrates identically. */
export const displayDate = (date: Date) => firmClock.dateTime(date);
/** 'YYYY-MM-DD HH:mm' in Vancouver time: sorts as text and reads in any spreadsheet. */
export const csvDate = (date: Date | null) => (date ? firmClock.stamp(date) : "");

export interface InboxSubmission {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  body: string;
  receivedAt: string;
  receivedLabel: string;
  handledAt: string | null;
  handledLabel: string | null;
  /** Marked by staff as having become a client: kept past the retention period (decision 0092). */
  client: boolean;
  /** The conflict check's matches (staff only; empty when nothing matched). */
  conflicts: StoredConflict[];
  /** Later bookings or messages whose check matched this one (decision 0106). */
  hits: ConflictHit[];
  /** The firm's notification mail of this message (app/contact/notify.server.ts). */
  mail: { status: "none" | "queued" | "sent" | "failed"; error: string | null; sentLabel: string | null };
}

export interface InboxSubscriber {
  id: number;
  email: string;
  language: string;
  subscribedAt: string;
  subscribedLabel: string;
  /** When the address owner confirmed through the link; null while awaiting confirmation. */
  confirmedAt: string | null;
  confirmedLabel: string | null;
  /** Marked bouncing after 3 posts refused for good (decision 0081): no longer mailed. */
  bouncingLabel: string | null;
}

/** Messages whose conflict check found something, or that a later check found (decisions 0080, 0106). */
const hasConflict = inConflict("contact", contactSubmissions.id);

export async function listSubmissions(
  db: Db,
  limit = INBOX_PAGE_SIZE,
  options: { conflictOnly?: boolean } = {},
): Promise<{ items: InboxSubmission[]; total: number; open: number; conflicts: number }> {
  const shown = options.conflictOnly ? hasConflict : undefined;
  const [rows, [{ total }], [{ open }], [{ conflicts }]] = await Promise.all([
    db.select().from(contactSubmissions).where(shown).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id)).limit(limit),
    db.select({ total: count() }).from(contactSubmissions).where(shown),
    db.select({ open: count() }).from(contactSubmissions).where(and(isNull(contactSubmissions.handledAt), shown)),
    db.select({ conflicts: count() }).from(contactSubmissions).where(hasConflict),
  ]);
  const ids = rows.map((row) => row.id);
  const [matches, hits] = await Promise.all([conflictsOf(db, "contact", ids), hitsOn(db, "contact", ids)]);
  return {
    total,
    open,
    conflicts,
    items: rows.map((row) => ({
      conflicts: matches.get(row.id) ?? [],
      hits: hits.get(row.id) ?? [],
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      ...splitContactMessage(openField(row.message, "contact_submissions.message")),
      receivedAt: row.createdAt.toISOString(),
      receivedLabel: displayDate(row.createdAt),
      handledAt: row.handledAt?.toISOString() ?? null,
      handledLabel: row.handledAt ? displayDate(row.handledAt) : null,
      client: row.clientAt !== null,
      mail: { status: row.notifyStatus, error: row.notifyError, sentLabel: row.notifiedAt ? displayDate(row.notifiedAt) : null },
    })),
  };
}

/** The newsletter list, confirmed or not (decision 0004), with how many have confirmed. */
export async function listSubscribers(db: Db, limit = INBOX_PAGE_SIZE): Promise<{ items: InboxSubscriber[]; total: number; confirmed: number }> {
  const [rows, [{ total, confirmed }]] = await Promise.all([
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        language: newsletterSubscribers.language,
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
        bouncingAt: newsletterSubscribers.bouncingAt,
      })
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit),
    db.select({ total: count(), confirmed: count(newsletterSubscribers.confirmedAt) }).from(newsletterSubscribers),
  ]);
  return {
    total,
    confirmed,
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      language: row.language,
      subscribedAt: row.createdAt.toISOString(),
      subscribedLabel: displayDate(row.createdAt),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      confirmedLabel: row.confirmedAt ? displayDate(row.confirmedAt) : null,
      bouncingLabel: row.bouncingAt ? displayDate(row.bouncingAt) : null,
    })),
  };
}

/** Mark a message handled (now) or open again; false when it no longer exists. */
export async function setHandled(db: Db, user: AdminUser, id: number, handled: boolean): Promise<boolean> {
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    const [row] = await tx
      .update(contactSubmissions)
      .set({ handledAt: handled ? new Date() : null })
      .where(eq(contactSubmissions.id, id))
      .returning({ id: contactSubmissions.id });
    return { result: Boolean(row), audit: row ? { ...auditFrom(user), action: handled ? "handle" : "reopen", entity: "contact_submission", entityId: id } : null };
  });
}

export async function deleteSubmission(db: Db, user: AdminUser, id: number): Promise<boolean> {
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    const [row] = await tx.delete(contactSubmissions).where(eq(contactSubmissions.id, id)).returning({ id: contactSubmissions.id });
    return { result: Boolean(row), audit: row ? { ...auditFrom(user), action: "delete", entity: "contact_submission", entityId: id } : null };
  });
}

/** Remove an address from the newsletter list (e.g. on an unsubscribe request). */
export async function deleteSubscriber(db: Db, user: AdminUser, id: number): Promise<boolean> {
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    const [row] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning({ id: newsletterSubscribers.id });
    return { result: Boolean(row), audit: row ? { ...auditFrom(user), action: "delete", entity: "newsletter_subscriber", entityId: id } : null };
  });
}

export const EXPORT_KINDS = ["submissions", "subscribers"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const isExportKind = (value: unknown): value is ExportKind => typeof value === "string" && (EXPORT_KINDS as readonly string[]).includes(value);

/** The whole table as a CSV file, oldest rows last like the tab; for subscribers, the confirmed ones. */
export async function exportCsv(db: Db, user: AdminUser, kind: ExportKind): Promise<{ filename: string; csv: string; rows: number }> {
  const day = csvDate(new Date()).slice(0, 10);
  let result: { filename: string; csv: string; rows: number; ids: number[] };
  if (kind === "submissions") {
    const rows = await db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
    result = {
      filename: `contact-submissions-${day}.csv`,
      rows: rows.length,
      ids: rows.map((row) => row.id),
      csv: toCsv(
        ["Received (Vancouver time)", "Name", "Email", "Phone", "Subject", "Message", "Handled (Vancouver time)"],
        rows.map((row) => {
          const { subject, body } = splitContactMessage(openField(row.message, "contact_submissions.message"));
          return [csvDate(row.createdAt), row.name, row.email, row.phone ?? "", subject, body, csvDate(row.handledAt)];
        }),
      ),
    };
  } else {
    // Only addresses whose owners confirmed: the list a newsletter may be sent to (decision 0004).
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(isNotNull(newsletterSubscribers.confirmedAt))
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
    result = {
      filename: `newsletter-subscribers-${day}.csv`,
      rows: rows.length,
      ids: rows.map((row) => row.id),
      csv: toCsv(
        ["Email", "Language", "Subscribed (Vancouver time)", "Confirmed (Vancouver time)"],
        rows.map((row) => [row.email, row.language, csvDate(row.createdAt), csvDate(row.confirmedAt)]),
      ),
    };
  }
  // Exports carry personal data out of the system: who took a copy of which records, and when (decision 0091).
  await recordAccess(db, user, { action: "export", where: result.filename, records: [{ [kind === "submissions" ? "contact" : "subscriber"]: result.ids }], extra: { rows: result.rows } });
  return { filename: result.filename, csv: result.csv, rows: result.rows };
}

/** A form's id field as a positive integer, or null. */
