// The newsletter form's names and answers, without Zod: the blog page's first download needs
// these, while the schema (app/blog/subscribe-schema.ts) is loaded when the form is used.

/** Text key of the one message this form can show for its field. */
export const INVALID_EMAIL_KEY = "blog-newsletter-invalid-email";

/** Name of the honeypot field: hidden from people, filled in by form-filling bots. */
export const SUBSCRIBE_HONEYPOT = "website";

/** What the blog page's action answers to a subscription; the page shows the matching text. */
export type SubscribeResult =
  | { intent: "subscribe"; status: "subscribed" | "already-subscribed" | "error" }
  | { intent: "subscribe"; status: "invalid"; email: string };

/** The text key shown for each answer. */
export const SUBSCRIBE_MESSAGE_KEYS: Record<SubscribeResult["status"], string> = {
  subscribed: "blog-newsletter-success",
  "already-subscribed": "blog-newsletter-already-subscribed",
  invalid: INVALID_EMAIL_KEY,
  error: "blog-newsletter-error",
};
