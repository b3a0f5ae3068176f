import { asc, inArray, notLike } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText } from "../../db/schema";
import { teamMemberKeyPattern } from "../i18n/team-member-keys";
import { auditFrom, type Actor, type AuditEntry } from "../changes/audit.server";
import { commit, type ChangeDeps } from "../changes/commit.server";
import { AdminError } from "../changes/errors.server";
import { defineMessages, refusal } from "../changes/refusal";
import { loadStates, recordSavedTranslation, reviewState } from "../translation/review.server";
import { outdatedLanguages } from "../translation/outdated.server";
import { changedLanguages, ConflictError, describeConflict } from "../revisions/review.server";
import { emitPublished } from "../publishing/published.server";
import { closeReviewedInEditor, pendingFor, proposeChange, recordSaved, type RevisionRow } from "../revisions/store.server";
import { contentFields, contentSnapshot, contentRevisions, writeContentText, type ContentSnapshot } from "./revisions.server";
import { hasText } from "../i18n/translated";
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
      version: contentText.version,
    })
    .from(contentText)
    .where(notLike(contentText.key, teamMemberKeyPattern()))
    .orderBy(asc(contentText.category), asc(contentText.key));
  const states = await loadStates(db, "content");
  const pending = await pendingFor(db, "content");
  const outdated = await outdatedLanguages(db, "content");
  return rows.map((row) => ({
    ...row,
    category: row.category || "uncategorized",
    contentFa: row.contentFa ?? "",
    contentZh: row.contentZh ?? "",
    pending: pendingSummary(pending.get(row.key), row),
    outdated: outdated.get(row.key) ?? {},
    review: {
      fa: reviewState(states, row.key, "content", "fa", row.content, row.contentFa),
      zh: reviewState(states, row.key, "content", "zh", row.content, row.contentZh),
    },
  }));
}

/** What the tab shows of a text's change waiting for review. */
function pendingSummary(revision: RevisionRow | undefined, row: { contentFa: string | null; contentZh: string | null; version: number }): ContentRow["pending"] {
  if (!revision) return null;
  const snapshot = revision.snapshot as ContentSnapshot;
  return {
    id: revision.id,
    // The languages the change fills (not those the text already had).
    fa: hasText(snapshot.contentFa) && snapshot.contentFa !== row.contentFa,
    zh: hasText(snapshot.contentZh) && snapshot.contentZh !== row.contentZh,
    contentFa: snapshot.contentFa ?? "",
    contentZh: snapshot.contentZh ?? "",
    stale: revision.baseVersion !== row.version,
  };
}

/** The content tab's refusals (decision 0101). */
const M = defineMessages("content.entries", { unknownKeys: "Unknown content key: {keys}" });

/** A save the tab refuses as a whole (an unknown key): refused as invalid, nothing stored. */
export class ContentSaveError extends AdminError {
  constructor(keys: readonly string[]) {
    super(refusal("invalid", M.unknownKeys, { keys: keys.join(", ") }));
  }
}

export interface ContentSaveResult {
  /** Every key of the request (all now hold the sent values). */
  saved: string[];
  /** The keys whose stored text actually changed. */
  changed: string[];
  /** The keys whose change now waits for a lawyer's sign-off instead (decision 0070). */
  proposed: string[];
}

/** A blank translation is stored as NULL: "no translation", so the English text shows. */
const orNull = (value: string) => (value.trim() === "" ? null : value);

/**
 * Update the texts of existing keys in one transaction, with an audit row per changed
 * entry; this form never creates keys. Every instance then drops its text cache and open
 * public pages revalidate, through the 'content' change event.
 */
