import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { data, redirect, type AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { recordAudit } from "../changes/audit.server";
import { adminHome } from "./tabs";
import { redirectWithToast } from "../toast/toast.server";
import { authHeaders, getAuth } from "./auth.server";
import { readForm } from "../form-data.server";
import { fieldErrors, loginSchema, type LoginActionData } from "./forms";
import { ACCESS_DENIED, assertSameOriginMutation, getSignedInUser, isStaff, rolesOf, sessionIdOfToken } from "./guard.server";
import { ACCOUNT_PAGE, secondFactorRequired, SET_UP_SECOND_FACTOR } from "./second-factor-policy.server";
import { DISABLED_SIGN_IN, isDisabled } from "./disabled.server";
import { issuePendingSecondStep, SECOND_STEP_PAGE } from "./second-step.server";
import { confirmUnlockAction, requestUnlockAction } from "./unlock.server";
import { beginLoginAttempt, clearLoginFailures, issueDeviceCookie, readDeviceCookie, throttleMessage } from "./login-throttle.server";
import { logRefusal } from "../../core/log";

export type { LoginActionData };

/** One message for an unknown email and a wrong password: nothing tells which accounts exist. */
export const INVALID_CREDENTIALS = "Invalid email or password";

/** Sign in with email and password; only enabled staff keep the session (SPEC 2.15, 6, 8). */
export async function loginAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { db, config, log } = context.services;
  assertSameOriginMutation(request, config.SITE_URL);
  const form = await readForm(request);
  // The unlock link's two steps are forms of this page (decision 0055).
  const intent = form.get("intent");
  if (intent === "unlock-request") return requestUnlockAction(form, context);
  if (intent === "unlock") return confirmUnlockAction(form, context);
  const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  const typedEmail = String(form.get("email") ?? "").slice(0, 255);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const message = fields.email ?? fields.password ?? "Check the form";
    return data<LoginActionData>({ error: { title: "Login Failed", message }, fields, email: typedEmail }, { status: 400 });
  }
  const email = parsed.data.email.toLowerCase();
  const ip = context.clientIp || "unknown";

  // A browser that signed in to this account before counts against its own allowance, not the
  // per-account lock anyone can provoke (docs/decisions/0005-sign-in-throttle-device-cookies.md).
  const device = await readDeviceCookie(request, config, email);
  const throttle = await beginLoginAttempt(db, email, ip, new Date(), device);
  if (throttle.waitMs > 0) {
    logRefusal(log, ip, "admin sign-in throttled", { knownDevice: device !== null });
    return data<LoginActionData>(
      { error: { title: "Login Failed", message: throttleMessage(throttle.waitMs) }, email: typedEmail, unlockOffer: device === null },
      { status: 429, headers: { "Retry-After": String(Math.ceil(throttle.waitMs / 1000)) } },
    );
  }

  // Each sign-in starts from a fresh session token; a session this browser already had is ended.
  const previous = await getSignedInUser(request, context);
  if (previous) await db.delete(sessions).where(eq(sessions.id, previous.sessionId));

  const auth = getAuth(context);
  let result;
  try {
    result = await auth.api.signInEmail({
      body: { email, password: parsed.data.password, rememberMe: true },
      headers: authHeaders(request, ip),
      returnHeaders: true,
    });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    log.warn({ ip, knownDevice: device !== null, status: error.status }, "admin sign-in failed");
    return data<LoginActionData>({ error: { title: "Login Failed", message: INVALID_CREDENTIALS }, email: typedEmail }, { status: 401 });
  }
  await clearLoginFailures(db, email, ip, new Date(), device);
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);

  // An account with a second factor: the plugin set its challenge cookie and made no session yet.
  if ("twoFactorRedirect" in result.response && result.response.twoFactorRedirect) {
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const refused = account ? await refusalFor(db, account.id) : "no-role";
    if (refused) {
      log.warn({ ip }, "refused account passed the password step");
      return data<LoginActionData>({ error: REFUSED_SIGN_IN[refused], email: typedEmail }, { status: 403 });
    }
    headers.append("Set-Cookie", await issuePendingSecondStep(config, email));
    return redirect(SECOND_STEP_PAGE, { headers });
  }
  const { user, token } = result.response as { user: { id: string }; token: string };

  // Checked after the password, so the refusal tells nothing to someone who does not know it.
  const refused = await refusalFor(db, user.id);
  if (refused) {
    // Signed out at once: the session never reaches the browser.
    await db.delete(sessions).where(eq(sessions.token, token));
    log.warn({ ip, refused }, "refused account tried the admin sign-in");
    return data<LoginActionData>({ error: REFUSED_SIGN_IN[refused], email: typedEmail }, { status: 403 });
  }

  await recordAudit(db, { userId: user.id, action: "login", entity: "session", sessionId: await sessionIdOfToken(db, token), details: { ip } });
  headers.append("Set-Cookie", await issueDeviceCookie(config, email));
  const [account] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id));
  const roles = await rolesOf(db, user.id);
  if (await secondFactorRequired(context.services, { roles, twoFactorEnabled: account?.twoFactorEnabled ?? false })) {
    return redirectWithToast(ACCOUNT_PAGE, { title: "Set up a second factor", description: SET_UP_SECOND_FACTOR, type: "info" }, { headers });
  }
  return redirectWithToast(adminHome(roles), { title: "Welcome back!", description: "Successfully logged in.", type: "success" }, { headers });
}

/** Why an account with the right password may not enter: disabled, or no staff role; null = may. */
async function refusalFor(db: Db, userId: string): Promise<keyof typeof REFUSED_SIGN_IN | null> {
  if (await isDisabled(db, userId)) return "disabled";
  if (!(await isStaff(db, userId))) return "no-role";
  return null;
}

/** What the sign-in page shows for each reason (chosen by the reason, not by its sentence). */
const REFUSED_SIGN_IN = {
  disabled: { title: "Login Failed", message: DISABLED_SIGN_IN },
  "no-role": { title: ACCESS_DENIED },
} as const;
