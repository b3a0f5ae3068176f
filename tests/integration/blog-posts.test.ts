import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, newsletterSubscribers } from "../../db/schema";
import { storeImage } from "../../server/media";
import { findPublishedPost, listPublishedPosts } from "~/blog/posts.server";
import { addSubscriber } from "~/blog/subscribers.server";
import { postImage } from "~/blog/images.server";
import { openTestDatabase } from "../helpers/db";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
  await db.insert(blogPosts).values([
    { slug: "old", title: "Old", published: true, publishedAt: "2025-01-05" },
    { slug: "draft-newest", title: "Draft", published: false, publishedAt: "2027-01-01" },
    { slug: "new", title: "New", published: true, publishedAt: "2026-06-01" },
    { slug: "same-day-first", title: "Same day, inserted first", published: true, publishedAt: "2026-03-03" },
    { slug: "same-day-second", title: "Same day, inserted second", published: true, publishedAt: "2026-03-03" },
    { slug: "undated", title: "Undated", published: true, publishedAt: null },
  ]);
});

afterAll(async () => {
  await handle.drop();
});

describe("blog queries", () => {
  it("lists published posts only, newest date first, then newest id, undated last", async () => {
    const slugs = (await listPublishedPosts(db)).map((p) => p.slug);
    expect(slugs).toEqual(["new", "same-day-second", "same-day-first", "old", "undated"]);
  });

  it("finds a published post by slug, never a draft or a missing one", async () => {
    expect((await findPublishedPost(db, "new"))?.title).toBe("New");
    expect(await findPublishedPost(db, "draft-newest")).toBeNull();
    expect(await findPublishedPost(db, "no-such-post")).toBeNull();
  });
});

describe("newsletter subscribers", () => {
  it("stores an address once with its language; a second try is 'already subscribed'", async () => {
    expect(await addSubscriber(db, "reader@example.com", "fa")).toBe("subscribed");
    expect(await addSubscriber(db, "reader@example.com", "en")).toBe("already-subscribed");
    const rows = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "reader@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0].language).toBe("fa");
  });
});

describe("post images", () => {
  it("builds a WebP srcset from an upload's stored widths", async () => {
    const png = await sharp({ create: { width: 1000, height: 400, channels: 3, background: "#163d62" } }).png().toBuffer();
    const stored = await storeImage(db, png, { avif: false });
    const image = await postImage(db, stored.url);
    expect(image?.src).toBe(`/media/${stored.id}/1000.webp`);
    expect(image?.srcSet).toBe([320, 640, 960, 1000].map((w) => `/media/${stored.id}/${w}.webp ${w}w`).join(", "));
  });

  it("uses any other address as it is, and nothing for no image", async () => {
    expect(await postImage(db, "https://cdn.example.com/a.jpg")).toEqual({ src: "https://cdn.example.com/a.jpg" });
    expect(await postImage(db, null)).toBeNull();
  });
});
