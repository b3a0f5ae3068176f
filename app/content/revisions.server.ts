/**
 * A website text's revisions (decision 0061): its snapshot is the text in the three languages.
 * Every website text is live, so a machine translation of one is a pending change (decision 0063).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText } from "../../db/schema";
import type { Revisioned, FieldText } from "../revisions/review.server";
import { ensureBaseline } from "../revisions/store.server";
import { TARGET_LANGUAGES } from "../i18n/languages";
import { recordMachineTranslation, recordSavedTranslation } from "../translation/review.server";
// Languages follow the English on every publication (decision 0097).
import "../translation/outdated.server";

export interface ContentSnapshot {
  content: string;
  contentFa: string | null;
  contentZh: string | null;
}

type ContentTextRow = typeof contentText.$inferSelect;

export const contentSnapshot = (row: Pick<ContentTextRow, "content" | "contentFa" | "contentZh">): ContentSnapshot => ({
  content: row.content,
  contentFa: row.contentFa ?? null,
  contentZh: row.contentZh ?? null,
});

const column = { fa: "contentFa", zh: "contentZh" } as const;

export function contentFields(snapshot: ContentSnapshot): FieldText[] {
  return [
    { key: "content", label: "English", language: "en", text: snapshot.content ?? "" },
    { key: "contentFa", label: "Farsi", language: "fa", text: snapshot.contentFa ?? "" },
    { key: "contentZh", label: "Chinese", language: "zh", text: snapshot.contentZh ?? "" },
  ];
}

/**
 * Write a text if it is still at `expectVersion`, raising its version, and record the
 * translations' review states (a person's write reviews them; a machine's marks its own).
 */
export async function writeContentText(tx: Db, key: string, next: ContentSnapshot, expectVersion: number, reviewed: boolean): Promise<{ before: ContentTextRow; after: ContentTextRow } | null> {
  const [before] = await tx.select().from(contentText).where(eq(contentText.key, key)).for("update");
  if (!before || before.version !== expectVersion) return null;
  await ensureBaseline(tx, "content", key, contentSnapshot(before), before.version);
  const [after] = await tx
    .update(contentText)
    .set({ content: next.content, contentFa: next.contentFa, contentZh: next.contentZh, version: sql`${contentText.version} + 1`, updatedAt: new Date() })
    .where(and(eq(contentText.key, key), eq(contentText.version, expectVersion)))
    .returning();
  if (!after) return null;
  for (const language of TARGET_LANGUAGES) {
    const target = { entity: "content" as const, entityId: key, field: "content", language };
    const translationBefore = before[column[language]] ?? null;
    const translationAfter = after[column[language]] ?? null;
    if (!reviewed) {
      if (translationBefore !== translationAfter && translationAfter) await recordMachineTranslation(tx, target, after.content);
      continue;
    }
    await recordSavedTranslation(tx, target, { englishBefore: before.content, englishAfter: after.content, translationBefore, translationAfter });
  }
  return { before, after };
}

export const contentRevisions: Revisioned<ContentSnapshot> = {
  entity: "content",
  noun: "text",
  auditEntity: "content_text",
  changes: ["content"],
  async read(db, key) {
    const [row] = await db.select().from(contentText).where(eq(contentText.key, key)).limit(1);
    return row ? { snapshot: contentSnapshot(row), version: row.version, live: true, label: row.label || row.key } : null;
  },
  async write(tx, key, snapshot, expectVersion, meta) {
    const written = await writeContentText(tx, key, snapshot, expectVersion, meta.reviewed);
    return written ? written.after.version : null;
  },
  fields: contentFields,
};
