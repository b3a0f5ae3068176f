import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { conflictRecords, consultationBookings, consultationParties, contactSubmissions, newsletterSubscribers, privacySettings } from "../../db/schema";
import type { Clock } from "../../core/clock";
import type { Logger } from "pino";
import { auditFrom, recordAudit, type Actor } from "../changes/audit.server";
import { conflictFold } from "../conflicts/conflicts.server";
import { openField, sealField } from "../../core/sealing.server";
import { RETENTION_DEFAULT_MONTHS, RETENTION_MAX_MONTHS, RETENTION_MIN_MONTHS } from "./retention";

export { RETENTION_DEFAULT_MONTHS, RETENTION_MAX_MONTHS, RETENTION_MIN_MONTHS };

/**
 * Kept only as long as needed (issue 43, decision 0092): enquiries and bookings that did not
 * become a client are deleted `retentionMonths` after they were made, leaving a conflict record
 * (the names only); sign-ups never confirmed go after 30 days. Done by the housekeeping sweep.
 */

/** Sign-ups whose address owner never confirmed are deleted this long after they were made. */
export const UNCONFIRMED_SIGNUP_DAYS = 30;
/** Records deleted per transaction: a crash loses at most one batch's work, which the next sweep redoes. */
export const RETENTION_BATCH = 100;

export const retentionSchema = z.object({
  retentionMonths: z.coerce
    .number({ message: "Enter a number of months." })
    .int({ message: "Enter a whole number of months." })
    .min(RETENTION_MIN_MONTHS, { message: `Keep records at least ${RETENTION_MIN_MONTHS} months.` })
    .max(RETENTION_MAX_MONTHS, { message: `Keep records at most ${RETENTION_MAX_MONTHS} months.` }),
});

export async function readRetentionMonths(db: Db): Promise<number> {
  const [row] = await db.select({ months: privacySettings.retentionMonths }).from(privacySettings).where(eq(privacySettings.id, 1));
  return row?.months ?? RETENTION_DEFAULT_MONTHS;
}

export async function saveRetentionMonths(db: Db, actor: Actor | null, months: number): Promise<void> {
  const before = await readRetentionMonths(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(privacySettings)
      .values({ id: 1, retentionMonths: months })
      .onConflictDoUpdate({ target: privacySettings.id, set: { retentionMonths: months, updatedAt: new Date() } });
    await recordAudit(tx, { ...auditFrom(actor), action: "update", entity: "retention", details: { before, after: months } });
  });
}

/** The moment `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now.getTime());
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

/** A person counts as a client when any enquiry or booking from their address was marked so. */
const clientAddress = (email: typeof contactSubmissions.email | typeof consultationBookings.email) =>
  sql`(exists (select 1 from ${contactSubmissions} c where c.client_at is not null and lower(c.email) = lower(${email}))
    or exists (select 1 from ${consultationBookings} b where b.client_at is not null and lower(b.email) = lower(${email})))`;

type KeptName = { origin: "contact" | "booking"; originId: number; role: "person" | "party"; name: string; fold?: string; firstAt: Date };

/** The conflict records of some enquiries and bookings, as stored: names sealed, folds in clear. */
export async function keepConflictRecords(tx: Db, names: readonly KeptName[]): Promise<number> {
  if (names.length === 0) return 0;
  await tx.insert(conflictRecords).values(
    names.map((kept) => ({
      origin: kept.origin,
      originId: kept.originId,
      role: kept.role,
      name: sealField(kept.name, "conflict_records.name"),
      nameFold: kept.fold ?? conflictFold(kept.name),
      firstAt: kept.firstAt,
    })),
  );
  return names.length;
}

/** The names of some bookings (the visitor's and the other parties'), ready for keepConflictRecords. */
export async function bookingNames(tx: Db, rows: ReadonlyArray<{ id: number; name: string; createdAt: Date }>): Promise<KeptName[]> {
  if (rows.length === 0) return [];
  const parties = await tx
    .select({ bookingId: consultationParties.bookingId, name: consultationParties.name, fold: consultationParties.nameFold })
    .from(consultationParties)
    .where(inArray(consultationParties.bookingId, rows.map((row) => row.id)));
  return rows.flatMap((row) => [
    { origin: "booking" as const, originId: row.id, role: "person" as const, name: row.name, firstAt: row.createdAt },
    ...parties
      .filter((party) => party.bookingId === row.id)
      .map((party) => ({ origin: "booking" as const, originId: row.id, role: "party" as const, name: openField(party.name, "consultation_parties.name"), fold: party.fold, firstAt: row.createdAt })),
  ]);
}

