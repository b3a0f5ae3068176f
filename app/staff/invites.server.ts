import { and, asc, eq, isNull, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userRoles, users, verifications } from "../../db/schema";
import { ADMIN_LOCK_KEY, createOrPromoteAdmin } from "../auth/admin-users.server";
import { inviteIdentifier, inviteMailJob, LINKS } from "../auth/account-mail.server";
import type { AdminUser } from "../auth/guard.server";
import { consumeLinkToken, hashToken, newToken, peekLinkToken } from "../auth/link-tokens.server";
import { isRole, ROLES, type Role } from "../auth/roles";
import { INVITE_INVALID } from "../auth/account-forms";
import { recordAudit } from "../changes/audit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { STAFF_MESSAGES } from "./staff.server";

/**
 * Staff invitations (decision 0069). An invitation is one row of `verifications` per address
 * (identifier `staff-invite:<address>`, value: the role and who invited), whose id is the SHA-256
 * of the token the last mail carried: the mail job gives it a new token each time it sends
 * (account-mail.server.ts), so a resent invitation voids the link sent before. Accepting uses the
 * row up and creates the account with its role in one transaction, under the admin lock.
 */

export const ACCOUNT_EXISTS = "An account with this email address already exists. Nothing was changed.";
export const ALREADY_INVITED = "This address already has an invitation waiting: resend or revoke it. Nothing was changed.";

/** The invitations' refusals (decision 0101); the actor's own refusals are the Staff tab's. */
const M = {
  ...STAFF_MESSAGES,
  ...defineMessages("invites", {
    accountExists: ACCOUNT_EXISTS,
    alreadyInvited: ALREADY_INVITED,
    gone: "This invitation no longer exists: it was accepted or revoked.",
  }),
};

interface InviteValue {
  role: Role;
  invitedById: string;
  invitedBy: string;
}

export interface PendingInvitation {
  email: string;
  role: Role;
  invitedBy: string;
  /** ISO time the current link stops working. */
  expiresAt: string;
  expired: boolean;
}

function parseValue(value: string): InviteValue | null {
  try {
    const parsed = JSON.parse(value) as Partial<InviteValue>;
    if (!isRole(parsed.role)) return null;
    return { role: parsed.role, invitedById: String(parsed.invitedById ?? ""), invitedBy: String(parsed.invitedBy ?? "") };
  } catch {
    return null;
  }
}

const emailOf = (identifier: string) => identifier.slice(LINKS.invite.kind.length + 1);
const ofInvites = like(verifications.identifier, `${LINKS.invite.kind}:%`);

/** Every invitation not accepted or revoked, the expired ones too (they can be resent). */
export async function listInvitations(db: Db, now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db.select().from(verifications).where(ofInvites).orderBy(asc(verifications.identifier));
  return rows.flatMap((row) => {
    const value = parseValue(row.value);
    if (!value) return [];
    return [{ email: emailOf(row.identifier), role: value.role, invitedBy: value.invitedBy, expiresAt: row.expiresAt.toISOString(), expired: row.expiresAt <= now }];
  });
}

/** Under the admin lock: the actor of a request must still be an enabled admin. */
async function lockAsAdmin(tx: Db, actor: AdminUser): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
  if (actor.roles === undefined) return;
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .where(and(eq(users.id, actor.id), isNull(users.disabledAt)));
  if (!row) throw refuse("forbidden", M.noLongerAdmin);
}

/** A row whose id is the hash of a token nobody holds: the invitation is listed, and no link works until the mail job sends one. */
const deadId = () => hashToken(newToken());

