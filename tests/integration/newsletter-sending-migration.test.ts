import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { pgliteOptions } from "../../db/client";

/**
 * The newsletter-sending migration (decision 0081) on a database with posts: the archive (posts
 * published, or once published) gets "Send to subscribers" off, a never-published draft keeps it
 * on, and existing subscribers keep their language with no bounces.
 */
const migrations = path.resolve(import.meta.dirname, "../../db/migrations");
const before = mkdtempSync(path.join(tmpdir(), "news-sending-migration-"));
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe("migration newsletter_sending", () => {
  it("turns the switch off for the archive only", async () => {
    cpSync(migrations, before, { recursive: true });
    const journalPath = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
    const index = journal.entries.findIndex((entry) => entry.tag.endsWith("_newsletter_sending"));
    expect(index).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));

    const client = await PGlite.create(pgliteOptions());
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: before });
      await client.exec(`insert into blog_posts (slug, title, published, first_published_at) values
        ('live', 'Live', true, now()), ('taken-down', 'Taken down', false, now()), ('draft', 'Draft', false, null)`);
      await client.exec(`insert into newsletter_subscribers (email, language, confirmed_at) values ('fa@example.com', 'fa', now())`);
      await migrate(db, { migrationsFolder: migrations });
      const posts = await db.select({ slug: schema.blogPosts.slug, on: schema.blogPosts.sendNewsletter, claimed: schema.blogPosts.newsletterClaimedAt }).from(schema.blogPosts);
      expect(posts.map((p) => [p.slug, p.on, p.claimed]).sort()).toEqual([
        ["draft", true, null],
        ["live", false, null],
        ["taken-down", false, null],
      ]);
      const [subscriber] = await db.select().from(schema.newsletterSubscribers);
      expect([subscriber.language, subscriber.bounceCount, subscriber.bouncingAt]).toEqual(["fa", 0, null]);
    } finally {
      await client.close();
    }
  });
});
