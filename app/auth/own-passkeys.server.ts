import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Config } from "../../core/config";
import { passkeys } from "../../db/schema";
import { recordAudit } from "../changes/audit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import type { AuthContext } from "./auth.server";
import type { AdminUser } from "./guard.server";
import {
  consumeChallenge,
  hasConfirmedTotp,
  listPasskeys,
  passkeyCount,
  PASSKEYS_MAX,
  relyingParty,
  storeChallenge,
  syncSecondFactorFlag,
} from "./passkeys.server";
import { checkPassword } from "./second-factor.server";
import { secondFactorRequired } from "./second-factor-policy.server";
import type { Role } from "./roles";

/**
 * A person's own passkeys, from their account page (decision 0074): add one (after the password,
 * the browser creates it for a challenge the server keeps 5 minutes, @simplewebauthn/server checks
 * the answer), rename one, remove one (password). Each is a second factor: the first one added
 * turns on the sign-in's second step, the last one removed (with no authenticator app) turns it off.
 */
export const PASSKEY_TEXT = {
  tooMany: `You have ${PASSKEYS_MAX} passkeys already: remove one first.`,
  expired: "The passkey request expired or was already used. Start again with your password.",
  failed: "The passkey could not be verified. Start again.",
  duplicate: "This passkey is already registered.",
  notFound: "That passkey is not one of yours (it may have been removed already).",
  lastRequired: "Your role needs a second factor and this is your last one: add another passkey or an authenticator app first.",
} as const;
const M = defineMessages("passkeys", PASSKEY_TEXT);

type Services = AuthContext["services"] & { config: Config };
type Person = AdminUser & { roles: readonly Role[] };

export interface PasskeyRegistration {
  challengeId: string;
  optionsJSON: PublicKeyCredentialCreationOptionsJSON;
}

/** Registration options for a new passkey: the password first, then a challenge bound to this person and session. */
export async function startPasskeyRegistration(services: Services, request: Request, user: Person, password: string, ip: string): Promise<PasskeyRegistration> {
  await checkPassword(services, request, user, password, ip);
  const existing = await listPasskeys(services.db, user.id);
  if (existing.length >= PASSKEYS_MAX) throw refuse("conflict", M.tooMany);
  const { rpID, rpName } = relyingParty(services.config);
  const optionsJSON = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    // The same authenticator twice would be one factor counted twice.
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  const challengeId = await storeChallenge(services.db, { purpose: "register", challenge: optionsJSON.challenge, userId: user.id, sessionId: user.sessionId ?? null });
  return { challengeId, optionsJSON };
}

/** The browser's new credential: verified against the challenge, then stored; the second step is on from now. */
export async function finishPasskeyRegistration(services: Services, user: Person, challengeId: string, name: string, response: RegistrationResponseJSON): Promise<{ id: string; name: string }> {
  const { db, config } = services;
  const challenge = await consumeChallenge(db, challengeId, "register");
  if (!challenge || challenge.userId !== user.id || challenge.sessionId !== (user.sessionId ?? null)) throw refuse("invalid", M.expired);
  if ((await passkeyCount(db, user.id)) >= PASSKEYS_MAX) throw refuse("conflict", M.tooMany);
  const { rpID, origin } = relyingParty(config);
  let verification;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge.challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false });
  } catch {
    throw refuse("invalid", M.failed);
  }
  if (!verification.verified) throw refuse("invalid", M.failed);
  const info = verification.registrationInfo;
  const id = randomUUID();
  const inserted = await db
    .insert(passkeys)
    .values({
      id,
      userId: user.id,
      name,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey),
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? response.response.transports ?? []),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id });
  if (inserted.length === 0) throw refuse("conflict", M.duplicate);
  await syncSecondFactorFlag(db, user.id);
  await recordAudit(db, { userId: user.id, sessionId: user.sessionId, action: "passkey_add", entity: "user", entityId: user.id, details: { passkey: name, deviceType: info.credentialDeviceType } });
  return { id, name };
}

export async function renamePasskey(services: Services, user: Person, id: string, name: string): Promise<void> {
  const renamed = await services.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning({ id: passkeys.id });
  if (renamed.length === 0) throw refuse("not-found", M.notFound);
  await recordAudit(services.db, { userId: user.id, sessionId: user.sessionId, action: "passkey_rename", entity: "user", entityId: user.id, details: { passkey: name } });
}

/** Remove a passkey (password); not the last second factor of someone whose role needs one. */
export async function removePasskey(services: Services, request: Request, user: Person, id: string, password: string, ip: string): Promise<void> {
  const { db } = services;
  await checkPassword(services, request, user, password, ip);
  const [key] = await db.select({ name: passkeys.name }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
  if (!key) throw refuse("not-found", M.notFound);
  const last = (await passkeyCount(db, user.id)) === 1 && !(await hasConfirmedTotp(db, user.id));
  if (last && (await secondFactorRequired(services, { roles: user.roles, twoFactorEnabled: false }))) throw refuse("conflict", M.lastRequired);
  await db.transaction(async (tx) => {
    await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
    await syncSecondFactorFlag(tx, user.id);
  });
  await recordAudit(db, { userId: user.id, sessionId: user.sessionId, action: "passkey_remove", entity: "user", entityId: user.id, details: { passkey: key.name } });
}
