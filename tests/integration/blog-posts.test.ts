import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, newsletterSubscribers } from "../../db/schema";
import { storeImage } from "../../core/media";
import { findPublishedPost, listPublishedPosts } from "~/blog/posts.server";
import { confirmSubscriber, confirmTokenState } from "~/newsletter/confirmation.server";
import {
  addSubscriber,
  newToken,
  readToken,
  subscribe,
  subscriberLinks,
  TOKEN_SHAPE,
  unsubscribe,
  unsubscribeTokenState,
} from "~/newsletter/subscribers.server";
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
  it("stores an address once, unconfirmed, with its language and two tokens of its own", async () => {
    expect(await addSubscriber(db, "reader@example.com", "fa")).toBe(true);
    expect(await addSubscriber(db, "reader@example.com", "en")).toBe(false);
    const rows = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "reader@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: "fa", confirmedAt: null });
    expect(rows[0].confirmToken).toMatch(TOKEN_SHAPE);
    expect(rows[0].unsubscribeToken).toMatch(TOKEN_SHAPE);
    expect(rows[0].confirmToken).not.toBe(rows[0].unsubscribeToken);
  });

  it("accepts known and new addresses alike until the address's limit, then refuses", async () => {
    const from = (email: string, clientIp: string) => subscribe(db, { email, language: "en", clientIp, limit: 2 });
    expect(await from("reader@example.com", "192.0.2.1")).toBe("accepted");
    expect(await from("second@example.com", "192.0.2.1")).toBe("accepted");
    expect(await from("third@example.com", "192.0.2.1")).toBe("rate-limited");
    expect(await from("third@example.com", "192.0.2.2")).toBe("accepted");
    const stored = await db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, ["reader@example.com", "second@example.com", "third@example.com"]));
    expect(stored.map((row) => row.email).sort()).toEqual(["reader@example.com", "second@example.com", "third@example.com"]);
  });

  it("confirms once through its token, keeps the first time, and unsubscribes by deleting the row", async () => {
    await addSubscriber(db, "confirm.me@example.com", "zh");
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "confirm.me@example.com"));
    expect(await confirmTokenState(db, row.confirmToken)).toBe("pending");
    expect(await confirmSubscriber(db, row.confirmToken, new Date("2026-03-01T00:00:00Z"))).toBe("confirmed");
    expect(await confirmSubscriber(db, row.confirmToken, new Date("2026-04-01T00:00:00Z"))).toBe("confirmed");
    expect(await confirmTokenState(db, row.confirmToken)).toBe("confirmed");
    const [confirmed] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.id));
    expect(confirmed.confirmedAt?.toISOString()).toBe("2026-03-01T00:00:00.000Z");

    // The other token does not confirm, and unknown or missing tokens are simply unknown.
    expect(await confirmSubscriber(db, row.unsubscribeToken)).toBe("unknown");
    expect(await confirmSubscriber(db, null)).toBe("unknown");
    expect(await unsubscribe(db, row.confirmToken)).toBe("unknown");

    expect(await unsubscribeTokenState(db, row.unsubscribeToken)).toBe("pending");
    expect(await unsubscribe(db, row.unsubscribeToken)).toBe("unsubscribed");
    expect(await unsubscribe(db, row.unsubscribeToken)).toBe("unknown");
    expect(await unsubscribeTokenState(db, row.unsubscribeToken)).toBe("unknown");
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.id))).toEqual([]);
  });

  it("reads only token-shaped values", () => {
    const token = newToken();
    expect(token).toMatch(TOKEN_SHAPE);
    expect(readToken(token)).toBe(token);
    expect(readToken(`${token}x`)).toBeNull();
    expect(readToken("' or 1=1 --")).toBeNull();
    expect(readToken(null)).toBeNull();
  });

  it("builds a subscriber's absolute links in its language, for the confirmation mail", async () => {
    await addSubscriber(db, "links@example.com", "fa");
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "links@example.com"));
    expect(subscriberLinks("https://law.example.ca/", row)).toEqual({
      confirmUrl: `https://law.example.ca/fa/newsletter/confirm?token=${row.confirmToken}`,
      unsubscribeUrl: `https://law.example.ca/fa/newsletter/unsubscribe?token=${row.unsubscribeToken}`,
    });
    const tokens = { confirmToken: "c".repeat(43), unsubscribeToken: "u".repeat(43) };
    expect(subscriberLinks("http://localhost:3000", { language: "en", ...tokens }).confirmUrl).toBe(`http://localhost:3000/newsletter/confirm?token=${"c".repeat(43)}`);
    expect(subscriberLinks("http://localhost:3000", { language: "zh", ...tokens }).unsubscribeUrl).toBe(`http://localhost:3000/zh/newsletter/unsubscribe?token=${"u".repeat(43)}`);
    // A language the site no longer has falls back to English rather than a broken path.
    expect(subscriberLinks("http://localhost:3000", { language: "de", ...tokens }).confirmUrl).toBe(`http://localhost:3000/newsletter/confirm?token=${"c".repeat(43)}`);
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
