import { APIError } from "better-auth/api";
import { and, eq, lt } from "drizzle-orm";
import { redirect, type AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { sessions, userRoles } from "../../db/schema";
import { ACCESS_DENIED } from "./forms";
import { authHeaders, getAuth, SESSION_IDLE_SECONDS, SESSION_TOUCH_SECONDS, type AuthContext } from "./auth.server";

export interface AdminUser {
  id: string;
  email: string;
  name: string;
}

export interface SignedInUser extends AdminUser {
  sessionId: string;
  sessionToken: string;
  isAdmin: boolean;
}

export { ACCESS_DENIED };

// Cache-Control: no-store is set on every /admin response by server/admin-gate.ts.
function plain(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...extra } });
}

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

/** Delete one session row: its cookie stops working at once. */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * The signed-in user of this request, or null. better-auth checks the cookie's signature and the
 * session's absolute expiry; the idle limit is enforced here from the row's updated_at.
 */
export async function getSignedInUser(request: Request, context: AuthContext): Promise<SignedInUser | null> {
  const { db } = context.services;
  const auth = getAuth(context);
  if (!request.headers.get("Cookie")) return null;
  let result;
  try {
    result = await auth.api.getSession({ headers: authHeaders(request) });
  } catch (error) {
    // A refused cookie is nobody; a database failure is an error, not a sign-out.
    if (error instanceof APIError) return null;
    throw error;
  }
  if (!result) return null;
  const { session, user } = result;
  const idleMs = Date.now() - new Date(session.updatedAt).getTime();
  if (idleMs > SESSION_IDLE_SECONDS * 1000) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (idleMs > SESSION_TOUCH_SECONDS * 1000) {
    // Session bookkeeping only (the idle clock); the guard's one write, guarded so it stays rare.
    await db
      .update(sessions)
      .set({ updatedAt: new Date() })
      .where(and(eq(sessions.id, session.id), lt(sessions.updatedAt, new Date(Date.now() - SESSION_TOUCH_SECONDS * 1000))));
  }
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    sessionId: session.id,
    sessionToken: session.token,
    isAdmin: await isAdmin(db, user.id),
  };
}

const toAdmin = (user: SignedInUser): AdminUser => ({ id: user.id, email: user.email, name: user.name });

/** Admin page loaders: anonymous -> redirect to the login page; signed in without the role -> 403. */
export async function requireAdminPage(request: Request, context: AppLoadContext): Promise<AdminUser> {
  const user = await getSignedInUser(request, context);
  if (!user) throw redirect("/admin/login");
  if (!user.isAdmin) throw plain(403, ACCESS_DENIED);
  return toAdmin(user);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a request comes from another site (CSRF). Browsers send Sec-Fetch-Site and Origin on
 * every POST; a request with neither is not from a browser page and carries no ambient authority.
 */
export function isCrossSite(request: Request, siteUrl: string): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  if (origin === "null") return true;
  return origin !== new URL(request.url).origin && origin !== new URL(siteUrl).origin;
}

/** Refuse safe methods (405) and cross-site requests (403): the checks every admin mutation needs. */
export function assertSameOriginMutation(request: Request, siteUrl: string): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) throw plain(405, "Method Not Allowed", { Allow: "POST" });
  if (isCrossSite(request, siteUrl)) throw plain(403, "Cross-site request refused.");
}

/** Admin actions and mutating data routes: not over GET, same origin only, admin only. */
export async function requireAdminAction(request: Request, context: AppLoadContext): Promise<AdminUser> {
  assertSameOriginMutation(request, context.services.config.SITE_URL);
  const user = await getSignedInUser(request, context);
  if (!user) throw plain(401, "Sign in required.");
  if (!user.isAdmin) throw plain(403, ACCESS_DENIED);
  return toAdmin(user);
}

/** Admin GET data routes (CSV exports): anonymous -> 401, non-admin -> 403. */
export async function requireAdminData(request: Request, context: AppLoadContext): Promise<AdminUser> {
  const user = await getSignedInUser(request, context);
  if (!user) throw plain(401, "Sign in required.");
  if (!user.isAdmin) throw plain(403, ACCESS_DENIED);
  return toAdmin(user);
}
