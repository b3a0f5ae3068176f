import { firmClock } from "../../core/firm-clock.server";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, translationStates } from "../../db/schema";
import { assertCan, userCan, type AdminUser } from "../auth/guard.server";
import { auditFrom } from "../changes/audit.server";
import { commit, type ChangeDeps } from "../changes/commit.server";
import type { PublishDeps } from "../publishing/published.server";
import { refusalValues } from "../auth/roles";
import { POST_FORM_FIELDS, POST_FORM_REFUSED, SLUG_MAX, SLUG_TAKEN_MESSAGE, slugify, validatePostForm, type PostFieldErrors, type PostFormInput, type PostFormOutput } from "./post-schema";
import { POST_TRANSLATED_FIELDS, postColumn } from "../i18n/translated";
import { clearRecordStates, loadStates, reviewState } from "../translation/review.server";
import { AdminError, isUniqueViolation, refuse } from "../changes/errors.server";
import { defineMessages, REFUSAL_STATUS } from "../changes/refusal";
import { moveToTrash, reviveDates, takeFromTrash } from "../revisions/trash.server";
import { changedLanguages, ConflictError, describeConflict } from "../revisions/review.server";
import { closeReviewedInEditor, pendingFor, proposeChange, recordSaved } from "../revisions/store.server";
import { postRevisions, postSnapshot, writePost } from "./revisions.server";
import { needsReview, type ReviewState } from "../translation/states";
import { TARGET_LANGUAGES } from "../i18n/languages";
import { postChangePublished, putPostOnline, takePostOffline } from "./gate.server";
import { assertMaySignOff, maySignOff } from "../publishing/sign-off.server";

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
  /** Translations a person should read (machine-made, or behind their English). */
  toReview: number;
  /** A machine-written draft no person has published yet ('Awaiting review'). */
  awaitingReview: boolean;
  /** When a draft goes live by itself (ISO), or null (decision 0062). */
  publishAt: string | null;
  /** A change waiting for review (an AI rewrite or a machine translation of the live post), by revision id. */
  pendingRevision: number | null;
  hasFeaturedImage: boolean;
  /** SPEC 4's social status, and "posting" while its Instagram job is queued or running. */
  instagram: {
    status: "posted" | "error" | "not-posted" | "posting";
    postId: string | null;
    permalink: string | null;
    error: string | null;
  };
}

/** The firm works on Vancouver time: "today" for a new draft is the date there. */
export function todayInVancouver(now = new Date()): string {
  return firmClock.dayOf(now);
}

/** How many of each post's translations need a person's review. */
async function reviewCounts(db: Db): Promise<Map<number, number>> {
  const states = await loadStates(db, "post");
  const counts = new Map<number, number>();
  if (states.size === 0) return counts;
  // The English of every translated field: a changed English makes its translations stale.
  const rows = await db.select().from(blogPosts);
  for (const row of rows) {
    let count = 0;
    for (const field of POST_TRANSLATED_FIELDS) {
      for (const language of TARGET_LANGUAGES) {
        const state = reviewState(states, String(row.id), field, language, row[field] ?? "", row[postColumn(field, language)] as string | null);
        if (needsReview(state)) count += 1;
      }
    }
    counts.set(row.id, count);
  }
  return counts;
}

/** The review state of each translation of one post, by its form field (`titleFa`, ...). */
export async function postReviewStates(db: Db, post: AdminPostRow): Promise<Record<string, ReviewState>> {
  const states = await loadStates(db, "post", [String(post.id)]);
  const result: Record<string, ReviewState> = {};
  for (const field of POST_TRANSLATED_FIELDS) {
    for (const language of TARGET_LANGUAGES) {
      const column = postColumn(field, language);
      result[column] = reviewState(states, String(post.id), field, language, post[field] ?? "", post[column] as string | null);
    }
  }
  return result;
}

