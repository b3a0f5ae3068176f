import { and, asc, eq, gt, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { conflictRecords, consultationBookings, contactSubmissions, newsletterSubscribers } from "../../db/schema";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { auditFrom, recordAudit, type Actor } from "../changes/audit.server";
import { conflictFold } from "../conflicts/conflicts.server";
import { splitContactMessage } from "../contact/message";
import { bookingNames, keepConflictRecords } from "./retention.server";
import { openField } from "../../core/sealing.server";
import { otherPartiesOf, visitorFields, type VisitorFields } from "../booking/visitor-fields.server";
import { accessEntriesAbout, type AccessEntry } from "../audit/access.server";

/**
 * A person's data on request (issue 43 item 5, decision 0092): everything the firm holds about a
 * person, found by e-mail address or name, as one JSON file, and its erasure. Each kind of record
 * is a section below; the access entries (staff looks at these records) follow from what they found.
 */

export const personSearchSchema = z.object({
  q: z
    .string({ message: "Enter an e-mail address or a name." })
    .trim()
    .min(2, { message: "Enter an e-mail address or a name (at least 2 characters)." })
    .max(200, { message: "Enter at most 200 characters." }),
});

/** How a search matches: an address exactly (any case), or a name as the conflict check folds it (accents, case). */
export type PersonMatch = { kind: "email"; email: string } | { kind: "name"; name: string };

export const personMatch = (q: string): PersonMatch => (q.includes("@") ? { kind: "email", email: q.toLowerCase() } : { kind: "name", name: q.replace(/\s+/g, " ") });

const matches = (match: PersonMatch, email: AnyColumn | null, name: AnyColumn | null): SQL => {
  if (match.kind === "email") return email ? sql`lower(${email}) = ${match.email}` : sql`false`;
  return name ? sql`${conflictFold(name)} = ${conflictFold(match.name)}` : sql`false`;
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

interface Section<Row extends { id: number }> {
  key: "contactMessages" | "bookings" | "newsletter" | "conflictRecords";
  /** What the page and the confirmation call one record ("contact message"). */
  noun: string;
  find(db: Db, match: PersonMatch): Promise<Row[]>;
  /** Deletes these records; absent for what erasure keeps (the conflict records). */
  erase?(tx: Db, rows: Row[]): Promise<void>;
}

const contactSection: Section<{ id: number; receivedAt: string; name: string; email: string; phone: string | null; subject: string; message: string; handledAt: string | null; client: boolean }> = {
  key: "contactMessages",
  noun: "contact message",
  async find(db, match) {
    const rows = await db.select().from(contactSubmissions).where(matches(match, contactSubmissions.email, contactSubmissions.name)).orderBy(asc(contactSubmissions.id));
    return rows.map((row) => {
      const { subject, body } = splitContactMessage(openField(row.message, "contact_submissions.message"));
      return { id: row.id, receivedAt: row.createdAt.toISOString(), name: row.name, email: row.email, phone: row.phone, subject, message: body, handledAt: iso(row.handledAt), client: row.clientAt !== null };
    });
  },
  async erase(tx, rows) {
    if (rows.length === 0) return;
    const stored = await tx.select({ id: contactSubmissions.id, name: contactSubmissions.name, createdAt: contactSubmissions.createdAt }).from(contactSubmissions).where(inArray(contactSubmissions.id, rows.map((row) => row.id)));
    await keepConflictRecords(tx, stored.map((row) => ({ origin: "contact" as const, originId: row.id, role: "person" as const, name: row.name, firstAt: row.createdAt })));
    await tx.delete(contactSubmissions).where(inArray(contactSubmissions.id, stored.map((row) => row.id)));
  },
};

type BookingOut = VisitorFields & {
  id: number;
  bookedAt: string;
  start: string;
  end: string;
  otherParties: string[];
  status: string;
  client: boolean;
};

const bookingSection: Section<BookingOut> = {
  key: "bookings",
  noun: "consultation booking",
  async find(db, match) {
    const rows = await db.select().from(consultationBookings).where(matches(match, consultationBookings.email, consultationBookings.name)).orderBy(asc(consultationBookings.id));
    const partiesOf = await otherPartiesOf(db, rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      bookedAt: row.createdAt.toISOString(),
      start: row.startsAt.toISOString(),
      end: row.endsAt.toISOString(),
      ...visitorFields(row),
      otherParties: partiesOf(row.id),
      status: row.status,
      client: row.clientAt !== null,
    }));
  },
  async erase(tx, rows) {
    if (rows.length === 0) return;
    const stored = await tx.select({ id: consultationBookings.id, name: consultationBookings.name, createdAt: consultationBookings.createdAt }).from(consultationBookings).where(inArray(consultationBookings.id, rows.map((row) => row.id)));
    await keepConflictRecords(tx, await bookingNames(tx, stored));
    await tx.delete(consultationBookings).where(inArray(consultationBookings.id, stored.map((row) => row.id)));
  },
};

const newsletterSection: Section<{ id: number; email: string; language: string; signedUpAt: string; confirmedAt: string | null }> = {
  key: "newsletter",
  noun: "newsletter subscription",
  async find(db, match) {
    const rows = await db.select().from(newsletterSubscribers).where(matches(match, newsletterSubscribers.email, null)).orderBy(asc(newsletterSubscribers.id));
    return rows.map((row) => ({ id: row.id, email: row.email, language: row.language, signedUpAt: row.createdAt.toISOString(), confirmedAt: iso(row.confirmedAt) }));
  },
  async erase(tx, rows) {
    if (rows.length) await tx.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.id, rows.map((row) => row.id)));
  },
};

