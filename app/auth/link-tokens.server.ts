import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like, lt, or } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { verifications } from "../../db/schema";

/**
 * Single-use links by mail (decisions 0055, 0069): the unlock link, staff invitations, password
 * resets and email confirmations. A token is 32 random bytes (base64url); only its SHA-256 is
 * stored, as the id of a row of better-auth's `verifications` table (no table of our own). The
 * row's `identifier` is the link's kind, or `kind:key` for a kind with one link per key (an
 * invitation per address); `value` is what the link stands for. Looking at a token uses nothing
 * up (the pages a link opens only show a button); using it is one `DELETE ... RETURNING`, so it
 * works once even when two requests race.
 */

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

/** 32 bytes in base64url: anything else is refused before the database is asked. */
export const plausibleToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
/**
 * The same 32 random bytes for a token carried as a path segment (a booking's manage link, a
 * calendar feed): lower-case hex, because the site redirects any path with capitals to its
 * lower-case spelling (server/request-guard.ts).
 */
export const newPathToken = () => randomBytes(32).toString("hex");
export const plausiblePathToken = (token: string) => /^[0-9a-f]{64}$/.test(token);

/** The rows of a kind: `kind` itself or `kind:<key>` (kind names hold no LIKE wildcards). */
const ofKind = (kind: string) => or(eq(verifications.identifier, kind), like(verifications.identifier, `${kind}:%`));

export interface LinkRow {
  identifier: string;
  value: string;
}

/** A new token of a kind, valid `ttlMs`; the kind's expired rows are swept on the way. */
export async function issueLinkToken(db: Db, kind: string, value: string, ttlMs: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db.delete(verifications).where(and(eq(verifications.identifier, kind), lt(verifications.expiresAt, now)));
  await db.insert(verifications).values({ id: hashToken(token), identifier: kind, value, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

/** What a token stands for while it is valid, or null; uses nothing up (the page a link opens). */
export async function peekLinkToken(db: Db, kind: string, token: string, now = new Date()): Promise<LinkRow | null> {
  if (!plausibleToken(token)) return null;
  const [row] = await db
    .select({ identifier: verifications.identifier, value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.id, hashToken(token)), ofKind(kind), gt(verifications.expiresAt, now)));
  return row ?? null;
}

/** Use a token up: what it stood for when it was valid, else null. One statement, so used once. */
export async function consumeLinkToken(db: DbOrTx, kind: string, token: string, now = new Date()): Promise<LinkRow | null> {
  if (!plausibleToken(token)) return null;
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.id, hashToken(token)), ofKind(kind), gt(verifications.expiresAt, now)))
    .returning({ identifier: verifications.identifier, value: verifications.value });
  return row ?? null;
}

/** Void a token that never went out (its mail failed). */
export async function forgetLinkToken(db: Db, token: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.id, hashToken(token)));
}

/**
 * A keyed link (`identifier` exactly, e.g. `staff-invite:a@b.c`) gets a new token, valid `ttlMs`
 * from now: the one sent before stops working at once. Null when no such row exists (revoked).
 */
export async function rekeyLinkToken(db: Db, identifier: string, ttlMs: number, now = new Date()): Promise<string | null> {
  const token = newToken();
  const updated = await db
    .update(verifications)
    .set({ id: hashToken(token), expiresAt: new Date(now.getTime() + ttlMs), updatedAt: now })
    .where(eq(verifications.identifier, identifier))
    .returning({ id: verifications.id });
  return updated.length > 0 ? token : null;
}
