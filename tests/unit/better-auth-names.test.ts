import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { COOKIE_PREFIX, createAuth } from "../../app/auth/auth.server";
import { cookieToken } from "../../app/auth/ended-sessions.server";
import { TRUST_DEVICE_COOKIE_NAME, TWO_FACTOR_COOKIE_NAME } from "../../app/auth/passkey-plugin.server";

/**
 * Names our code shares with better-auth (decision 0100). The two-factor plugin's cookie names are
 * not exported by the library, so the passkey step names them; this test reads the installed
 * library's own constants (beside the plugin's entry point) and fails when an upgrade renames one.
 */

const config = { SESSION_SECRET: "a-test-secret-that-is-long-enough-0123456789", SITE_URL: "http://localhost:3000", secureCookies: false };

describe("better-auth's names", () => {
  it("the two-factor plugin's cookie names are the installed library's", async () => {
    const entry = import.meta.resolve("better-auth/plugins/two-factor");
    const library = (await import(/* @vite-ignore */ new URL("./constant.mjs", entry).href)) as Record<string, unknown>;
    expect(library.TWO_FACTOR_COOKIE_NAME).toBe(TWO_FACTOR_COOKIE_NAME);
    expect(library.TRUST_DEVICE_COOKIE_NAME).toBe(TRUST_DEVICE_COOKIE_NAME);
  });

  it("the ended-session note finds the session cookie better-auth names, with and without __Secure-", async () => {
    for (const secureCookies of [false, true]) {
      // No query runs: only the cookie names are asked for.
      const auth = createAuth({} as Db, { ...config, secureCookies });
      const name = (await auth.$context).authCookies.sessionToken.name;
      expect(name).toBe(`${secureCookies ? "__Secure-" : ""}${COOKIE_PREFIX}.session_token`);
      const request = new Request("http://localhost:3000/admin", { headers: { Cookie: `other=1; ${name}=tok3n.c2lnbmF0dXJl%3D` } });
      expect(cookieToken(request)).toBe("tok3n");
    }
    expect(cookieToken(new Request("http://localhost:3000/admin", { headers: { Cookie: "better-auth.session_token=x.y" } }))).toBeNull();
  });

  it("the passkey step's cookies carry better-auth's prefix", async () => {
    const auth = createAuth({} as Db, config);
    const context = await auth.$context;
    expect(context.createAuthCookie(TWO_FACTOR_COOKIE_NAME).name).toBe(`${COOKIE_PREFIX}.two_factor`);
    expect(context.createAuthCookie(TRUST_DEVICE_COOKIE_NAME).name).toBe(`${COOKIE_PREFIX}.trust_device`);
  });
});
