/**
 * Translation review states (decision 0026), as translation tools such as Weblate keep them: each
 * Farsi or Chinese text records whether a machine made it and no person has saved it since
 * ("machine"), or a person saved it ("reviewed"), with a hash of the English it was made from.
 * Stale is read, not stored: the English changed since (its hash differs). A non-empty translation
 * without a row was written by a person before states existed: reviewed.
 *
 * Batch jobs only write where `machineMayWrite` says so: never over a reviewed or hand-written text.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { translationStates } from "../../db/schema";
import type { ReviewState } from "./states";
import type { TargetLang } from "../i18n/languages";

export type { ReviewState };

export type ReviewEntity = "content" | "post";
export type TranslationLanguage = TargetLang;

type StateRow = { state: "machine" | "reviewed"; sourceHash: string };
export type StateMap = Map<string, StateRow>;

/** The English a translation was made from, reduced to a short hash (whitespace at the ends ignored). */
export const sourceHash = (english: string) => createHash("sha256").update(english.trim()).digest("base64url").slice(0, 22);

const mapKey = (entityId: string, field: string, language: TranslationLanguage) => `${entityId}|${field}|${language}`;

/** The stored states of some records (or all of a kind). */
export async function loadStates(db: Db, entity: ReviewEntity, entityIds?: readonly string[]): Promise<StateMap> {
  if (entityIds && entityIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(translationStates)
    .where(and(eq(translationStates.entity, entity), entityIds ? inArray(translationStates.entityId, [...entityIds]) : undefined));
  return new Map(rows.map((row) => [mapKey(row.entityId, row.field, row.language), { state: row.state, sourceHash: row.sourceHash }]));
}

/** A translation's state now, from its stored row, its English and its text. */
export function reviewState(
  states: StateMap,
  entityId: string,
  field: string,
  language: TranslationLanguage,
  english: string,
  translation: string | null | undefined,
): ReviewState {
  if (!translation?.trim()) return "missing";
  const row = states.get(mapKey(entityId, field, language));
  if (!row) return "reviewed";
  if (row.sourceHash !== sourceHash(english)) return "stale";
  return row.state;
}

/** Whether a batch job may write this translation: it is missing, or machine-made and no person has saved it. */
export function machineMayWrite(state: ReviewState): boolean {
  return state === "missing" || state === "machine";
}

export interface StateTarget {
  entity: ReviewEntity;
  entityId: string;
  field: string;
  language: TranslationLanguage;
}

/** A machine translation was stored for this English: machine-made, unreviewed. */
export async function recordMachineTranslation(tx: Db, target: StateTarget, english: string): Promise<void> {
  await upsert(tx, target, "machine", sourceHash(english));
}

/**
 * A person saved a record: each translation they sent is reviewed against the English saved with
 * it, unless the English changed and the translation did not (then it keeps its old English hash
 * and reads as stale until someone updates it). An emptied translation loses its state.
 */
export async function recordSavedTranslation(
  tx: Db,
  target: StateTarget,
  change: { englishBefore: string; englishAfter: string; translationBefore: string | null; translationAfter: string | null },
): Promise<void> {
  const after = change.translationAfter?.trim() ? change.translationAfter : null;
  if (!after) {
    await clear(tx, target);
    return;
  }
  const translationChanged = (change.translationBefore ?? "") !== after;
  const englishChanged = change.englishBefore.trim() !== change.englishAfter.trim();
  if (translationChanged || !englishChanged) {
    await upsert(tx, target, "reviewed", sourceHash(change.englishAfter));
    return;
  }
  // English changed under an untouched translation: keep what it was made from, so it shows stale.
  const [existing] = await tx.select({ id: translationStates.entityId }).from(translationStates).where(whereTarget(target));
  if (!existing) await upsert(tx, target, "reviewed", sourceHash(change.englishBefore));
}

/** Forget every state of a record (it was deleted). */
export async function clearRecordStates(tx: Db, entity: ReviewEntity, entityIds: readonly string[]): Promise<void> {
  if (entityIds.length === 0) return;
  await tx.delete(translationStates).where(and(eq(translationStates.entity, entity), inArray(translationStates.entityId, [...entityIds])));
}

async function upsert(tx: Db, target: StateTarget, state: "machine" | "reviewed", hash: string) {
  await tx
    .insert(translationStates)
    .values({ ...target, state, sourceHash: hash })
    .onConflictDoUpdate({
      target: [translationStates.entity, translationStates.entityId, translationStates.field, translationStates.language],
      set: { state, sourceHash: hash, updatedAt: sql`now()` },
    });
}

async function clear(tx: Db, target: StateTarget) {
  await tx.delete(translationStates).where(whereTarget(target));
}

const whereTarget = (target: StateTarget) =>
  and(
    eq(translationStates.entity, target.entity),
    eq(translationStates.entityId, target.entityId),
    eq(translationStates.field, target.field),
    eq(translationStates.language, target.language),
  );
