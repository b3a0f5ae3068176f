import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openField } from "../../core/sealing.server";
import { sql } from "drizzle-orm";
import pino from "pino";
import { openTestDatabase } from "../helpers/db";
import { contactSubmissions } from "../../db/schema";
import { submitContact } from "../../app/contact/contact.server";
import type { Db } from "../../db/client";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const log = pino({ level: "silent" });
beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
});
afterAll(async () => handle?.drop());

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};
const good = { name: " Jane Doe ", email: " jane@example.com ", phone: "", subject: " Refusal ", message: " My study permit was refused. " };

describe("contact form action", () => {
  it("stores a valid message trimmed, with the subject first and no phone as null", async () => {
    const result = await submitContact({ db, log, rateLimit: 10 }, form(good), "198.51.100.1");
    expect(result).toEqual({ status: 200, body: { ok: true } });
    const rows = await db.select().from(contactSubmissions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Jane Doe",
      email: "jane@example.com",
      phone: null,
    });
    // Sealed at rest (decision 0093).
    expect(rows[0].message).toMatch(/^v1\./);
    expect(openField(rows[0].message, "contact_submissions.message")).toBe("Subject: Refusal\n\nMy study permit was refused.");
  });

  it("answers field errors with the typed values and stores nothing", async () => {
    const before = (await db.select().from(contactSubmissions)).length;
    const typed = { ...good, email: "not-an-email", message: "   " };
    const result = await submitContact({ db, log, rateLimit: 10 }, form(typed), "198.51.100.2");
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      ok: false,
      errors: { email: "contact.validation.email-invalid", message: "contact.validation.message-required" },
      formError: "contact.validation.email-invalid",
      values: typed,
    });
    expect(await db.select().from(contactSubmissions)).toHaveLength(before);
  });

  it("pretends success when the honeypot is filled, and stores nothing", async () => {
    const before = (await db.select().from(contactSubmissions)).length;
    const result = await submitContact({ db, log, rateLimit: 10 }, form({ ...good, website: "https://spam.example" }), "198.51.100.3");
    expect(result).toEqual({ status: 200, body: { ok: true } });
    expect(await db.select().from(contactSubmissions)).toHaveLength(before);
  });

  it("refuses with 429 past the limit per address, other addresses unaffected", async () => {
    const deps = { db, log, rateLimit: 2 };
    expect((await submitContact(deps, form(good), "198.51.100.4")).status).toBe(200);
    expect((await submitContact(deps, form(good), "198.51.100.4")).status).toBe(200);
    const third = await submitContact(deps, form(good), "198.51.100.4");
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ ok: false, formError: "contact.validation.rate-limited", values: good });
    expect((await submitContact(deps, form(good), "198.51.100.5")).status).toBe(200);
  });

  it("answers contact.form.error and keeps the values when storing fails", async () => {
    await db.execute(sql`alter table contact_submissions rename to contact_submissions_away`);
    try {
      const result = await submitContact({ db, log, rateLimit: 10 }, form(good), "198.51.100.6");
      expect(result).toEqual({ status: 500, body: { ok: false, formError: "contact.form.error", values: good } });
    } finally {
      await db.execute(sql`alter table contact_submissions_away rename to contact_submissions`);
    }
  });
});
