import { randomBytes } from "node:crypto";
import { and, count, eq, like, lt } from "drizzle-orm";
import type { AuthenticatorTransportFuture } from "@simplewebauthn/server";
import type { Db } from "../../db/client";
import type { Config } from "../../core/config";
import { passkeys, twoFactors, users, verifications } from "../../db/schema";

/**
 * Passkeys (decision 0074): WebAuthn credentials as a second way through the sign-in's second
 * step, checked by @simplewebauthn/server. This file holds what the account page and the sign-in
 * share: the relying party, the challenges and the "has a second factor" rule.
 */

/** A challenge (registration or sign-in) is good for 5 minutes, once. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** At most this many passkeys per person (each is a row and an entry in every sign-in's options). */
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 60;

const CHALLENGE_PREFIX = "passkey-challenge-";

/** The relying party: SITE_URL's host name and origin, the only ones an assertion may name. */
export function relyingParty(config: Pick<Config, "SITE_URL">): { rpID: string; origin: string; rpName: string } {
  const url = new URL(config.SITE_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: url.host };
}

export type ChallengePurpose = "register" | "sign-in";

interface StoredChallenge {
  purpose: ChallengePurpose;
  challenge: string;
  userId: string;
  /** Registration only: the session that asked (the password was checked in it). */
  sessionId: string | null;
}

/**
 * Keep a challenge in better-auth's verifications table under a random id (the browser gets the id
 * and the challenge; the row says whose it is and what for). Expired rows of the person are swept here.
 */
export async function storeChallenge(db: Db, value: StoredChallenge, now = new Date()): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await db.delete(verifications).where(and(like(verifications.identifier, `${CHALLENGE_PREFIX}%`), lt(verifications.expiresAt, now)));
  await db.insert(verifications).values({
    id: randomBytes(16).toString("hex"),
    identifier: CHALLENGE_PREFIX + id,
    value: JSON.stringify(value),
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000),
  });
  return id;
}

/** Take a challenge out (single use: the row is deleted whatever follows); null when unknown, expired or for something else. */
export async function consumeChallenge(db: Db, id: string, purpose: ChallengePurpose, now = new Date()): Promise<StoredChallenge | null> {
  if (!/^[\w-]{20,64}$/.test(id)) return null;
  const [row] = await db.delete(verifications).where(eq(verifications.identifier, CHALLENGE_PREFIX + id)).returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  try {
    const value = JSON.parse(row.value) as StoredChallenge;
    return value.purpose === purpose && typeof value.challenge === "string" && typeof value.userId === "string" ? value : null;
  } catch {
    return null;
  }
}

export interface PasskeyRow {
  id: string;
  name: string;
  credentialId: string;
  transports: AuthenticatorTransportFuture[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export function parseTransports(text: string): AuthenticatorTransportFuture[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((item): item is AuthenticatorTransportFuture => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, credentialId: passkeys.credentialId, transports: passkeys.transports, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
  return rows.map((row) => ({ ...row, transports: parseTransports(row.transports) }));
}

export async function passkeyCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** An authenticator app that was confirmed with a code (a pending setup is not one). */
export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId));
  return row?.verified === true;
}

/**
 * `users.two_factor_enabled` means "has a second factor" (decision 0074): a confirmed authenticator
 * app or at least one passkey. better-auth's two-factor plugin stops every password sign-in of such
 * an account for the second step, so it is set again from the facts after each change.
 */
export async function syncSecondFactorFlag(db: Db, userId: string): Promise<boolean> {
  const enabled = (await passkeyCount(db, userId)) > 0 || (await hasConfirmedTotp(db, userId));
  await db.update(users).set({ twoFactorEnabled: enabled, updatedAt: new Date() }).where(eq(users.id, userId));
  return enabled;
}
