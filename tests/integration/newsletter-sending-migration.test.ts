import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { pgliteOptions } from "../../db/client";
import { MIGRATIONS, migrationsBefore } from "../helpers/migrations";

/**
 * The newsletter-sending migration (decision 0081) on a database with posts: the archive (posts
 * published, or once published) gets "Send to subscribers" off, a never-published draft keeps it
 * on, and existing subscribers keep their language with no bounces.
 */
const cut: Array<() => void> = [];
afterAll(() => cut.forEach((remove) => remove()));

describe("migration newsletter_sending", () => {
  it("turns the switch off for the archive only", async () => {
    const { folder: before, index, remove } = migrationsBefore((tag) => tag.endsWith("_newsletter_sending"));
    cut.push(remove);
    expect(index).toBeGreaterThan(0);

    const client = await PGlite.create(pgliteOptions());
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: before });
      await client.exec(`insert into blog_posts (slug, title, published, first_published_at) values
        ('live', 'Live', true, now()), ('taken-down', 'Taken down', false, now()), ('draft', 'Draft', false, null)`);
      await client.exec(`insert into newsletter_subscribers (email, language, confirmed_at) values ('fa@example.com', 'fa', now())`);
      await migrate(db, { migrationsFolder: MIGRATIONS });
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