/** Names kept for the conflict check from records already deleted: shown and exported, never erased. */
const conflictRecordSection: Section<{ id: number; name: string; from: string; firstAt: string }> = {
  key: "conflictRecords",
  noun: "conflict-check record (the name only)",
  async find(db, match) {
    if (match.kind !== "name") return [];
    const rows = await db
      .select()
      .from(conflictRecords)
      .where(and(eq(conflictRecords.role, "person"), sql`${conflictRecords.nameFold} = ${conflictFold(match.name)}`))
      .orderBy(asc(conflictRecords.id));
    return rows.map((row) => ({ id: row.id, name: openField(row.name, "conflict_records.name"), from: row.origin, firstAt: row.firstAt.toISOString() }));
  },
};

const SECTIONS = [contactSection, bookingSection, newsletterSection, conflictRecordSection] as const;

export interface PersonData {
  contactMessages: Awaited<ReturnType<typeof contactSection.find>>;
  bookings: BookingOut[];
  newsletter: Awaited<ReturnType<typeof newsletterSection.find>>;
  conflictRecords: Awaited<ReturnType<typeof conflictRecordSection.find>>;
  /** Who looked at the records above, when and where (decision 0091): kept on erasure, they hold ids only. */
  accessEntries: AccessEntry[];
}

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

export async function findPerson(db: Db, q: string): Promise<PersonData> {
  const match = personMatch(q);
  const [contactMessages, bookings, newsletter, kept] = await Promise.all(SECTIONS.map((section) => section.find(db, match)));
  const accessEntries = await accessEntriesAbout(db, { contact: ids(contactMessages), booking: ids(bookings), subscriber: ids(newsletter) });
  return { contactMessages, bookings, newsletter, conflictRecords: kept, accessEntries } as PersonData;
}

/** What an erasure would delete, as the confirmation names it: "2 contact messages (#4, #9)". */
export function erasureList(data: PersonData): Array<{ key: string; text: string }> {
  return SECTIONS.filter((section) => section.erase && data[section.key].length > 0).map((section) => {
    const rows = data[section.key];
    return { key: section.key, text: `${rows.length} ${section.noun}${rows.length === 1 ? "" : "s"} (${rows.map((row) => `#${row.id}`).join(", ")})` };
  });
}

/** The records a confirmation was given for: erasing anything else (a message arrived meanwhile) is refused. */
export const erasureFingerprint = (data: PersonData) =>
  SECTIONS.filter((section) => section.erase)
    .map((section) => `${section.key}:${data[section.key].map((row) => row.id).join(",")}`)
    .join(";");

const idsOf = (data: PersonData) => Object.fromEntries(SECTIONS.map((section) => [section.key, ids(data[section.key])]));

/** The file a person receives: everything found, with when and for what it was made. */
export async function exportPerson(db: Db, actor: Actor, q: string, now: Date): Promise<{ filename: string; body: string }> {
  const data = await findPerson(db, q);
  await recordAudit(db, { ...auditFrom(actor), action: "export", entity: "person", details: { search: personMatch(q).kind, ...idsOf(data) } });
  const file = {
    about:
      "Everything the firm's website holds about this person: contact messages, consultation bookings, newsletter subscriptions, names kept for the conflict check, and access entries (when which staff member looked at or exported these records).",
    search: q,
    madeAt: now.toISOString(),
    ...data,
  };
  return { filename: `personal-data-${now.toISOString().slice(0, 10)}.json`, body: `${JSON.stringify(file, null, 2)}\n` };
}

/** Live bookings still ahead: the person is a current client, and nothing is erased. */
const LIVE = ["booked", "confirmed"] as const;

/** The erasure's refusals (decision 0101). */
const M = defineMessages("privacy", {
  clientAhead: "Not erased: this person is a current client, with consultation #{id} on {day} still ahead. Erase after it, or once it is cancelled.",
  nothingToErase: "Nothing to erase: no record matches this search.",
  changedMeanwhile: "Not erased: the records found changed since you looked. Review the list and confirm again.",
});

/**
 * Erase what `q` finds, in one transaction: each enquiry and booking leaves its names as conflict
 * records (as the retention sweep does), subscriptions go entirely. Refused with the reason when a
 * live booking lies ahead, or when the records differ from the ones confirmed. The audit entry
 * names the records' ids and counts, never their content.
 */
export async function erasePerson(db: Db, actor: Actor, q: string, confirmed: string, now: Date): Promise<{ erased: Array<{ key: string; text: string }> }> {
  return db.transaction(async (tx) => {
    const t = tx;
    const data = await findPerson(t, q);
    const ahead = await t
      .select({ id: consultationBookings.id, startsAt: consultationBookings.startsAt })
      .from(consultationBookings)
      .where(and(inArray(consultationBookings.id, data.bookings.length ? data.bookings.map((b) => b.id) : [-1]), gt(consultationBookings.endsAt, now), inArray(consultationBookings.status, [...LIVE])))
      .orderBy(asc(consultationBookings.startsAt));
    if (ahead.length > 0) {
      throw refuse("conflict", M.clientAhead, { id: ahead[0].id, day: ahead[0].startsAt.toISOString().slice(0, 10) });
    }
    const list = erasureList(data);
    if (list.length === 0) throw refuse("not-found", M.nothingToErase);
    if (erasureFingerprint(data) !== confirmed) throw refuse("conflict", M.changedMeanwhile);
    for (const section of SECTIONS) {
      if (section.erase) await (section.erase as (tx: Db, rows: Array<{ id: number }>) => Promise<void>)(t, data[section.key]);
    }
    await recordAudit(t, { ...auditFrom(actor), action: "erase", entity: "person", details: { search: personMatch(q).kind, ...idsOf(data) } });
    return { erased: list };
  });
}
