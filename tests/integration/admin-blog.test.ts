import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { auditLog, blogPosts, revisions, users } from "../../db/schema";
import type { Services } from "../../server/services";
import { createPost, deletePost, findPost, newPostValues, postToFormValues, savePost, todayInVancouver } from "~/blog/manage.server";
import { SLUG_TAKEN_MESSAGE, slugify, validatePostForm, type PostFormInput } from "~/blog/post-schema";
import { openTestDatabase, usingPostgres } from "../helpers/db";

const ADMIN = { id: "blog-test-admin", email: "blog-admin@example.test", name: "Blog Admin" };

describe(`admin blog posts (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  let services: Services;
  const emit = vi.fn(async () => {});

  const auditFor = (id: number) =>
    db
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "blog_post"), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);

  beforeAll(async () => {
    test = await openTestDatabase();
    db = test.database.db;
    await db.insert(users).values(ADMIN);
    await db.insert(blogPosts).values({ slug: "taken-slug", title: "Existing", published: true });
    services = { db, events: { emit } } as unknown as Services;
  });
  beforeEach(() => emit.mockClear());
  afterAll(async () => {
    await test?.drop();
  });

  let tick = Date.UTC(2026, 5, 1);
  /** New Post's values stored by their first save, as the new post's editor does. */
  async function createDraft(values: PostFormInput = newPostValues(tick++)) {
    const checked = validatePostForm(values);
    if (!checked.success) throw new Error(JSON.stringify(checked.errors));
    const created = await createPost(services, ADMIN, checked.data);
    if (!created.ok) throw new Error(created.message);
    return created.post;
  }

  it("New Post's values are the spec's draft, stored only by the first save, which records who did and its first revision", async () => {
    const now = Date.UTC(2026, 0, 2, 5, 0); // 2026-01-01 21:00 in Vancouver
    const values = newPostValues(now);
    expect(values).toMatchObject({ title: "New Blog Post", slug: `new-post-${now}`, excerpt: "", content: "", titleZh: "", published: false, publishedAt: "2026-01-01" });
    const draft = await createDraft(values);
    expect(draft).toMatchObject({ title: "New Blog Post", slug: `new-post-${now}`, excerpt: "", content: "", published: false, publishedAt: "2026-01-01", titleZh: null });
    expect(await auditFor(draft.id)).toEqual([{ action: "create", userId: ADMIN.id }]);
    const firstRevision = await db.select().from(revisions).where(and(eq(revisions.entity, "post"), eq(revisions.entityId, String(draft.id))));
    expect(firstRevision).toMatchObject([{ status: "saved", source: "person", version: draft.version, createdBy: ADMIN.id }]);
    expect(emit).not.toHaveBeenCalled();
    expect(todayInVancouver(new Date(now))).toBe("2026-01-01");

    // A taken slug is refused and nothing more is stored.
    const count = (await db.select({ id: blogPosts.id }).from(blogPosts)).length;
    const checked = validatePostForm({ ...values, slug: "taken-slug" });
    if (!checked.success) throw new Error("valid values refused");
    expect(await createPost(services, ADMIN, checked.data)).toMatchObject({ ok: false, status: 400, errors: { slug: SLUG_TAKEN_MESSAGE } });
    expect((await db.select({ id: blogPosts.id }).from(blogPosts)).length).toBe(count);
  });

  it("saves nothing when a value is invalid or the slug is taken", async () => {
    const draft = await createDraft();
    const values = postToFormValues(draft);

    const bad = await savePost(services, ADMIN, draft.id, { ...values, title: "Changed", slug: "Bad Slug" });
    expect(bad).toMatchObject({ ok: false, status: 400 });
    if (!bad.ok) expect(bad.errors.slug).toMatch(/lowercase letters/);

    const taken = await savePost(services, ADMIN, draft.id, { ...values, title: "Changed", slug: "taken-slug" });
    expect(taken).toMatchObject({ ok: false, status: 400, errors: { slug: SLUG_TAKEN_MESSAGE } });

    const badImage = await savePost(services, ADMIN, draft.id, { ...values, featuredImage: "javascript:alert(1)" });
    expect(badImage.ok).toBe(false);

    expect(await findPost(db, draft.id)).toEqual(draft);
    expect((await auditFor(draft.id)).map((a) => a.action)).toEqual(["create"]);
    expect(emit).not.toHaveBeenCalled();
  });

  it("stores every field, empty translations as NULL, and audits publish and unpublish", async () => {
    const draft = await createDraft();
    const values: PostFormInput = {
      ...postToFormValues(draft),
      title: "  Tenant rights  ",
      slug: "tenant-rights",
      author: "Jane Doe",
      publishedAt: "2026-03-15",
      featuredImage: "https://images.example.com/keys.jpg",
      excerpt: "Short",
      content: "## Heading\n\nBody",
      titleFa: "حقوق مستأجران",
      titleZh: "租户权利",
      excerptFa: "   ",
      published: false,
    };
    const saved = await savePost(services, ADMIN, draft.id, values);
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.post).toMatchObject({ title: "Tenant rights", slug: "tenant-rights", titleFa: "حقوق مستأجران", titleZh: "租户权利", excerptFa: null, contentZh: null });
    // A draft's edits concern nobody outside the admin.
    expect(emit).not.toHaveBeenCalled();

    const published = await savePost(services, ADMIN, draft.id, { ...values, published: true });
    expect(published.ok && published.post.published).toBe(true);
    expect(emit).toHaveBeenCalledWith("blog");

    await savePost(services, ADMIN, draft.id, { ...values, published: false });
    expect((await auditFor(draft.id)).map((a) => a.action)).toEqual(["create", "update", "publish", "update", "update", "unpublish"]);
    expect(emit).toHaveBeenCalledTimes(2);
  });

  it("deletes a post and records it", async () => {
    const draft = await createDraft();
    expect(await deletePost(services, ADMIN, draft.id)).toBe(true);
    expect(await findPost(db, draft.id)).toBeNull();
    expect(await deletePost(services, ADMIN, draft.id)).toBe(false);
    expect((await auditFor(draft.id)).map((a) => a.action)).toEqual(["create", "delete"]);
  });

  it("suggests slugs that pass validation", () => {
    expect(slugify("Tenant Rights in B.C. — 2026!")).toBe("tenant-rights-in-b-c-2026");
    expect(slugify("Café déjà vu")).toBe("cafe-deja-vu");
    expect(slugify("حقوق مستأجران")).toBe("");
  });
});