/** Every post, drafts included, newest first by creation; `posting` holds the posts whose Instagram job is under way. */
export async function listAllPosts(db: Db, posting: ReadonlySet<number> = new Set()): Promise<AdminPostListItem[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      published: blogPosts.published,
      publishedAt: blogPosts.publishedAt,
      awaitingReview: blogPosts.awaitingReview,
      publishAt: blogPosts.publishAt,
      createdAt: blogPosts.createdAt,
      featuredImage: blogPosts.featuredImage,
      instagramPosted: blogPosts.instagramPosted,
      instagramPostId: blogPosts.instagramPostId,
      instagramPermalink: blogPosts.instagramPermalink,
      instagramError: blogPosts.instagramError,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  const toReview = await reviewCounts(db);
  const pending = await pendingFor(db, "post");
  return rows.map(({ featuredImage, instagramPosted, instagramPostId, instagramPermalink, instagramError, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    publishAt: row.publishAt?.toISOString() ?? null,
    pendingRevision: pending.get(String(row.id))?.id ?? null,
    toReview: toReview.get(row.id) ?? 0,
    hasFeaturedImage: Boolean(featuredImage?.trim()),
    instagram: {
      status: instagramPosted ? "posted" : posting.has(row.id) ? "posting" : instagramError ? "error" : "not-posted",
      postId: instagramPostId,
      permalink: instagramPermalink,
      error: instagramError,
    },
  }));
}

