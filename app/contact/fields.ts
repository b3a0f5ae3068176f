/**
 * The contact form's fields and limits, without the schema: the page needs these at once,
 * the schema (Zod) only when the visitor sends.
 */
export const CONTACT_LIMITS = { name: 100, email: 255, phone: 50, subject: 200, message: 5000 } as const;

export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** The hidden field only bots fill in. */
export const HONEYPOT_FIELD = "website";

export const emptyContactValues = (): ContactValues => ({ name: "", email: "", phone: "", subject: "", message: "" });

/** The form's fields as strings (a missing field is empty), as typed by the visitor. */
export function readContactForm(form: FormData): ContactValues {
  const values = emptyContactValues();
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * The texts the contact page's script shows itself (decision 0073): every message key the schema
 * or the server answers with, the button's sending label, and the toast's close button.
 */
export const CONTACT_SCRIPT_TEXTS = [
  "contact.validation.name-required",
  "contact.validation.name-max",
  "contact.validation.email-invalid",
  "contact.validation.email-max",
  "contact.validation.phone-max",
  "contact.validation.subject-required",
  "contact.validation.subject-max",
  "contact.validation.message-required",
  "contact.validation.message-max",
  "contact.validation.rate-limited",
  "contact.form.success",
  "contact.form.error",
  "contact-form-submit",
  "contact-form-sending",
  "common-toast-close",
] as const;
