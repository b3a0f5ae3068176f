import { and, eq, ne, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { Db } from "../../db/client";
import { accounts, sessions, users } from "../../db/schema";
import { hitRateLimit } from "../../core/rate-limit";
import { recordAudit } from "../changes/audit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { ADMIN_LOCK_KEY } from "./admin-users.server";
import { emailChangedMailJob, emailConfirmMailJob, LINKS, type EmailChange } from "./account-mail.server";
import type { AdminUser } from "./guard.server";
import { consumeLinkToken, peekLinkToken } from "./link-tokens.server";
import { EMAIL_LINK_INVALID } from "./account-forms";
import { endSessionsWithNote } from "./ended-sessions.server";

/**
 * A staff member's own password and email (decision 0069). Both ask for the current password,
 * whose wrong guesses are limited per account (a stolen open session cannot try passwords
 * without end). The new email is used only once the link mailed to it is opened and confirmed.
 */
export const OWN_ACCOUNT = {
  /** Current-password checks per account per window (right or wrong). */
  PASSWORD_CHECKS: 5,
  WINDOW_MS: 15 * 60 * 1000,
} as const;

export const WRONG_PASSWORD = "The current password is not correct. Nothing was changed.";
export const TOO_MANY_CHECKS = "Too many attempts with the current password. Please wait 15 minutes and try again.";
export const EMAIL_TAKEN = "Another account already uses this email address. Nothing was changed.";
export const EMAIL_SAME = "This is already your email address.";
const M = defineMessages("own-account", { wrongPassword: WRONG_PASSWORD, tooManyChecks: TOO_MANY_CHECKS, emailTaken: EMAIL_TAKEN, emailSame: EMAIL_SAME });

/** Check the account's current password (counted against the account's allowance); refuses with the field's message. */
async function checkCurrentPassword(db: Db, userId: string, password: string): Promise<void> {
  const turn = await hitRateLimit(db, `account:password-check:${userId}`, { limit: OWN_ACCOUNT.PASSWORD_CHECKS, windowMs: OWN_ACCOUNT.WINDOW_MS });
  if (!turn.allowed) throw refuse("forbidden", M.tooManyChecks, undefined, ["currentPassword"]);
  const [account] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!account?.password || !(await verifyPassword({ hash: account.password, password }))) {
    throw refuse("invalid", M.wrongPassword, undefined, ["currentPassword"]);
  }
}

/**
 * Change one's own password: the current one is checked, the new one stored, and every OTHER
 * session of the account ends; the session of this request stays (same id, same limits).
 */
export async function changeOwnPassword(db: Db, user: AdminUser, currentPassword: string, newPassword: string): Promise<{ endedSessions: number }> {
  await checkCurrentPassword(db, user.id, currentPassword);
  const hash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await tx.update(accounts).set({ password: hash, updatedAt: new Date() }).where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
    const others = user.sessionId ? and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)) : eq(sessions.userId, user.id);
    const ended = await endSessionsWithNote(tx, others, "password");
    await recordAudit(tx, { userId: user.id, action: "password_change", entity: "user", entityId: user.id, details: { endedSessions: ended }, sessionId: user.sessionId });
    return { endedSessions: ended };
  });
}

/** Ask to change one's own email: a confirmation link goes to the new address; nothing changes yet. */
export async function requestEmailChange(db: Db, user: AdminUser, newEmail: string, currentPassword: string): Promise<{ newEmail: string }> {
  if (newEmail === user.email.toLowerCase()) throw refuse("invalid", M.emailSame, undefined, ["newEmail"]);
  await checkCurrentPassword(db, user.id, currentPassword);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (taken) throw refuse("conflict", M.emailTaken, undefined, ["newEmail"]);
  const change: EmailChange = { userId: user.id, oldEmail: user.email, newEmail };
  await db.transaction(async (tx) => {
    await emailConfirmMailJob.enqueue(tx, null, [{ label: "Email confirmation link", payload: change }], { createdBy: user.id });
    await recordAudit(tx, { userId: user.id, action: "email_change_request", entity: "user", entityId: user.id, details: { from: user.email, to: newEmail }, sessionId: user.sessionId });
  });
  return { newEmail };
}

function parseChange(value: string): EmailChange | null {
  try {
    const parsed = JSON.parse(value) as Partial<EmailChange>;
    if (typeof parsed.userId !== "string" || typeof parsed.oldEmail !== "string" || typeof parsed.newEmail !== "string") return null;
    return { userId: parsed.userId, oldEmail: parsed.oldEmail, newEmail: parsed.newEmail };
  } catch {
    return null;
  }
}

/** What a confirmation link's page shows (uses nothing up). */
export async function emailChangeOfToken(db: Db, token: string, now = new Date()): Promise<EmailChange | null> {
  const row = await peekLinkToken(db, LINKS.email.kind, token, now);
  return row ? parseChange(row.value) : null;
}

export class EmailChangeRefused extends Error {}

/**
 * Confirm a new email: the link is used up and the account's email changed, and a notice queued
 * to the old address, in one transaction under the admin lock (a refusal leaves everything).
 */
export async function confirmEmailChange(db: Db, token: string, now = new Date()): Promise<EmailChange> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
    const row = await consumeLinkToken(tx, LINKS.email.kind, token, now);
    const change = row ? parseChange(row.value) : null;
    if (!change) throw new EmailChangeRefused(EMAIL_LINK_INVALID);
    const [user] = await tx.select({ email: users.email, disabledAt: users.disabledAt }).from(users).where(eq(users.id, change.userId));
    // The account was disabled, removed, or its email changed another way since the link was sent.
    if (!user || user.disabledAt || user.email !== change.oldEmail) throw new EmailChangeRefused(EMAIL_LINK_INVALID);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.newEmail)).limit(1);
    if (taken) throw new EmailChangeRefused(EMAIL_TAKEN);
    await tx.update(users).set({ email: change.newEmail, emailVerified: true, updatedAt: now }).where(eq(users.id, change.userId));
    await emailChangedMailJob.enqueue(tx, null, [{ label: "Email change notice", payload: { oldEmail: change.oldEmail, newEmail: change.newEmail } }]);
    await recordAudit(tx, { userId: change.userId, action: "email_change", entity: "user", entityId: change.userId, details: { from: change.oldEmail, to: change.newEmail } });
    return change;
  });
}
