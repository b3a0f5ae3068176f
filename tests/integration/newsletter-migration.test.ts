import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { onDatabaseBefore } from "../helpers/migrations";

/**
 * Migration 0001 (decision 0004) on a database that already has subscribers from the old
 * single opt-in form: they stay, unconfirmed, each with tokens of its own.
 */
describe("migration 0001 (newsletter double opt-in)", () => {
  it("keeps existing subscribers, unconfirmed, with distinct link tokens", async () => {
    // The migrations as they were before 0001.
    await onDatabaseBefore((tag) => tag.startsWith("0001_"), async ({ client, db, index, migrateRest }) => {
      expect(index).toBe(1);
      await client.exec(`insert into newsletter_subscribers (email, language) values ('old.one@example.com', 'fa'), ('old.two@example.com', 'en')`);
      await migrateRest();

      const rows = await db.select().from(schema.newsletterSubscribers);
      expect(rows.map((row) => [row.email, row.language, row.confirmedAt]).sort()).toEqual([
        ["old.one@example.com", "fa", null],
        ["old.two@example.com", "en", null],
      ]);
      const tokens = rows.flatMap((row) => [row.confirmToken, row.unsubscribeToken]);
      for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Set(tokens).size).toBe(4);
    });
  });
});
