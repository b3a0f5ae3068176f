import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Passwords too common to accept (ASVS 5.0 6.2.4, 6.2.11), checked on the server wherever a
 * password is set (admin-users.server.ts, the reset link, Your account). The list is zxcvbn-ts's
 * ~49,000 most common passwords (@zxcvbn-ts/language-common, MIT). A password is refused when,
 * lower-cased, it is on the list; or when its letters alone (digits, spaces and symbols taken out,
 * as in "Password2026!" or "qwertyuiop12") are on the list, are only words of this site's context
 * (the firm's trade and the admin), or are nothing at all ("123456789012").
 */
export const COMMON_PASSWORD = "This password is too common or too easy to guess. Use a few unrelated words instead.";

const CONTEXT_WORDS = ["admin", "administrator", "password", "passw0rd", "lawfirm", "law", "lawyer", "lawyers", "legal", "firm", "vancouver", "canada", "immigration", "litigation", "family", "welcome", "login", "letmein", "qwerty"];

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((word) => word.toLowerCase()));
  return common;
}

/** Whether `letters` is made only of context words (e.g. "adminvancouver", "lawfirmlaw"). */
function onlyContextWords(letters: string): boolean {
  const reachable = new Array<boolean>(letters.length + 1).fill(false);
  reachable[0] = true;
  for (let at = 0; at < letters.length; at++) {
    if (!reachable[at]) continue;
    for (const word of CONTEXT_WORDS) if (letters.startsWith(word, at)) reachable[at + word.length] = true;
  }
  return reachable[letters.length];
}

/** The refusal for a password too common to use, or null. `extraWords`: e.g. the person's email's name part. */
export function commonPasswordReason(password: string, extraWords: readonly string[] = []): string | null {
  const lower = password.normalize("NFC").toLowerCase().trim();
  const letters = lower.replace(/[^\p{L}]/gu, "");
  const list = commonPasswords();
  if (list.has(lower) || letters.length === 0 || list.has(letters) || onlyContextWords(letters)) return COMMON_PASSWORD;
  for (const word of extraWords.map((w) => w.toLowerCase().replace(/[^\p{L}]/gu, "")).filter((w) => w.length >= 3)) {
    if (letters === word || letters.replaceAll(word, "").length === 0) return COMMON_PASSWORD;
  }
  return null;
}
