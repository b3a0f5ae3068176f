import { and, eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { accounts, sessions, users, verifications } from "../../db/schema";
import { hitRateLimit } from "../../core/rate-limit";
import { mailSettings } from "../../core/mail";
import { recordAudit } from "../changes/audit.server";
import { LINKS, resetMailJob } from "./account-mail.server";
import { isStaff } from "./guard.server";
import { consumeLinkToken, peekLinkToken } from "./link-tokens.server";
import { accountDigest } from "./login-throttle.server";
import { endSessionsWithNote } from "./ended-sessions.server";

/**
 * Password reset by mail (decision 0069). The request page answers one sentence whatever is
 * typed, and does the same work for every address (the rate limits, then one mail job queued; the
 * job finds out whether an enabled staff account has the address, account-mail.server.ts). The
 * link works once, within an hour; the new password ends every session of the account.
 */
export const RESET = {
  /** Reset mails asked for one address (any address typed, so it tells nothing) per window. */
  PER_ADDRESS: 3,
  /** Requests from one client address per window. */
  PER_CLIENT: 10,
  WINDOW_MS: 60 * 60 * 1000,
} as const;


/** Under `login:`, so the sign-in throttle's sweep of stale rows removes these too. */
const addressKey = (email: string) => `login:reset-mail:${accountDigest(email)}`;
const clientKey = (ip: string) => `login:reset-client:${ip}`;

/**
 * "Forgot your password?": true when the request was within the limits (the answer is then
 * RESET_REQUESTED, the same for every address), false when limited (RESET_LIMITED).
 */
export async function requestPasswordReset(context: AppLoadContext, email: string, now = new Date()): Promise<boolean> {
  const { db, config, log } = context.services;
  const ip = context.clientIp || "unknown";
  if (!(await hitRateLimit(db, clientKey(ip), { limit: RESET.PER_CLIENT, windowMs: RESET.WINDOW_MS, now })).allowed) return false;
  if (!(await hitRateLimit(db, addressKey(email), { limit: RESET.PER_ADDRESS, windowMs: RESET.WINDOW_MS, now })).allowed) return false;
  if (!mailSettings(config)) {
    log.warn("a password reset was asked for, but mail is not configured (SMTP_URL, MAIL_FROM)");
    return true;
  }
  // Queued for every address: whether one has an account is decided by the job, not here.
  await resetMailJob.enqueue(db, null, [{ label: "Password reset link", payload: { email } }]);
  log.info({ ip }, "password reset requested");
  return true;
}

/** Whether a reset link works now (its page; uses nothing up). */
export async function resetTokenValid(db: Db, token: string, now = new Date()): Promise<boolean> {
  return (await peekLinkToken(db, LINKS.reset.kind, token, now)) !== null;
}

/**
 * Use a reset link: the new password is stored, every session of the account ends, and every
 * other reset link of the account is voided, in one transaction. Null when the link does not work
 * (or the account was disabled meanwhile): nothing is changed then.
 */
export async function resetPassword(db: Db, token: string, password: string, meta: { ip: string }, now = new Date()): Promise<{ userId: string; endedSessions: number } | null> {
  // scrypt is slow on purpose: hashed before the transaction.
  const hash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeLinkToken(tx, LINKS.reset.kind, token, now);
      if (!row) return null;
      const userId = row.value;
      const [user] = await tx.select({ id: users.id, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
      if (!user || user.disabledAt || !(await isStaff(tx, userId))) throw new Refused();
      const updated = await tx
        .update(accounts)
        .set({ password: hash, updatedAt: now })
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
        .returning({ id: accounts.id });
      if (updated.length === 0) throw new Refused();
      const ended = await endSessionsWithNote(tx, eq(sessions.userId, userId), "password", now);
      await tx.delete(verifications).where(and(eq(verifications.identifier, LINKS.reset.kind), eq(verifications.value, userId)));
      await recordAudit(tx, { userId, action: "password_reset", entity: "user", entityId: userId, details: { ip: meta.ip, endedSessions: ended } });
      return { userId, endedSessions: ended };
    });
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
}

/** Rolls the transaction back: the link stays as it was. */
class Refused extends Error {}