export async function findPost(db: Db, id: number): Promise<AdminPostRow | null> {
  const rows = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A slug from the title that no post has yet (read inside the storing transaction). */
export async function freeSlug(tx: Db, title: string, now: Date): Promise<string> {
  const base = slugify(title) || `post-${now.getTime()}`;
  const taken = new Set(
    (
      await tx
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(sql`${blogPosts.slug} like ${`${base.slice(0, SLUG_MAX - 12)}%`}`)
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  // The number goes within the editor's slug limit: a long base gives up its end, not the limit.
  const numbered = (n: number) => `${base.slice(0, SLUG_MAX - `-${n}`.length).replace(/-+$/, "")}-${n}`;
  for (let n = 2; ; n++) if (!taken.has(numbered(n))) return numbered(n);
}

/**
 * Store a new post, never public: the one insert of a post, for the editor's New Post and the
 * daily run alike. Making it public is the gate's (putPostOnline, decision 0087).
 */
export async function insertPost(db: Db, values: Omit<typeof blogPosts.$inferInsert, "published" | "firstPublishedAt">): Promise<AdminPostRow> {
  const [row] = await db.insert(blogPosts).values({ ...values, published: false }).returning();
  return row;
}

/**
 * The editor's values of a post not stored yet, as the spec describes a new draft: 'New Blog
 * Post', slug 'new-post-{timestamp}', empty texts, unpublished, today's Vancouver date. Nothing is
 * stored until its first save (createPost): leaving the editor leaves no empty draft behind.
 */
export function newPostValues(now = Date.now()): PostFormInput {
  const empty = Object.fromEntries(POST_FORM_FIELDS.map((field) => [field, ""])) as unknown as PostFormInput;
  return { ...empty, title: "New Blog Post", slug: `new-post-${now}`, publishedAt: todayInVancouver(new Date(now)), published: false };
}

export type SavePostResult =
  | {
      ok: true;
      /** The post as stored (unchanged by a proposal). */
      post: AdminPostRow;
      /** The save became a change waiting for a lawyer (decision 0070): its revision, and the post as it proposes it. */
      proposal?: { id: number; post: AdminPostRow };
    }
  /** Refused (decision 0101): its kind (and the status that kind answers), the form's sentence and each field's own. */
  | { ok: false; kind: "invalid"; status: 400; message: string; errors: PostFieldErrors }
  | { ok: false; kind: "not-found"; status: 404; message: string; errors: PostFieldErrors };

/** A refused save's kind with the status it answers, from the one map (decision 0101). */
const refusedAs = <Kind extends "invalid" | "not-found">(kind: Kind) => ({ kind, status: REFUSAL_STATUS[kind] });

/** What a proposed change answers: the live post is not changed. */
export const PROPOSED_MESSAGE = "Your change is waiting for a lawyer's sign-off. Visitors still see the published version until a lawyer publishes it from the post's History.";
/** Why an editor's publish is refused while sign-off is on (decision 0087): the form offers "Propose for publication" instead. */
export const PUBLISH_NEEDS_SIGN_OFF = "Publishing a post needs a lawyer's sign-off: use Propose for publication, and a lawyer or an admin publishes it.";
/** What a draft proposed for publication answers. */
export const PROPOSED_FOR_PUBLICATION = "The post is saved as a draft and proposed for publication. Visitors and subscribers see nothing until a lawyer publishes it.";
/** Refusal of putting a post that was public before back online without a sign-off (decision 0070). */
export const REPUBLISH_REFUSED = "This post was on the site before: putting it back online needs a lawyer's sign-off. Save it as a draft and ask a lawyer or an admin to publish it.";

/**
 * Validate and store the editor's values. Nothing is written when anything is wrong; the
 * public pages hear about it only when the post is (or was) visible to them.
 */
export async function savePost(
  deps: ChangeDeps,
  user: AdminUser,
  id: number,
  values: PostFormInput,
  /** Runs in the save's transaction once the post is stored (auto-post queues its job here). */
  onSaved?: (tx: Db, post: AdminPostRow) => Promise<unknown>,
): Promise<SavePostResult> {
  const checked = validatePostForm(values);
  if (!checked.success) return { ok: false, ...refusedAs("invalid"), message: POST_FORM_REFUSED, errors: checked.errors };
  return saveCheckedPost(deps, user, id, checked.data, onSaved);
}

/**
 * The first save of a new post (the editor of /admin/dashboard/blog/new): the one moment it is
 * stored, with its audit entry and its first revision. A taken slug is refused like an edit's.
 */
export async function createPost(
  deps: PublishDeps,
  user: AdminUser,
  data: PostFormOutput,
  onSaved?: (tx: Db, post: AdminPostRow) => Promise<unknown>,
  /** The editor's AI wrote its text (decision 0070): it is machine-written, published only with the sign-off. */
  machineWritten = false,
  /** "Propose for publication" (decision 0087): stored as a draft with a proposal that puts it online when a reviewer publishes it. */
  propose = false,
  /** New Post's "Mail this post to subscribers when published" (decision 0108); on unless switched off. */
  sendNewsletter = true,
): Promise<SavePostResult> {
  const slugTaken = { ok: false, ...refusedAs("invalid"), message: SLUG_TAKEN_MESSAGE, errors: { slug: SLUG_TAKEN_MESSAGE } } as const;
  // The gate's rule: only someone with the sign-off publishes; a crafted "published" from anyone else changes nothing.
  if (data.published) assertMaySignOff(user, PUBLISH_NEEDS_SIGN_OFF);
  return commit<SavePostResult>(deps, async (db) => {
    const taken = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, data.slug)).limit(1);
    if (taken.length > 0) return { result: slugTaken };
    const { published: wantsLive, ...content } = data;
    let row: AdminPostRow;
    try {
      // In a savepoint: another save taking the slug meanwhile is an answer, and the transaction goes on.
      row = await db.transaction((savepoint) => insertPost(savepoint, { ...content, sendNewsletter, aiGenerated: machineWritten, awaitingReview: machineWritten && !wantsLive }));
    } catch (error) {
      if (isUniqueViolation(error)) return { result: slugTaken };
      throw error;
    }
    await recordSaved(db, { entity: "post", entityId: row.id, source: "person", snapshot: postSnapshot(row), version: row.version, userId: user.id });
    if (wantsLive) row = (await putPostOnline(db, deps, row.id, { actor: user, path: "new-post" })) ?? row;
    await onSaved?.(db, row);
    const entry = { ...auditFrom(user), entity: "blog_post", entityId: row.id } as const;
    const proposal = !wantsLive && propose ? await proposePublication(db, user, row, machineWritten) : null;
    return {
      result: { ok: true, post: row, ...(proposal ? { proposal: { id: proposal.id, post: row } } : {}) },
      audit: [
        { ...entry, action: "create", details: { slug: row.slug } },
        ...(proposal ? [{ ...entry, action: "propose_publication" as const, details: { slug: row.slug, revision: proposal.id } }] : []),
      ],
      changes: row.published ? ["blog"] : [],
    };
  });
}

/**
 * A draft proposed for publication (decision 0087): a pending revision of its content that also
 * puts it online when a reviewer publishes it (`goLive`). One per post, as every proposal.
 */
async function proposePublication(db: Db, user: AdminUser, post: AdminPostRow, machineWritten: boolean) {
  return proposeChange(db, {
    entity: "post",
    entityId: post.id,
    source: machineWritten ? "ai" : "person",
    snapshot: postSnapshot(post),
    note: "Proposed for publication",
    baseVersion: post.version,
    userId: user.id,
    goLive: true,
  });
}

/**
 * Store values the post form's schema has checked (the editor's save, checked by the admin kit).
 * `baseVersion` is the version the editor was opened on: a post changed since is not overwritten
 * (409 with who changed it, when and what; decision 0061). Without one (an old form), the save
 * goes ahead as before.
 */
export async function saveCheckedPost(
  deps: PublishDeps,
  user: AdminUser,
  id: number,
  data: PostFormOutput,
  onSaved?: (tx: Db, post: AdminPostRow) => Promise<unknown>,
  baseVersion: number | null = null,
  /** The pending change the editor showed for review: this save publishes it (decision 0063). */
  reviewing: number | null = null,
  /** The editor's AI wrote text in the form since it was saved (its hidden `machineText` field). */
  machineWritten = false,
  /** "Propose for publication" on a draft (decision 0087). */
  propose = false,
): Promise<SavePostResult> {
  const gone = { ok: false, ...refusedAs("not-found"), message: "This post no longer exists.", errors: {} } as const;
  const slugTaken = { ok: false, ...refusedAs("invalid"), message: SLUG_TAKEN_MESSAGE, errors: { slug: SLUG_TAKEN_MESSAGE } } as const;

  return commit<SavePostResult>(deps, async (db) => {
    const before = await findPost(db, id);
    if (!before) return { result: gone };
    if (baseVersion !== null && before.version !== baseVersion) throw new ConflictError(await describeConflict(db, postRevisions, String(id), baseVersion));
    if (data.published && !before.published) {
      assertCan(user, "posts.publish");
      // The gate's rule (decision 0087): a post goes public only with the sign-off, whoever wrote it;
      // taking a post down and putting it back is no way around it (decision 0070).
      if (!maySignOff(user)) throw before.firstPublishedAt ? refuse("forbidden", M.republish) : refuse("forbidden", M.needsSignOff, refusalValues(user.roles ?? [], "changes.publish"));
    }
    if (reviewing) assertCan(user, "changes.publish");
    const taken = await db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.slug, data.slug), ne(blogPosts.id, id)))
      .limit(1);
    if (taken.length > 0) return { result: slugTaken };
    // Someone without the sign-off (an editor, while sign-off is on) proposes a change to a live
    // post; visitors keep reading the published version until a lawyer publishes it (decision 0070).
    if (before.published && data.published && !userCan(user, "changes.publish")) {
      return { ...(await proposePostChange(db, user, before, data, machineWritten)), changes: [] };
    }

    let written: Awaited<ReturnType<typeof writePost>>;
    const { published: wantsLive, ...content } = data;
    try {
      written = await writePost(
        db,
        id,
        {
          ...content,
          // A draft the editor's AI wrote waits for a lawyer like one the daily run wrote.
          ...(machineWritten ? { aiGenerated: true, ...(wantsLive ? {} : { awaitingReview: true }) } : {}),
        },
        before.version,
        true,
      );
    } catch (error) {
      // Another save took the slug between the check and the write.
      if (error instanceof AdminError && error.fieldErrors?.slug) return { result: slugTaken };
      throw error;
    }
    if (!written) {
      // Another save landed between the read and the write.
      if (!(await findPost(db, id))) return { result: gone };
      throw new ConflictError(await describeConflict(db, postRevisions, String(id), before.version));
    }
    // Publication goes through the gate (decision 0087): its audit entry and the "published" event.
    let post = written.after;
    if (wantsLive && !before.published) post = (await putPostOnline(db, deps, id, { actor: user, path: "save" })) ?? post;
    if (!wantsLive && before.published) post = (await takePostOffline(db, id)) ?? post;
    // A public post's new content is a publication too: its event says which languages changed (decision 0097).
    if (before.published && post.published) {
      const [from, to] = [postRevisions.fields(postSnapshot(before)), postRevisions.fields(postSnapshot(post))];
      await postChangePublished(db, deps, id, { actor: user, path: "save", languages: changedLanguages(from, to), words: changedLanguages(from, to, { words: true }) });
    }
    if (!sameSnapshot(postSnapshot(before), postSnapshot(post)) || before.published !== post.published) {
      await recordSaved(db, { entity: "post", entityId: id, source: "person", snapshot: postSnapshot(post), version: post.version, baseVersion: before.version, userId: user.id, note: before.published !== post.published ? (post.published ? "Published" : "Unpublished") : null });
    }
    if (reviewing) await closeReviewedInEditor(db, "post", id, reviewing, user.id, post.version);
    await onSaved?.(db, post);
    const proposal = propose && !post.published ? await proposePublication(db, user, post, machineWritten || post.aiGenerated) : null;

    const changed = (Object.keys(data) as Array<keyof typeof data>).filter((key) => before[key] !== post[key]);
    const entry = { ...auditFrom(user), entity: "blog_post", entityId: id } as const;
    return {
      result: { ok: true, post, ...(proposal ? { proposal: { id: proposal.id, post } } : {}) },
      audit: [
        { ...entry, action: "update", details: { slug: post.slug, changed } },
        ...(before.published && !post.published ? [{ ...entry, action: "unpublish", details: { slug: post.slug } }] : []),
        ...(proposal ? [{ ...entry, action: "propose_publication", details: { slug: post.slug, revision: proposal.id } }] : []),
      ],
      changes: before.published || post.published ? ["blog"] : [],
    };
  });
}

