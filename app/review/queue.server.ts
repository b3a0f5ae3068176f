/**
 * The review queue (decision 0089): everything that waits for a lawyer's sign-off, in one list.
 * - every pending revision (a post, a website text, a team member; decision 0061/0063/0070),
 *   whatever produced it (a person, AI writing, machine translation, a restore);
 * - drafts that go public without a person's save: AI-written drafts awaiting review and
 *   scheduled drafts (decision 0062).
 */
import { and, desc, eq, inArray, isNotNull, not, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, blogPosts, revisions } from "../../db/schema";
import type { Lang, TargetLang } from "../i18n/languages";
import { listOutdated } from "../translation/outdated.server";
import { diffFields } from "../revisions/review.server";
import { userNames, type RevisionSource } from "../revisions/store.server";
import type { QueueFilters } from "./filters";
import { REVIEW_KINDS } from "./kinds.server";
import { reviewPath, type ReviewEntity } from "./paths";

export interface QueueItem {
  /** "revision-12" or "draft-5": unique in the list. */
  id: string;
  entity: ReviewEntity;
  entityId: string;
  /** The pending revision a reviewer publishes or discards here; null for a draft (its editor does). */
  revisionId: number | null;
  /** What people call the item: a post's title, a website text's label, a member's name. */
  what: string;
  /** "change" of a live item, or a "draft" that is not public yet. */
  change: "change" | "draft";
  source: RevisionSource;
  proposedBy: string | null;
  proposedAt: string;
  /** The languages whose texts it changes (a draft: the languages it has). */
  languages: Lang[];
  /** When it goes live by itself, if scheduled. */
  publishAt: string | null;
  /** The live item changed after the proposal was made: publishing needs a comparison. */
  stale: boolean;
  note: string | null;
  /** Where it is reviewed: the rendered review of a change, the editor of a draft. */
  open: string;
}

const pendingRows = (db: Db) => db.select().from(revisions).where(eq(revisions.status, "pending")).orderBy(revisions.createdAt, revisions.id);

const draftCondition = and(not(blogPosts.published), or(eq(blogPosts.awaitingReview, true), isNotNull(blogPosts.publishAt)));

/** How many items wait: the count beside the queue's link. */
export async function reviewQueueCount(db: Db): Promise<number> {
  const [changes] = await db.select({ n: sql<number>`count(*)::int` }).from(revisions).where(eq(revisions.status, "pending"));
  const [drafts] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts).where(draftCondition);
  return (changes?.n ?? 0) + (drafts?.n ?? 0);
}

/** Who last scheduled each draft (the person who asked for its publication). */
async function schedulers(db: Db, postIds: number[]): Promise<Map<string, string | null>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ entityId: auditLog.entityId, userId: auditLog.userId })
    .from(auditLog)
    .where(and(eq(auditLog.action, "schedule"), eq(auditLog.entity, "blog_post"), inArray(auditLog.entityId, postIds.map(String))))
    .orderBy(desc(auditLog.id));
  const out = new Map<string, string | null>();
  for (const row of rows) if (row.entityId && !out.has(row.entityId)) out.set(row.entityId, row.userId);
  return out;
}

async function changeItems(db: Db): Promise<QueueItem[]> {
  const rows = await pendingRows(db);
  const items: QueueItem[] = [];
  for (const row of rows) {
    const kind = REVIEW_KINDS[row.entity];
    const live = await kind.read(db, row.entityId);
    // An item deleted meanwhile has its proposal discarded (app/revisions/trash.server.ts); none should be left.
    if (!live) continue;
    const changed = diffFields(kind.fields(live.snapshot), kind.fields(row.snapshot));
    const languages = [...new Set(kind.fields(row.snapshot).filter((f) => changed.some((c) => c.key === f.key)).map((f) => f.language))];
    items.push({
      id: `revision-${row.id}`,
      entity: row.entity,
      entityId: row.entityId,
      revisionId: row.id,
      what: live.label,
      change: "change",
      source: row.source,
      proposedBy: row.createdBy,
      proposedAt: row.createdAt.toISOString(),
      languages: languages.length > 0 ? languages : ["en"],
      publishAt: row.publishAt?.toISOString() ?? null,
      stale: row.baseVersion !== null && row.baseVersion !== live.version,
      note: row.note,
      open: reviewPath(row.id),
    });
  }
  return items;
}