export interface SweepResult {
  contacts: number;
  bookings: number;
  signups: number;
}

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  log: Pick<Logger, "info" | "error">;
  batchSize?: number;
  /** Tests only: called inside each batch's transaction before it commits (a throw is a crash there). */
  beforeCommit?: (batch: { contacts: number[]; bookings: number[] }) => void | Promise<void>;
}

/**
 * One sweep: batch by batch, in one transaction each, the due enquiries and bookings become
 * conflict records and are deleted, with one audit entry per batch that names their ids and
 * counts (never their content). Rows are claimed FOR UPDATE SKIP LOCKED, so two instances never
 * take the same one; a crash rolls its batch back whole, and the next sweep takes it again: each
 * record is deleted once. Nothing made inside the period, nor a client's record, is touched.
 */
export async function sweepRetention(deps: RetentionDeps): Promise<SweepResult> {
  const now = deps.clock.now();
  const months = await readRetentionMonths(deps.db);
  const cutoff = monthsBefore(now, months);
  const limit = deps.batchSize ?? RETENTION_BATCH;
  const total: SweepResult = { contacts: 0, bookings: 0, signups: 0 };

  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const contacts = await tx
        .select({ id: contactSubmissions.id, name: contactSubmissions.name, createdAt: contactSubmissions.createdAt })
        .from(contactSubmissions)
        .where(and(lt(contactSubmissions.createdAt, cutoff), isNull(contactSubmissions.clientAt), sql`not ${clientAddress(contactSubmissions.email)}`))
        .orderBy(contactSubmissions.id)
        .limit(limit)
        .for("update", { skipLocked: true });
      // A booking counts from its meeting (or its making, if later): a booking made long ago for last week stays.
      const bookings = await tx
        .select({ id: consultationBookings.id, name: consultationBookings.name, createdAt: consultationBookings.createdAt })
        .from(consultationBookings)
        .where(
          and(
            lt(sql`greatest(${consultationBookings.createdAt}, ${consultationBookings.endsAt})`, cutoff),
            isNull(consultationBookings.clientAt),
            sql`not ${clientAddress(consultationBookings.email)}`,
          ),
        )
        .orderBy(consultationBookings.id)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (contacts.length === 0 && bookings.length === 0) return null;

      const kept = await keepConflictRecords(tx, [
        ...contacts.map((row) => ({ origin: "contact" as const, originId: row.id, role: "person" as const, name: row.name, firstAt: row.createdAt })),
        ...(await bookingNames(tx, bookings)),
      ]);
      const contactIds = contacts.map((row) => row.id);
      const bookingIds = bookings.map((row) => row.id);
      // Their parties and stored conflict results go with them (ON DELETE CASCADE).
      if (contactIds.length) await tx.delete(contactSubmissions).where(inArray(contactSubmissions.id, contactIds));
      if (bookingIds.length) await tx.delete(consultationBookings).where(inArray(consultationBookings.id, bookingIds));
      await recordAudit(tx, {
        ...auditFrom(null),
        action: "retention",
        entity: "client_records",
        details: { retentionMonths: months, before: cutoff.toISOString(), contacts: contactIds, bookings: bookingIds, conflictRecordsKept: kept },
      });
      await deps.beforeCommit?.({ contacts: contactIds, bookings: bookingIds });
      return { contacts: contactIds.length, bookings: bookingIds.length };
    });
    if (!batch) break;
    total.contacts += batch.contacts;
    total.bookings += batch.bookings;
    if (batch.contacts < limit && batch.bookings < limit) break;
  }

  // Sign-ups never confirmed: the address owner never agreed, so nothing is kept (decision 0092).
  const signupCutoff = new Date(now.getTime() - UNCONFIRMED_SIGNUP_DAYS * 86_400_000);
  total.signups = await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(newsletterSubscribers)
      .where(and(isNull(newsletterSubscribers.confirmedAt), lt(newsletterSubscribers.createdAt, signupCutoff)))
      .returning({ id: newsletterSubscribers.id });
    if (gone.length > 0) {
      await recordAudit(tx, { ...auditFrom(null), action: "retention", entity: "newsletter_subscriber", details: { unconfirmedDays: UNCONFIRMED_SIGNUP_DAYS, subscribers: gone.map((row) => row.id) } });
    }
    return gone.length;
  });

  if (total.contacts + total.bookings + total.signups > 0) deps.log.info(total, "retention sweep deleted expired client records");
  return total;
}