const sameSnapshot = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Store a live post's new content as its pending change (one per post: it replaces an older one),
 * by this person. Saving what is already live, or exactly what already waits, proposes nothing.
 */
async function proposePostChange(db: Db, user: AdminUser, before: AdminPostRow, data: PostFormOutput, machineWritten: boolean) {
  const proposed: AdminPostRow = { ...before, ...data, published: before.published };
  const snapshot = postSnapshot(proposed);
  const waiting = (await pendingFor(db, "post", [before.id])).get(String(before.id));
  if (sameSnapshot(snapshot, postSnapshot(before))) return { result: { ok: true as const, post: before } };
  if (waiting && waiting.baseVersion === before.version && sameSnapshot(snapshot, postSnapshot({ ...before, ...(waiting.snapshot as object) }))) {
    return { result: { ok: true as const, post: before, proposal: { id: waiting.id, post: proposed } } };
  }
  const revision = await proposeChange(db, {
    entity: "post",
    entityId: before.id,
    source: machineWritten ? "ai" : "person",
    snapshot,
    note: machineWritten ? "Written with the editor's AI, proposed for sign-off" : "Proposed for sign-off",
    baseVersion: before.version,
    userId: user.id,
  });
  return {
    result: { ok: true as const, post: before, proposal: { id: revision.id, post: proposed } },
    audit: { userId: user.id, action: "propose_change", entity: "blog_post", entityId: before.id, details: { slug: before.slug, revision: revision.id, source: revision.source }, sessionId: user.sessionId ?? null },
  };
}

