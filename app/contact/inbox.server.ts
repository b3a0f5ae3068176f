import { firmClock } from "../../core/firm-clock.server";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactSubmissions } from "../../db/schema";
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

/** All contact messages as a CSV file, newest first like the tab, with an access entry naming who took it. */
export async function exportSubmissionsCsv(db: Db, user: AdminUser): Promise<{ filename: string; csv: string; rows: number }> {
  const day = csvDate(new Date()).slice(0, 10);
  const rows = await db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
  const filename = `contact-submissions-${day}.csv`;
  const csv = toCsv(
    ["Received (Vancouver time)", "Name", "Email", "Phone", "Subject", "Message", "Handled (Vancouver time)"],
    rows.map((row) => {
      const { subject, body } = splitContactMessage(openField(row.message, "contact_submissions.message"));
      return [csvDate(row.createdAt), row.name, row.email, row.phone ?? "", subject, body, csvDate(row.handledAt)];
    }),
  );
  // Exports carry personal data out of the system: who took a copy of which records, and when (decision 0091).
  await recordAccess(db, user, { action: "export", where: filename, records: [{ contact: rows.map((row) => row.id) }], extra: { rows: rows.length } });
  return { filename, csv, rows: rows.length };
}

/** A form's id field as a positive integer, or null. */
