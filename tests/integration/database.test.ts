import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { blogAutomationSettings, blogPosts, contentText, instagramSettings, mediaVariants, teamMembers } from "../../db/schema";
import { countRows, ensureDefaultTexts, seedDatabase } from "../../server/seed";
import { defaultTexts } from "~/i18n/defaults";
import { openTestDatabase, usingPostgres } from "../helpers/db";
import { tempDir } from "../helpers/server";

describe(`migrations and seed (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("seeds a fresh database once, with every built-in text and the demo content", async () => {
    const { db } = test.database;
    const first = await seedDatabase(db, { demo: true });
    expect(first.seeded).toBe(true);
    expect(first.textsInserted).toBe(defaultTexts.size);
    expect(await countRows(db, "blog_posts")).toBe(3);
    expect(await countRows(db, "team_members")).toBe(3);
    const teamTexts = await db.select().from(contentText).where(like(contentText.key, "team.member.%"));
    expect(teamTexts).toHaveLength(15);
    expect(teamTexts.every((row) => row.content && row.contentFa && row.contentZh)).toBe(true);
    expect(await db.select().from(blogAutomationSettings)).toHaveLength(1);
    expect(await db.select().from(instagramSettings)).toHaveLength(1);
    const [withImage] = await db.select().from(blogPosts).where(like(blogPosts.featuredImage, "/media/%"));
    expect(withImage.featuredImage).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    const members = await db.select().from(teamMembers);
    expect(members.every((m) => m.photoUrl?.startsWith("/media/") && m.photoBwUrl?.startsWith("/media/"))).toBe(true);
    expect((await db.select({ w: mediaVariants.width }).from(mediaVariants)).length).toBeGreaterThan(4);
  });

  it("does not seed or duplicate anything on the next start", async () => {
    const { db } = test.database;
    const before = await countRows(db, "content_text");
    const second = await seedDatabase(db, { demo: true });
    expect(second).toEqual({ seeded: false, textsInserted: 0 });
    expect(await countRows(db, "content_text")).toBe(before);
    expect(await countRows(db, "blog_posts")).toBe(3);
    expect(await countRows(db, "team_members")).toBe(3);
  });

  it("keeps staff edits and adds only missing built-in texts", async () => {
    const { db } = test.database;
    await db.update(contentText).set({ contentFa: "ویرایش کارکنان" }).where(eq(contentText.key, "hero-headline"));
    await db.delete(contentText).where(eq(contentText.key, "hero-tagline"));
    expect(await ensureDefaultTexts(db)).toBe(1);
    const [row] = await db.select().from(contentText).where(eq(contentText.key, "hero-headline"));
    expect(row.contentFa).toBe("ویرایش کارکنان");
  });

  it("seeds no demo content when asked not to", async () => {
    const other = await openTestDatabase();
    try {
      const { db } = other.database;
      expect((await seedDatabase(db, { demo: false })).seeded).toBe(true);
      expect(await countRows(db, "blog_posts")).toBe(0);
      expect(await countRows(db, "team_members")).toBe(0);
      expect(await db.select().from(contentText).where(like(contentText.key, "team.member.%"))).toHaveLength(0);
    } finally {
      await other.drop();
    }
  });
});

describe("embedded database on disk", () => {
  it("migrates idempotently when reopened", async () => {
    const dir = tempDir("pglite-");
    const first = await openDatabase({ pgliteDir: dir });
    await seedDatabase(first.db, { demo: false });
    const count = await countRows(first.db, "content_text");
    await first.close();
    const second = await openDatabase({ pgliteDir: dir });
    expect((await seedDatabase(second.db, { demo: false })).seeded).toBe(false);
    expect(await countRows(second.db, "content_text")).toBe(count);
    await second.close();
  });
});
