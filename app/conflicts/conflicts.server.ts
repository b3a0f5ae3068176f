import { and, desc, gte, ne, sql, type SQL, type AnyColumn } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { conflictRecords, consultationBookings, consultationParties, contactSubmissions } from "../../db/schema";
import { openField, sealField, type SealedColumn } from "../../core/sealing.server";

/**
 * The conflict check (issue 33, decision 0076): names a visitor gives (their own and the other
 * parties') against every earlier contact message, booking and other-party name. Staff see the
 * matches; the visitor never does.
 *
 * Matching is PostgreSQL's pg_trgm `similarity` (shared trigrams over all trigrams, 0-1; word
 * order does not count) on names folded by `conflictFold`: accents removed (unaccent), lower case,
 * and the Arabic letters Persian writes differently (ي ى ك) unified with their Persian forms.
 * pg_trgm and unaccent are PostgreSQL contrib extensions that PGlite ships too (db/client.ts).
 */

/**
 * Similarity at or above which two names are a possible conflict. 0.5 keeps one-letter
 * misspellings of ordinary names ("Garcia"/"Garsia" 0.6) and catches reordered names (1.0), while
 * two people sharing only a first name ("John Smith"/"John Brown" 0.29) stay apart. Chinese names
 * of two or three characters share few trigrams, so there only the same characters match.
 */
export const CONFLICT_THRESHOLD = 0.5;
/** At most this many matches are reported per name. */
export const CONFLICT_MATCHES_PER_NAME = 20;
/** Names longer than this are cut before matching (the forms allow at most 200). */
const NAME_MAX = 200;

export type ConflictSource = "contact" | "booking" | "party" | "kept";

export interface ConflictMatch {
  /** The name given now. */
  name: string;
  source: ConflictSource;
  /** The contact message's id, or the booking's (for a booking's own name and its other parties). */
  recordId: number;
  /** The earlier name that matched, as stored. */
  matched: string;
  /** pg_trgm similarity of the folded names, 0-1. */
  similarity: number;
  /** Why it matched: the same name once folded (accents, case, word order), or a similar one. */
  reason: "same" | "similar";
}

/** The SQL fold of a name: no accents, lower case, Persian letter forms. */
export const conflictFold = (value: SQL | AnyColumn | string): SQL =>
  sql`lower(unaccent(translate(${value}, 'يىك', 'ییک')))`;

/**
 * Where earlier names are: each table, the record a match points to, the column matched (a clear
 * fold where the name itself is sealed, decision 0093), the name shown, and which record to leave out.
 */
const SOURCES: ReadonlyArray<{
  source: ConflictSource;
  table: PgTable;
  recordId: PgColumn;
  match: PgColumn;
  name: PgColumn;
  sealed?: SealedColumn;
  excluded: (options: ConflictOptions) => number | undefined;
}> = [
  { source: "contact", table: contactSubmissions, recordId: contactSubmissions.id, match: contactSubmissions.name, name: contactSubmissions.name, excluded: (o) => o.excludeContactId },
  { source: "booking", table: consultationBookings, recordId: consultationBookings.id, match: consultationBookings.name, name: consultationBookings.name, excluded: (o) => o.excludeBookingId },
  // A party's match points to its booking.
  { source: "party", table: consultationParties, recordId: consultationParties.bookingId, match: consultationParties.nameFold, name: consultationParties.name, sealed: "consultation_parties.name", excluded: (o) => o.excludeBookingId },
  // What the retention sweep or an erasure kept of a deleted record (decision 0092).
  { source: "kept", table: conflictRecords, recordId: conflictRecords.id, match: conflictRecords.nameFold, name: conflictRecords.name, sealed: "conflict_records.name", excluded: () => undefined },
];

/** A booking's other parties as rows: each name sealed, with its clear fold for matching (the fold is idempotent). */
export const partyRows = (bookingId: number, names: readonly string[]) =>
  names.map((name) => ({ bookingId, name: sealField(name, "consultation_parties.name"), nameFold: conflictFold(name) }));

export interface ConflictOptions {
  /** Leave out this booking's own name and parties (checking a booking just stored). */
  excludeBookingId?: number;
  /** Leave out this contact message (checking a message just stored). */
  excludeContactId?: number;
  threshold?: number;
}

/** Every earlier record whose name is like one of `names`, best match first. */
export async function findConflicts(db: Db, names: readonly string[], options: ConflictOptions = {}): Promise<ConflictMatch[]> {
  const threshold = options.threshold ?? CONFLICT_THRESHOLD;
  const wanted = [...new Set(names.map((name) => name.replace(/\s+/g, " ").trim().slice(0, NAME_MAX)).filter(Boolean))];
  const matches: ConflictMatch[] = [];
  for (const name of wanted) {
    const folded = conflictFold(name);
    const score = (column: AnyColumn) => sql<number>`similarity(${conflictFold(column)}, ${folded})`.mapWith(Number);
    const sameFold = (column: AnyColumn) => sql<boolean>`${conflictFold(column)} = ${folded}`;

    const found: Array<{ source: ConflictSource; recordId: number; matched: string; similarity: number; same: boolean }> = [];
    for (const { source, table, recordId, match, name: shown, sealed, excluded } of SOURCES) {
      const similarity = score(match);
      const skip = excluded(options);
      const rows = await db
        .select({ recordId: sql<number>`${recordId}`.mapWith(Number), matched: sql<string>`${shown}`, similarity, same: sameFold(match) })
        .from(table)
        .where(and(gte(similarity, threshold), skip === undefined ? undefined : ne(recordId, skip)))
        .orderBy(desc(similarity))
        .limit(CONFLICT_MATCHES_PER_NAME);
      found.push(...rows.map((row) => ({ ...row, matched: sealed ? openField(row.matched, sealed) : row.matched, source })));
    }
    found.sort((a, b) => b.similarity - a.similarity);
    for (const row of found.slice(0, CONFLICT_MATCHES_PER_NAME)) {
      matches.push({
        name,
        source: row.source,
        recordId: row.recordId,
        matched: row.matched,
        similarity: Math.round(row.similarity * 100) / 100,
        // Same trigrams (score 1) with the words in another order count as the same name too.
        reason: row.same || row.similarity >= 0.999 ? "same" : "similar",
      });
    }
  }
  return matches.sort((a, b) => b.similarity - a.similarity);
}
