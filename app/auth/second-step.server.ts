import { createHmac } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { Db } from "../../db/client";
import { twoFactors, verifications } from "../../db/schema";
import { recordAudit } from "../changes/audit.server";
import { readForm } from "../form-data.server";
import { adminHome } from "./tabs";
import { redirectWithToast } from "../toast/toast.server";
import { authHeaders, getAuth } from "./auth.server";
import { assertSameOriginMutation, rolesOf, sessionIdOfToken } from "./guard.server";
import { beginLoginAttempt, clearLoginFailures, issueDeviceCookie, readDeviceCookie, throttleMessage } from "./login-throttle.server";
import { passkeySecondStepAction } from "./passkey-sign-in.server";
import { hashRecoveryCode, recoveryCodesLeft } from "./recovery-codes.server";
import { authErrorCode, clearPendingSecondStep, pendingSecondStep, SECOND_STEP_TEXT, type SecondStepActionData } from "./second-step-pending.server";

/**
 * The sign-in's second step (decision 0068). After a right password for an account with a second
 * factor, better-auth's two-factor plugin ends the new session and sets its own short-lived
 * challenge cookie instead; the person lands on /admin/login/verify and types a code from their
 * authenticator app or one of their recovery codes. The plugin checks the code and creates the
 * session; wrong codes are counted like wrong passwords (decision 0005's throttle, under the
 * account's "2fa:" key) and by the plugin (5 per challenge, 10 in a row lock the account's second
 * step for 15 minutes). "Trust this device for 30 days" is the plugin's signed trust cookie.
 */

// The pending step and its sentences, shared with the passkey way (passkey-sign-in.server.ts).
export { clearPendingSecondStep, issuePendingSecondStep, pendingSecondStep, SECOND_STEP_PAGE, SECOND_STEP_TEXT, type SecondStepActionData } from "./second-step-pending.server";

const stepSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("totp"),
    code: z.string().transform((code) => code.replace(/\s+/g, "")).pipe(z.string().regex(/^\d{6}$/, SECOND_STEP_TEXT.enterTotp)),
    trustDevice: z.boolean(),
  }),
  z.object({
    method: z.literal("recovery"),
    code: z.string().trim().min(1, SECOND_STEP_TEXT.enterRecovery).max(40, SECOND_STEP_TEXT.enterRecovery),
    trustDevice: z.boolean(),
  }),
]);

