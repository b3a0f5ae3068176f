/**
 * What the history panels show, without server code (the admin's browser bundle reads these).
 */

// The diff and conflict shapes stand in app/changes (a refusal carries a conflict); named here as before.
export type { DiffPart, FieldDiff, SaveConflict } from "../changes/conflict";

/** What produced a revision, as people read it. */
export const SOURCE_LABELS = {
  person: "Saved by a person",
  ai: "AI writing",
  translation: "Machine translation",
  restore: "Restore",
  import: "Import",
  system: "System",
} as const;
