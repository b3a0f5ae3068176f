import { z } from "zod";

/** SPEC 8: what a signed-in account without the admin role is told. */
export const ACCESS_DENIED = "Access Denied: You don't have admin privileges.";

/** Password policy (NIST SP 800-63B): length only, no composition rules. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const loginSchema = z.object({
  email: z.string().trim().min(1, { message: "Email is required" }).max(255).pipe(z.email({ message: "Enter a valid email address" })),
  // Never trimmed: spaces are legitimate password characters.
  password: z.string().min(1, { message: "Password is required" }).max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` }),
});

/** Refused for a new password: one with nothing visible (spaces, tabs, zero-width or other invisible characters). */
export const PASSWORD_BLANK = "Password must contain characters other than spaces";

/**
 * Characters that show nothing: format characters (zero-width space and joiners, bidi marks,
 * soft hyphen), controls, and the other default-ignorable ones (Hangul fillers, variation
 * selectors), plus the Braille blank. White space is handled on its own (see visibleLength).
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/gu;
const WHITE_SPACE = /[\p{White_Space}\p{Zs}]+/gu;

const segmenter = typeof Intl.Segmenter === "function" ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;

/**
 * A password's length as a person sees it: NFC-normalised, invisible characters removed, each run
 * of white space counted as one space (none at the ends), then counted in graphemes (a letter with
 * its accents is one). Twelve zero-width spaces count 0; "correct horse battery" counts 21.
 */
export function visibleLength(password: string): number {
  const visible = password.normalize("NFC").replace(INVISIBLE, "").replace(WHITE_SPACE, " ").trim();
  if (!segmenter) return [...visible].length;
  return Array.from(segmenter.segment(visible)).length;
}

/**
 * The one rule for every password that is set (/admin/setup and `npm run admin:create`, both
 * through admin-users.server.ts). The password itself is kept exactly as typed: only its length
 * is counted on what shows.
 */
export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  .superRefine((value, ctx) => {
    const length = visibleLength(value);
    // Spaces inside a passphrase are fine and kept; a password with nothing visible is not.
    if (length === 0 && value.length > 0) ctx.addIssue({ code: "custom", message: PASSWORD_BLANK });
    else if (length < PASSWORD_MIN) ctx.addIssue({ code: "custom", message: `Password must be at least ${PASSWORD_MIN} characters` });
  });

export const adminEmailSchema = z
  .string()
  .trim()
  .min(1, { message: "Email is required" })
  .max(255, { message: "Email must be at most 255 characters" })
  .pipe(z.email({ message: "Enter a valid email address" }))
  .transform((value) => value.toLowerCase());

export const setupSchema = z
  .object({
    token: z.string().min(1),
    email: adminEmailSchema,
    password: newPasswordSchema,
    confirm: z.string(),
  })
  .refine((value) => value.password === value.confirm, { path: ["confirm"], message: "The passwords do not match" });

/** The unlock link by mail (unlock.server.ts): one answer whether or not an admin account has this address. */
export const UNLOCK_REQUESTED =
  "If this email belongs to an admin account, a link is on its way that unlocks sign-in on the browser you open it in. It works once, within an hour. One link is sent every 15 minutes at most.";
export const UNLOCK_INVALID = "This unlock link is invalid, has expired or was already used. Ask for a new one from the sign-in page.";

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, for showing beside each input (the admin's one mapper). */
export { fieldErrors } from "../changes/field-errors";

/** The sign-in page's answer: to the password, the unlock link's request and its confirmation. */
export interface LoginActionData {
  error?: { title: string; message?: string };
  /** A notice that is not an error (the unlock link's answer). */
  notice?: string;
  /** The attempt met the lock of browsers unknown to the account: offer the unlock link by mail. */
  unlockOffer?: boolean;
  fields?: FieldErrors;
  email?: string;
}