async function draftItems(db: Db): Promise<QueueItem[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      titleFa: blogPosts.titleFa,
      titleZh: blogPosts.titleZh,
      aiGenerated: blogPosts.aiGenerated,
      publishAt: blogPosts.publishAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(draftCondition)
    .orderBy(blogPosts.updatedAt, blogPosts.id);
  const scheduledBy = await schedulers(db, rows.filter((r) => r.publishAt).map((r) => r.id));
  return rows.map((row) => ({
    id: `draft-${row.id}`,
    entity: "post" as const,
    entityId: String(row.id),
    revisionId: null,
    what: row.title || `Post ${row.id}`,
    change: "draft" as const,
    source: row.aiGenerated ? ("ai" as const) : ("person" as const),
    proposedBy: scheduledBy.get(String(row.id)) ?? null,
    proposedAt: row.updatedAt.toISOString(),
    languages: ["en" as const, ...(row.titleFa ? (["fa"] as const) : []), ...(row.titleZh ? (["zh"] as const) : [])],
    publishAt: row.publishAt?.toISOString() ?? null,
    stale: false,
    note: row.publishAt ? "Scheduled draft" : "AI-written draft awaiting review",
    open: `/admin/dashboard/blog/${row.id}`,
  }));
}

/** A Farsi or Chinese version left behind by a published English change (decision 0097): listed, not counted as a change to sign off. */
export interface OutdatedItem {
  /** "outdated-post-5-fa": unique in the list. */
  id: string;
  entity: ReviewEntity;
  entityId: string;
  what: string;
  language: TargetLang;
  /** When the English that left it behind was published. */
  since: string;
  /** Where it is brought up to date: the item's editor. */
  open: string;
}

/** Every out-of-date translation of an item that still exists, oldest first, under the queue's filters ("scheduled" lists none). */
export async function listOutdatedTranslations(db: Db, filters: QueueFilters = {}): Promise<OutdatedItem[]> {
  if (filters.kind === "scheduled" || filters.lang === "en") return [];
  const items: OutdatedItem[] = [];
  for (const mark of await listOutdated(db)) {
    if ((filters.kind && mark.entity !== filters.kind) || (filters.lang && mark.language !== filters.lang)) continue;
    const live = await REVIEW_KINDS[mark.entity].read(db, mark.entityId);
    // An item deleted since keeps its mark for Recently deleted; the queue lists what exists.
    if (!live) continue;
    items.push({
      id: `outdated-${mark.entity}-${mark.entityId}-${mark.language}`,
      entity: mark.entity,
      entityId: mark.entityId,
      what: live.label,
      language: mark.language,
      since: mark.since.toISOString(),
      open: editorPath(mark.entity, mark.entityId),
    });
  }
  return items;
}

const editorPath = (entity: ReviewEntity, entityId: string) =>
  entity === "post" ? `/admin/dashboard/blog/${entityId}` : entity === "team_member" ? "/admin/dashboard/team" : "/admin/dashboard/content";

const matches = (item: QueueItem, filters: QueueFilters) =>
  (!filters.kind || (filters.kind === "scheduled" ? item.publishAt !== null : item.entity === filters.kind)) && (!filters.lang || item.languages.includes(filters.lang));

/** Every item waiting for review, oldest first, with the proposers' names; and how many wait in all. */
export async function listReviewQueue(db: Db, filters: QueueFilters = {}): Promise<{ items: QueueItem[]; total: number }> {
  const all = [...(await changeItems(db)), ...(await draftItems(db))].sort((a, b) => a.proposedAt.localeCompare(b.proposedAt) || a.id.localeCompare(b.id));
  const names = await userNames(db, all.map((item) => item.proposedBy));
  const items = all
    .filter((item) => matches(item, filters))
    .map((item) => ({ ...item, proposedBy: item.proposedBy ? (names.get(item.proposedBy) ?? "A former user") : null }));
  return { items, total: all.length };
}
