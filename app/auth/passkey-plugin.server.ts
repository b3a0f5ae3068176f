import { createHmac, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { expireCookie, setSessionCookie } from "better-auth/cookies";
import type { BetterAuthPlugin } from "better-auth";
import { TWO_FACTOR_ERROR_CODES } from "better-auth/plugins/two-factor";
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema";
import { consumeChallenge, listPasskeys, parseTransports, storeChallenge } from "./passkeys.server";

/**
 * The sign-in's second step with a passkey, inside better-auth (decision 0074). The two-factor
 * plugin's own endpoints know only codes, and @better-auth/passkey cannot be installed beside
 * better-auth 1.7.25; so this small plugin does what the two-factor plugin's verifyTwoFactor()
 * does on a right code (consume the signed `two_factor` challenge, create the session, set its
 * cookie, optionally trust the device) after @simplewebauthn/server has verified the assertion.
 * Server-only: no HTTP handler is mounted, and SERVER_ONLY keeps them out of any router.
 */

/**
 * The two-factor plugin's cookie names, before better-auth's prefix (createAuthCookie adds it and
 * `__Secure-`). better-auth 1.7.25 exports no constant for them (its constant.mjs is outside the
 * package's exports), so they are named here once, and tests/unit/better-auth-names.test.ts
 * compares them with the installed library's own: an upgrade that renames one fails that test,
 * not a sign-in (decision 0100).
 */
export const TWO_FACTOR_COOKIE_NAME = "two_factor";
export const TRUST_DEVICE_COOKIE_NAME = "trust_device";

export const PASSKEY_ERRORS = {
  // The plugin's own refusal, so the second-step pages tell a timed-out step the same way for both.
  INVALID_TWO_FACTOR_COOKIE: TWO_FACTOR_ERROR_CODES.INVALID_TWO_FACTOR_COOKIE.message,
  PASSKEY_CHALLENGE_INVALID: "The passkey challenge is unknown, used or expired",
  PASSKEY_UNKNOWN: "This passkey is not one of the account's",
  PASSKEY_INVALID: "The passkey's answer could not be verified",
} as const;
type PasskeyErrorCode = keyof typeof PASSKEY_ERRORS;

const refuse = (code: PasskeyErrorCode) => new APIError("UNAUTHORIZED", { message: PASSKEY_ERRORS[code], code });

export interface PasskeySecondStepOptions {
  db: Db;
  rpID: string;
  origin: string;
  trustDeviceMaxAge: number;
}

/** A passkey's signed answer as the browser library sends it (checked again by the action, for its 400). */
export const assertionSchema = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: z.string().max(8192),
    authenticatorData: z.string().max(8192),
    signature: z.string().max(1024),
    userHandle: z.string().max(1024).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

export const passkeySecondStep = (options: PasskeySecondStepOptions) => {
  const { db, rpID, origin } = options;
  return {
    id: "passkey-second-step",
    endpoints: {
      /** Authentication options for the account whose second step is pending; null without passkeys. */
      passkeySecondStepOptions: createAuthEndpoint("/two-factor/passkey-options", { method: "POST", metadata: { SERVER_ONLY: true } }, async (ctx) => {
        const userId = await pendingUserId(ctx);
        const keys = await listPasskeys(db, userId);
        if (keys.length === 0) return ctx.json(null);
        const optionsJSON = await generateAuthenticationOptions({
          rpID,
          allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: key.transports })),
          userVerification: "preferred",
        });
        const challengeId = await storeChallenge(db, { purpose: "sign-in", challenge: optionsJSON.challenge, userId, sessionId: null });
        return ctx.json({ challengeId, optionsJSON });
      }),

      /** A passkey's answer to a challenge: verified, then the session as after a right code. */
      verifyPasskeySecondStep: createAuthEndpoint(
        "/two-factor/verify-passkey",
        {
          method: "POST",
          metadata: { SERVER_ONLY: true },
          body: z.object({ challengeId: z.string().max(100), response: assertionSchema, trustDevice: z.boolean().optional() }),
        },
        async (ctx) => {
          const signed = await signedTwoFactorCookie(ctx);
          const userId = await pendingUserId(ctx);
          // The challenge is used up whatever the outcome, and must be one issued for this very account.
          const challenge = await consumeChallenge(db, ctx.body.challengeId, "sign-in");
          if (!challenge || challenge.userId !== userId) throw refuse("PASSKEY_CHALLENGE_INVALID");
          const response = ctx.body.response as AuthenticationResponseJSON;
          const [key] = await db
            .select()
            .from(passkeys)
            .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, userId)));
          if (!key) throw refuse("PASSKEY_UNKNOWN");
          let verification;
          try {
            verification = await verifyAuthenticationResponse({
              response,
              expectedChallenge: challenge.challenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              credential: { id: key.credentialId, publicKey: new Uint8Array(key.publicKey), counter: key.counter, transports: parseTransports(key.transports) },
              requireUserVerification: false,
            });
          } catch {
            throw refuse("PASSKEY_INVALID");
          }
          if (!verification.verified) throw refuse("PASSKEY_INVALID");
          const info = verification.authenticationInfo;
          await db
            .update(passkeys)
            .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: new Date() })
            .where(eq(passkeys.id, key.id));

          // From here on as the two-factor plugin's verifyTwoFactor().valid().
          const twoFactorCookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE_NAME);
          const consumed = await ctx.context.internalAdapter.consumeVerificationValue(signed);
          if (!consumed || consumed.value !== userId) {
            expireCookie(ctx, twoFactorCookie);
            throw refuse("INVALID_TWO_FACTOR_COOKIE");
          }
          const user = await ctx.context.internalAdapter.findUserById(userId);
          if (!user) throw refuse("INVALID_TWO_FACTOR_COOKIE");
          const dontRememberMe = await ctx.getSignedCookie(ctx.context.authCookies.dontRememberToken.name, ctx.context.secret);
          const session = await ctx.context.internalAdapter.createSession(userId, !!dontRememberMe);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "failed to create session", code: "FAILED_TO_CREATE_SESSION" });
          await setSessionCookie(ctx, { session, user });
          expireCookie(ctx, twoFactorCookie);
          if (ctx.body.trustDevice) {
            // The plugin's trust record and cookie, in its format, so its sign-in hook honours (and renews) them.
            const maxAge = options.trustDeviceMaxAge;
            const trustCookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE_NAME, { maxAge });
            const identifier = `trust-device-${randomBytes(24).toString("base64url")}`;
            const token = createHmac("sha256", ctx.context.secret).update(`${userId}!${identifier}`).digest("base64url");
            await ctx.context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt: new Date(Date.now() + maxAge * 1000) });
            await ctx.setSignedCookie(trustCookie.name, `${token}!${identifier}`, ctx.context.secret, trustCookie.attributes);
            expireCookie(ctx, ctx.context.authCookies.dontRememberToken);
          }
          return ctx.json({ token: session.token, user: { id: user.id }, passkeyId: key.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
};

// better-auth's endpoint context (the type lives in @better-auth/core, not a direct dependency).
type EndpointContext = Parameters<typeof expireCookie>[0];

async function signedTwoFactorCookie(ctx: EndpointContext): Promise<string> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE_NAME);
  const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!signed) throw refuse("INVALID_TWO_FACTOR_COOKIE");
  return signed;
}

/** The account of the pending second step (the two-factor plugin's challenge, still unexpired). */
async function pendingUserId(ctx: EndpointContext): Promise<string> {
  const record = await ctx.context.internalAdapter.findVerificationValue(await signedTwoFactorCookie(ctx));
  if (!record || new Date(record.expiresAt).getTime() <= Date.now()) throw refuse("INVALID_TWO_FACTOR_COOKIE");
  return record.value;
}