/** What the trash keeps of a deleted post: its row and its translations' review states. */
interface DeletedPost {
  row: AdminPostRow;
  states: Array<typeof translationStates.$inferSelect>;
}

/** Delete a post: it goes to Recently deleted for 30 days (decision 0061). False when it was already gone. */
export async function deletePost(deps: ChangeDeps, user: AdminUser, id: number): Promise<boolean> {
  return commit(deps, async (db) => {
    const states = await db.select().from(translationStates).where(and(eq(translationStates.entity, "post"), eq(translationStates.entityId, String(id))));
    const [gone] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!gone) return { result: false };
    await clearRecordStates(db, "post", [String(id)]);
    await moveToTrash(db, { entity: "post", entityId: id, label: gone.title, snapshot: { row: gone, states } satisfies DeletedPost, userId: user.id });
    return {
      result: true,
      audit: { ...auditFrom(user), action: "delete", entity: "blog_post", entityId: id, details: { slug: gone.slug } },
      changes: gone.published ? ["blog"] : [],
    };
  });
}

/** An editor's restore of a post deleted while public (decision 0087). */
export const DELETED_LIVE_NEEDS_SIGN_OFF = "This post was public when it was deleted: putting it back online needs a lawyer's sign-off. Ask a lawyer or an admin to restore it.";

