/**
 * The translation review rules as every screen reads them (decision 0026; stored and computed in
 * review.server.ts): where a translation stands, which ones a person should read, and how
 * complete a text's translations are. No server code: the admin's components use them too.
 */

/** Where a translation stands: missing, a machine's, a person's, or behind its English. */
export type ReviewState = "missing" | "machine" | "reviewed" | "stale";

/** A translation a person should read: made by a machine, or its English changed since. */
export const needsReview = (state: ReviewState) => state === "machine" || state === "stale";

export type TranslationStatus = "complete" | "partial" | "english-only";

const filled = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";

/** Complete: Farsi and Chinese both present; partial: one of them; English only: neither. */
export function translationStatus(fa: string | null | undefined, zh: string | null | undefined): TranslationStatus {
  const count = Number(filled(fa)) + Number(filled(zh));
  return count === 2 ? "complete" : count === 1 ? "partial" : "english-only";
}
