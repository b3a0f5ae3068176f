/**
 * A blog post's revisions (decision 0061): its snapshot is every text of the editor in the three
 * languages, the slug, author, date and featured image; publication is not part of it (a restore
 * never publishes or unpublishes). Writing a snapshot raises the post's version, keeps a 301 from
 * a published post's old slug, and records the translations' review states.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, postSlugRedirects } from "../../db/schema";
import { isUniqueViolation, refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import type { FieldText, Revisioned } from "../revisions/review.server";
import { ensureBaseline } from "../revisions/store.server";
import { POST_TRANSLATED_FIELDS, postColumn } from "../i18n/translated";
import { TARGET_LANGUAGES } from "../i18n/languages";
import { recordMachineTranslation, recordSavedTranslation } from "../translation/review.server";
import { SLUG_TAKEN_MESSAGE } from "./post-schema";
import { putPostOnline } from "./gate.server";

export { POST_SNAPSHOT_FIELDS, postSnapshot, type PostSnapshot } from "./post-snapshot";
import { POST_SNAPSHOT_FIELDS, postSnapshot, type PostSnapshot } from "./post-snapshot";

type PostRow = typeof blogPosts.$inferSelect;

const FIELD_LABELS: Record<(typeof POST_TRANSLATED_FIELDS)[number], string> = {
  title: "Title",
  excerpt: "Excerpt",
  content: "Content",
  metaDescription: "Meta description",
  imageAltText: "Image alt text",
};
const LANGUAGE_NAMES = { en: "", fa: " (Farsi)", zh: " (Chinese)" } as const;

/** The post store's refusals (decision 0101). */
const M = defineMessages("blog.revisions", { slugTaken: SLUG_TAKEN_MESSAGE });

function postFields(snapshot: PostSnapshot): FieldText[] {
  const fields: FieldText[] = [
    { key: "slug", label: "Slug", language: "en", text: snapshot.slug ?? "", shared: true },
    { key: "author", label: "Author", language: "en", text: snapshot.author ?? "", shared: true },
    { key: "publishedAt", label: "Date", language: "en", text: snapshot.publishedAt ?? "", shared: true },
    { key: "featuredImage", label: "Featured image", language: "en", text: snapshot.featuredImage ?? "", shared: true },
  ];
  for (const language of ["en", ...TARGET_LANGUAGES] as const) {
    for (const field of POST_TRANSLATED_FIELDS) {
      const column = language === "en" ? field : postColumn(field, language);
      fields.push({ key: column, label: `${FIELD_LABELS[field]}${LANGUAGE_NAMES[language]}`, language, text: String(snapshot[column as keyof PostSnapshot] ?? "") });
    }
  }
  return fields;
}

/** The translations' review states after a write: a person's sign-off reviews them, a machine's edit marks its own. */
export async function recordPostReview(tx: Db, before: PostRow, after: PostRow, reviewed: boolean): Promise<void> {
  for (const field of POST_TRANSLATED_FIELDS) {
    for (const language of TARGET_LANGUAGES) {
      const column = postColumn(field, language);
      const target = { entity: "post" as const, entityId: String(after.id), field, language };
      if (!reviewed) {
        if (before[column] !== after[column] && after[column]) await recordMachineTranslation(tx, target, after[field] ?? "");
        continue;
      }
      await recordSavedTranslation(tx, target, {
        englishBefore: before[field] ?? "",
        englishAfter: after[field] ?? "",
        translationBefore: before[column] as string | null,
        translationAfter: after[column] as string | null,
      });
    }
  }
}

/** A published post's old address keeps answering (301) when its slug changes. */
export async function keepOldSlug(tx: Db, before: PostRow, after: PostRow): Promise<void> {
  // The new slug is the post's own again: no redirect may point away from it.
  await tx.delete(postSlugRedirects).where(eq(postSlugRedirects.oldSlug, after.slug));
  if (before.slug === after.slug || !before.firstPublishedAt) return;
  await tx
    .insert(postSlugRedirects)
    .values({ oldSlug: before.slug, postId: after.id })
    .onConflictDoUpdate({ target: postSlugRedirects.oldSlug, set: { postId: after.id, createdAt: sql`now()` } });
}

/** The post a former slug now names, if any. */
export async function redirectedSlug(db: Db, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: blogPosts.slug, published: blogPosts.published })
    .from(postSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, postSlugRedirects.postId))
    .where(eq(postSlugRedirects.oldSlug, oldSlug))
    .limit(1);
  return row?.published ? row.slug : null;
}

/**
 * Write values over a post if it is still at `expectVersion` (null: any version), raising its
 * version: the one write of a post's content, for a person's save, a restore, a published
 * change and a machine's edit of a draft alike.
 */
export async function writePost(
  tx: Db,
  id: number,
  values: Partial<typeof blogPosts.$inferInsert>,
  expectVersion: number | null,
  reviewed: boolean,
): Promise<{ before: PostRow; after: PostRow } | null> {
  const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
  if (!before || (expectVersion !== null && before.version !== expectVersion)) return null;
  await ensureBaseline(tx, "post", id, postSnapshot(before), before.version);
  let after: PostRow | undefined;
  try {
    // In a savepoint: a slug another post took meanwhile is an answer, and the transaction goes on.
    [after] = await tx.transaction((savepoint) =>
      savepoint
        .update(blogPosts)
        .set({ ...values, version: sql`${blogPosts.version} + 1`, updatedAt: new Date() })
        .where(and(eq(blogPosts.id, id), eq(blogPosts.version, before.version)))
        .returning(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse("invalid", M.slugTaken, undefined, ["slug"]);
    throw error;
  }
  if (!after) return null;
  await keepOldSlug(tx, before, after);
  await recordPostReview(tx, before, after, reviewed);
  return { before, after };
}

export const postRevisions: Revisioned<PostSnapshot> = {
  entity: "post",
  noun: "post",
  auditEntity: "blog_post",
  changes: ["blog"],
  async read(db, entityId) {
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, Number(entityId))).limit(1);
    return row ? { snapshot: postSnapshot(row), version: row.version, live: row.published, label: row.title } : null;
  },
  async write(tx, entityId, snapshot, expectVersion, meta) {
    const values = Object.fromEntries(POST_SNAPSHOT_FIELDS.map((field) => [field, snapshot[field] ?? null])) as Partial<PostRow>;
    const written = await writePost(tx, Number(entityId), { ...values, title: snapshot.title ?? "", slug: snapshot.slug, author: snapshot.author ?? "", excerpt: snapshot.excerpt ?? "", content: snapshot.content ?? "" }, expectVersion, meta.reviewed);
    return written ? written.after.version : null;
  },
  fields: postFields,
  async goLive(tx, deps, entityId, actor, path) {
    // The proposal's write raised the version in this transaction already.
    return (await putPostOnline(tx, deps, Number(entityId), { actor, path })) !== null;
  },
};
