import type { AppLoadContext } from "react-router";
import { recordAudit } from "../changes/audit.server";
import { redirectWithToast } from "../toast/toast.server";
import { authHeaders, getAuth } from "./auth.server";
import { assertSameOriginMutation, endSession, getSignedInUser } from "./guard.server";

/** Delete this browser's session and its cookie, then go to the login page with 'Logged out'. */
export async function logoutAction(request: Request, context: AppLoadContext) {
  const { db, config } = context.services;
  assertSameOriginMutation(request, config.SITE_URL);
  const user = await getSignedInUser(request, context);
  const headers = new Headers();
  if (user) {
    const result = await getAuth(context).api.signOut({ headers: authHeaders(request), returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    // signOut deletes the row; deleting again makes sure even if its lookup differed.
    await endSession(db, user.sessionId);
    await recordAudit(db, { userId: user.id, sessionId: user.sessionId, action: "logout", entity: "session" });
  }
  return redirectWithToast("/admin/login", { title: "Logged out", description: "You have been successfully logged out.", type: "success" }, { headers });
}
