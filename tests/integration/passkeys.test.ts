/**
 * Passkeys (decision 0074) without a browser: a software passkey (tests/helpers/webauthn.ts)
 * answers the server's challenges. Challenges are single use and expire; registration stores the
 * passkey and turns on the second step; the sign-in's second step accepts only this account's
 * challenge and passkey from this origin, creates the session, and can trust the device; the last
 * passkey of someone whose role needs a second factor cannot be removed. The browser flow is
 * tests/e2e/passkeys.test.ts.
 */
import { and, eq, like } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { getAuth } from "../../app/auth/auth.server";
import { getSignedInUser } from "../../app/auth/guard.server";
import { finishPasskeyRegistration, PASSKEY_TEXT, removePasskey } from "../../app/auth/own-passkeys.server";
import { consumeChallenge, PASSKEY_CHALLENGE_SECONDS, storeChallenge } from "../../app/auth/passkeys.server";
import { secondFactorStatus, turnOff } from "../../app/auth/second-factor.server";
import type { Config } from "../../core/config";
import type { Db } from "../../db/client";
import { passkeys, sessions, users, verifications } from "../../db/schema";
import { openTestDatabase, usingPostgres } from "../helpers/db";
import { softPasskey } from "../helpers/webauthn";

const ORIGIN = "http://localhost:3000";
const A = { email: "partner@example.test", password: "partner passphrase one" };
const B = { email: "associate@example.test", password: "associate passphrase one" };

/** The cookies a better-auth answer set, as a Cookie header (expired ones left out). */
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "none";
  } catch (error) {
    if (error instanceof APIError) return (error.body as { code?: string }).code;
    return (error as Error).message;
  }
};

