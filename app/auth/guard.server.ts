import { APIError } from "better-auth/api";
import { and, eq, lt } from "drizzle-orm";
import { redirect, type AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { sessions, userRoles, users } from "../../db/schema";
import { refuse } from "../changes/errors.server";
import { ACCESS_DENIED } from "./forms";
import { END_REASONS, endedReason } from "./ended-sessions.server";
import { ACCOUNT_PAGE, secondFactorRequired, SET_UP_SECOND_FACTOR } from "./second-factor-policy.server";
import { effectivePermissions, isRole, permissionsOf, refusal, refusalValues, ROLE_MESSAGES, type Permission, type Role } from "./roles";
import { DEFAULT_STAFF_POLICY, staffPolicy, type StaffPolicy } from "./staff-policy.server";
import { recordAudit } from "../changes/audit.server";
import { authHeaders, getAuth, SESSION_IDLE_SECONDS, SESSION_TOUCH_SECONDS, type AuthContext } from "./auth.server";

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  /**
   * The staff roles held (decision 0066). Every request's user has them (the guards below set
   * them); code called by no request (CLI, jobs, tests) may leave them out and is not limited by role.
   */
  roles?: readonly Role[];
  /**
   * What the roles allow under the staff policy (decision 0070), set by every guard with the roles;
   * without it the roles' own table applies (sign-off on).
   */
  permissions?: readonly Permission[];
  /** The session a request came from (the audit log records it); absent outside requests. */
  sessionId?: string;
  /** Must set up a second factor first: only their account page's actions are open (decision 0068). */
  secondFactorSetupNeeded?: boolean;
}

export interface SignedInUser extends AdminUser {
  sessionId: string;
  sessionToken: string;
  roles: Role[];
  /** Holds at least one staff role: may enter the admin area. */
  isStaff: boolean;
  /** Holds the admin role. */
  isAdmin: boolean;
  /** Has a second factor turned on. */
  twoFactorEnabled: boolean;
  /** Must set up a second factor before anything but their own account page (decision 0068). */
  secondFactorSetupNeeded: boolean;
  /** The staff policy, read at most once per request and only by what needs it. */
  policy: () => Promise<StaffPolicy>;
}

export { ACCESS_DENIED };

// Cache-Control: no-store is set on every /admin response by server/admin-gate.ts.
function plain(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...extra } });
}

/** The staff roles a user holds; role names this version does not know grant nothing. */
export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role).filter(isRole);
}

/** May enter the admin area at all: holds a staff role. */
export async function isStaff(db: Db, userId: string): Promise<boolean> {
  return (await rolesOf(db, userId)).length > 0;
}

/** Whether a request's user may do something; a user without roles (not from a request) may. */
export function userCan(user: AdminUser, permission: Permission): boolean {
  if (user.roles === undefined) return true;
  return user.permissions ? user.permissions.includes(permission) : permissionsOf(user.roles).has(permission);
}

/** Refuse (forbidden, the kit's AdminError) what the user's roles do not allow. */
export function assertCan(user: AdminUser, permission: Permission): void {
  if (!userCan(user, permission)) throw refuse("forbidden", ROLE_MESSAGES.cannot, refusalValues(user.roles ?? [], permission));
}

/** The id of the session a sign-in just made (better-auth answers with its token); null if gone. */
export async function sessionIdOfToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token));
  return row?.id ?? null;
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
  // Roles and the disabled flag in one query: a disabled account's session (one that raced the
  // disable, which deletes them all) is ended here too (decision 0067).
  const rows = await db
    .select({ disabledAt: users.disabledAt, twoFactorEnabled: users.twoFactorEnabled, role: userRoles.role })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, user.id));
  if (rows.length === 0 || rows[0].disabledAt) {
    await endSession(db, session.id);
    return null;
  }
  const roles = rows.map((row) => row.role).filter(isRole);
  const twoFactorEnabled = rows[0].twoFactorEnabled;
  let read: Promise<StaffPolicy> | null = null;
  const policy = () => (read ??= staffPolicy(db));
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    sessionId: session.id,
    sessionToken: session.token,
    roles,
    isStaff: roles.length > 0,
    isAdmin: roles.includes("admin"),
    twoFactorEnabled,
    secondFactorSetupNeeded: roles.length > 0 && (await secondFactorRequired(context.services, { roles, twoFactorEnabled }, policy)),
    policy,
  };
}

