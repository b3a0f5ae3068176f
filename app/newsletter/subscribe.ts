// The newsletter form's names and answers, without Zod: the form needs only these; the server
// checks the address with the schema (app/newsletter/subscribe-schema.ts).

/** Text key of the one message this form can show for its field. */
export const INVALID_EMAIL_KEY = "blog-newsletter-invalid-email";

/** Name of the honeypot field: hidden from people, filled in by form-filling bots. */
export const SUBSCRIBE_HONEYPOT = "website";

/**
 * What the blog page's action answers to a subscription; the page shows the matching text.
 * "subscribed" is the one answer for a new address, one awaiting confirmation and one already
 * confirmed alike (decision 0004): the form must not tell who is on the list.
 */
export type SubscribeResult =
  | { intent: "subscribe"; status: "subscribed" | "rate-limited" | "error" }
  | { intent: "subscribe"; status: "invalid"; email: string };

/** The text key shown for each answer. */
export const SUBSCRIBE_MESSAGE_KEYS: Record<SubscribeResult["status"], string> = {
  subscribed: "blog-newsletter-check-inbox",
  "rate-limited": "blog-newsletter-rate-limited",
  invalid: INVALID_EMAIL_KEY,
  error: "blog-newsletter-error",
};
