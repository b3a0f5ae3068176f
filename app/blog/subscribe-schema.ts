import { z } from "zod";

/** Text key of the one message this form can show for its field. */
export const INVALID_EMAIL_KEY = "blog-newsletter-invalid-email";

/** Name of the honeypot field: hidden from people, filled in by form-filling bots. */
export const SUBSCRIBE_HONEYPOT = "website";

/**
 * The 'Stay Informed' form, shared by the browser (checked before sending) and the server
 * (which always checks again). Addresses are stored trimmed and lower-cased, so the same
 * address typed differently cannot subscribe twice. Messages are text keys, translated
 * where they are shown.
 */
export const subscribeSchema = z.object({
  email: z.string(INVALID_EMAIL_KEY).trim().toLowerCase().max(255, INVALID_EMAIL_KEY).pipe(z.email(INVALID_EMAIL_KEY)),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;

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
