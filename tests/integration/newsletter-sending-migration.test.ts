import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { onDatabaseBefore } from "../helpers/migrations";

/**
 * The newsletter-sending migration (decision 0081) on a database with posts: the archive (posts
 * published, or once published) gets "Send to subscribers" off, a never-published draft keeps it
 * on, and existing subscribers keep their language with no bounces.
 */
describe("migration newsletter_sending", () => {
  it("turns the switch off for the archive only", async () => {
    await onDatabaseBefore((tag) => tag.endsWith("_newsletter_sending"), async ({ client, db, index, migrateRest }) => {
      expect(index).toBeGreaterThan(0);
      await client.exec(`insert into blog_posts (slug, title, published, first_published_at) values
        ('live', 'Live', true, now()), ('taken-down', 'Taken down', false, now()), ('draft', 'Draft', false, null)`);
      await client.exec(`insert into newsletter_subscribers (email, language, confirmed_at) values ('fa@example.com', 'fa', now())`);
      await migrateRest();
      const posts = await db.select({ slug: schema.blogPosts.slug, on: schema.blogPosts.sendNewsletter, claimed: schema.blogPosts.newsletterClaimedAt }).from(schema.blogPosts);
      expect(posts.map((p) => [p.slug, p.on, p.claimed]).sort()).toEqual([
        ["draft", true, null],
        ["live", false, null],
        ["taken-down", false, null],
      ]);
      const [subscriber] = await db.select().from(schema.newsletterSubscribers);
      expect([subscriber.language, subscriber.bounceCount, subscriber.bouncingAt]).toEqual(["fa", 0, null]);
    });
  });
});
