/**
 * The admin's own signed cookies (the known device, the second step in progress): each signed by
 * React Router's createCookie with a key derived from SESSION_SECRET and its purpose, so no other
 * signed value of the site can pass for it; HttpOnly, Secure under https. Made once per secret.
 */
import { createHmac } from "node:crypto";
import { createCookie, type Cookie, type CookieOptions } from "react-router";

export interface SignedCookieConfig {
  SESSION_SECRET: string;
  secureCookies: boolean;
}

const made = new Map<string, Cookie>();

/** The cookie `name` for `purpose` (the key's derivation label), with its own path, SameSite and lifetime. */
export function signedCookie(config: SignedCookieConfig, purpose: string, name: string, options: Pick<CookieOptions, "path" | "sameSite" | "maxAge">): Cookie {
  const key = `${purpose}:${config.secureCookies}:${config.SESSION_SECRET}`;
  let cookie = made.get(key);
  if (!cookie) {
    cookie = createCookie(name, {
      secrets: [createHmac("sha256", config.SESSION_SECRET).update(purpose).digest("base64url")],
      httpOnly: true,
      secure: config.secureCookies,
      ...options,
    });
    made.set(key, cookie);
  }
  return cookie;
}
