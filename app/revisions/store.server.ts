/**
 * Revisions (decision 0061): every saved state of a post, a website text or a team member, and
 * the pending changes a lawyer publishes or discards. This module knows rows, not entities:
 * each entity's module (app/blog, app/content, app/team) says what its snapshot is and how it is
 * read and written back (`Revisioned` in ./kinds.server.ts).
 */
import { and, desc, eq, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { revisions, users } from "../../db/schema";
import { SOURCE_LABELS } from "./types";
import { announceProposal } from "./listeners.server";

export { SOURCE_LABELS };

export type RevisionEntity = (typeof revisions.$inferSelect)["entity"];
export type RevisionSource = (typeof revisions.$inferSelect)["source"];
export type RevisionStatus = (typeof revisions.$inferSelect)["status"];
export type RevisionRow = typeof revisions.$inferSelect;

interface RevisionFacts {
  entity: RevisionEntity;
  entityId: string | number;
  source: RevisionSource;
  snapshot: unknown;
  userId: string | null;
  note?: string | null;
}

/** A state that went live as it was stored (a save, a restore, a machine edit of a draft). */
export async function recordSaved(tx: Db, facts: RevisionFacts & { version: number; baseVersion?: number | null }): Promise<RevisionRow> {
  const [row] = await tx
    .insert(revisions)
    .values({
      entity: facts.entity,
      entityId: String(facts.entityId),
      status: "saved",
      source: facts.source,
      snapshot: facts.snapshot,
      note: facts.note ?? null,
      baseVersion: facts.baseVersion ?? null,
      version: facts.version,
      createdBy: facts.userId,
    })
    .returning();
  return row;
}

/**
 * A proposed change of a live item, waiting for review. An item has at most one: a newer proposal
 * replaces the older one (marked discarded, so it stays in the history).
 */
export async function proposeChange(
  tx: Db,
  facts: RevisionFacts & { baseVersion: number; publishAt?: Date | null; goLive?: boolean },
): Promise<RevisionRow> {
  const entityId = String(facts.entityId);
  await tx
    .update(revisions)
    .set({ status: "discarded", reviewedAt: sql`now()`, note: sql`coalesce(${revisions.note} || ' · ', '') || 'replaced by a newer proposal'` })
    .where(and(eq(revisions.entity, facts.entity), eq(revisions.entityId, entityId), eq(revisions.status, "pending")));
  const [row] = await tx
    .insert(revisions)
    .values({
      entity: facts.entity,
      entityId,
      status: "pending",
      source: facts.source,
      snapshot: facts.snapshot,
      note: facts.note ?? null,
      baseVersion: facts.baseVersion,
      publishAt: facts.publishAt ?? null,
      goLive: facts.goLive ?? false,
      createdBy: facts.userId,
    })
    .returning();
  // The reviewers hear of it (decision 0089), in this transaction.
  await announceProposal(tx, row);
  return row;
}

/** The pending revision of each of these items, by entity id. */
export async function pendingFor(db: Db, entity: RevisionEntity, entityIds?: ReadonlyArray<string | number>): Promise<Map<string, RevisionRow>> {
  if (entityIds && entityIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(revisions)
    .where(
      and(
        eq(revisions.entity, entity),
        eq(revisions.status, "pending"),
        entityIds ? inArray(revisions.entityId, entityIds.map(String)) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.entityId, row]));
}

export async function findRevision(db: Db, id: number, lock = false): Promise<RevisionRow | null> {
  const query = db.select().from(revisions).where(eq(revisions.id, id)).limit(1);
  const rows = lock ? await query.for("update") : await query;
  return rows[0] ?? null;
}

/**
 * The content an item had at a given version (for the "changed since" diffs): the revision that
 * made that version, or the latest before it (a save that changed nothing records no revision).
 */
export async function revisionAtVersion(db: Db, entity: RevisionEntity, entityId: string | number, version: number): Promise<RevisionRow | null> {
  const rows = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, String(entityId)), lte(revisions.version, version)))
    .orderBy(desc(revisions.version), desc(revisions.id))
    .limit(1);
  return rows[0] ?? null;
}

