/**
 * Access entries (decision 0091): every look at a client record — a page or `.data` answer that
 * shows messages, bookings, conflict hits or subscribers, and every export of them — is one row
 * of the audit log (action `view` or `export`, entity `client_records`), with who, when, from
 * which session and which records. Kept as long as the audit log, because they are the audit log.
 * The records are ids only, never a name or an address: the log outlives the records it names.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, consultationBookings, contactSubmissions, newsletterSubscribers, users } from "../../db/schema";
import type { ConflictHit, StoredConflict } from "../conflicts/conflict-labels";
import { auditFrom, recordAudit, type Actor } from "../changes/audit.server";

/** The kinds of client record, as the Audit tab's record filter names them (`contact:12`). */
export const RECORD_KINDS = ["contact", "booking", "subscriber"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The audit entity each kind's changes (handle, confirm, delete, …) are recorded under. */
export const RECORD_ENTITY: Record<RecordKind, string> = {
  contact: "contact_submission",
  booking: "consultation_booking",
  subscriber: "newsletter_subscriber",
};

export const ACCESS_ENTITY = "client_records";

export type Seen = Partial<Record<RecordKind, number[]>>;

/** The earlier records a conflict note names (their names are shown): looked at too. */
export function conflictRecords(conflicts: Iterable<readonly StoredConflict[]>): Seen {
  const seen: Required<Seen> = { contact: [], booking: [], subscriber: [] };
  for (const list of conflicts) for (const match of list) seen[match.source === "contact" ? "contact" : "booking"].push(match.recordId);
  return seen;
}

/** The later records a hit names (decision 0106). */
export function hitRecords(hits: Iterable<ConflictHit>): Seen {
  const seen: Required<Seen> = { contact: [], booking: [], subscriber: [] };
  for (const hit of hits) seen[hit.by].push(hit.byId);
  return seen;
}

/** Sorted, unique, positive ids per kind; kinds with none left out. */
function tidy(seen: Seen[]): Seen {
  const out: Seen = {};
  for (const kind of RECORD_KINDS) {
    const ids = [...new Set(seen.flatMap((s) => s[kind] ?? []))].filter((id) => Number.isSafeInteger(id) && id > 0).sort((a, b) => a - b);
    if (ids.length > 0) out[kind] = ids;
  }
  return out;
}

/**
 * Record one look: `view` (a page, a `.data` answer) or `export`. A look at nothing (an empty list)
 * is not recorded. `where` says which page or file (e.g. "inbox", "consultations week").
 */
export async function recordAccess(
  db: Db,
  actor: Actor,
  look: { action: "view" | "export"; where: string; records: Seen[]; conflictHits?: number; extra?: Record<string, unknown> },
): Promise<void> {
  const records = tidy(look.records);
  if (Object.keys(records).length === 0 && look.action === "view") return;
  const single = RECORD_KINDS.flatMap((kind) => (records[kind] ?? []).map((id) => `${kind}:${id}`));
  await recordAudit(db, {
    ...auditFrom(actor),
    action: look.action,
    entity: ACCESS_ENTITY,
    // One record looked at: its key is the entry's item too (the Audit tab's item column).
    entityId: single.length === 1 ? single[0] : null,
    details: { where: look.where, records, ...(look.conflictHits ? { conflictHits: look.conflictHits } : {}), ...look.extra },
  });
}

/** `contact:12` → its kind and id, or null. */
export function parseRecordKey(value: string): { kind: RecordKind; id: number } | null {
  const match = /^(contact|booking|subscriber):([1-9][0-9]{0,15})$/.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { kind: match[1] as RecordKind, id } : null;
}

/**
 * The audit entries about one record: its looks (access entries naming it) and its changes
 * (entries with its entity and id). `jsonb @>` on the id list: a firm's log is small enough to scan.
 */
export function aboutRecord(kind: RecordKind, id: number): SQL {
  return sql`(${namesRecord(kind, id)} or (${auditLog.entity} = ${RECORD_ENTITY[kind]} and ${auditLog.entityId} = ${String(id)}))`;
}

/** An access entry whose records include this one. */
const namesRecord = (kind: RecordKind, id: number): SQL => sql`((${auditLog.details} -> 'records' -> ${kind}) @> ${JSON.stringify([id])}::jsonb)`;

/** One look at a person's records, as their data export shows it (decision 0092). */
export interface AccessEntry {
  id: number;
  at: string;
  action: string;
  /** The staff member who looked; null once their account is deleted. */
  by: { name: string; email: string } | null;
  where: string | null;
  /** Only the person's own records: a list's entry names other clients' records too. */
  records: Seen;
}

/** The access entries (looks and exports) naming any of `held`, oldest first. */
export async function accessEntriesAbout(db: Db, held: Seen): Promise<AccessEntry[]> {
  const keys = RECORD_KINDS.flatMap((kind) => (held[kind] ?? []).map((id) => namesRecord(kind, id)));
  if (keys.length === 0) return [];
  const rows = await db
    .select({ id: auditLog.id, createdAt: auditLog.createdAt, action: auditLog.action, details: auditLog.details, name: users.name, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entity, ACCESS_ENTITY), inArray(auditLog.action, ["view", "export"]), or(...keys)))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => {
    const details = (row.details ?? {}) as { where?: unknown; records?: Seen };
    const records: Seen = {};
    for (const kind of RECORD_KINDS) {
      const own = (details.records?.[kind] ?? []).filter((id) => held[kind]?.includes(id));
      if (own.length > 0) records[kind] = own;
    }
    return {
      id: row.id,
      at: row.createdAt.toISOString(),
      action: row.action,
      by: row.email ? { name: row.name ?? "", email: row.email } : null,
      where: typeof details.where === "string" ? details.where : null,
      records,
    };
  });
}

/**
 * The records held under an e-mail address (messages, bookings, subscriptions), for the Audit
 * tab's "who has seen this person's records?" filter. Records already deleted are not found by
 * address; their entries still answer to the record filter.
 */
export async function recordsOfAddress(db: Db, email: string): Promise<Array<{ kind: RecordKind; id: number }>> {
  const address = email.trim().toLowerCase();
  const [contacts, bookings, subscribers] = await Promise.all([
    db.select({ id: contactSubmissions.id }).from(contactSubmissions).where(sql`lower(${contactSubmissions.email}) = ${address}`),
    db.select({ id: consultationBookings.id }).from(consultationBookings).where(sql`lower(${consultationBookings.email}) = ${address}`),
    db.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${address}`),
  ]);
  return [
    ...contacts.map((r) => ({ kind: "contact" as const, id: r.id })),
    ...bookings.map((r) => ({ kind: "booking" as const, id: r.id })),
    ...subscribers.map((r) => ({ kind: "subscriber" as const, id: r.id })),
  ];
}
