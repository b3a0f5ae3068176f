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
export const conflictWhy = (match: StoredConflict) => (match.reason === "same" ? "same name" : `similarity ${match.similarity.toFixed(2)}`);
