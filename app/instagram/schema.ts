import { z } from "zod";

/**
 * Instagram refused the saved token (Graph code 190: expired, or revoked): one sentence for the
 * dashboard's 'Reconnect Instagram' banner and the Instagram tab's connection status.
 */
export const TOKEN_EXPIRED = "The token has expired: paste a new one.";

/** SPEC 5. */
export const MISSING_CREDENTIALS = "Missing credentials: Please enter both Access Token and Account ID";

const token = z
  .string()
  .trim()
  .max(2048, { message: "The access token is too long." })
  .refine((value) => !/\s/.test(value), { message: "The access token has spaces in it. Paste it again without spaces." });

const accountId = z
  .string()
  .trim()
  .max(64, { message: "The Business Account ID is too long." })
  .refine((value) => value === "" || /^\d+$/.test(value), { message: "The Business Account ID is a number, such as 17841400000000000." });

const onOff = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

/** 'Save Settings': an empty token keeps the saved one. */
export const settingsSchema = z.object({
  accessToken: token.default(""),
  accountId: accountId.default(""),
  enabled: onOff,
  autoPost: onOff,
});
export type SettingsInput = z.output<typeof settingsSchema>;

/** 'Test Connection': an empty token tests the saved one. */
export const testSchema = z.object({
  accessToken: token.default(""),
  accountId: accountId.default(""),
});
export type TestInput = z.output<typeof testSchema>;

/** The image requirements the tab lists (SPEC 2.17). */
export const IMAGE_REQUIREMENTS = [
  "Public HTTPS address (Instagram downloads the image from the site)",
  "JPG or PNG (the site sends a JPEG made from the featured image)",
  "Aspect ratio from 4:5 to 1.91:1 (wider or taller images are padded)",
  "At least 320 px wide",
  "At most 8 MB",
] as const;
