// zod/mini: the form's checks cost the page a few KiB instead of the whole of Zod. As a
// namespace import, so that esbuild (the contact page's own module, decision 0073) keeps only what
// is used: `import { z }` bundled all of Zod's locales (85 KiB gzipped against 6).
import * as z from "zod/mini";

/**
 * The contact form's one schema, used by the page before sending and by the server action.
 * Messages are content keys (contact.validation.*), translated where they are shown.
 */
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField, type ContactValues } from "./fields";

export * from "./fields";

// Before any schema is built (objects read it then): Zod would otherwise probe `new Function`
// for its fast object parser, which the site's CSP blocks and reports as a violation.
z.config({ jitless: true });

/** A trimmed string of at most `max` characters; `required` also rejects what is blank after trimming. */
const trimmedText = (max: number, maxKey: string, requiredKey?: string) =>
  z.string().check(z.trim(), ...(requiredKey ? [z.minLength(1, requiredKey)] : []), z.maxLength(max, maxKey));

/**
 * A one-line field: line breaks and tabs fold into one space first, so a subject cannot start a
 * new line in the stored message ("Subject: ...") nor a new row where a reader splits on lines.
 */
const oneLineText = (max: number, maxKey: string, requiredKey?: string) =>
  z.pipe(z.string().check(z.overwrite(foldLines)), trimmedText(max, maxKey, requiredKey));

export const foldLines = (text: string) => text.replace(/[\t\v\f\r\n\u0085\u2028\u2029]+/g, " ");

export const contactSchema = z.object({
  name: oneLineText(CONTACT_LIMITS.name, "contact.validation.name-max", "contact.validation.name-required"),
  email: z.pipe(oneLineText(CONTACT_LIMITS.email, "contact.validation.email-max"), z.email("contact.validation.email-invalid")),
  phone: z.pipe(
    oneLineText(CONTACT_LIMITS.phone, "contact.validation.phone-max"),
    z.transform((phone: string) => (phone === "" ? null : phone)),
  ),
  subject: oneLineText(CONTACT_LIMITS.subject, "contact.validation.subject-max", "contact.validation.subject-required"),
  message: trimmedText(CONTACT_LIMITS.message, "contact.validation.message-max", "contact.validation.message-required"),
});

export type ContactSubmission = z.output<typeof contactSchema>;


export type ContactValidation =
  | { success: true; data: ContactSubmission }
  | { success: false; errors: Partial<Record<ContactField, string>>; firstError: string };

/** Validate; on failure, each field's first message key and the form's first one (in field order). */
export function validateContact(values: ContactValues): ContactValidation {
  const result = contactSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  const firstField = CONTACT_FIELDS.find((field) => errors[field])!;
  return { success: false, errors, firstError: errors[firstField]! };
}

/** How a submission is stored: the subject leads the message, then a blank line (spec section 3). */
export const storedContactMessage = (subject: string, body: string) => `Subject: ${subject}\n\n${body}`;
