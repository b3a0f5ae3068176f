/**
 * Recently deleted (decision 0061): a deleted post, team member or topic is kept whole for 30 days
 * and can be put back; then the housekeeping job purges it with its history. Each entity's module
 * writes what its snapshot holds and how it is put back (app/blog/trash.server.ts, ...).
 */
import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deletedItems } from "../../db/schema";
import { discardPendingOf, forgetRevisions, ITEM_DELETED_NOTE, userNames, type RevisionEntity } from "./store.server";

export type TrashEntity = (typeof deletedItems.$inferSelect)["entity"];
export type TrashRow = typeof deletedItems.$inferSelect;

/** How long a deleted item can be restored. */
export const TRASH_KEEP_DAYS = 30;

export async function moveToTrash(
  tx: Db,
  item: { entity: TrashEntity; entityId: string | number; label: string; snapshot: unknown; userId: string | null },
): Promise<void> {
  const entityId = String(item.entityId);
  // An item deleted, restored and deleted again: the newest deletion is the one kept.
  await tx.delete(deletedItems).where(and(eq(deletedItems.entity, item.entity), eq(deletedItems.entityId, entityId)));
  await tx.insert(deletedItems).values({ entity: item.entity, entityId, label: item.label, snapshot: item.snapshot, deletedBy: item.userId });
  const revisioned = revisionEntityOf(item.entity);
  if (revisioned) await discardPendingOf(tx, revisioned, entityId, ITEM_DELETED_NOTE);
}

export interface TrashListItem {
  id: number;
  entity: TrashEntity;
  entityId: string;
  label: string;
  deletedAt: string;
  deletedBy: string | null;
  /** When it is purged for good. */
  purgeAt: string;
}

/** What can still be restored, newest deletion first. */
export async function listTrash(db: Db, entity?: TrashEntity): Promise<TrashListItem[]> {
  const rows = await db
    .select({ id: deletedItems.id, entity: deletedItems.entity, entityId: deletedItems.entityId, label: deletedItems.label, deletedAt: deletedItems.deletedAt, deletedBy: deletedItems.deletedBy })
    .from(deletedItems)
    .where(entity ? eq(deletedItems.entity, entity) : undefined)
    .orderBy(desc(deletedItems.deletedAt), desc(deletedItems.id));
  const names = await userNames(db, rows.map((r) => r.deletedBy));
  return rows.map((row) => ({
    ...row,
    deletedAt: row.deletedAt.toISOString(),
    deletedBy: row.deletedBy ? (names.get(row.deletedBy) ?? "A former user") : null,
    purgeAt: new Date(row.deletedAt.getTime() + TRASH_KEEP_DAYS * 86_400_000).toISOString(),
  }));
}

/** Take an item out of the trash (its module puts it back in the same transaction); null when it is gone. */
export async function takeFromTrash(tx: Db, id: number, entity: TrashEntity): Promise<TrashRow | null> {
  const [row] = await tx
    .delete(deletedItems)
    .where(and(eq(deletedItems.id, id), eq(deletedItems.entity, entity)))
    .returning();
  return row ?? null;
}

/** Items deleted more than 30 days ago are gone for good, with their history. */
export async function purgeTrash(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_KEEP_DAYS * 86_400_000);
  const due = await db.select().from(deletedItems).where(lt(deletedItems.deletedAt, cutoff)).orderBy(asc(deletedItems.id)).limit(500);
  for (const row of due) {
    await db.transaction(async (tx) => {
      await tx.delete(deletedItems).where(eq(deletedItems.id, row.id));
      const revisioned = revisionEntityOf(row.entity);
      if (revisioned) await forgetRevisions(tx, revisioned, row.entityId);
    });
  }
  return due.length;
}

function revisionEntityOf(entity: TrashEntity): RevisionEntity | null {
  return entity === "post" ? "post" : entity === "team_member" ? "team_member" : null;
}

/** JSON gives dates back as strings: the named timestamp columns of a stored row as Dates again. */
export function reviveDates<T extends Record<string, unknown>>(row: T, columns: ReadonlyArray<keyof T>): T {
  const copy: Record<string, unknown> = { ...row };
  for (const column of columns) {
    const value = copy[column as string];
    if (typeof value === "string") copy[column as string] = new Date(value);
  }
  return copy as T;
}
