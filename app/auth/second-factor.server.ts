import { randomBytes } from "node:crypto";
import { and, count, eq, like } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { renderSVG } from "uqr";
import type { Db, DbOrTx } from "../../db/client";
import type { Config } from "../../core/config";
import { passkeys, twoFactors, users, verifications } from "../../db/schema";
import { recordAudit } from "../changes/audit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { authHeaders, getAuth, type AuthContext } from "./auth.server";
import type { AdminUser } from "./guard.server";
import { beginLoginAttempt, clearLoginFailures, THROTTLE_MESSAGES, throttleValues } from "./login-throttle.server";
import { hashRecoveryCode, recoveryCodesLeft } from "./recovery-codes.server";
import { passkeyCount, syncSecondFactorFlag } from "./passkeys.server";
import { secondFactorRequired } from "./second-factor-policy.server";
import type { Role } from "./roles";

/**
 * A person's own second factor, from their account page (decision 0068): set up an authenticator
 * app (QR code and the secret as text; turned on only once a code from it is verified), ten new
 * recovery codes shown once, turn it off where the role allows, and forget trusted devices.
 * better-auth's two-factor plugin keeps the secret (encrypted with SESSION_SECRET) and checks the
 * codes; every change asks for the person's password and is audit-logged.
 */
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_TEXT = {
  wrongPassword: "That password is not right. Nothing was changed.",
  wrongCode: "That code is not right. Scan the QR code again or check the time on your phone, then enter the newest code.",
  alreadyOn: "Your second factor is already on. Turn it off or replace it first.",
  notOn: "You have no second factor yet: set one up first.",
  noSetup: "Start the setup again: no authenticator app is waiting to be confirmed.",
  required: "Your role needs a second factor, so it cannot be turned off. Replace it with a new one instead.",
} as const;
const M = defineMessages("second-factor", SECOND_FACTOR_TEXT);

export interface SecondFactorStatus {
  /** An authenticator app, confirmed with a code. */
  enabled: boolean;
  /** Passkeys (decision 0074): each is a second factor of its own. */
  passkeys: number;
  /** Set up but not yet confirmed with a code. */
  pendingSetup: boolean;
  recoveryCodesLeft: number;
  trustedDevices: number;
  /** Whether this person's role (or the Staff policy) makes it compulsory. */
  required: boolean;
}

type Services = AuthContext["services"] & { config: Config };
type Person = AdminUser & { roles: readonly Role[] };

const TRUST_PREFIX = "trust-device-";

export async function secondFactorStatus(services: Services, user: Person): Promise<SecondFactorStatus> {
  const { db } = services;
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled, codes: twoFactors.backupCodes, verified: twoFactors.verified })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, user.id));
  const [trusted] = await db.select({ n: count() }).from(verifications).where(and(eq(verifications.value, user.id), like(verifications.identifier, `${TRUST_PREFIX}%`)));
  // users.two_factor_enabled is also set by a passkey (decision 0074): the app is on when its row is confirmed.
  const enabled = (row?.enabled ?? false) && row?.verified === true;
  return {
    enabled,
    passkeys: await passkeyCount(db, user.id),
    pendingSetup: row?.verified === false,
    recoveryCodesLeft: enabled ? recoveryCodesLeft(row?.codes) : 0,
    trustedDevices: trusted?.n ?? 0,
    required: await secondFactorRequired(services, { roles: user.roles, twoFactorEnabled: false }),
  };
}

/** The person's password, checked by better-auth; wrong guesses are throttled like sign-ins. */
export async function checkPassword(services: Services, request: Request, user: Person, password: string, ip: string): Promise<void> {
  const key = `reauth:${user.email}`;
  const throttle = await beginLoginAttempt(services.db, key, ip, new Date(), null);
  if (throttle.waitMs > 0) throw refuse("invalid", THROTTLE_MESSAGES.throttled, throttleValues(throttle.waitMs), ["password"]);
  try {
    await getAuth({ services }).api.verifyPassword({ body: { password }, headers: authHeaders(request, ip) });
  } catch (error) {
    if (error instanceof APIError) throw refuse("invalid", M.wrongPassword, undefined, ["password"]);
    throw error;
  }
  await clearLoginFailures(services.db, key, ip, new Date(), null);
}

/**
 * Remove the authenticator app (and, for an admin's reset, the passkeys) and the devices it
 * trusted (no session changes: ours has no cookie cache); passkeys kept still count as a second
 * factor. Run inside the caller's transaction (the Staff tab's reset) or as its own.
 */
