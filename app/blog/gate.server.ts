/**
 * A blog post's publishing gate (decision 0087): the only code that sets a post live or takes it
 * down. Every path that can make a post public (the editor's save, New Post, a reviewer's publish of
 * a proposal, Recently deleted, the scheduled publisher, the daily run) decides with the one rule
 * (app/publishing/sign-off.server.ts) and goes through `putPostOnline`, which records the audit
 * entry and raises the "published" event in the same transaction (Instagram, newsletter).
 */
import { and, eq, lte, not, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts } from "../../db/schema";
import { auditFrom, recordAudit } from "../changes/audit.server";
import { emitPublished, type PublishDeps, type PublishPath } from "../publishing/published.server";
import type { Signer } from "../publishing/sign-off.server";
import { LANGUAGES, type Lang } from "../i18n/languages";
import { POST_TRANSLATED_FIELDS, postColumn } from "../i18n/translated";
import type { Actor } from "../changes/audit.server";
import { recordBaselines } from "../revisions/store.server";
import { postSnapshot } from "./post-snapshot";

type PostRow = typeof blogPosts.$inferSelect;

export interface GoLiveOptions {
  actor: Signer | null;
  path: PublishPath;
  /** Raise the post's version (a publication that is not also a content write: a schedule, a reviewer's go-live). */
  raiseVersion?: boolean;
  /** Only if its scheduled time is at or before this moment (the scheduled publisher's claim). */
  dueBy?: Date;
}

/**
 * Make a post public: one conditional UPDATE (only while it is not public, so of two callers at
 * once exactly one gets the row), its audit entry, and the "published" event. Null when it was
 * already public, gone, or not due. The caller has checked the sign-off.
 */
export async function putPostOnline(tx: Db, deps: PublishDeps, postId: number, options: GoLiveOptions): Promise<PostRow | null> {
  // Whether it was ever public, read under the row's lock (the UPDATE below fills the mark).
  const [was] = await tx.select({ firstPublishedAt: blogPosts.firstPublishedAt }).from(blogPosts).where(eq(blogPosts.id, postId)).for("update");
  if (!was) return null;
  const [post] = await tx
    .update(blogPosts)
    .set({
      published: true,
      publishAt: null,
      awaitingReview: false,
      firstPublishedAt: sql`coalesce(${blogPosts.firstPublishedAt}, now())`,
      ...(options.raiseVersion ? { version: sql`${blogPosts.version} + 1`, updatedAt: new Date() } : {}),
    })
    .where(and(eq(blogPosts.id, postId), not(blogPosts.published), options.dueBy ? lte(blogPosts.publishAt, options.dueBy) : undefined))
    .returning();
  if (!post) return null;
  await recordAudit(tx, {
    ...auditFrom(options.actor),
    action: "publish",
    entity: "blog_post",
    entityId: post.id,
    details: { slug: post.slug, path: options.path, ...(options.path === "schedule" ? { scheduled: true } : {}) },
  });
  await emitPublished({ tx, deps }, { entity: "post", entityId: post.id, wentLive: true, firstTime: was.firstPublishedAt === null, path: options.path, actor: options.actor, languages: LANGUAGES });
  return post;
}

/** The languages whose visitor-facing text differs between two states of a post. */
export function postLanguagesChanged(before: PostRow, after: PostRow): Lang[] {
  const text = (row: PostRow, field: (typeof POST_TRANSLATED_FIELDS)[number], lang: Lang) => ((row as Record<string, unknown>)[postColumn(field, lang)] ?? "") as string;
  return LANGUAGES.filter((lang) => POST_TRANSLATED_FIELDS.some((field) => text(before, field, lang) !== text(after, field, lang)));
}

/**
 * A person with the sign-off changed a public post in place (the editor's save): the languages
 * whose text changed are published, and the event says so (decision 0098: a Farsi version
 * published later is mailed to Farsi subscribers then).
 */
export async function announcePostEdit(tx: Db, deps: PublishDeps, before: PostRow, after: PostRow, actor: Actor): Promise<void> {
  const languages = postLanguagesChanged(before, after);
  if (languages.length === 0) return;
  await emitPublished({ tx, deps }, { entity: "post", entityId: after.id, wentLive: false, firstTime: false, path: "save", actor, languages });
}

/**
 * A seeded or imported post (the firm's own text, public or not as it comes): stored with its
 * baseline revision, so its first change can be compared and undone (decision 0087). Nothing
 * follows: an archive is not news, so neither the newsletter nor Instagram hears of it.
 */
export async function importPost(tx: Db, values: typeof blogPosts.$inferInsert): Promise<PostRow> {
  const [row] = await tx.insert(blogPosts).values(values).returning();
  await recordBaselines(tx, [{ entity: "post", entityId: row.id, snapshot: postSnapshot(row), version: row.version }]);
  return row;
}

/**
 * Take a post down (direct for anyone who edits posts: it hides text, it publishes none). It keeps
 * the mark of having been public, so putting it back needs the sign-off.
 */
export async function takePostOffline(tx: Db, postId: number): Promise<PostRow | null> {
  const [post] = await tx
    .update(blogPosts)
    .set({ published: false, firstPublishedAt: sql`coalesce(${blogPosts.firstPublishedAt}, ${blogPosts.createdAt})` })
    .where(and(eq(blogPosts.id, postId), eq(blogPosts.published, true)))
    .returning();
  return post ?? null;
}
