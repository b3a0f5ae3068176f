import { APIError } from "better-auth/api";
/**
 * The second step in progress (decision 0068): the signed cookie naming the account whose code is
 * awaited, and the sentences both ways of answering it show (a code: second-step.server.ts; a
 * passkey: passkey-sign-in.server.ts).
 */
import type { Cookie } from "react-router";
import { signedCookie, type SignedCookieConfig } from "./signed-cookie.server";
import { SECOND_STEP_SECONDS } from "./auth.server";

export const SECOND_STEP_PAGE = "/admin/login/verify";

export const SECOND_STEP_TEXT = {
  wrongCode: "That code is not right. Check the time on your phone and try the newest code.",
  codeUsed: "That code was just used. Wait for the app to show the next one.",
  wrongRecoveryCode: "That recovery code is not right, or it was already used.",
  timedOut: "Your sign-in timed out. Sign in again with your password.",
  tooManyTries: "Too many wrong codes for this sign-in. Sign in again with your password.",
  locked: "Too many wrong codes in a row: the second step of this account is locked for 15 minutes.",
  enterTotp: "Enter the 6-digit code from your authenticator app.",
  enterRecovery: "Enter one of your recovery codes, such as abcde-12345.",
} as const;

export interface SecondStepActionData {
  error?: { title: string; message: string };
  method: "totp" | "recovery" | "passkey";
}

// The account the challenge is for, so wrong codes count against it (signed; no address inside).
function pendingCookie(config: SignedCookieConfig): Cookie {
  return signedCookie(config, "admin-second-step", config.secureCookies ? "__Secure-admin-second-step" : "admin-second-step", {
    sameSite: "lax",
    path: "/admin/login",
    maxAge: SECOND_STEP_SECONDS,
  });
}

/** Set-Cookie for the account whose second step is pending (the login action sends it). */
export const issuePendingSecondStep = (config: { SESSION_SECRET: string; secureCookies: boolean }, email: string) =>
  pendingCookie(config).serialize({ email });

export const clearPendingSecondStep = (config: { SESSION_SECRET: string; secureCookies: boolean }) => pendingCookie(config).serialize("", { maxAge: 0 });

/** The account whose second step this browser is in, or null. */
export async function pendingSecondStep(request: Request, config: { SESSION_SECRET: string; secureCookies: boolean }): Promise<string | null> {
  try {
    const value = (await pendingCookie(config).parse(request.headers.get("Cookie"))) as { email?: unknown } | null;
    return typeof value?.email === "string" ? value.email : null;
  } catch {
    return null;
  }
}

/**
 * The code of an error better-auth answered with, or undefined for any other error. Read by its
 * shape: a body that fails an endpoint's schema is thrown by better-call as an error that is no
 * `instanceof APIError` (code VALIDATION_ERROR), and must still be the visitor's 400, not a 500.
 */
export function authErrorCode(error: unknown): string | undefined {
  if (error instanceof APIError) return (error.body as { code?: string } | undefined)?.code ?? "";
  if (typeof error !== "object" || error === null || !("body" in error)) return undefined;
  const code = (error.body as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}
