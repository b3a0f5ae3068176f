import { parse, type Submission, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import type { z } from "zod";
import { fieldErrors, type FieldNamer } from "../../changes/field-errors";

/*
 * The admin forms (login, setup, team member, post editor) and conform: one way for all four.
 *
 * - In the browser, `useForm({ onValidate: ({ formData }) => parseWithSchema(formData, schema, …) })`
 *   checks the form with the same Zod schema, the same form -> input mapping and the same
 *   "first message per form field name" rule (field-errors.ts) as the server, so a message is the
 *   same whichever side refuses. conform shows the errors, validates on blur and again on input,
 *   focuses the first refused field and stops the submission.
 * - The server's answers keep their shape (the kit's `Failure.fieldErrors`, the sign-in forms'
 *   `fields`): tests and the no-JavaScript pages read them. `useLastResult` turns such an answer
 *   into conform's `lastResult`, so a refusal from the server is shown and focused the same way.
 *
 * conform's own `parseWithZod` is not used: two forms name their fields differently from the
 * schema's paths (bio_en for texts.bio.en, the published switch's "on" for a boolean), and its
 * coercion turns empty fields into undefined, which would replace messages like "Email is required".
 */

/** Field errors by form field name (one message each) -> conform's errors (a list per name). */
function toConformErrors(errors: Partial<Record<string, string>> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(errors ?? {})) if (message) out[name] = [message];
  return out;
}

export interface ParseOptions {
  /** The schema's input from the form; by default the form's fields by name. */
  input?: (form: FormData) => unknown;
  /** Form field names of the schema's paths, when they differ. */
  nameOf?: FieldNamer;
}

/** A conform submission checked with a Zod schema (for `useForm`'s `onValidate`). */
export function parseWithSchema<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  options: ParseOptions = {},
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  return parse<z.output<Schema>, string[]>(formData, {
    resolve(payload) {
      const parsed = schema.safeParse(options.input ? options.input(formData) : payload);
      return parsed.success ? { value: parsed.data } : { error: toConformErrors(fieldErrors(parsed.error, options.nameOf)) };
    },
  }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
}

/**
 * A server answer as conform's `lastResult`: its field errors (none for a success or a refusal
 * without fields). Made once per answer, so conform reports each answer once.
 */
export function useLastResult<Answer extends object>(
  answer: Answer | undefined | null,
  errorsOf: (answer: Answer) => Partial<Record<string, string>> | undefined,
): SubmissionResult<string[]> | undefined {
  // `errorsOf` only reads the answer: a new answer is the one reason to make a new result.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => (answer ? lastResultOf(errorsOf(answer)) : undefined), [answer]);
}

function lastResultOf(errors: Partial<Record<string, string>> | undefined): SubmissionResult<string[]> {
  const error = toConformErrors(errors);
  return { status: Object.keys(error).length > 0 ? "error" : "success", error };
}
