import type { z } from "zod";

/** The form field a Zod issue path belongs to; by default its first part ('email', 'title'). */
export type FieldNamer = (path: readonly PropertyKey[]) => string;

const firstPart: FieldNamer = (path) => String(path[0] ?? "form");

/**
 * The first message of each refused field, by form field name: what a form shows next to each
 * control. Forms whose field names differ from the schema's paths pass their own namer.
 */
export function fieldErrors(error: z.ZodError, nameOf: FieldNamer = firstPart): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = nameOf(issue.path);
    out[name] ??= issue.message;
  }
  return out;
}
