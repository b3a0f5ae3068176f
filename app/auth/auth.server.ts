import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Db } from "../../db/client";
import { accounts, sessions, twoFactors, users, verifications } from "../../db/schema";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import { configureToastCookie } from "../toast/toast.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./forms";
import { passkeySecondStep } from "./passkey-plugin.server";
import { relyingParty } from "./passkeys.server";
import { recoveryCodeStore } from "./recovery-codes.server";

/** Second factor (decision 0068): how long a device may skip it when the person ticks "Trust this device". */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;
/** Time to type the code after the password (better-auth's two-factor cookie). */
export const SECOND_STEP_SECONDS = 10 * 60;

/**
 * Session lifetimes (see docs/decisions/0002-admin-auth.md).
 * - Absolute: better-auth's `expiresIn` with refresh disabled, so a session (and its cookie,
 *   whose Max-Age is the same) ends 7 days after sign-in however active it is.
 * - Idle: the guard (guard.server.ts) ends a session unused for 12 hours, using the row's
 *   updated_at, which it moves forward at most every SESSION_TOUCH_SECONDS.
 */
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
export const SESSION_TOUCH_SECONDS = 5 * 60;

/**
 * better-auth's cookie prefix: its cookies are `admin.session_token`, `admin.two_factor`, ... (with
 * `__Secure-` under https). Code that reads a cookie by hand asks better-auth's helpers with this
 * prefix instead of spelling a name (ended-sessions.server.ts, passkey-plugin.server.ts).
 */
export const COOKIE_PREFIX = "admin";

/** The header through which the client address reaches better-auth (set only by our code). */
export const CLIENT_IP_HEADER = "x-admin-client-ip";

export function createAuth(db: Db, config: Pick<Config, "SESSION_SECRET" | "SITE_URL" | "secureCookies">, log?: Logger) {
  return betterAuth({
    appName: "Admin",
    baseURL: config.SITE_URL,
    // Only the server API is used (from React Router actions); no HTTP handler is mounted.
    basePath: "/admin/auth",
    secret: config.SESSION_SECRET,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    plugins: [
      twoFactor({
        // The name an authenticator app shows beside the code: the site's host.
        issuer: new URL(config.SITE_URL).host,
        twoFactorCookieMaxAge: SECOND_STEP_SECONDS,
        trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
        // Ten codes, each used once, kept only as keyed hashes (recovery-codes.server.ts).
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: recoveryCodeStore(config.SESSION_SECRET) },
        // After 10 wrong codes in a row the account's second step waits 15 minutes (the plugin's
        // lock, across devices), on top of the sign-in throttle that counts wrong codes like passwords.
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      // The second step with a passkey (decision 0074), on the plugin's challenge cookie.
      passkeySecondStep({ db, ...relyingParty(config), trustDeviceMaxAge: TRUST_DEVICE_SECONDS }),
    ],
    emailAndPassword: {
      enabled: true,
      // Accounts come only from /admin/setup and `npm run admin:create` (admin-users.server.ts).
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: false,
    },
    session: {
      expiresIn: SESSION_ABSOLUTE_SECONDS,
      disableSessionRefresh: true,
      // The database is the only session store: a deleted row ends the session at once.
      cookieCache: { enabled: false },
    },
    // The login throttle (login-throttle.server.ts) is shared by every instance through the database.
    rateLimit: { enabled: false },
    advanced: {
      // Under https the cookie is Secure and named __Secure-admin.session_token.
      useSecureCookies: config.secureCookies,
      cookiePrefix: COOKIE_PREFIX,
      // Only the admin area needs the session: public pages never receive it (nor the page cache).
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/admin" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // better-auth's own errors go to the site's JSON log; failed sign-ins are logged by login.server.ts.
    logger: log
      ? { level: "error", log: (level, message) => log[level === "debug" ? "debug" : level]({ source: "better-auth" }, message) }
      : { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per database handle: one per process in production; tests may open several.
const instances = new WeakMap<object, Auth>();

export interface AuthContext {
  services: { db: Db; config: Config; log?: Logger };
}

/** The better-auth instance of this process, built on first use from the load context. */
export function getAuth(context: AuthContext): Auth {
  const { db, config, log } = context.services;
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db, config, log);
    instances.set(db, auth);
    configureToastCookie(config);
  }
  return auth;
}

/**
 * Headers for a better-auth server call: only the session cookie, the user agent and the
 * client address we determined. Origin and fetch-metadata checks are done by our guard.
 */
export function authHeaders(request: Request, clientIp?: string): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("Cookie");
  if (cookie) headers.set("Cookie", cookie);
  const agent = request.headers.get("User-Agent");
  if (agent) headers.set("User-Agent", agent.slice(0, 500));
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}
