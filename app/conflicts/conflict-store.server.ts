import { and, asc, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conflictMatches } from "../../db/schema";
import { findConflicts, type ConflictMatch } from "./conflicts.server";
import type { ConflictHit, StoredConflict } from "./conflict-labels";
import { openField, sealField } from "../../core/sealing.server";

/**
 * The conflict check's result stored with what it was made for (decision 0080). Called inside the
 * transaction that stores the booking or contact message: findConflicts is a query on the same
 * database (no outside service), so the record and its result commit together, and a record
 * never exists without its check having run.
 */
export type ConflictOwner = { bookingId: number } | { contactId: number };

export async function storeConflicts(tx: Db, owner: ConflictOwner, names: readonly string[]): Promise<ConflictMatch[]> {
  const matches = await findConflicts(tx, names, "bookingId" in owner ? { excludeBookingId: owner.bookingId } : { excludeContactId: owner.contactId });
  if (matches.length > 0) {
    await tx.insert(conflictMatches).values(
      matches.map((match) => ({
        bookingId: "bookingId" in owner ? owner.bookingId : null,
        contactId: "contactId" in owner ? owner.contactId : null,
        // Both may be another party's name: sealed like the parties themselves (decision 0093).
        name: sealField(match.name, "conflict_matches.name"),
        source: match.source,
        recordId: match.recordId,
        matched: sealField(match.matched, "conflict_matches.matched"),
        similarity: match.similarity,
        reason: match.reason,
      })),
    );
  }
  return matches;
}

/** The stored matches of some bookings or contact messages, by their id, best match first. */
export async function conflictsOf(db: Db, kind: "booking" | "contact", ids: readonly number[]): Promise<Map<number, StoredConflict[]>> {
  const out = new Map<number, StoredConflict[]>();
  if (ids.length === 0) return out;
  const column = kind === "booking" ? conflictMatches.bookingId : conflictMatches.contactId;
  const rows = await db.select().from(conflictMatches).where(inArray(column, [...ids])).orderBy(asc(conflictMatches.id));
  for (const row of rows) {
    const owner = (kind === "booking" ? row.bookingId : row.contactId)!;
    const list = out.get(owner) ?? [];
    list.push({ name: openField(row.name, "conflict_matches.name"), source: row.source, recordId: row.recordId, matched: openField(row.matched, "conflict_matches.matched"), similarity: Math.round(row.similarity * 100) / 100, reason: row.reason });
    out.set(owner, list);
  }
  for (const list of out.values()) list.sort((a, b) => b.similarity - a.similarity);
  return out;
}

/** The sources by which a later check names an earlier record of this kind. */
const SOURCES_OF = { contact: ["contact"], booking: ["booking", "party"] } as const;

/**
 * The other direction (decision 0106): later bookings and contact messages whose check matched
 * these records, by the matched record's id, best match first.
 */
export async function hitsOn(db: Db, kind: "booking" | "contact", ids: readonly number[]): Promise<Map<number, ConflictHit[]>> {
  const out = new Map<number, ConflictHit[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(conflictMatches)
    .where(and(inArray(conflictMatches.source, [...SOURCES_OF[kind]]), inArray(conflictMatches.recordId, [...ids])))
    .orderBy(asc(conflictMatches.id));
  for (const row of rows) {
    const list = out.get(row.recordId) ?? [];
    list.push({
      by: row.bookingId !== null ? "booking" : "contact",
      byId: (row.bookingId ?? row.contactId)!,
      name: openField(row.name, "conflict_matches.name"),
      matched: openField(row.matched, "conflict_matches.matched"),
      similarity: Math.round(row.similarity * 100) / 100,
      reason: row.reason,
    });
    out.set(row.recordId, list);
  }
  for (const list of out.values()) list.sort((a, b) => b.similarity - a.similarity);
  return out;
}

/**
 * "Possible conflict" for a list filter or count: the record's own check matched something, or a
 * later check matched it (both directions, decision 0106). `id` is the record's id column.
 */
export function inConflict(kind: "booking" | "contact", id: AnyColumn): SQL {
  const own = kind === "booking" ? conflictMatches.bookingId : conflictMatches.contactId;
  return sql`exists (select 1 from ${conflictMatches} where ${or(sql`${own} = ${id}`, and(inArray(conflictMatches.source, [...SOURCES_OF[kind]]), sql`${conflictMatches.recordId} = ${id}`))})`;
}