describe(`passkeys (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  const config = { SESSION_SECRET: "p".repeat(48), SITE_URL: ORIGIN, secureCookies: false, ADMIN_SECOND_FACTOR: "required" } as Config;
  const services = () => ({ db, config });
  const auth = () => getAuth({ services: services() });
  const ids: Record<string, string> = {};
  const keyA = softPasskey(ORIGIN);
  const keyB = softPasskey(ORIGIN);

  const person = (who: "A" | "B", sessionId = "session-1") => ({ id: ids[who], email: who === "A" ? A.email : B.email, name: "", roles: ["admin" as const], sessionId });

  /** Register a passkey for a person through a stored challenge (the password step is the account page's). */
  const register = async (who: "A" | "B", key: ReturnType<typeof softPasskey>, name: string) => {
    const challenge = "c" + Math.random().toString(36).slice(2) + "x".repeat(20);
    const challengeB64 = Buffer.from(challenge).toString("base64url");
    const challengeId = await storeChallenge(db, { purpose: "register", challenge: challengeB64, userId: ids[who], sessionId: "session-1" });
    return finishPasskeyRegistration(services(), person(who), challengeId, name, key.register(challengeB64));
  };

  /** The password step: with a second factor, the two-factor plugin's challenge cookie instead of a session. */
  const passwordStep = async (who: typeof A, cookie = "") => {
    const result = await auth().api.signInEmail({ body: { ...who, rememberMe: true }, headers: new Headers(cookie ? { Cookie: cookie } : {}), returnHeaders: true });
    return { response: result.response as Record<string, unknown>, cookie: cookiesOf(result.headers) };
  };

  const options = async (cookie: string) => {
    const answer = (await auth().api.passkeySecondStepOptions({ headers: new Headers({ Cookie: cookie }) })) as {
      challengeId: string;
      optionsJSON: { challenge: string; rpId: string; userVerification: string; allowCredentials: { id: string }[] };
    } | null;
    expect(answer).not.toBeNull();
    return answer!;
  };

  const verify = (cookie: string, challengeId: string, response: unknown, trustDevice = false) =>
    auth().api.verifyPasskeySecondStep({ body: { challengeId, response: response as never, trustDevice }, headers: new Headers({ Cookie: cookie }), returnHeaders: true });

  beforeAll(async () => {
    test = await openTestDatabase();
    db = test.database.db;
    ids.A = (await createOrPromoteAdmin(db, A, { via: "test" })).userId;
    ids.B = (await createOrPromoteAdmin(db, B, { via: "test" })).userId;
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("keeps a challenge 5 minutes, for one use and one purpose", async () => {
    const now = new Date();
    const value = { purpose: "sign-in" as const, challenge: "abc", userId: "u1", sessionId: null };
    const first = await storeChallenge(db, value, now);
    expect(await consumeChallenge(db, first, "sign-in", new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000 + 1))).toBeNull();

    const second = await storeChallenge(db, value, now);
    expect(await consumeChallenge(db, second, "register", now)).toBeNull();
    // Asked for the wrong purpose, it is gone all the same.
    expect(await consumeChallenge(db, second, "sign-in", now)).toBeNull();

    const third = await storeChallenge(db, value, now);
    expect(await consumeChallenge(db, third, "sign-in", now)).toEqual(value);
    expect(await consumeChallenge(db, third, "sign-in", now)).toBeNull();
    // Only a random id reaches the browser; the row is keyed by it, not by the challenge.
    const rows = await db.select().from(verifications).where(like(verifications.identifier, "passkey-challenge-%"));
    expect(rows.every((row) => !row.identifier.includes("abc"))).toBe(true);
  });

  it("stores a registered passkey, and it counts as the second factor its role needs", async () => {
    const before = await getSignedInUserFor(A);
    expect(before.secondFactorSetupNeeded).toBe(true);

    const added = await register("A", keyA, "Work laptop");
    const [row] = await db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row).toMatchObject({ userId: ids.A, name: "Work laptop", credentialId: keyA.id, counter: 0, transports: '["internal"]' });
    const [account] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, ids.A));
    expect(account.on).toBe(true);
    const status = await secondFactorStatus(services(), person("A"));
    expect(status).toMatchObject({ passkeys: 1, enabled: false, required: true });
    // The authenticator app was never set up: nothing to turn off.
    await expect(turnOff(services(), new Request(ORIGIN), person("A"), "x", "127.0.0.1")).rejects.toThrow();
  });

  it("refuses a registration answer for another session's challenge, from another origin, or twice", async () => {
    const challenge = Buffer.from("another-session-challenge-0123456789").toString("base64url");
    const challengeId = await storeChallenge(db, { purpose: "register", challenge, userId: ids.B, sessionId: "session-2" });
    await expect(finishPasskeyRegistration(services(), person("B"), challengeId, "Phone", keyB.register(challenge))).rejects.toThrow(PASSKEY_TEXT.expired);

    const foreign = softPasskey("https://evil.example");
    const challenge2 = Buffer.from("foreign-origin-challenge-0123456789").toString("base64url");
    const id2 = await storeChallenge(db, { purpose: "register", challenge: challenge2, userId: ids.B, sessionId: "session-1" });
    await expect(finishPasskeyRegistration(services(), person("B"), id2, "Phone", foreign.register(challenge2))).rejects.toThrow(PASSKEY_TEXT.failed);

    await register("B", keyB, "Phone");
    await expect(register("B", keyB, "Phone again")).rejects.toThrow(PASSKEY_TEXT.duplicate);
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, ids.B))).toHaveLength(1);
  });

  it("stops the password sign-in of a passkey-only account and lets its passkey complete it", async () => {
    const step = await passwordStep(A);
    expect(step.response).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: [] });
    expect(step.cookie).toContain("admin.two_factor=");

    const { challengeId, optionsJSON } = await options(step.cookie);
    expect(optionsJSON).toMatchObject({ rpId: "localhost", userVerification: "preferred", allowCredentials: [{ id: keyA.id }] });
    const result = await verify(step.cookie, challengeId, keyA.assert(optionsJSON.challenge));
    const [session] = await db.select().from(sessions).where(eq(sessions.token, result.response.token));
    expect(session.userId).toBe(ids.A);
    const signedIn = await getSignedInUser(new Request(`${ORIGIN}/admin/dashboard`, { headers: { Cookie: cookiesOf(result.headers) } }), { services: services() });
    expect(signedIn).toMatchObject({ id: ids.A, twoFactorEnabled: true, secondFactorSetupNeeded: false });
    const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, keyA.id));
    expect(key.counter).toBe(1);
    expect(key.lastUsedAt).not.toBeNull();
    // The plugin's challenge is used up with it.
    expect(await codeOf(options(step.cookie))).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("refuses another account's challenge, an unknown passkey, another origin and a replayed challenge", async () => {
    const a = await passwordStep(A);
    const b = await passwordStep(B);
    const sessionsBefore = (await db.select().from(sessions).where(eq(sessions.userId, ids.A))).length;
    const forB = await options(b.cookie);
    expect(await codeOf(verify(a.cookie, forB.challengeId, keyA.assert(forB.optionsJSON.challenge)))).toBe("PASSKEY_CHALLENGE_INVALID");

    const first = await options(a.cookie);
    expect(await codeOf(verify(a.cookie, first.challengeId, keyB.assert(first.optionsJSON.challenge)))).toBe("PASSKEY_UNKNOWN");
    const second = await options(a.cookie);
    expect(await codeOf(verify(a.cookie, second.challengeId, keyA.assert(second.optionsJSON.challenge, "https://evil.example")))).toBe("PASSKEY_INVALID");
    // Each refused answer used its challenge up.
    expect(await codeOf(verify(a.cookie, second.challengeId, keyA.assert(second.optionsJSON.challenge)))).toBe("PASSKEY_CHALLENGE_INVALID");
    expect(await db.select().from(sessions).where(eq(sessions.userId, ids.A))).toHaveLength(sessionsBefore);

    const third = await options(a.cookie);
    const ok = await verify(a.cookie, third.challengeId, keyA.assert(third.optionsJSON.challenge));
    expect(ok.response.token).toBeTruthy();
  });

  it("trusts the device when asked, as the two-factor plugin does for codes", async () => {
    const step = await passwordStep(A);
    const { challengeId, optionsJSON } = await options(step.cookie);
    const result = await verify(step.cookie, challengeId, keyA.assert(optionsJSON.challenge), true);
    const trust = cookiesOf(result.headers)
      .split("; ")
      .filter((c) => c.startsWith("admin.trust_device="))
      .join("; ");
    expect(trust).not.toBe("");
    const again = await passwordStep(A, trust);
    expect(again.response.twoFactorRedirect).toBeUndefined();
    expect(again.response.token).toBeTruthy();
  });

  it("keeps the last passkey of someone whose role needs one, and turns the second step off with it otherwise", async () => {
    const step = await passwordStep(B);
    const { challengeId, optionsJSON } = await options(step.cookie);
    const cookie = cookiesOf((await verify(step.cookie, challengeId, keyB.assert(optionsJSON.challenge))).headers);
    const request = new Request(`${ORIGIN}/admin/dashboard/account`, { headers: { Cookie: cookie } });
    const [key] = await db.select().from(passkeys).where(eq(passkeys.userId, ids.B));
    await expect(removePasskey(services(), request, person("B"), key.id, B.password, "127.0.0.1")).rejects.toThrow(PASSKEY_TEXT.lastRequired);

    const optional = { db, config: { ...config, ADMIN_SECOND_FACTOR: "optional" } as Config };
    await expect(removePasskey(optional, request, person("B"), key.id, "not the password", "127.0.0.1")).rejects.toThrow();
    await removePasskey(optional, request, person("B"), key.id, B.password, "127.0.0.1");
    expect(await db.select().from(passkeys).where(and(eq(passkeys.userId, ids.B)))).toHaveLength(0);
    const [account] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, ids.B));
    expect(account.on).toBe(false);
    expect((await passwordStep(B)).response.token).toBeTruthy();
  });

  async function getSignedInUserFor(who: typeof A) {
    const step = await passwordStep(who);
    const user = await getSignedInUser(new Request(`${ORIGIN}/admin/dashboard`, { headers: { Cookie: step.cookie } }), { services: services() });
    expect(user).not.toBeNull();
    return user!;
  }
});