/** Invite an address with a role: refused when it has an account or an invitation already. */
export async function inviteStaff(db: Db, actor: AdminUser, email: string, role: Role, now = new Date()): Promise<{ email: string; role: Role }> {
  if (!isRole(role)) throw refuse("invalid", M.chooseRole, { roles: ROLES.join(", ") });
  return db.transaction(async (tx) => {
    await lockAsAdmin(tx, actor);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw refuse("conflict", M.accountExists, undefined, ["email"]);
    const [invited] = await tx.select({ id: verifications.id }).from(verifications).where(eq(verifications.identifier, inviteIdentifier(email))).limit(1);
    if (invited) throw refuse("conflict", M.alreadyInvited, undefined, ["email"]);
    const value: InviteValue = { role, invitedById: actor.id, invitedBy: actor.email };
    await tx.insert(verifications).values({ id: deadId(), identifier: inviteIdentifier(email), value: JSON.stringify(value), expiresAt: new Date(now.getTime() + LINKS.invite.ttlMs) });
    await inviteMailJob.enqueue(tx, null, [{ label: `Invitation to ${email}`, payload: { email, role, invitedBy: actor.email } }], { createdBy: actor.id });
    await recordAudit(tx, { userId: actor.id, action: "invite", entity: "invitation", entityId: email, details: { email, role, by: actor.email }, sessionId: actor.sessionId });
    return { email, role };
  });
}

/** Send an invitation again: the link sent before stops working now, the new one works 72 hours. */
export async function resendInvitation(db: Db, actor: AdminUser, email: string, now = new Date()): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    await lockAsAdmin(tx, actor);
    const [row] = await tx
      .update(verifications)
      .set({ id: deadId(), expiresAt: new Date(now.getTime() + LINKS.invite.ttlMs), updatedAt: now })
      .where(eq(verifications.identifier, inviteIdentifier(email)))
      .returning({ value: verifications.value });
    const value = row ? parseValue(row.value) : null;
    if (!value) throw refuse("not-found", M.gone);
    await inviteMailJob.enqueue(tx, null, [{ label: `Invitation to ${email}`, payload: { email, role: value.role, invitedBy: actor.email } }], { createdBy: actor.id });
    await recordAudit(tx, { userId: actor.id, action: "invite_resend", entity: "invitation", entityId: email, details: { email, role: value.role, by: actor.email }, sessionId: actor.sessionId });
    return { email };
  });
}

/** Withdraw an invitation: its link stops working. */
export async function revokeInvitation(db: Db, actor: AdminUser, email: string): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    await lockAsAdmin(tx, actor);
    const deleted = await tx.delete(verifications).where(eq(verifications.identifier, inviteIdentifier(email))).returning({ value: verifications.value });
    if (deleted.length === 0) throw refuse("not-found", M.gone);
    await recordAudit(tx, { userId: actor.id, action: "invite_revoke", entity: "invitation", entityId: email, details: { email, by: actor.email }, sessionId: actor.sessionId });
    return { email };
  });
}

/** What an invitation link's page shows (uses nothing up): the address and role, or null. */
export async function invitationOfToken(db: Db, token: string, now = new Date()): Promise<{ email: string; role: Role } | null> {
  const row = await peekLinkToken(db, LINKS.invite.kind, token, now);
  const value = row ? parseValue(row.value) : null;
  return row && value ? { email: emailOf(row.identifier), role: value.role } : null;
}

export class InvitationInvalid extends Error {
  constructor(message = INVITE_INVALID) {
    super(message);
  }
}

/**
 * Accept an invitation: the token is used up and the account created with the invitation's role,
 * in one transaction (a refusal leaves both as they were). The name and password are checked by
 * the caller with the setup rules (forms.ts).
 */
export async function acceptInvitation(db: Db, token: string, input: { name: string; password: string }, now = new Date()): Promise<{ userId: string; email: string; role: Role }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
    const row = await consumeLinkToken(tx, LINKS.invite.kind, token, now);
    const value = row ? parseValue(row.value) : null;
    if (!row || !value) throw new InvitationInvalid();
    const email = emailOf(row.identifier);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw new InvitationInvalid(ACCOUNT_EXISTS);
    // The advisory lock is held again by the same session (locks nest), so this is one step.
    const created = await createOrPromoteAdmin(tx, { email, password: input.password, name: input.name }, { role: value.role, via: "invite" });
    await recordAudit(tx, { userId: created.userId, action: "invite_accept", entity: "invitation", entityId: email, details: { email, role: value.role, invitedBy: value.invitedBy } });
    return { userId: created.userId, email, role: value.role };
  });
}