const toAdmin = (user: SignedInUser): AdminUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  roles: user.roles,
  sessionId: user.sessionId,
  secondFactorSetupNeeded: user.secondFactorSetupNeeded,
});

/**
 * A signed-in user without any staff role gets the spec's refusal; one without the permission, its
 * sentence. Someone who must still set up a second factor reaches only their account page (the
 * pages that need no more than dashboard.open): other pages send them there, other requests get
 * 403. The permission set is built here, once per request, from the roles and the staff policy
 * (decision 0070): the policy is read only for roles it can change (no sign-off of their own).
 */
/**
 * A refusal for lack of permission is itself an audit entry (decision 0090): who tried which
 * address or intent, needing what, from which session. The refusal stands even if the entry
 * cannot be written (the log says why).
 */
export async function recordDenied(
  services: { db: Db; log: { error: (details: object, message: string) => void } },
  user: { id: string; sessionId?: string; roles?: readonly string[] },
  request: Request,
  permission: Permission | null,
  intent?: string,
): Promise<void> {
  const url = new URL(request.url);
  try {
    await recordAudit(services.db, {
      userId: user.id,
      sessionId: user.sessionId ?? null,
      action: "access_denied",
      entity: "admin_route",
      entityId: url.pathname,
      details: { method: request.method, permission: permission ?? "staff role", roles: [...(user.roles ?? [])], ...(intent ? { intent } : {}) },
    });
  } catch (error) {
    services.log.error({ err: error, path: url.pathname }, "could not record a refused request in the audit log");
  }
}

async function checkRoles(context: AppLoadContext, request: Request, user: SignedInUser, permission: Permission | null, kind: "page" | "request"): Promise<AdminUser> {
  if (!user.isStaff) {
    await recordDenied(context.services, user, request, permission);
    throw plain(403, ACCESS_DENIED);
  }
  if (user.secondFactorSetupNeeded && permission !== "dashboard.open") {
    if (kind === "page") throw redirect(ACCOUNT_PAGE);
    if (permission !== null) throw plain(403, SET_UP_SECOND_FACTOR);
  }
  const own = permissionsOf(user.roles);
  const policy = own.has("posts.edit") && !own.has("changes.publish") ? await user.policy() : DEFAULT_STAFF_POLICY;
  const permissions = effectivePermissions(user.roles, policy);
  if (permission && !permissions.has(permission)) {
    await recordDenied(context.services, user, request, permission);
    throw plain(403, refusal(user.roles, permission));
  }
  return { ...toAdmin(user), permissions: [...permissions] };
}

/**
 * Admin page loaders, one permission each: anonymous -> redirect to the login page; no staff
 * role -> 403 "Access Denied"; a role without the permission -> 403 "Your role (editor) cannot …".
 */
export async function requirePermission(request: Request, context: AppLoadContext, permission: Permission): Promise<AdminUser> {
  const user = await getSignedInUser(request, context);
  if (!user) {
    // Signed out by someone else: the sign-in page says why (ended-sessions.server.ts).
    const reason = await endedReason(context.services.db, request);
    throw redirect(reason ? `/admin/login?ended=${reason}` : "/admin/login");
  }
  return checkRoles(context, request, user, permission, "page");
}

/** The 401 sentence: why this session ended when someone else ended it, else "Sign in required." */
export async function signInRequired(db: Db, request: Request): Promise<string> {
  const reason = await endedReason(db, request);
  return reason ? END_REASONS[reason] : "Sign in required.";
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

/**
 * Admin actions and mutating data routes: not over GET, same origin only, staff only, and the
 * permission when given (the admin kit passes none and checks each intent's after reading the form).
 */
export async function requireActionPermission(request: Request, context: AppLoadContext, permission: Permission | null): Promise<AdminUser> {
  assertSameOriginMutation(request, context.services.config.SITE_URL);
  const user = await getSignedInUser(request, context);
  if (!user) throw plain(401, await signInRequired(context.services.db, request));
  return checkRoles(context, request, user, permission, "request");
}

/** Admin GET data routes (CSV exports, job status): anonymous -> 401, without the permission -> 403. */
export async function requireDataPermission(request: Request, context: AppLoadContext, permission: Permission): Promise<AdminUser> {
  const user = await getSignedInUser(request, context);
  if (!user) throw plain(401, await signInRequired(context.services.db, request));
  return checkRoles(context, request, user, permission, "request");
}