export interface RevisionListItem {
  id: number;
  status: RevisionStatus;
  source: RevisionSource;
  note: string | null;
  version: number | null;
  baseVersion: number | null;
  createdAt: string;
  createdBy: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
  publishAt: string | null;
  /** A proposal that also puts its item online (a draft proposed for publication). */
  goLive: boolean;
}

const authorName = (name: string | null, email: string | null) => name?.trim() || email || null;

/** An item's history, newest first, with the people's names (not the snapshots). */
export async function listRevisions(db: Db, entity: RevisionEntity, entityId: string | number, limit = 200): Promise<RevisionListItem[]> {
  const rows = await db
    .select({
      id: revisions.id,
      status: revisions.status,
      source: revisions.source,
      note: revisions.note,
      version: revisions.version,
      baseVersion: revisions.baseVersion,
      createdAt: revisions.createdAt,
      reviewedAt: revisions.reviewedAt,
      publishAt: revisions.publishAt,
      goLive: revisions.goLive,
      createdBy: revisions.createdBy,
      reviewedBy: revisions.reviewedBy,
    })
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, String(entityId))))
    .orderBy(desc(revisions.id))
    .limit(limit);
  const names = await userNames(db, rows.flatMap((r) => [r.createdBy, r.reviewedBy]));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    publishAt: row.publishAt?.toISOString() ?? null,
    createdBy: row.createdBy ? (names.get(row.createdBy) ?? "A former user") : null,
    reviewedBy: row.reviewedBy ? (names.get(row.reviewedBy) ?? "A former user") : null,
  }));
}

/** People's display names by user id. */
export async function userNames(db: Db, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, authorName(row.name, row.email) ?? row.id]));
}

/** Who made an item's current version and when ("changed by X at T"), from its latest live revision. */
export async function lastChange(db: Db, entity: RevisionEntity, entityId: string | number): Promise<{ by: string; at: string } | null> {
  const [row] = await db
    .select({ createdBy: revisions.createdBy, reviewedBy: revisions.reviewedBy, createdAt: revisions.createdAt, reviewedAt: revisions.reviewedAt, status: revisions.status, source: revisions.source })
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, String(entityId)), inArray(revisions.status, ["saved", "published"])))
    .orderBy(desc(revisions.id))
    .limit(1);
  if (!row) return null;
  const userId = row.status === "published" ? row.reviewedBy : row.createdBy;
  const names = await userNames(db, [userId]);
  const by = userId ? (names.get(userId) ?? "a former user") : row.source === "person" ? "someone" : SOURCE_LABELS[row.source].toLowerCase();
  return { by, at: (row.status === "published" ? (row.reviewedAt ?? row.createdAt) : row.createdAt).toISOString() };
}

/**
 * Close a pending revision as published or discarded. Exactly one caller wins: the row is taken
 * only while it is still pending (two lawyers at once: the second gets null).
 */
export async function closePending(
  tx: Db,
  id: number,
  outcome: { status: "published" | "discarded"; userId: string | null; version?: number | null },
): Promise<RevisionRow | null> {
  const [row] = await tx
    .update(revisions)
    .set({ status: outcome.status, reviewedBy: outcome.userId, reviewedAt: sql`now()`, version: outcome.version ?? null, publishAt: null })
    .where(and(eq(revisions.id, id), eq(revisions.status, "pending")))
    .returning();
  return row ?? null;
}

/** Set or clear the time a pending revision goes live by itself. */
export async function schedulePending(tx: Db, id: number, publishAt: Date | null): Promise<boolean> {
  const rows = await tx
    .update(revisions)
    .set({ publishAt })
    .where(and(eq(revisions.id, id), eq(revisions.status, "pending")))
    .returning({ id: revisions.id });
  return rows.length > 0;
}

/** Pending revisions whose time has come, oldest first. */
export async function duePending(db: Db, now: Date, limit = 50): Promise<RevisionRow[]> {
  return db
    .select()
    .from(revisions)
    .where(and(eq(revisions.status, "pending"), lt(revisions.publishAt, new Date(now.getTime() + 1))))
    .orderBy(revisions.publishAt)
    .limit(limit);
}

