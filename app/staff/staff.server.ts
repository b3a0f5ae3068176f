import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, userRoles, users } from "../../db/schema";
import { ADMIN_LOCK_KEY } from "../auth/admin-users.server";
import { SESSION_IDLE_SECONDS } from "../auth/auth.server";
import type { AdminUser } from "../auth/guard.server";
import { removeSecondFactor } from "../auth/second-factor.server";
import { endSessionsWithNote } from "../auth/ended-sessions.server";
import { isRole, ROLES, type Role } from "../auth/roles";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { auditFrom } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { staffChangeMailJob, type StaffChange } from "../auth/account-mail.server";

/**
 * Staff accounts (issue 31, decision 0067): list them, change a role, disable or enable an
 * account, end its sessions. Every change runs under the same advisory lock as admin creation
 * (admin-users.server.ts), so the "at least one enabled admin" check and the change that could
 * break it are one step: two admins demoting each other at once leave one admin.
 */

export const LAST_ADMIN = "This is the last enabled admin: make another account an admin first. Nothing was changed.";
// Sign-in refuses a disabled account (app/auth); the Staff tab disables it.
export { DISABLED_SIGN_IN, isDisabled } from "../auth/disabled.server";
export const SELF_DISABLE = "You cannot disable your own account. Ask another admin.";
const NO_LONGER_ADMIN = "Your account is no longer an enabled admin. Nothing was changed.";
/** The confirm field must name the account acted on (decision 0090). */
export const CONFIRM_BY_NAME = "Confirm by naming the account: its e-mail address. Nothing was changed.";

/** The Staff tab's refusals (decision 0101). */
export const STAFF_MESSAGES = defineMessages("staff", {
  lastAdmin: LAST_ADMIN,
  selfDisable: SELF_DISABLE,
  noLongerAdmin: NO_LONGER_ADMIN,
  confirmByName: CONFIRM_BY_NAME,
  accountGone: "This account no longer exists.",
  chooseRole: "Choose one of: {roles}.",
});
const M = STAFF_MESSAGES;

/**
 * A sensitive change from a request names the person it is for (the dialog sends their address),
 * and tells them by mail what was done and by whom. Code no request calls passes no confirmation.
 */
export interface Sensitive {
  /** What the admin confirmed: the account's e-mail address (case and spaces ignored). */
  confirm?: string;
}

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  disabled: boolean;
  disabledAt: string | null;
  /** Sessions neither expired nor idle past the limit. */
  openSessions: number;
  /** The latest activity of any of its sessions (ISO), or null. */
  lastSeen: string | null;
  /** Has a second factor (decision 0068). */
  secondFactor: boolean;
}

/** Every account, with its roles, state, open sessions and last activity. */
export async function listStaff(db: Db, now = new Date()): Promise<StaffMember[]> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, disabledAt: users.disabledAt, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .orderBy(asc(users.email));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [roleRows, sessionRows] = await Promise.all([
    db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(inArray(userRoles.userId, ids)),
    db
      .select({
        userId: sessions.userId,
        open: sql<number>`count(*) filter (where ${sessions.expiresAt} > ${now} and ${sessions.updatedAt} > ${idleSince})`.mapWith(Number),
        lastSeen: sql<Date | null>`max(${sessions.updatedAt})`.mapWith((v: unknown) => (v ? new Date(v as string) : null)),
      })
      .from(sessions)
      .where(inArray(sessions.userId, ids))
      .groupBy(sessions.userId),
  ]);
  return rows.map((row) => {
    const seen = sessionRows.find((s) => s.userId === row.id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      roles: roleRows.filter((r) => r.userId === row.id).map((r) => r.role).filter(isRole).sort(),
      disabled: row.disabledAt !== null,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      openSessions: seen?.open ?? 0,
      lastSeen: seen?.lastSeen?.toISOString() ?? null,
      secondFactor: row.twoFactorEnabled,
    };
  });
}

/** The enabled admins, counted under the lock. */
async function enabledAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .where(isNull(users.disabledAt));
  return rows.map((r) => r.id);
}

interface Target {
  id: string;
  email: string;
  disabledAt: Date | null;
}

/**
 * Run one staff change under the admin lock: the target must exist, and an actor from a request
 * must still be an enabled admin (a concurrent change may have demoted or disabled them meanwhile).
 */