/** The second step's form: a code (or a recovery code), checked by the plugin; then the session. */
export async function secondStepAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { db, config, log } = context.services;
  assertSameOriginMutation(request, config.SITE_URL);
  const email = await pendingSecondStep(request, config);
  if (!email) throw await redirectWithToast("/admin/login", { title: "Sign in again", description: SECOND_STEP_TEXT.timedOut, type: "error" });
  const form = await readForm(request);
  if (form.get("method") === "passkey") return passkeySecondStepAction(request, context, form, email);
  const method = form.get("method") === "recovery" ? "recovery" : "totp";
  const parsed = stepSchema.safeParse({ method, code: String(form.get("code") ?? ""), trustDevice: form.get("trustDevice") === "on" });
  const fail = (message: string, status: number, init: ResponseInit = {}) =>
    data<SecondStepActionData>({ error: { title: "Verification Failed", message }, method }, { ...init, status });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? SECOND_STEP_TEXT.enterTotp, 400);

  const ip = context.clientIp || "unknown";
  const device = await readDeviceCookie(request, config, email);
  const throttleKey = `2fa:${email}`;
  const throttle = await beginLoginAttempt(db, throttleKey, ip, new Date(), device);
  if (throttle.waitMs > 0) return fail(throttleMessage(throttle.waitMs), 429, { headers: { "Retry-After": String(Math.ceil(throttle.waitMs / 1000)) } });

  const auth = getAuth(context);
  const { trustDevice } = parsed.data;
  // A code works once: the plugin accepts it for up to 90 s (the step either side of now) and
  // remembers nothing, so each accepted code is held here for that long (ASVS 6.5.1).
  const once = parsed.data.method === "totp" ? await claimCode(db, email, parsed.data.code) : { release: async () => {} };
  if (!once) return fail(SECOND_STEP_TEXT.codeUsed, 401);
  let result;
  try {
    result =
      parsed.data.method === "totp"
        ? await auth.api.verifyTOTP({ body: { code: parsed.data.code, trustDevice }, headers: authHeaders(request, ip), returnHeaders: true })
        : await auth.api.verifyBackupCode({
            body: { code: hashRecoveryCode(config.SESSION_SECRET, parsed.data.code), trustDevice },
            headers: authHeaders(request, ip),
            returnHeaders: true,
          });
  } catch (error) {
    await once.release();
    const code = authErrorCode(error);
    if (code === undefined) throw error;
    log.warn({ ip, code, method }, "admin second step failed");
    if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
      const headers = new Headers({ "Set-Cookie": await clearPendingSecondStep(config) });
      const description = code === "INVALID_TWO_FACTOR_COOKIE" ? SECOND_STEP_TEXT.timedOut : SECOND_STEP_TEXT.tooManyTries;
      throw await redirectWithToast("/admin/login", { title: "Sign in again", description, type: "error" }, { headers });
    }
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") return fail(SECOND_STEP_TEXT.locked, 429);
    return fail(method === "totp" ? SECOND_STEP_TEXT.wrongCode : SECOND_STEP_TEXT.wrongRecoveryCode, 401);
  }
  await clearLoginFailures(db, throttleKey, ip, new Date(), device);
  const { user, token } = result.response as { user: { id: string }; token: string };
  const sessionId = await sessionIdOfToken(db, token);
  const left = method === "recovery" ? await recoveryCodesRemaining(db, user.id) : null;
  await recordAudit(db, {
    userId: user.id,
    action: "login",
    entity: "session",
    sessionId,
    details: { ip, secondFactor: method, trustedDevice: trustDevice, ...(left === null ? {} : { recoveryCodesLeft: left }) },
  });
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await issueDeviceCookie(config, email));
  headers.append("Set-Cookie", await clearPendingSecondStep(config));
  const description =
    left === null
      ? "Successfully logged in."
      : `You used a recovery code; ${left} left.${left <= 3 ? " Make new ones on your account page." : ""}`;
  return redirectWithToast(adminHome(await rolesOf(db, user.id)), { title: "Welcome back!", description, type: left !== null && left <= 3 ? "info" : "success" }, { headers });
}

/** How long an accepted code stays used: the plugin's window (30 s either side of the current step). */
export const CODE_REUSE_WINDOW_MS = 90 * 1000;

/**
 * Mark a code as used by this account (in better-auth's verifications table, keyed by a hash), or
 * null when it already is. Claimed before the check so two requests with one code cannot both
 * pass; a refused code is released again.
 */
async function claimCode(db: Db, email: string, code: string): Promise<{ release(): Promise<void> } | null> {
  const now = new Date();
  const id = `totp-used:${createHmac("sha256", "totp-used").update(`${email}\n${code}`).digest("base64url")}`;
  await db.delete(verifications).where(and(eq(verifications.identifier, "totp-used"), lt(verifications.expiresAt, now)));
  const claimed = await db
    .insert(verifications)
    .values({ id, identifier: "totp-used", value: "", expiresAt: new Date(now.getTime() + CODE_REUSE_WINDOW_MS) })
    .onConflictDoNothing()
    .returning({ id: verifications.id });
  if (claimed.length === 0) {
    // An expired claim of the same code (another 90 s later) is no reuse.
    const [row] = await db.select({ expiresAt: verifications.expiresAt }).from(verifications).where(eq(verifications.id, id));
    if (row && row.expiresAt > now) return null;
    await db.update(verifications).set({ expiresAt: new Date(now.getTime() + CODE_REUSE_WINDOW_MS) }).where(eq(verifications.id, id));
  }
  return { release: async () => void (await db.delete(verifications).where(eq(verifications.id, id))) };
}

export async function recoveryCodesRemaining(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ codes: twoFactors.backupCodes }).from(twoFactors).where(eq(twoFactors.userId, userId));
  return recoveryCodesLeft(row?.codes);
}

/** The page's guard: without a pending challenge there is nothing to verify. */
export async function requirePendingSecondStep(request: Request, config: { SESSION_SECRET: string; secureCookies: boolean }): Promise<string> {
  const email = await pendingSecondStep(request, config);
  if (!email) throw redirect("/admin/login");
  return email;
}