/**
 * REVISIONS_KEEP_DAYS: revisions older than this are removed, except each item's newest live
 * one and any pending one (an item never loses its current state or a change waiting for review).
 */
export async function pruneRevisions(db: Db, olderThan: Date): Promise<number> {
  const result = (await db.execute(sql`
    delete from revisions r
    where r.created_at < ${olderThan}
      and r.status <> 'pending'
      and r.id <> (
        select max(k.id) from revisions k
        where k.entity = r.entity and k.entity_id = r.entity_id and k.status in ('saved', 'published')
      )
    returning r.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** Every revision of an item (when a deleted item is purged for good). */
export async function forgetRevisions(tx: Db, entity: RevisionEntity, entityId: string | number): Promise<void> {
  await tx.delete(revisions).where(and(eq(revisions.entity, entity), eq(revisions.entityId, String(entityId))));
}

/** The note of a change discarded because its item was deleted: the reason it can no longer be published. */
export const ITEM_DELETED_NOTE = "its item was deleted";

/** Discard an item's pending revision (its item was deleted). */
export async function discardPendingOf(tx: Db, entity: RevisionEntity, entityId: string | number, note: string): Promise<void> {
  await tx
    .update(revisions)
    .set({ status: "discarded", reviewedAt: sql`now()`, note })
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, String(entityId)), eq(revisions.status, "pending")));
}

/**
 * An item that existed before revisions were kept has no history: its state before the first
 * write is recorded once (source "import"), so the first change can be compared and undone.
 */
export async function ensureBaseline(tx: Db, entity: RevisionEntity, entityId: string | number, snapshot: unknown, version: number): Promise<void> {
  const [any] = await tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, String(entityId))))
    .limit(1);
  if (any) return;
  await tx.insert(revisions).values({
    entity,
    entityId: String(entityId),
    status: "saved",
    source: "import",
    snapshot,
    note: "As it was before revisions were kept",
    version,
  });
}

/**
 * Seeded and imported items (decision 0087): their state as first stored, so their first change
 * can be compared and undone. One insert for many (the built-in texts are hundreds).
 */
export async function recordBaselines(tx: Db, items: ReadonlyArray<{ entity: RevisionEntity; entityId: string | number; snapshot: unknown; version: number }>): Promise<void> {
  for (let i = 0; i < items.length; i += 200) {
    await tx.insert(revisions).values(
      items.slice(i, i + 200).map((item) => ({
        entity: item.entity,
        entityId: String(item.entityId),
        status: "saved" as const,
        source: "import" as const,
        snapshot: item.snapshot,
        note: "As first stored",
        version: item.version,
      })),
    );
  }
}

/**
 * Take a pending revision off its schedule because its time came and it could not be published
 * (decision 0062): true for the one caller that cleared it, so a reason is recorded once.
 */
export async function unscheduleDue(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .update(revisions)
    .set({ publishAt: null })
    .where(and(eq(revisions.id, id), eq(revisions.status, "pending"), isNotNull(revisions.publishAt)))
    .returning({ id: revisions.id });
  return rows.length > 0;
}

/**
 * A person saved an item in its editor with its pending change shown in the form (reviewed in
 * place): that change is closed as published by them. Only while it is still the item's pending one.
 */
export async function closeReviewedInEditor(tx: Db, entity: RevisionEntity, entityId: string | number, revisionId: number, userId: string, version: number): Promise<boolean> {
  const rows = await tx
    .update(revisions)
    .set({ status: "published", reviewedBy: userId, reviewedAt: sql`now()`, version, publishAt: null, note: sql`coalesce(${revisions.note} || ' · ', '') || 'reviewed and saved in the editor'` })
    .where(and(eq(revisions.id, revisionId), eq(revisions.entity, entity), eq(revisions.entityId, String(entityId)), eq(revisions.status, "pending")))
    .returning({ id: revisions.id });
  return rows.length > 0;
}
