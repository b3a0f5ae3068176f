import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD, commonPasswordReason } from "../../app/auth/password-policy.server";

describe("common passwords are refused (ASVS 6.2.4, 6.2.11)", () => {
  it("refuses listed passwords, listed words padded with digits or symbols, digits only, and the site's own words", () => {
    for (const password of ["qwertyuiop123", "1qaz2wsx3edc", "Password2026!", "123456789012", "!!!!!!!!!!!!", "Vancouver Law 2026", "admin admin admin", "LawFirm#123456", "Sunshine12345"]) {
      expect(commonPasswordReason(password), password).toBe(COMMON_PASSWORD);
    }
  });

  it("refuses the person's own name as the password", () => {
    expect(commonPasswordReason("maryjones2026!", ["mary.jones"])).toBe(COMMON_PASSWORD);
    expect(commonPasswordReason("maryjones2026!")).toBeNull();
  });

  it("accepts passphrases and random passwords", () => {
    for (const password of ["correct horse battery staple", "river lantern cobalt 42", "j8#Kq2!vLm9$", "mango teapot Kestrel"]) {
      expect(commonPasswordReason(password), password).toBeNull();
    }
  });
});