export async function saveContentEntries(
  deps: ContentDeps,
  actor: Actor,
  input: ContentSaveInput,
  /** The person may not publish changes (an editor while sign-off is on): each change is proposed (decision 0070). */
  options: { propose?: boolean } = {},
): Promise<ContentSaveResult> {
  const userId = actor.id;
  const keys = input.entries.map((e) => e.key);
  const proposedKeys: string[] = [];
  const changed = await commit(deps, async (tx) => {
    const existing = await tx
      .select({ key: contentText.key, content: contentText.content, contentFa: contentText.contentFa, contentZh: contentText.contentZh, version: contentText.version })
      .from(contentText)
      .where(inArray(contentText.key, keys));
    const byKey = new Map(existing.map((row) => [row.key, row]));
    const missing = keys.filter((key) => !byKey.has(key));
    if (missing.length > 0) throw new ContentSaveError(missing.slice(0, 3));
    // A text someone changed since this form was opened is not overwritten: the whole save is refused.
    for (const entry of input.entries) {
      const stored = byKey.get(entry.key)!;
      if (entry.version != null && entry.version !== stored.version) {
        const conflict = await describeConflict(tx, contentRevisions, entry.key, entry.version);
        throw new ConflictError(conflict, entry.key);
      }
    }

    const changedKeys: string[] = [];
    const audit: AuditEntry[] = [];
    for (const entry of input.entries) {
      const before = byKey.get(entry.key)!;
      const next = { content: entry.content, contentFa: orNull(entry.contentFa), contentZh: orNull(entry.contentZh) };
      const fields = [
        before.content !== next.content && "content",
        (before.contentFa ?? null) !== next.contentFa && "content_fa",
        (before.contentZh ?? null) !== next.contentZh && "content_zh",
      ].filter((f): f is string => Boolean(f));
      if (options.propose) {
        // Every website text is live: the change waits in its History for a lawyer (decision 0070).
        if (fields.length === 0) continue;
        const waiting = (await pendingFor(tx, "content", [entry.key])).get(entry.key);
        const same = waiting && waiting.baseVersion === before.version && JSON.stringify(contentSnapshot(waiting.snapshot as ContentSnapshot)) === JSON.stringify(next);
        if (!same) {
          const revision = await proposeChange(tx, { entity: "content", entityId: entry.key, source: "person", snapshot: next, note: "Proposed for sign-off", baseVersion: before.version, userId });
          audit.push({ ...auditFrom(actor), action: "propose_change", entity: "content_text", entityId: entry.key, details: { fields, revision: revision.id } });
        }
        proposedKeys.push(entry.key);
        continue;
      }
      if (fields.length === 0) {
        // Saving an entry is a person's review of the translations it shows, changed or not.
        await markReviewed(tx, entry.key, before);
        if (entry.reviewing) await closeReviewedInEditor(tx, "content", entry.key, entry.reviewing, userId, before.version);
        continue;
      }
      const written = await writeContentText(tx, entry.key, next, before.version, true);
      if (!written) {
        // Another save landed between the read and the write: named by its key, as above.
        const conflict = await describeConflict(tx, contentRevisions, entry.key, before.version);
        throw new ConflictError(conflict, entry.key);
      }
      await recordSaved(tx, { entity: "content", entityId: entry.key, source: "person", snapshot: contentSnapshot(written.after), version: written.after.version, baseVersion: before.version, userId });
      // Every website text is live: the save publishes it, and the event says in which languages (decision 0097).
      const languages = changedLanguages(contentFields(contentSnapshot(written.before)), contentFields(contentSnapshot(written.after)));
      await emitPublished({ tx, deps }, { entity: "content", entityId: entry.key, wentLive: false, path: "save", actor, languages, words: languages });
      // The form showed the pending machine translation and the person saved it: their review (decision 0063).
      if (entry.reviewing) await closeReviewedInEditor(tx, "content", entry.key, entry.reviewing, userId, written.after.version);
      audit.push({ ...auditFrom(actor), action: "update", entity: "content_text", entityId: entry.key, details: { fields } });
      changedKeys.push(entry.key);
    }
    return { result: changedKeys, audit, changes: changedKeys.length > 0 ? ["content"] : [] };
  });
  return { saved: keys, changed, proposed: proposedKeys };
}

async function markReviewed(tx: Db, key: string, row: { content: string; contentFa: string | null; contentZh: string | null }): Promise<void> {
  for (const [language, text] of [
    ["fa", row.contentFa],
    ["zh", row.contentZh],
  ] as const) {
    await recordSavedTranslation(tx, { entity: "content", entityId: key, field: "content", language }, { englishBefore: row.content, englishAfter: row.content, translationBefore: text, translationAfter: text });
  }
}
