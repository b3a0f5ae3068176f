import { and, eq, gt, like, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";
import { hashToken, newPathToken, plausiblePathToken } from "../auth/link-tokens.server";
import { DEFAULT_LANG, type Lang } from "../i18n/languages";

/**
 * The cancel-or-reschedule link of a consultation (decision 0079), stored like the account links
 * of decision 0069: 32 random bytes, of which only the SHA-256 is kept, as a row of the
 * `verifications` table whose identifier is `booking-manage:<booking id>`. Each mail makes its own
 * token inside its job (never in a job row); all of a booking's tokens stop working together when
 * one is used or the booking is cancelled or declined, and each expires at the meeting's end.
 * The token is a path segment, so it is a path token (hex).
 */

export const MANAGE_PATH = "/virtual-consultation/manage";
const KIND = "booking-manage";
export const manageIdentifier = (bookingId: number) => `${KIND}:${bookingId}`;


export function manageUrl(siteUrl: string, lang: string, token: string): string {
  const prefix = lang === DEFAULT_LANG ? "" : `/${lang as Lang}`;
  return new URL(`${prefix}${MANAGE_PATH}/${token}`, siteUrl).href;
}

/** A new token for a booking, valid until `expiresAt` (the meeting's end); expired ones are swept. */
export async function issueManageToken(db: Db, bookingId: number, expiresAt: Date, now = new Date()): Promise<string> {
  const token = newPathToken();
  await db.delete(verifications).where(and(like(verifications.identifier, `${KIND}:%`), lt(verifications.expiresAt, now)));
  await db.insert(verifications).values({ id: hashToken(token), identifier: manageIdentifier(bookingId), value: String(bookingId), expiresAt });
  return token;
}

/** The booking a valid token stands for, or null; uses nothing up (opening the page). */
export async function peekManageToken(db: Db, token: string, now: Date): Promise<number | null> {
  if (!plausiblePathToken(token)) return null;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.id, hashToken(token)), like(verifications.identifier, `${KIND}:%`), gt(verifications.expiresAt, now)));
  return row ? Number(row.value) : null;
}

/** Use a token up (one DELETE ... RETURNING, so it works once however many requests race). */
export async function consumeManageToken(db: Db, token: string, now: Date): Promise<number | null> {
  if (!plausiblePathToken(token)) return null;
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.id, hashToken(token)), like(verifications.identifier, `${KIND}:%`), gt(verifications.expiresAt, now)))
    .returning({ value: verifications.value });
  return row ? Number(row.value) : null;
}

/** Every link of a booking stops working (it was used, cancelled or declined). */
export async function revokeManageTokens(db: Db, bookingId: number): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, manageIdentifier(bookingId)));
}

/** Void a token whose mail never went out. */
export async function forgetManageToken(db: Db, token: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.id, hashToken(token)));
}
