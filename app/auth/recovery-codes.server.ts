import { createHmac } from "node:crypto";

/**
 * Recovery codes stored hashed (decision 0068). better-auth's two-factor plugin keeps the codes as
 * one string it "encrypts" and "decrypts" through hooks we give it, and checks a code by
 * `codes.includes(code)`. Our hooks store HMAC-SHA256 digests (keyed with SESSION_SECRET, so a
 * leaked table cannot be guessed offline) and the sign-in step hashes the typed code the same way
 * before handing it over: the plugin then compares digests, removes the used one with a
 * compare-and-set, and the plain codes exist only in the answer that shows them once.
 */
const PREFIX = "h1:";

/** A code as people type it: spaces dropped; the plugin's codes are "xxxxx-xxxxx", case-sensitive. */
export const normaliseRecoveryCode = (code: string) => code.replace(/\s+/g, "").slice(0, 40);

export function hashRecoveryCode(secret: string, code: string): string {
  return PREFIX + createHmac("sha256", secret).update(normaliseRecoveryCode(code)).digest("base64url");
}

/** The plugin's storeBackupCodes hooks: plain codes in, digests stored; digests pass through unchanged. */
export function recoveryCodeStore(secret: string) {
  return {
    encrypt: async (json: string) => {
      const codes = JSON.parse(json) as string[];
      return JSON.stringify(codes.map((code) => (code.startsWith(PREFIX) ? code : hashRecoveryCode(secret, code))));
    },
    decrypt: async (stored: string) => stored,
  };
}

/** How many unused codes a stored value holds. */
export function recoveryCodesLeft(stored: string | null | undefined): number {
  try {
    const codes = JSON.parse(stored ?? "[]") as unknown;
    return Array.isArray(codes) ? codes.length : 0;
  } catch {
    return 0;
  }
}
