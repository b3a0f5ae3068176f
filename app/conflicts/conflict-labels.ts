/** A stored conflict match as the staff pages show it (browser-safe; decision 0080). */
export interface StoredConflict {
  /** The name given now (the visitor's own or another party's). */
  name: string;
  source: "contact" | "booking" | "party" | "kept";
  recordId: number;
  /** The earlier name, as stored. */
  matched: string;
  /** pg_trgm similarity, 0-1, two decimals. */
  similarity: number;
  reason: "same" | "similar";
}

/** Which earlier record, in words. */
export function conflictRecord(match: StoredConflict): string {
  if (match.source === "contact") return `contact message #${match.recordId}`;
  // A deleted enquiry's or booking's name, kept for conflict checks only (decision 0092).
  if (match.source === "kept") return `conflict record #${match.recordId} (an enquiry or booking since deleted)`;
  return match.source === "booking" ? `booking #${match.recordId} (its visitor)` : `booking #${match.recordId} (another party)`;
}

/** Why, in words: the same name once folded, or how similar. */
export const conflictWhy = (match: Pick<StoredConflict, "reason" | "similarity">) => (match.reason === "same" ? "same name" : `similarity ${match.similarity.toFixed(2)}`);

/**
 * The other direction (decision 0106): a later booking or contact message whose check matched this
 * record. `by` and `byId` name that later record; `name` is what it gave, `matched` this record's name.
 */
export interface ConflictHit {
  by: "contact" | "booking";
  byId: number;
  name: string;
  matched: string;
  similarity: number;
  reason: "same" | "similar";
}

/** A record's place in the admin: the Inbox's message or the Consultations tab's booking, by anchor. */
export function recordPath(kind: "contact" | "booking", id: number): string {
  return kind === "contact" ? `/admin/dashboard/inbox?show=conflict#submission-${id}` : `/admin/dashboard/consultations?booking=${id}#booking-${id}`;
}

/** Where a match's earlier record is shown, or null for a deleted one (only its name is kept). */
export const conflictPath = (match: StoredConflict): string | null => (match.source === "kept" ? null : recordPath(match.source === "contact" ? "contact" : "booking", match.recordId));

/** The later record of a hit, in words. */
export const hitRecord = (hit: ConflictHit) => (hit.by === "contact" ? `contact message #${hit.byId}` : `booking #${hit.byId}`);

/**
 * The conflict check in a firm's mail (decisions 0096, 0106): each match and each later hit with
 * the address of its record in the admin, or that nothing matched.
 */
export function conflictLines(conflicts: readonly StoredConflict[], hits: readonly ConflictHit[], siteUrl: string): string[] {
  if (conflicts.length + hits.length === 0) return ["Conflict check: no earlier record matched."];
  const at = (path: string | null) => (path ? `: ${new URL(path, siteUrl).href}` : "");
  return [
    "POSSIBLE CONFLICT: check before answering.",
    ...conflicts.map((match) => `- "${match.name}" matched "${match.matched}" in ${conflictRecord(match)} (${conflictWhy(match)})${at(conflictPath(match))}`),
    ...hits.map((hit) => `- Matched later by ${hitRecord(hit)}: "${hit.name}" matched "${hit.matched}" (${conflictWhy(hit)})${at(recordPath(hit.by, hit.byId))}`),
  ];
}
