import { createHash } from "node:crypto";
import { and, eq, lt, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { sessions, verifications } from "../../db/schema";
import { getSessionCookie } from "better-auth/cookies";
import { COOKIE_PREFIX, SESSION_ABSOLUTE_SECONDS } from "./auth.server";

/**
 * Sessions ended by someone else (an admin disabling the account or ending its sessions, the
 * person from another device, a password change or reset) leave a note, so the browser that
 * still holds the cookie is told why at its next request instead of landing on the sign-in page
 * without a word. The note is keyed by a hash of the token (no token is kept) and lives as long as
 * the session could have (7 days), in better-auth's verifications table.
 */
export const END_REASONS = {
  disabled: "Your account was disabled by an administrator, so you were signed out.",
  ended: "This session was ended from another session or by an administrator. Sign in again.",
  password: "Your password was changed, so you were signed out. Sign in with the new password.",
  "second-factor": "An administrator reset your second factor, so you were signed out. Sign in and set up a new one.",
} as const;
export type EndReason = keyof typeof END_REASONS;

export const isEndReason = (value: unknown): value is EndReason => typeof value === "string" && Object.hasOwn(END_REASONS, value);


const noteId = (token: string) => `ended:${createHash("sha256").update(token).digest("base64url")}`;

/** Delete the sessions `where` selects, noting why; returns how many ended. */
export async function endSessionsWithNote(db: DbOrTx, where: SQL | undefined, reason: EndReason, now = new Date()): Promise<number> {
  const ended = await db.delete(sessions).where(where).returning({ token: sessions.token });
  await db.delete(verifications).where(and(eq(verifications.identifier, "ended-session"), lt(verifications.expiresAt, now)));
  if (ended.length > 0) {
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
    await db
      .insert(verifications)
      .values(ended.map(({ token }) => ({ id: noteId(token), identifier: "ended-session", value: reason, expiresAt })))
      .onConflictDoNothing();
  }
  return ended.length;
}

/**
 * The session token a request's cookie names (its signature is not checked: this only picks a
 * message). better-auth's own reader finds the cookie, `__Secure-` or not, by our prefix.
 */
export function cookieToken(request: Request): string | null {
  const value = getSessionCookie(request, { cookiePrefix: COOKIE_PREFIX });
  return value ? value.split(".")[0] || null : null;
}

/** Why this request's session was ended by someone else, or null (never signed in, expired, signed out). */
export async function endedReason(db: Db, request: Request): Promise<EndReason | null> {
  const token = cookieToken(request);
  if (!token) return null;
  const [row] = await db.select({ value: verifications.value, expiresAt: verifications.expiresAt }).from(verifications).where(eq(verifications.id, noteId(token)));
  return row && row.expiresAt > new Date() && isEndReason(row.value) ? row.value : null;
}
