/**
 * Machine translation of the site's texts: one entry into the form (for review, unsaved), one
 * team member's field (saved at once, SPEC 4), and the batch job that fills every missing Farsi
 * or Chinese text of the Website Content tab.
 */
import { and, eq, inArray, isNull, notLike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText, teamMembers } from "../../db/schema";
import type { Config } from "../../core/config";
import type { ChangeEvents } from "../../core/events";
import type { Translator } from "../../core/outside/translate";
import type { AdminUser } from "../auth/guard.server";
import { hasText } from "../i18n/translated";
import { isTeamMemberKey, teamMemberIdOfKey, teamMemberKeyPattern } from "../i18n/team-member-keys";
import { ItemFailed, StopJob, type JobRunner } from "../jobs/runner.server";
import { defineJob } from "../jobs/define.server";
import { checkTextTranslation } from "../ai/machine-text.server";
import { recordMachineTranslation, type TranslationLanguage } from "../translation/review.server";
import { isOutdated, outdatedLanguages } from "../translation/outdated.server";
import { auditFrom } from "../changes/audit.server";
import { commit } from "../changes/commit.server";
import { refuse, refuseWith } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";

import { startedJob, type Started } from "../jobs/started.server";
import { LANGUAGE_NAMES } from "../i18n/language-names";
import { pendingFor, proposeChange } from "../revisions/store.server";
import { contentSnapshot, type ContentSnapshot } from "./revisions.server";

/** The content translations' refusals (decision 0101). */
const M = defineMessages("content.translate", {
  allTranslated: "No content to translate: All entries already have {language} translations.",
  nothingToTranslate: "No content to translate",
  noEnglish: "No English content to translate",
  memberGone: "This team member no longer exists.",
});

/** The parts of the app's Services (app/services.ts) the translations use. */
interface Services {
  db: Db;
  translator: Translator;
  events: ChangeEvents;
  config: Pick<Config, "TRANSLATE_DELAY_MS">;
  jobs: JobRunner;
}

export const TRANSLATE_MISSING = "content.translate-missing";

const column = (language: TranslationLanguage) => (language === "fa" ? contentText.contentFa : contentText.contentZh);
const blank = (language: TranslationLanguage) => or(isNull(column(language)), eq(sql`trim(${column(language)})`, ""));

/**
 * The Website Content tab's keys (team texts excluded) with English and, in a language, no
 * translation or one out of date (its English was published since, decision 0097).
 */
export async function keysToTranslate(db: Db, language: TranslationLanguage): Promise<Array<{ key: string; outdated: boolean }>> {
  const outdated = await outdatedLanguages(db, "content");
  const behind = [...outdated].filter(([key, languages]) => languages[language] && !isTeamMemberKey(key)).map(([key]) => key);
  const rows = await db
    .select({ key: contentText.key, translation: column(language) })
    .from(contentText)
    .where(and(notLike(contentText.key, teamMemberKeyPattern()), sql`trim(${contentText.content}) <> ''`, behind.length > 0 ? or(blank(language), inArray(contentText.key, behind)) : blank(language)))
    .orderBy(contentText.category, contentText.key);
  // A translation already waiting for review is not asked for again.
  const pending = await pendingFor(db, "content", rows.map((r) => r.key));
  const field = language === "fa" ? "contentFa" : "contentZh";
  return rows
    .filter((r) => {
      const proposed = (pending.get(r.key)?.snapshot as ContentSnapshot | undefined)?.[field];
      return !hasText(proposed) || proposed === r.translation;
    })
    .map((r) => ({ key: r.key, outdated: hasText(r.translation) }));
}

/** The keys with no translation in a language (Translate All also takes those out of date: keysToTranslate). */
export async function missingKeys(db: Db, language: TranslationLanguage): Promise<string[]> {
  return (await keysToTranslate(db, language)).filter((item) => !item.outdated).map((item) => item.key);
}

interface Payload {
  language: TranslationLanguage;
  delayMs: number;
}

/** 'Translate All Missing Farsi/Chinese': one item per text, a pause between calls, failures counted. */
export const translateMissing = defineJob<Payload, { key: string; outdated?: boolean }, [Pick<Services, "db" | "translator">]>(TRANSLATE_MISSING, {
  uniqueKey: (payload) => `${TRANSLATE_MISSING}:${payload.language}`,
  pauseMs: (payload) => payload.delayMs,
  summarize: ({ done, failed }) => `Batch translation complete: ${done} translated, ${failed} failed.${done > 0 ? " The translations wait for review before visitors see them." : ""}`,
  handler:
    (services) =>
    async ({ job, item, signal }) => {
      const { translator, db } = services;
      if (!translator.configured) throw new StopJob(translator.notConfiguredMessage);
      const { language } = job.payload;
      const [row] = await db.select().from(contentText).where(eq(contentText.key, item.payload.key));
      if (!row) return { skipped: "This text no longer exists." };
      const replace = item.payload.outdated === true && (await isOutdated(db, "content", row.key, language));
      if (!replace && hasText(language === "fa" ? row.contentFa : row.contentZh)) return { skipped: "Someone translated it meanwhile." };
      if (!hasText(row.content)) return { skipped: "Its English text is empty." };
      const [translation] = await translator.translate([row.content], language, { format: "text", signal });
      const checked = checkTextTranslation(language, row.content, translation);
      if (!checked.ok) throw new ItemFailed(checked.reason);
      return {
        apply: (tx) => proposeTranslation(tx, item.payload.key, language, row.content, checked.fields.text, job.createdBy, replace ? (language === "fa" ? row.contentFa : row.contentZh) : null),
        changes: [],
      };
    },
});

