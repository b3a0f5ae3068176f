/**
 * A team member's revisions (decision 0061): the member's fields and photos with its five texts in
 * the three languages. Writing one raises the member's version; the texts stay content texts
 * (app/i18n/team-member-keys.ts), so the public pages read them as before.
 */
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText, teamMembers } from "../../db/schema";
import type { FieldText, Revisioned } from "../revisions/review.server";
import { ensureBaseline } from "../revisions/store.server";
import { TARGET_LANGUAGES } from "../i18n/languages";
import { recordSavedTranslation } from "../translation/review.server";
import { teamMemberKey, teamMemberKeyPattern, teamMemberLabel } from "../i18n/team-member-keys";
import { MEMBER_FIELD_LABELS, MEMBER_TEXT_FIELDS, type MemberTexts } from "./schema";

export interface MemberSnapshot {
  name: string;
  email: string | null;
  phone: string | null;
  orderIndex: number;
  active: boolean;
  photoUrl: string | null;
  photoBwUrl: string | null;
  texts: MemberTexts;
}

type MemberRow = typeof teamMembers.$inferSelect;

/** A member's snapshot from its row and its stored texts. */
export async function readMemberSnapshot(db: Db, row: MemberRow): Promise<MemberSnapshot> {
  const rows = await db
    .select({ key: contentText.key, content: contentText.content, contentFa: contentText.contentFa, contentZh: contentText.contentZh })
    .from(contentText)
    .where(like(contentText.key, teamMemberKeyPattern(row.id)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const texts = Object.fromEntries(
    MEMBER_TEXT_FIELDS.map((field) => {
      const text = byKey.get(teamMemberKey(row.id, field));
      return [field, { en: text?.content ?? "", fa: text?.contentFa ?? "", zh: text?.contentZh ?? "" }];
    }),
  ) as MemberTexts;
  return { name: row.name, email: row.email, phone: row.phone, orderIndex: row.orderIndex, active: row.active, photoUrl: row.photoUrl, photoBwUrl: row.photoBwUrl, texts };
}

const orNull = (value: string) => (value.trim() === "" ? null : value);

/**
 * Write a member's fields, photos and texts if it is still at `expectVersion` (null: any),
 * raising its version. Returns the new version, or null when it moved on or is gone.
 */
export async function writeMember(tx: Db, id: number, next: MemberSnapshot, expectVersion: number | null, reviewed: boolean): Promise<{ before: MemberSnapshot; version: number } | null> {
  const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id)).for("update");
  if (!row || (expectVersion !== null && row.version !== expectVersion)) return null;
  const before = await readMemberSnapshot(tx, row);
  await ensureBaseline(tx, "team_member", id, before, row.version);
  const [updated] = await tx
    .update(teamMembers)
    .set({
      name: next.name,
      email: next.email,
      phone: next.phone,
      orderIndex: next.orderIndex,
      active: next.active,
      photoUrl: next.photoUrl,
      photoBwUrl: next.photoBwUrl,
      version: sql`${teamMembers.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(teamMembers.id, id), eq(teamMembers.version, row.version)))
    .returning({ version: teamMembers.version });
  if (!updated) return null;
  for (const field of MEMBER_TEXT_FIELDS) {
    const key = teamMemberKey(id, field);
    if (reviewed) {
      for (const language of TARGET_LANGUAGES) {
        await recordSavedTranslation(
          tx,
          { entity: "content", entityId: key, field: "content", language },
          {
            englishBefore: before.texts[field].en,
            englishAfter: next.texts[field].en,
            translationBefore: orNull(before.texts[field][language]),
            translationAfter: orNull(next.texts[field][language]),
          },
        );
      }
    }
  }
  await tx
    .insert(contentText)
    .values(
      MEMBER_TEXT_FIELDS.map((field) => ({
        key: teamMemberKey(id, field),
        label: teamMemberLabel(field, next.name),
        content: next.texts[field].en,
        contentFa: orNull(next.texts[field].fa),
        contentZh: orNull(next.texts[field].zh),
        category: "team",
      })),
    )
    .onConflictDoUpdate({
      target: contentText.key,
      set: {
        label: sql`excluded.label`,
        content: sql`excluded.content`,
        contentFa: sql`excluded.content_fa`,
        contentZh: sql`excluded.content_zh`,
        category: sql`excluded.category`,
        version: sql`${contentText.version} + 1`,
        updatedAt: sql`now()`,
      },
    });
  return { before, version: updated.version };
}

const LANGUAGE_SUFFIX = { en: "", fa: " (Farsi)", zh: " (Chinese)" } as const;

/** A member's fields as the History shows them (and as two states are compared). */
export function memberFields(snapshot: MemberSnapshot): FieldText[] {
  const fields: FieldText[] = [
    { key: "name", label: "Name", language: "en", text: snapshot.name ?? "", shared: true },
    { key: "email", label: "Email", language: "en", text: snapshot.email ?? "", shared: true },
    { key: "phone", label: "Phone", language: "en", text: snapshot.phone ?? "", shared: true },
    { key: "orderIndex", label: "Order", language: "en", text: String(snapshot.orderIndex ?? ""), shared: true },
    { key: "active", label: "Shown on the Team page", language: "en", text: snapshot.active ? "yes" : "no", shared: true },
    { key: "photoUrl", label: "Colour photo", language: "en", text: snapshot.photoUrl ?? "", shared: true },
    { key: "photoBwUrl", label: "Black-and-white photo", language: "en", text: snapshot.photoBwUrl ?? "", shared: true },
  ];
  for (const field of MEMBER_TEXT_FIELDS) {
    for (const language of ["en", ...TARGET_LANGUAGES] as const) {
      fields.push({ key: `${field}.${language}`, label: `${MEMBER_FIELD_LABELS[field]}${LANGUAGE_SUFFIX[language]}`, language, text: snapshot.texts?.[field]?.[language] ?? "" });
    }
  }
  return fields;
}

export const memberRevisions: Revisioned<MemberSnapshot> = {
  entity: "team_member",
  noun: "team member",
  auditEntity: "team_member",
  changes: ["team", "content"],
  async read(db, entityId) {
    const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, Number(entityId))).limit(1);
    return row ? { snapshot: await readMemberSnapshot(db, row), version: row.version, live: row.active, label: row.name } : null;
  },
  async write(tx, entityId, snapshot, expectVersion, meta) {
    const written = await writeMember(tx, Number(entityId), snapshot, expectVersion, meta.reviewed);
    return written ? written.version : null;
  },
  fields: memberFields,
  shownIn: (snapshot) => snapshot.active === true,
};
