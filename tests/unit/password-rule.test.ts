/** The rule for a new admin password: its length is what a person sees (invisible characters count nothing). */
import { describe, expect, it } from "vitest";
import { newPasswordSchema, PASSWORD_BLANK, setupSchema, visibleLength } from "../../app/auth/forms";

const message = (password: string) => {
  const result = newPasswordSchema.safeParse(password);
  return result.success ? null : result.error.issues[0]?.message;
};
const SHORT = "Password must be at least 12 characters";

describe("new password rule", () => {
  it("refuses passwords with nothing visible: zero-width, format, control, filler and blank characters", () => {
    for (const password of [
      "\u200B".repeat(12), // zero-width space
      "\u200C\u200D\u2060\uFEFF".repeat(4), // joiners, word joiner, BOM
      "\u202E\u200E\u200F\u00AD".repeat(4), // bidi marks, soft hyphen
      "\u3164".repeat(12), // Hangul filler
      "\u2800".repeat(12), // Braille blank
      "\u0001\u001F".repeat(6), // controls
      " \t\u00A0\u3000".repeat(4), // spaces of all kinds
    ]) {
      expect(message(password), JSON.stringify(password)).toBe(PASSWORD_BLANK);
    }
  });

  it("counts the minimum length in visible characters", () => {
    expect(message(`a${"\u200B".repeat(11)}`)).toBe(SHORT);
    expect(message("abc\u200Bdef\u200Bghi\u200Bjk")).toBe(SHORT); // 11 visible letters
    expect(message(`abcd${" ".repeat(10)}efgh`)).toBe(SHORT); // a run of spaces counts once
    expect(message(`  abcdefghij  `)).toBe(SHORT); // spaces at the ends count nothing
    expect(visibleLength("e\u0301".repeat(12))).toBe(12); // a letter with its accent is one
    expect(message("e\u0301".repeat(12))).toBeNull();
    expect(message("correct horse battery")).toBeNull();
    expect(message("密码密码密码密码密码密码")).toBeNull();
  });

  it("keeps the password as typed", () => {
    const typed = " correct  horse battery ";
    expect(newPasswordSchema.parse(typed)).toBe(typed);
    const setup = setupSchema.safeParse({ token: "t", email: "a@example.test", password: "\u200B".repeat(12), confirm: "\u200B".repeat(12) });
    expect(setup.success).toBe(false);
  });
});
