import { z } from "zod";
import { adminEmailSchema, newPasswordSchema, PASSWORD_MAX } from "./forms";
import { ROLES } from "./roles";

/**
 * The forms of invitations, password resets and one's own account (decision 0069), checked with
 * the same schemas in the browser and on the server. New passwords follow the one rule of
 * forms.ts (newPasswordSchema), like /admin/setup and `npm run admin:create`.
 */

const matching = <T extends { confirm: string }>(password: (value: T) => string) => [
  (value: T) => password(value) === value.confirm,
  { path: ["confirm"], message: "The passwords do not match" },
] as const;

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
  .refine(...matching((value: { password: string; confirm: string }) => value.password));

export const resetRequestSchema = z.object({ email: adminEmailSchema });

export const resetPasswordSchema = z
  .object({ token, password: newPasswordSchema, confirm: z.string() })
  .refine(...matching((value: { password: string; confirm: string }) => value.password));

export const changePasswordSchema = z
  .object({ currentPassword, newPassword: newPasswordSchema, confirm: z.string() })
  .refine(...matching((value: { newPassword: string; confirm: string }) => value.newPassword));

export const changeEmailSchema = z.object({ newEmail: adminEmailSchema, currentPassword });
