import { rolesOf, sessionIdOfToken } from "./guard.server";
import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { data, type AppLoadContext } from "react-router";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { passkeys, twoFactors, users } from "../../db/schema";
import { recordAudit } from "../changes/audit.server";
import { adminHome } from "./tabs";
import { redirectWithToast } from "../toast/toast.server";
import { authHeaders, getAuth } from "./auth.server";
import { beginLoginAttempt, clearLoginFailures, issueDeviceCookie, readDeviceCookie, throttleMessage } from "./login-throttle.server";
import { assertionSchema } from "./passkey-plugin.server";
import { authErrorCode, clearPendingSecondStep, SECOND_STEP_TEXT, type SecondStepActionData } from "./second-step-pending.server";

/**
 * The sign-in's second step with a passkey (decision 0074): the verify page's loader asks our
 * better-auth plugin (passkey-plugin.server.ts) for a challenge for the pending account, the
 * browser's passkey signs it (@simplewebauthn/browser), and this action hands the answer to the
 * plugin, which verifies it and creates the session. Wrong answers count in the same throttle as
 * wrong codes (the account's "2fa:" key).
 */
export const PASSKEY_SIGN_IN_TEXT = {
  failed: "That passkey could not be used for this account. Try again, or use a code.",
  expired: "The passkey request expired. Press “Use a passkey” again.",
  unreadable: "The passkey's answer was not understood. Try again.",
} as const;

export interface PasskeySignInOptions {
  challengeId: string;
  optionsJSON: PublicKeyCredentialRequestOptionsJSON;
}

/** What the pending account can use on the verify page (no challenge without passkeys). */
export async function secondStepMethods(request: Request, context: AppLoadContext, userEmail: string) {
  const { db } = context.services;
  const [row] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(eq(users.email, userEmail));
  let passkey: PasskeySignInOptions | null = null;
  try {
    passkey = (await getAuth(context).api.passkeySecondStepOptions({ headers: authHeaders(request) })) as PasskeySignInOptions | null;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  // Recovery codes come with the authenticator app: a passkey-only account has none.
  return { totp: row?.verified === true, passkey };
}

export async function passkeySecondStepAction(request: Request, context: AppLoadContext, form: FormData, email: string) {
  const { db, config, log } = context.services;
  const fail = (message: string, status: number, init: ResponseInit = {}) =>
    data<SecondStepActionData>({ error: { title: "Verification Failed", message }, method: "passkey" }, { ...init, status });
  const ip = context.clientIp || "unknown";
  const device = await readDeviceCookie(request, config, email);
  const throttleKey = `2fa:${email}`;
  const throttle = await beginLoginAttempt(db, throttleKey, ip, new Date(), device);
  if (throttle.waitMs > 0) return fail(throttleMessage(throttle.waitMs), 429, { headers: { "Retry-After": String(Math.ceil(throttle.waitMs / 1000)) } });

  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(String(form.get("response") ?? "").slice(0, 20_000));
  } catch {
    return fail(PASSKEY_SIGN_IN_TEXT.unreadable, 400);
  }
  // null, [], {} or a string is no passkey's answer: refused here, before the plugin sees it.
  const shape = assertionSchema.safeParse(parsedJson);
  if (!shape.success) return fail(PASSKEY_SIGN_IN_TEXT.unreadable, 400);
  const response = shape.data;
  const trustDevice = form.get("trustDevice") === "on";
  let result;
  try {
    result = await getAuth(context).api.verifyPasskeySecondStep({
      body: { challengeId: String(form.get("challengeId") ?? ""), response: response as never, trustDevice },
      headers: authHeaders(request, ip),
      returnHeaders: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === undefined) throw error;
    log.warn({ ip, code, method: "passkey" }, "admin second step failed");
    if (code === "INVALID_TWO_FACTOR_COOKIE") {
      const headers = new Headers({ "Set-Cookie": await clearPendingSecondStep(config) });
      throw await redirectWithToast("/admin/login", { title: "Sign in again", description: SECOND_STEP_TEXT.timedOut, type: "error" }, { headers });
    }
    if (code === "PASSKEY_CHALLENGE_INVALID") return fail(PASSKEY_SIGN_IN_TEXT.expired, 401);
    if (code === "VALIDATION_ERROR" || (error instanceof APIError && error.status === "BAD_REQUEST")) return fail(PASSKEY_SIGN_IN_TEXT.unreadable, 400);
    return fail(PASSKEY_SIGN_IN_TEXT.failed, 401);
  }
  await clearLoginFailures(db, throttleKey, ip, new Date(), device);
  const { user, token, passkeyId } = result.response;
  const sessionId = await sessionIdOfToken(db, token);
  const [key] = await db.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.id, passkeyId));
  await recordAudit(db, {
    userId: user.id,
    action: "login",
    entity: "session",
    sessionId,
    details: { ip, secondFactor: "passkey", passkey: key?.name ?? passkeyId, trustedDevice: trustDevice },
  });
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await issueDeviceCookie(config, email));
  headers.append("Set-Cookie", await clearPendingSecondStep(config));
  return redirectWithToast(adminHome(await rolesOf(db, user.id)), { title: "Welcome back!", description: "Successfully logged in.", type: "success" }, { headers });
}