async function underLock<R>(
  db: Db,
  actor: AdminUser,
  userId: string,
  work: (tx: Db, target: Target, admins: string[]) => Promise<{ result: R; details: Record<string, unknown>; action: string; notice?: StaffChange }>,
  sensitive?: Sensitive,
): Promise<R> {
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
    const [target] = await tx.select({ id: users.id, email: users.email, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).limit(1);
    if (!target) throw refuse("not-found", M.accountGone);
    if (sensitive?.confirm !== undefined && sensitive.confirm.trim().toLowerCase() !== target.email.toLowerCase()) throw refuse("invalid", M.confirmByName, undefined, ["confirm"]);
    const admins = await enabledAdmins(tx);
    if (actor.roles !== undefined && !admins.includes(actor.id)) throw refuse("forbidden", M.noLongerAdmin);
    const { result, details, action, notice } = await work(tx, target, admins);
    // Told in the same transaction: the change and its notice happen together or not at all.
    if (notice) await staffChangeMailJob.enqueue(tx, null, [{ label: `Notice to ${target.email}`, payload: { email: target.email, change: notice, by: actor.email || "An administrator" } }], { createdBy: actor.roles === undefined ? null : actor.id });
    return {
      result,
      audit: { ...auditFrom(actor), action, entity: "user", entityId: target.id, details: { email: target.email, by: actor.email, ...details } },
    };
  });
}

/** Give an account exactly one role (replacing its roles); the last enabled admin keeps admin. */
export async function changeRole(db: Db, actor: AdminUser, userId: string, role: Role, sensitive?: Sensitive): Promise<{ roles: Role[] }> {
  if (!isRole(role)) throw refuse("invalid", M.chooseRole, { roles: ROLES.join(", ") });
  return underLock(
    db,
    actor,
    userId,
    async (tx, target, admins) => {
      const before = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, target.id))).map((r) => r.role).sort();
      if (role !== "admin" && admins.length === 1 && admins[0] === target.id) throw refuse("conflict", M.lastAdmin);
      await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
      await tx.insert(userRoles).values({ userId: target.id, role });
      const same = before.length === 1 && before[0] === role;
      return { result: { roles: [role] }, action: "role_change", details: { from: before, to: [role] }, notice: same ? undefined : { kind: "role_change", from: before, to: [role] } };
    },
    sensitive,
  );
}

/** Disable an account: it cannot sign in, and every session it has ends now. */
export async function disableUser(db: Db, actor: AdminUser, userId: string, now = new Date(), sensitive?: Sensitive): Promise<{ endedSessions: number }> {
  if (actor.id === userId) throw refuse("conflict", M.selfDisable);
  return underLock(
    db,
    actor,
    userId,
    async (tx, target, admins) => {
      if (admins.length === 1 && admins[0] === target.id) throw refuse("conflict", M.lastAdmin);
      if (!target.disabledAt) await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, target.id));
      const ended = await endSessionsWithNote(tx, eq(sessions.userId, target.id), "disabled", now);
      return { result: { endedSessions: ended }, action: "disable", details: { endedSessions: ended }, notice: target.disabledAt ? undefined : { kind: "disable" } };
    },
    sensitive,
  );
}

/** Enable a disabled account again (it signs in afresh: its sessions were ended when disabled). */
export async function enableUser(db: Db, actor: AdminUser, userId: string, now = new Date(), sensitive?: Sensitive): Promise<Record<string, never>> {
  return underLock(
    db,
    actor,
    userId,
    async (tx, target) => {
      if (target.disabledAt) await tx.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, target.id));
      return { result: {}, action: "enable", details: { wasDisabled: target.disabledAt !== null }, notice: target.disabledAt ? { kind: "enable" } : undefined };
    },
    sensitive,
  );
}

/** End every session of an account (its cookies stop working at the next request). */
export async function endAllSessions(db: Db, actor: AdminUser, userId: string): Promise<{ endedSessions: number }> {
  return underLock(db, actor, userId, async (tx, target) => {
    const ended = await endSessionsWithNote(tx, eq(sessions.userId, target.id), "ended");
    return { result: { endedSessions: ended }, action: "end_sessions", details: { endedSessions: ended } };
  });
}


/**
 * Reset an account's second factor (a lost phone and lost recovery codes): it is removed with the
 * devices it trusted, and every session of the account ends, so the person signs in again with
 * their password and (if their role needs one) sets up a new one at once. The admin is expected to
 * confirm who is asking (in person or by a call to a known number) before doing this.
 */
export async function resetSecondFactor(db: Db, actor: AdminUser, userId: string, sensitive?: Sensitive): Promise<{ endedSessions: number }> {
  return underLock(
    db,
    actor,
    userId,
    async (tx, target) => {
      await removeSecondFactor(tx, target.id, true);
      const ended = await endSessionsWithNote(tx, eq(sessions.userId, target.id), "second-factor");
      return { result: { endedSessions: ended }, action: "second_factor_reset", details: { endedSessions: ended }, notice: { kind: "second_factor_reset" } };
    },
    sensitive,
  );
}
