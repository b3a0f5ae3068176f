import { data, type AppLoadContext } from "react-router";
import { redirectWithToast } from "../toast/toast.server";
import { readForm } from "../form-data.server";
import { commonPasswordReason } from "./password-policy.server";
import { RESET_INVALID, RESET_LIMITED, RESET_REQUESTED, resetPasswordSchema, resetRequestSchema } from "./account-forms";
import { fieldErrors, type FieldErrors } from "./forms";
import { assertSameOriginMutation } from "./guard.server";
import { requestPasswordReset, resetPassword, resetTokenValid } from "./password-reset.server";
import { confirmEmailChange, EmailChangeRefused, emailChangeOfToken } from "./own-account.server";

/**
 * The three pages a mailed link opens, outside the signed-in admin (decision 0069): accepting an
 * invitation (its page in app/staff/invite-page.server.ts), resetting a password, confirming a new email. Opening a link only shows a form or a
 * button (GET changes nothing, so a mail scanner that fetches links uses nothing up); the POST
 * uses it. A link that does not work gets one clear sentence and changes nothing.
 */

export interface LinkPageAnswer {
  /** The link does not work (expired, used, altered): the sentence to show instead of the form. */
  invalid?: string;
  /** A refusal of the form itself. */
  error?: string;
  fields?: FieldErrors;
  /** A notice that is not an error (the reset request's one answer). */
  notice?: string;
}

/** The token of the link opened (at most 200 characters). */
export const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
/** A posted field as text ("" when absent). */
export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

// ------------------------------------------------------------------ password reset

export async function resetPage({ request, context }: { request: Request; context: AppLoadContext }) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { mode: "request" as const, token: null, valid: false };
  const valid = await resetTokenValid(context.services.db, token.slice(0, 200));
  return { mode: "reset" as const, token: valid ? token : null, valid };
}

export async function resetAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { db, config, log } = context.services;
  assertSameOriginMutation(request, config.SITE_URL);
  const form = await readForm(request);
  if (text(form, "intent") === "request") {
    const parsed = resetRequestSchema.safeParse({ email: text(form, "email").slice(0, 255) });
    if (!parsed.success) return data<LinkPageAnswer>({ error: "Please correct the highlighted fields.", fields: fieldErrors(parsed.error) }, { status: 400 });
    // One answer for every address: whether it has an account is never said here.
    if (!(await requestPasswordReset(context, parsed.data.email))) return data<LinkPageAnswer>({ error: RESET_LIMITED }, { status: 429, headers: { "Retry-After": "3600" } });
    return data<LinkPageAnswer>({ notice: RESET_REQUESTED });
  }
  const token = text(form, "token").slice(0, 200);
  if (!(await resetTokenValid(db, token))) return data<LinkPageAnswer>({ invalid: RESET_INVALID }, { status: 400 });
  const parsed = resetPasswordSchema.safeParse({ token, password: text(form, "password"), confirm: text(form, "confirm") });
  if (!parsed.success) return data<LinkPageAnswer>({ error: "Please correct the highlighted fields.", fields: fieldErrors(parsed.error) }, { status: 400 });
  const common = commonPasswordReason(parsed.data.password);
  if (common) return data<LinkPageAnswer>({ error: "Please correct the highlighted fields.", fields: { password: common } }, { status: 400 });
  const ip = context.clientIp || "unknown";
  const done = await resetPassword(db, token, parsed.data.password, { ip });
  if (!done) return data<LinkPageAnswer>({ invalid: RESET_INVALID }, { status: 400 });
  log.info({ ip, endedSessions: done.endedSessions }, "admin password reset by mail link");
  return redirectWithToast("/admin/login", { title: "Password changed", description: "Sign in with your new password. The account was signed out everywhere.", type: "success" });
}

// ------------------------------------------------------------------ new email

export async function confirmEmailPage({ request, context }: { request: Request; context: AppLoadContext }) {
  const token = tokenOf(request);
  const change = token ? await emailChangeOfToken(context.services.db, token) : null;
  return { token: change ? token : null, change: change ? { oldEmail: change.oldEmail, newEmail: change.newEmail } : null };
}

export async function confirmEmailAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { db, config, log } = context.services;
  assertSameOriginMutation(request, config.SITE_URL);
  const form = await readForm(request);
  try {
    await confirmEmailChange(db, text(form, "token").slice(0, 200));
  } catch (error) {
    if (error instanceof EmailChangeRefused) return data<LinkPageAnswer>({ invalid: error.message }, { status: 400 });
    throw error;
  }
  log.info("admin email address changed by confirmation link");
  return redirectWithToast("/admin/login", { title: "Email address changed", description: "Sign in with your new email address from now on.", type: "success" });
}
