import { APIError } from "better-auth/api";
import { data, type AppLoadContext } from "react-router";
import { recordAudit } from "../changes/audit.server";
import { redirectWithToast } from "../toast/toast.server";
import { AdminInputError, adminExists, createOrPromoteAdmin, SetupAlreadyDone, verifySetupToken } from "./admin-users.server";
import { authHeaders, getAuth } from "./auth.server";
import { readForm } from "../form-data.server";
import { fieldErrors, setupSchema, type FieldErrors } from "./forms";
import { assertSameOriginMutation, sessionIdOfToken } from "./guard.server";
import { issueDeviceCookie } from "./login-throttle.server";

export type SetupState = "form" | "need-token" | "bad-token" | "complete";

export async function setupPageState(context: AppLoadContext, token: string | null): Promise<SetupState> {
  const { db } = context.services;
  if (await adminExists(db)) return "complete";
  if (!token) return "need-token";
  return (await verifySetupToken(db, token)) ? "form" : "bad-token";
}

export interface SetupActionData {
  state?: SetupState;
  error?: string;
  fields?: FieldErrors;
  email?: string;
}

/** Create the first admin (token-gated; refused with 409 once any admin exists), then sign in. */
export async function setupAction(request: Request, context: AppLoadContext) {
  const { db, config, log } = context.services;
  assertSameOriginMutation(request, config.SITE_URL);
  const form = await readForm(request);
  const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  const email = String(form.get("email") ?? "").slice(0, 255);

  if (await adminExists(db)) {
    return data<SetupActionData>({ state: "complete", error: "Setup is complete: an admin account already exists." }, { status: 409 });
  }
  if (!(await verifySetupToken(db, token))) {
    return data<SetupActionData>({ state: "bad-token", error: "This setup link is invalid or has expired." }, { status: 403 });
  }
  const parsed = setupSchema.safeParse({ token, email, password: form.get("password") ?? "", confirm: form.get("confirm") ?? "" });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return data<SetupActionData>({ state: "form", error: "Please correct the highlighted fields.", fields, email }, { status: 400 });
  }

  let userId: string;
  try {
    const result = await createOrPromoteAdmin(db, { email: parsed.data.email, password: parsed.data.password }, { onlyIfNoAdmin: true, via: "setup" });
    userId = result.userId;
  } catch (error) {
    if (error instanceof SetupAlreadyDone) {
      return data<SetupActionData>({ state: "complete", error: error.message }, { status: 409 });
    }
    if (error instanceof AdminInputError) {
      return data<SetupActionData>({ state: "form", error: error.message, email }, { status: 400 });
    }
    log.error({ err: error }, "first-admin setup failed");
    return data<SetupActionData>({ state: "form", error: "The account could not be created. Please try again.", email }, { status: 500 });
  }
  log.info("first admin account created through /admin/setup");

  const ip = context.clientIp || "unknown";
  const headers = new Headers();
  try {
    const signIn = await getAuth(context).api.signInEmail({
      body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true },
      headers: authHeaders(request, ip),
      returnHeaders: true,
    });
    for (const cookie of signIn.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    // This browser is now a known device of the account (login-throttle.server.ts).
    headers.append("Set-Cookie", await issueDeviceCookie(config, parsed.data.email));
    const token = "token" in signIn.response ? signIn.response.token : null;
    await recordAudit(db, { userId, sessionId: token ? await sessionIdOfToken(db, token) : null, action: "login", entity: "session", details: { ip, via: "setup" } });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    // The account exists; the admin can sign in by hand.
    return redirectWithToast("/admin/login", { title: "Admin account created", description: "Please sign in.", type: "success" });
  }
  return redirectWithToast(
    "/admin/dashboard",
    { title: "Setup complete", description: "Your admin account is ready and you are signed in.", type: "success" },
    { headers },
  );
}
