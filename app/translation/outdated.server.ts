/**
 * "Languages follow" (decision 0097): when a change to the English words of a visible item (a blog
 * post, a website text, a team member) is published, its Farsi and Chinese versions are marked out
 * of date, until a change to that language's words is published. The marks hang off the one
 * "published" event (decision 0087), so every path through a gate sets and clears them alike.
 *
 * Each entity's module loads this file (its gate or its revisions), so a process that can publish
 * has the subscriber registered; server/publishing-subscribers.ts names it with the others.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, contentText, outdatedTranslations, teamMembers } from "../../db/schema";
import { onPublished, type PublishedEvent } from "../publishing/published.server";
import { TARGET_LANGUAGES, type TargetLang } from "../i18n/languages";
import { POST_TRANSLATED_FIELDS, postColumn } from "../i18n/translated";
import { teamMemberKeyPattern } from "../i18n/team-member-keys";

export type OutdatedEntity = (typeof outdatedTranslations.$inferSelect)["entity"];

/** Since when each language of an item is out of date (ISO time), by language; absent: up to date. */
export type OutdatedLanguages = Partial<Record<TargetLang, string>>;

interface ItemTexts {
  version: number;
  /** Each language's words, in a fixed order. */
  words: Record<TargetLang, string[]>;
}

/** The item's translated words as stored now (a proposal waiting is not counted). */
async function itemTexts(db: Db, entity: OutdatedEntity, entityId: string): Promise<ItemTexts | null> {
  if (entity === "post") {
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, Number(entityId)));
    if (!row) return null;
    const words = (language: TargetLang) => POST_TRANSLATED_FIELDS.map((field) => (row[postColumn(field, language)] as string | null) ?? "");
    return { version: row.version, words: { fa: words("fa"), zh: words("zh") } };
  }
  if (entity === "content") {
    const [row] = await db.select().from(contentText).where(eq(contentText.key, entityId));
    return row ? { version: row.version, words: { fa: [row.contentFa ?? ""], zh: [row.contentZh ?? ""] } } : null;
  }
  const [member] = await db.select({ version: teamMembers.version }).from(teamMembers).where(eq(teamMembers.id, Number(entityId)));
  if (!member) return null;
  const rows = await db.select().from(contentText).where(like(contentText.key, teamMemberKeyPattern(Number(entityId)))).orderBy(contentText.key);
  return { version: member.version, words: { fa: rows.map((r) => r.contentFa ?? ""), zh: rows.map((r) => r.contentZh ?? "") } };
}

const hashOf = (words: string[]) => createHash("sha256").update(words.map((w) => w.trim()).join("\u0000")).digest("base64url").slice(0, 22);
const hasWords = (words: string[]) => words.some((w) => w.trim() !== "");

const whereMark = (entity: OutdatedEntity, entityId: string, language?: TargetLang) =>
  and(eq(outdatedTranslations.entity, entity), eq(outdatedTranslations.entityId, entityId), language ? eq(outdatedTranslations.language, language) : undefined);

/**
 * The event's rule, in the publishing transaction:
 * - an item going live (first time, or back online) keeps a language's mark only while that
 *   language's words are still those it was marked with;
 * - otherwise a language whose words were published is up to date again, and one left behind by
 *   published English words is marked (when it has any words: a missing translation is missing,
 *   not out of date). A mark keeps its first moment while the language stays behind.
 */
export async function followEnglish(tx: Db, event: PublishedEvent): Promise<void> {
  const entityId = String(event.entityId);
  const texts = await itemTexts(tx, event.entity, entityId);
  if (!texts) return;
  if (event.wentLive) {
    const marks = await tx.select().from(outdatedTranslations).where(whereMark(event.entity, entityId));
    for (const mark of marks) {
      if (mark.textHash !== hashOf(texts.words[mark.language])) await tx.delete(outdatedTranslations).where(whereMark(event.entity, entityId, mark.language));
    }
    return;
  }
  const words = event.words ?? event.languages;
  for (const language of TARGET_LANGUAGES) {
    if (words.includes(language)) {
      await tx.delete(outdatedTranslations).where(whereMark(event.entity, entityId, language));
    } else if (words.includes("en") && hasWords(texts.words[language])) {
      await tx
        .insert(outdatedTranslations)
        .values({ entity: event.entity, entityId, language, englishVersion: texts.version, textHash: hashOf(texts.words[language]) })
        .onConflictDoNothing();
    }
  }
}

onPublished("languages-follow", (event, { tx }) => followEnglish(tx, event));

/** The out-of-date languages of some items (or every item of a kind), by entity id. */
export async function outdatedLanguages(db: Db, entity: OutdatedEntity, entityIds?: ReadonlyArray<string | number>): Promise<Map<string, OutdatedLanguages>> {
  if (entityIds && entityIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(outdatedTranslations)
    .where(and(eq(outdatedTranslations.entity, entity), entityIds ? inArray(outdatedTranslations.entityId, entityIds.map(String)) : undefined));
  const out = new Map<string, OutdatedLanguages>();
  for (const row of rows) out.set(row.entityId, { ...out.get(row.entityId), [row.language]: row.since.toISOString() });
  return out;
}

/** Whether one language of an item is out of date now (a batch job checks again before it writes). */
export async function isOutdated(db: Db, entity: OutdatedEntity, entityId: string | number, language: TargetLang): Promise<boolean> {
  const [row] = await db.select({ since: outdatedTranslations.since }).from(outdatedTranslations).where(whereMark(entity, String(entityId), language));
  return Boolean(row);
}

/** Every mark, oldest first (the review queue lists them; the caller drops those of items gone). */
export async function listOutdated(db: Db): Promise<Array<typeof outdatedTranslations.$inferSelect>> {
  return db.select().from(outdatedTranslations).orderBy(outdatedTranslations.since, outdatedTranslations.entityId, outdatedTranslations.language);
}
