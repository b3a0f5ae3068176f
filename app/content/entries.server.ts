import { asc, eq, inArray, notLike } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText } from "../../db/schema";
import { teamMemberKeyPattern } from "../team/fields";
import type { AuditEntry } from "../changes/audit.server";
import { commit, type ChangeDeps } from "../changes/commit.server";
import { AdminError } from "../changes/errors.server";
import { loadStates, recordSavedTranslation, reviewState } from "../translation/review.server";
import type { ContentRow, ContentSaveInput } from "./schema";

export type { ContentRow };

export type ContentDeps = ChangeDeps;

/** Every site text except the team members' (the Team Management tab edits those), by category then key. */
export async function listContentEntries(db: Db): Promise<ContentRow[]> {
  const rows = await db
    .select({
      key: contentText.key,
      label: contentText.label,
      category: contentText.category,
      content: contentText.content,
      contentFa: contentText.contentFa,
      contentZh: contentText.contentZh,
    })
    .from(contentText)
    .where(notLike(contentText.key, teamMemberKeyPattern()))
    .orderBy(asc(contentText.category), asc(contentText.key));
  const states = await loadStates(db, "content");
  return rows.map((row) => ({
    ...row,
    category: row.category || "uncategorized",
    contentFa: row.contentFa ?? "",
    contentZh: row.contentZh ?? "",
    review: {
      fa: reviewState(states, row.key, "content", "fa", row.content, row.contentFa),
      zh: reviewState(states, row.key, "content", "zh", row.content, row.contentZh),
    },
  }));
}

/** A save the server refuses as a whole (nothing is written). */
/** A save the tab refuses (an unknown key): answered 400 with its message, nothing stored. */
export class ContentSaveError extends AdminError {}

export interface ContentSaveResult {
  /** Every key of the request (all now hold the sent values). */
  saved: string[];
  /** The keys whose stored text actually changed. */
  changed: string[];
}

/** A blank translation is stored as NULL: "no translation", so the English text shows. */
const orNull = (value: string) => (value.trim() === "" ? null : value);

/**
 * Update the texts of existing keys in one transaction, with an audit row per changed
 * entry; this form never creates keys. Every instance then drops its text cache and open
 * public pages revalidate, through the 'content' change event.
 */
export async function saveContentEntries(deps: ContentDeps, userId: string, input: ContentSaveInput): Promise<ContentSaveResult> {
  const keys = input.entries.map((e) => e.key);
  const changed = await commit(deps, async (tx) => {
    const existing = await tx
      .select({ key: contentText.key, content: contentText.content, contentFa: contentText.contentFa, contentZh: contentText.contentZh })
      .from(contentText)
      .where(inArray(contentText.key, keys));
    const byKey = new Map(existing.map((row) => [row.key, row]));
    const missing = keys.filter((key) => !byKey.has(key));
    if (missing.length > 0) throw new ContentSaveError(`Unknown content key: ${missing.slice(0, 3).join(", ")}`);

    const changedKeys: string[] = [];
    const audit: AuditEntry[] = [];
    for (const entry of input.entries) {
      const before = byKey.get(entry.key)!;
      const next = { content: entry.content, contentFa: orNull(entry.contentFa), contentZh: orNull(entry.contentZh) };
      // Saving an entry is a person's review of the translations it shows, changed or not.
      for (const [language, before_, after] of [
        ["fa", before.contentFa, next.contentFa],
        ["zh", before.contentZh, next.contentZh],
      ] as const) {
        await recordSavedTranslation(
          tx,
          { entity: "content", entityId: entry.key, field: "content", language },
          { englishBefore: before.content, englishAfter: next.content, translationBefore: before_, translationAfter: after },
        );
      }
      const fields = [
        before.content !== next.content && "content",
        (before.contentFa ?? null) !== next.contentFa && "content_fa",
        (before.contentZh ?? null) !== next.contentZh && "content_zh",
      ].filter((f): f is string => Boolean(f));
      if (fields.length === 0) continue;
      await tx
        .update(contentText)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(contentText.key, entry.key));
      audit.push({ userId, action: "update", entity: "content_text", entityId: entry.key, details: { fields } });
      changedKeys.push(entry.key);
    }
    return { result: changedKeys, audit, changes: changedKeys.length > 0 ? ["content"] : [] };
  });
  return { saved: keys, changed };
}