/** The posts' refusals (decision 0101); `needsSignOff` opens with the role's own sentence. */
const M = defineMessages("blog.posts", {
  republish: REPUBLISH_REFUSED,
  needsSignOff: `{who} cannot {action}. ${PUBLISH_NEEDS_SIGN_OFF}`,
  notInTrash: "This post is no longer in Recently deleted.",
});

const POST_DATE_COLUMNS = ["createdAt", "updatedAt", "instagramQueuedAt", "firstPublishedAt", "publishAt", "newsletterClaimedAt"] as const;

/**
 * Put a deleted post back, as it was (published or not), under its id. A slug another post took
 * meanwhile gives the restored one a free slug, and the answer says so.
 */
export async function restoreDeletedPost(deps: PublishDeps, user: AdminUser, trashId: number): Promise<{ id: number; note: string | null }> {
  return commit(deps, async (db) => {
    const item = await takeFromTrash(db, trashId, "post");
    if (!item) throw refuse("not-found", M.notInTrash);
    const { row, states } = item.snapshot as DeletedPost;
    const { published: wasLive, ...stored } = reviveDates(row, POST_DATE_COLUMNS);
    // Back online is a publication (decision 0087): the sign-off's, or it stays in Recently deleted.
    if (wasLive) assertMaySignOff(user, DELETED_LIVE_NEEDS_SIGN_OFF);
    const [clash] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, stored.slug)).limit(1);
    const slug = clash ? await freeSlug(db, stored.title, new Date()) : stored.slug;
    let [post] = await db
      .insert(blogPosts)
      // A post deleted before the newsletter existed has no switch: it was in the archive, never mailed (decision 0081).
      .values({ ...stored, published: false, sendNewsletter: stored.sendNewsletter ?? false, slug, version: stored.version + 1, updatedAt: new Date() })
      .returning();
    for (const state of states) await db.insert(translationStates).values(reviveDates(state, ["updatedAt"])).onConflictDoNothing();
    // Its claims on the newsletter and Instagram came back with it: neither is sent again.
    if (wasLive) post = (await putPostOnline(db, deps, post.id, { actor: user, path: "restore-deleted" })) ?? post;
    await recordSaved(db, { entity: "post", entityId: post.id, source: "restore", snapshot: postSnapshot(post), version: post.version, userId: user.id, note: "Restored from Recently deleted" });
    return {
      result: { id: post.id, note: clash ? `Another post now uses the slug "${stored.slug}", so the restored post is at "${slug}".` : null },
      audit: { ...auditFrom(user), action: "restore", entity: "blog_post", entityId: post.id, details: { slug } },
      changes: post.published ? ["blog"] : [],
    };
  });
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