export async function removeSecondFactor(db: DbOrTx, userId: string, withPasskeys = false): Promise<void> {
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  if (withPasskeys) await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await syncSecondFactorFlag(db, userId);
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${TRUST_PREFIX}%`)));
}

export interface PendingSetup {
  /** The otpauth:// address the QR code holds. */
  uri: string;
  /** The secret as text (base32), for apps that cannot scan. */
  secret: string;
  /** The QR code as an SVG document (rendered on the server: no script needed). */
  qrSvg: string;
}

export function describeSetup(uri: string): PendingSetup {
  const parsed = new URL(uri);
  if (parsed.protocol !== "otpauth:") throw refuse("invalid", M.noSetup);
  const secret = parsed.searchParams.get("secret") ?? "";
  return { uri, secret: secret.replace(/(.{4})/g, "$1 ").trim(), qrSvg: renderSVG(uri, { border: 2 }) };
}

/**
 * Start (or restart) setting up an authenticator app: a new secret, not yet in force. `replace`
 * removes a working second factor first (a new phone), after the same password check.
 */
export async function startSetup(services: Services, request: Request, user: Person, password: string, ip: string, replace: boolean): Promise<PendingSetup> {
  await checkPassword(services, request, user, password, ip);
  const status = await secondFactorStatus(services, user);
  if (status.enabled && !replace) throw refuse("conflict", M.alreadyOn);
  if (status.enabled) await services.db.transaction((tx) => removeSecondFactor(tx, user.id));
  const answer = await getAuth({ services }).api.enableTwoFactor({ body: { password }, headers: authHeaders(request, ip) });
  if (!("totpURI" in answer) || !answer.totpURI) throw refuse("invalid", M.noSetup);
  await recordAudit(services.db, { userId: user.id, sessionId: user.sessionId, action: replace && status.enabled ? "second_factor_replace" : "second_factor_start", entity: "user", entityId: user.id });
  return describeSetup(answer.totpURI);
}

/** New recovery codes (the old ones stop working): stored as keyed hashes, returned once. */
async function issueRecoveryCodes(db: Db, secret: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString("base64url").replace(/[-_]/g, "x").slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db
    .update(twoFactors)
    .set({ backupCodes: JSON.stringify(codes.map((code) => hashRecoveryCode(secret, code))) })
    .where(eq(twoFactors.userId, userId));
  return codes;
}

/**
 * Confirm the authenticator app with a code from it; then ten recovery codes. The account is
 * marked as having a second factor just before the plugin checks the code (and unmarked if the
 * code is wrong), so the plugin keeps this session instead of replacing it: the page reloads
 * with the same session, with or without JavaScript, and the audit log keeps one session id.
 */
export async function confirmSetup(services: Services, request: Request, user: Person, code: string, ip: string): Promise<string[]> {
  const { db } = services;
  const status = await secondFactorStatus(services, user);
  if (status.enabled) throw refuse("conflict", M.alreadyOn);
  if (!status.pendingSetup) throw refuse("invalid", M.noSetup);
  const key = `2fa:${user.email}`;
  const throttle = await beginLoginAttempt(db, key, ip, new Date(), null);
  if (throttle.waitMs > 0) throw refuse("invalid", THROTTLE_MESSAGES.throttled, throttleValues(throttle.waitMs), ["code"]);
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  try {
    await getAuth({ services }).api.verifyTOTP({ body: { code }, headers: authHeaders(request, ip) });
  } catch (error) {
    await syncSecondFactorFlag(db, user.id);
    if (error instanceof APIError) throw refuse("invalid", M.wrongCode, undefined, ["code"]);
    throw error;
  }
  await clearLoginFailures(db, key, ip, new Date(), null);
  const codes = await issueRecoveryCodes(db, services.config.SESSION_SECRET, user.id);
  await recordAudit(db, { userId: user.id, sessionId: user.sessionId, action: "second_factor_on", entity: "user", entityId: user.id });
  return codes;
}

export async function newRecoveryCodes(services: Services, request: Request, user: Person, password: string, ip: string): Promise<string[]> {
  await checkPassword(services, request, user, password, ip);
  if (!(await secondFactorStatus(services, user)).enabled) throw refuse("conflict", M.notOn);
  const codes = await issueRecoveryCodes(services.db, services.config.SESSION_SECRET, user.id);
  await recordAudit(services.db, { userId: user.id, sessionId: user.sessionId, action: "recovery_codes_new", entity: "user", entityId: user.id });
  return codes;
}

export async function turnOff(services: Services, request: Request, user: Person, password: string, ip: string): Promise<void> {
  await checkPassword(services, request, user, password, ip);
  const status = await secondFactorStatus(services, user);
  if (!status.enabled && !status.pendingSetup) throw refuse("conflict", M.notOn);
  if (status.enabled && status.required && status.passkeys === 0) throw refuse("conflict", M.required);
  await services.db.transaction((tx) => removeSecondFactor(tx, user.id));
  await recordAudit(services.db, { userId: user.id, sessionId: user.sessionId, action: "second_factor_off", entity: "user", entityId: user.id });
}

/** Every device this person trusted must ask for the code again. */
export async function forgetTrustedDevices(db: Db, user: AdminUser): Promise<number> {
  const removed = await db
    .delete(verifications)
    .where(and(eq(verifications.value, user.id), like(verifications.identifier, `${TRUST_PREFIX}%`)))
    .returning({ id: verifications.id });
  await recordAudit(db, { userId: user.id, sessionId: user.sessionId, action: "trusted_devices_forget", entity: "user", entityId: user.id, details: { devices: removed.length } });
  return removed.length;
}
