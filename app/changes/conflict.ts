/**
 * A save refused because the item changed since it was opened, and the word-level diff it
 * shows (app/revisions makes them; a refusal carries one). No server code: the admin's browser
 * bundle reads these.
 */

/** A run of words of a diff: kept, added or removed. */
export interface DiffPart {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** One field that differs between two states ("Title (Farsi)"), as a word-level diff. */
export interface FieldDiff {
  key: string;
  label: string;
  parts: DiffPart[];
}

/** A save refused because the item changed since it was opened: what changed, and its version now. */
export interface SaveConflict {
  diff: FieldDiff[];
  version: number;
}