/**
 * Store a machine translation only while its English is unchanged and (for a batch) the text is
 * still missing: a person's edit in the meantime wins.
 */
async function storeMachineTranslation(tx: Db, key: string, language: TranslationLanguage, english: string, translation: string, { overwrite = false } = {}): Promise<void> {
  const field = language === "fa" ? { contentFa: translation } : { contentZh: translation };
  const stored = await tx
    .update(contentText)
    .set({ ...field, updatedAt: sql`now()` })
    .where(and(eq(contentText.key, key), eq(contentText.content, english), overwrite ? undefined : blank(language)))
    .returning({ key: contentText.key });
  if (stored.length > 0) await recordMachineTranslation(tx, { entity: "content", entityId: key, field: "content", language }, english);
}

/**
 * A website text is always live: its machine translation is a pending change a lawyer
 * publishes (decision 0063), built on the change already waiting, if any (the other language's).
 * Only while its English is unchanged and the translation still missing (or, for one out of date,
 * still the one it replaces, `replacing`): a person's edit wins.
 */
async function proposeTranslation(tx: Db, key: string, language: TranslationLanguage, english: string, translation: string, userId: string | null, replacing: string | null = null): Promise<void> {
  const [row] = await tx.select().from(contentText).where(eq(contentText.key, key)).for("update");
  const current = language === "fa" ? row?.contentFa : row?.contentZh;
  if (!row || row.content !== english || (replacing === null ? hasText(current) : current !== replacing)) return;
  const pending = (await pendingFor(tx, "content", [key])).get(key);
  const base = pending ? (pending.snapshot as ContentSnapshot) : contentSnapshot(row);
  await proposeChange(tx, {
    entity: "content",
    entityId: key,
    source: "translation",
    snapshot: { ...base, [language === "fa" ? "contentFa" : "contentZh"]: translation },
    baseVersion: pending?.baseVersion ?? row.version,
    userId,
    note: `Translate All Missing ${LANGUAGE_NAMES[language]}`,
  });
}

/** Start the batch (or show the one already running for this language). */
export async function startTranslateMissing(services: Services, user: AdminUser, language: TranslationLanguage): Promise<Started> {
  const keys = await keysToTranslate(services.db, language);
  if (keys.length === 0) throw refuse("invalid", M.allTranslated, { language: LANGUAGE_NAMES[language] });
  if (!services.translator.configured) throw refuseWith("unavailable", services.translator.notConfiguredMessage);
  const queued = await translateMissing.enqueue(
    services.db,
    { language, delayMs: services.config.TRANSLATE_DELAY_MS },
    keys.map(({ key, outdated }) => ({ label: key, payload: outdated ? { key, outdated } : { key } })),
    { createdBy: user.id },
  );
  return startedJob(services, queued);
}

/** One text for the form (not saved: SPEC 4, a person reviews it and saves), checked like any machine translation. */
export async function translateText(services: Pick<Services, "translator">, text: string, language: TranslationLanguage, signal: AbortSignal): Promise<string> {
  if (!hasText(text)) throw refuse("invalid", M.nothingToTranslate);
  if (!services.translator.configured) throw refuseWith("unavailable", services.translator.notConfiguredMessage);
  const [translation] = await services.translator.translate([text], language, { format: "text", signal });
  const checked = checkTextTranslation(language, text, translation);
  if (!checked.ok) throw refuseWith("outside-failed", checked.reason);
  return checked.fields.text;
}

/**
 * A team member's field: the English in the form (unsaved edits included) translated. When that
 * English is the stored one, the translation is saved at once (SPEC 4) as a machine translation;
 * when the English was edited and not saved, the translation only goes into the form, saved with
 * the English by Save Changes (a stored translation of an English that is not stored would be wrong).
 */
export async function translateTeamText(
  services: Pick<Services, "db" | "translator" | "events">,
  user: AdminUser,
  { key, language, englishInForm }: { key: string; language: TranslationLanguage; englishInForm: string },
  signal: AbortSignal,
): Promise<{ translation: string; saved: boolean }> {
  const english = englishInForm.replace(/\r\n?/g, "\n").trim();
  if (!hasText(english)) throw refuse("invalid", M.noEnglish);
  const [row] = await services.db.select().from(contentText).where(eq(contentText.key, key));
  if (!row) throw refuse("not-found", M.memberGone);
  const translation = await translateText(services, english, language, signal);
  // Unsaved English, or a member visitors see (decision 0063): the translation goes into the form,
  // and the person's Save Changes is its review. Only a hidden member's saved English is stored at once.
  const memberId = teamMemberIdOfKey(key);
  const [member] = memberId && /^\d+$/.test(memberId) ? await services.db.select({ active: teamMembers.active }).from(teamMembers).where(eq(teamMembers.id, Number(memberId))) : [];
  if (!member) throw refuse("not-found", M.memberGone);
  if (row.content.trim() !== english || member.active) return { translation, saved: false };
  return commit(services, async (tx) => {
    await storeMachineTranslation(tx, key, language, row.content, translation, { overwrite: true });
    return {
      result: { translation, saved: true },
      audit: { ...auditFrom(user), action: "update", entity: "content_text", entityId: key, details: { fields: [language === "fa" ? "content_fa" : "content_zh"], machine: true } },
      changes: ["team", "content"],
    };
  });
}
