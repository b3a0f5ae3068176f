// zod/mini: the browser gets a few KiB of Zod instead of the whole library.
import { z } from "zod/mini";
import { INVALID_EMAIL_KEY } from "~/newsletter/subscribe";

export { INVALID_EMAIL_KEY, SUBSCRIBE_HONEYPOT, SUBSCRIBE_MESSAGE_KEYS, type SubscribeResult } from "~/newsletter/subscribe";

// Before any schema is built: Zod would otherwise probe `new Function` for its fast object
// parser, which the site's Content-Security-Policy blocks and reports as a violation.
z.config({ jitless: true });

/**
 * The 'Stay Informed' form, checked on the server (the form is a plain post). Addresses are
 * stored trimmed and lower-cased, so the same address typed differently cannot subscribe
 * twice. Messages are text keys, translated where they are shown.
 */
export const subscribeSchema = z.object({
  email: z.pipe(
    z.string(INVALID_EMAIL_KEY).check(z.trim(), z.toLowerCase(), z.maxLength(255, INVALID_EMAIL_KEY)),
    z.email(INVALID_EMAIL_KEY),
  ),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;
