import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { blogPosts } from "../../../db/schema";
import type { Services } from "../../../server/services";
import type { AdminUser } from "../../auth/guard.server";
import { recordAudit } from "../audit.server";
import { SLUG_TAKEN_MESSAGE, validatePostForm, type PostFieldErrors, type PostFormInput } from "./post-schema";

export type AdminPostRow = typeof blogPosts.$inferSelect;

/** What the list shows of a post (no article bodies). */
export interface AdminPostListItem {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
}

/** The firm works on Vancouver time: "today" for a new draft is the date there. */
export function todayInVancouver(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A unique-constraint failure (PostgreSQL 23505), whether raw or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Every post, drafts included, newest first by creation. */
export async function listAllPosts(db: Db): Promise<AdminPostListItem[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      published: blogPosts.published,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function findPost(db: Db, id: number): Promise<AdminPostRow | null> {
  const rows = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A new draft as the spec describes it: 'New Blog Post', slug 'new-post-{timestamp}', today's date. */
export async function createDraft(services: Services, user: AdminUser, now = Date.now()): Promise<AdminPostRow> {
  const { db } = services;
  // Two drafts in the same millisecond would share a slug: step the number until it is free.
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(blogPosts)
        .values({
          title: "New Blog Post",
          slug: `new-post-${now + attempt}`,
          excerpt: "",
          content: "",
          author: "",
          published: false,
          publishedAt: todayInVancouver(new Date(now)),
        })
        .returning();
      await recordAudit(db, { userId: user.id, action: "create", entity: "blog_post", entityId: row.id, details: { slug: row.slug } });
      return row;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

export type SavePostResult =
  | { ok: true; post: AdminPostRow }
  | { ok: false; status: 400 | 404; message: string; errors: PostFieldErrors };

/**
 * Validate and store the editor's values. Nothing is written when anything is wrong; the
 * public pages hear about it only when the post is (or was) visible to them.
 */
export async function savePost(services: Services, user: AdminUser, id: number, values: PostFormInput): Promise<SavePostResult> {
  const { db } = services;
  const checked = validatePostForm(values);
  if (!checked.success) return { ok: false, status: 400, message: "Please correct the highlighted fields.", errors: checked.errors };
  const data = checked.data;

  const before = await findPost(db, id);
  if (!before) return { ok: false, status: 404, message: "This post no longer exists.", errors: {} };

  const taken = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, data.slug), ne(blogPosts.id, id)))
    .limit(1);
  const slugTaken = { ok: false, status: 400, message: SLUG_TAKEN_MESSAGE, errors: { slug: SLUG_TAKEN_MESSAGE } } as const;
  if (taken.length > 0) return slugTaken;

  let post: AdminPostRow;
  try {
    [post] = await db
      .update(blogPosts)
      .set({ ...data, updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning();
  } catch (error) {
    // Another save took the slug between the check and the write.
    if (isUniqueViolation(error)) return slugTaken;
    throw error;
  }
  if (!post) return { ok: false, status: 404, message: "This post no longer exists.", errors: {} };

  const changed = (Object.keys(data) as Array<keyof typeof data>).filter((key) => before[key] !== post[key]);
  await recordAudit(db, { userId: user.id, action: "update", entity: "blog_post", entityId: id, details: { slug: post.slug, changed } });
  if (before.published !== post.published) {
    await recordAudit(db, { userId: user.id, action: post.published ? "publish" : "unpublish", entity: "blog_post", entityId: id, details: { slug: post.slug } });
  }
  if (before.published || post.published) await services.events.emit("blog");
  return { ok: true, post };
}

/** Delete a post; false when it was already gone. */
export async function deletePost(services: Services, user: AdminUser, id: number): Promise<boolean> {
  const { db } = services;
  const [gone] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ slug: blogPosts.slug, published: blogPosts.published });
  if (!gone) return false;
  await recordAudit(db, { userId: user.id, action: "delete", entity: "blog_post", entityId: id, details: { slug: gone.slug } });
  if (gone.published) await services.events.emit("blog");
  return true;
}

/** A route's :id as a positive integer, or null. */
export function parsePostId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A stored post as the editor's string values (NULL becomes an empty field). */
export function postToFormValues(row: AdminPostRow): PostFormInput {
  const text = (value: string | null) => value ?? "";
  return {
    title: row.title,
    slug: row.slug,
    author: row.author,
    publishedAt: text(row.publishedAt),
    featuredImage: text(row.featuredImage),
    excerpt: row.excerpt,
    content: row.content,
    metaDescription: text(row.metaDescription),
    imageAltText: text(row.imageAltText),
    titleFa: text(row.titleFa),
    excerptFa: text(row.excerptFa),
    contentFa: text(row.contentFa),
    metaDescriptionFa: text(row.metaDescriptionFa),
    imageAltTextFa: text(row.imageAltTextFa),
    titleZh: text(row.titleZh),
    excerptZh: text(row.excerptZh),
    contentZh: text(row.contentZh),
    metaDescriptionZh: text(row.metaDescriptionZh),
    imageAltTextZh: text(row.imageAltTextZh),
    published: row.published,
  };
}
