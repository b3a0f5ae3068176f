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

/** Refused for a new password: one made only of spaces, tabs or line breaks. */
export const PASSWORD_BLANK = "Password must contain characters other than spaces";

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  // Spaces inside a passphrase are fine and kept; a password of nothing but white space is not.
  .refine((value) => value.trim() !== "", { message: PASSWORD_BLANK });

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

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, for showing beside each input (the admin's one mapper). */
export { fieldErrors } from "../admin/kit/field-errors";
