/**
 * The page a staff invitation's link opens (decision 0069), one of the link pages of
 * app/auth/link-pages.server.ts: opening it shows the form, posting it creates the account.
 */
import { data, type AppLoadContext } from "react-router";
import { redirectWithToast } from "../toast/toast.server";
import { readForm } from "../form-data.server";
import { commonPasswordReason } from "../auth/password-policy.server";
import { acceptInviteSchema, INVITE_INVALID } from "../auth/account-forms";
import { fieldErrors } from "../auth/forms";
import { assertSameOriginMutation } from "../auth/guard.server";
import { text, tokenOf, type LinkPageAnswer } from "../auth/link-pages.server";
import { acceptInvitation, InvitationInvalid, invitationOfToken } from "./invites.server";

export async function invitePage({ request, context }: { request: Request; context: AppLoadContext }) {
  const token = tokenOf(request);
  const invitation = token ? await invitationOfToken(context.services.db, token) : null;
  return { token: invitation ? token : null, invitation };
}

export async function inviteAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { db, config, log } = context.services;
  assertSameOriginMutation(request, config.SITE_URL);
  const form = await readForm(request);
  const token = text(form, "token").slice(0, 200);
  if (!(await invitationOfToken(db, token))) return data<LinkPageAnswer>({ invalid: INVITE_INVALID }, { status: 400 });
  const parsed = acceptInviteSchema.safeParse({ token, name: text(form, "name"), password: text(form, "password"), confirm: text(form, "confirm") });
  if (!parsed.success) return data<LinkPageAnswer>({ error: "Please correct the highlighted fields.", fields: fieldErrors(parsed.error) }, { status: 400 });
  const invited = await invitationOfToken(db, token);
  const common = commonPasswordReason(parsed.data.password, [invited?.email.split("@")[0] ?? "", parsed.data.name]);
  if (common) return data<LinkPageAnswer>({ error: "Please correct the highlighted fields.", fields: { password: common } }, { status: 400 });
  try {
    const accepted = await acceptInvitation(db, token, { name: parsed.data.name, password: parsed.data.password });
    log.info({ role: accepted.role }, "staff invitation accepted");
  } catch (error) {
    if (error instanceof InvitationInvalid) return data<LinkPageAnswer>({ invalid: error.message }, { status: 400 });
    throw error;
  }
  return redirectWithToast("/admin/login", { title: "Account created", description: "Sign in with your email and new password.", type: "success" });
}
