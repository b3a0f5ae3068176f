import { describe, expect, it } from "vitest";
import contactTexts from "../../app/i18n/defaults/contact";
import { contactSchema, readContactForm, storedContactMessage, validateContact, type ContactValues } from "../../app/contact/schema";

const valid: ContactValues = { name: "Jane Doe", email: "jane@example.com", phone: "", subject: "Study permit refusal", message: "I was refused." };
const errorsOf = (values: Partial<ContactValues>) => {
  const result = validateContact({ ...valid, ...values });
  return result.success ? {} : result.errors;
};
const english = (key: string) => (contactTexts.texts as Record<string, { en: string }>)[key]?.en;

describe("contact form schema", () => {
  it("accepts a valid message and trims every value", () => {
    const result = validateContact({ name: "  Jane  ", email: " jane@example.com ", phone: " 604 555 0100 ", subject: " Hi ", message: "\n Body \n" });
    expect(result).toEqual({
      success: true,
      data: { name: "Jane", email: "jane@example.com", phone: "604 555 0100", subject: "Hi", message: "Body" },
    });
  });

  it("stores an empty or blank phone as null", () => {
    expect(contactSchema.parse({ ...valid, phone: "   " }).phone).toBeNull();
    expect(contactSchema.parse(valid).phone).toBeNull();
  });

  it("requires name, subject and message (blank after trimming counts as empty) and a valid email", () => {
    expect(errorsOf({ name: "   ", email: "", subject: " ", message: "\n\t" })).toEqual({
      name: "contact.validation.name-required",
      email: "contact.validation.email-invalid",
      subject: "contact.validation.subject-required",
      message: "contact.validation.message-required",
    });
    for (const email of ["jane", "jane@", "@example.com", "jane@example", "jane doe@example.com"]) {
      expect(errorsOf({ email })).toEqual({ email: "contact.validation.email-invalid" });
    }
  });

  it("enforces the spec's maximum lengths exactly, after trimming", () => {
    const cases: Array<[keyof ContactValues, number, string, (n: number) => string]> = [
      ["name", 100, "contact.validation.name-max", (n) => "a".repeat(n)],
      ["email", 255, "contact.validation.email-max", (n) => `${"a".repeat(n - "@example.com".length)}@example.com`],
      ["phone", 50, "contact.validation.phone-max", (n) => "1".repeat(n)],
      ["subject", 200, "contact.validation.subject-max", (n) => "s".repeat(n)],
      ["message", 5000, "contact.validation.message-max", (n) => "m".repeat(n)],
    ];
    for (const [field, max, key, make] of cases) {
      expect(errorsOf({ [field]: make(max) }), `${field} at ${max}`).toEqual({});
      expect(errorsOf({ [field]: `  ${make(max)}  ` }), `${field} at ${max} with spaces`).toEqual({});
      expect(errorsOf({ [field]: make(max + 1) }), `${field} at ${max + 1}`).toEqual({ [field]: key });
    }
  });

  it("names the first problem in the form's field order", () => {
    const result = validateContact({ name: "", email: "x", phone: "1".repeat(51), subject: "", message: "" });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.firstError).toBe("contact.validation.name-required");
    const later = validateContact({ ...valid, subject: "", phone: "1".repeat(51) });
    if (!later.success) expect(later.firstError).toBe("contact.validation.phone-max");
  });

  it("uses message keys whose English defaults are the spec's texts", () => {
    expect(english("contact.validation.name-required")).toBe("Name is required");
    expect(english("contact.validation.email-invalid")).toBe("Invalid email");
    expect(english("contact.validation.subject-required")).toBe("Subject is required");
    expect(english("contact.validation.message-required")).toBe("Message is required");
    for (const key of ["name-max", "email-max", "phone-max", "subject-max", "message-max", "rate-limited"]) {
      const entry = (contactTexts.texts as Record<string, { en: string; fa: string; zh: string }>)[`contact.validation.${key}`];
      expect(entry?.en && entry.fa && entry.zh, key).toBeTruthy();
    }
  });

  it("reads a posted form, treating missing fields as empty", () => {
    const form = new FormData();
    form.set("name", " Jane ");
    form.set("message", "Hello");
    expect(readContactForm(form)).toEqual({ name: " Jane ", email: "", phone: "", subject: "", message: "Hello" });
  });

  it("stores the subject first, then a blank line, then the body", () => {
    expect(storedContactMessage("Refusal", "Line one\nLine two")).toBe("Subject: Refusal\n\nLine one\nLine two");
  });
});
