import { z } from "zod";
import { adminEmailSchema, newPasswordSchema, PASSWORD_MAX } from "./forms";
import { ROLES } from "./roles";

/**
 * The forms of invitations, password resets and one's own account (decision 0069), checked with
 * the same schemas in the browser and on the server. New passwords follow the one rule of
 * forms.ts (newPasswordSchema), like /admin/setup and `npm run admin:create`.
 */

const MISMATCH = { path: ["confirm"], message: "The passwords do not match" };

const token = z.string().max(200);
const currentPassword = z.string().min(1, { message: "Enter your current password" }).max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` });

export const inviteSchema = z.object({
  email: adminEmailSchema,
  role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(", ")}.` }),
});

export const invitedEmailSchema = z.object({ email: adminEmailSchema });

export const acceptInviteSchema = z
  .object({
    token,
    name: z.string().trim().min(1, { message: "Name is required" }).max(100, { message: "Name must be at most 100 characters" }),
    password: newPasswordSchema,
    confirm: z.string(),
  })
  .refine((value) => value.password === value.confirm, MISMATCH);

export const resetRequestSchema = z.object({ email: adminEmailSchema });

export const resetPasswordSchema = z
  .object({ token, password: newPasswordSchema, confirm: z.string() })
  .refine((value) => value.password === value.confirm, MISMATCH);

export const changePasswordSchema = z
  .object({ currentPassword, newPassword: newPasswordSchema, confirm: z.string() })
  .refine((value) => value.newPassword === value.confirm, MISMATCH);

export const changeEmailSchema = z.object({ newEmail: adminEmailSchema, currentPassword });

// The sentences the link pages show (browser-safe, so the pages render them too).
export const INVITE_INVALID = "This invitation link is invalid, has expired or was already used. Ask an administrator to send a new one.";
export const RESET_REQUESTED = "If this address belongs to a staff account, a link to choose a new password is on its way. It works once, within an hour.";
export const RESET_LIMITED = "Too many password reset requests. Please wait an hour and try again.";
export const RESET_INVALID = "This password reset link is invalid, has expired or was already used. Ask for a new one.";
export const EMAIL_LINK_INVALID = "This confirmation link is invalid, has expired or was already used. Ask for a new one from Your account.";
