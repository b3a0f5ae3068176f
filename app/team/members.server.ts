import { asc, eq, like, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText, teamMembers } from "../../db/schema";
import { listVariants, storeImage, MEDIA_URL } from "../../core/media";
import { commit, type ChangeDeps } from "../changes/commit.server";
import { NotFound } from "../changes/errors.server";
import { teamMemberKey, teamMemberKeyPattern, teamMemberLabel } from "./fields";
import { mediaUrl } from "../media/sources";
import { clearRecordStates, loadStates, recordSavedTranslation, reviewState } from "../translation/review.server";
import { MEMBER_TEXT_FIELDS, type MemberInput, type MemberTexts, type MemberTextField, type PhotoKind, type TeamMemberView } from "./schema";
import { TARGET_LANGUAGES } from "../i18n/languages";

export type { TeamMemberView };
export { ImageRejected, MAX_UPLOAD_BYTES } from "../../core/media";

/** A member's texts are site texts too: a change reaches the Team page and every page's texts. */
const MEMBER_CHANGES = ["team", "content"] as const;

export type TeamDeps = ChangeDeps;

export const memberTextKey = (id: number, field: MemberTextField) => teamMemberKey(id, field);
export const memberTextLabel = teamMemberLabel;
const memberTextPrefix = teamMemberKeyPattern;

export class MemberNotFound extends NotFound {
  constructor() {
    super("This team member no longer exists.");
  }
}

async function thumbnailFor(db: Db, url: string | null): Promise<string | null> {
  const id = url ? MEDIA_URL.exec(url)?.[1] : undefined;
  if (!id) return null;
  const smallest = (await listVariants(db, id)).find((v) => v.format === "webp");
  return smallest ? mediaUrl(id, smallest.width, "webp") : url;
}

/** Every member (active or not) by order, with the five texts in the three languages. */
export async function listTeam(db: Db): Promise<TeamMemberView[]> {
  const members = await db.select().from(teamMembers).orderBy(asc(teamMembers.orderIndex), asc(teamMembers.id));
  const textRows = await db
    .select({ key: contentText.key, content: contentText.content, contentFa: contentText.contentFa, contentZh: contentText.contentZh })
    .from(contentText)
    .where(like(contentText.key, teamMemberKeyPattern()));
  const texts = new Map(textRows.map((row) => [row.key, row]));
  const states = await loadStates(db, "content", [...texts.keys()]);
  return Promise.all(
    members.map(async (member) => ({
      id: member.id,
      name: member.name,
      email: member.email ?? "",
      phone: member.phone ?? "",
      orderIndex: member.orderIndex,
      active: member.active,
      photoUrl: member.photoUrl,
      photoBwUrl: member.photoBwUrl,
      photoThumb: await thumbnailFor(db, member.photoUrl),
      photoBwThumb: await thumbnailFor(db, member.photoBwUrl),
      version: member.updatedAt.toISOString(),
      texts: Object.fromEntries(
        MEMBER_TEXT_FIELDS.map((field) => {
          const row = texts.get(memberTextKey(member.id, field));
          return [field, { en: row?.content ?? "", fa: row?.contentFa ?? "", zh: row?.contentZh ?? "" }];
        }),
      ) as MemberTexts,
      review: Object.fromEntries(
        MEMBER_TEXT_FIELDS.map((field) => {
          const key = memberTextKey(member.id, field);
          const row = texts.get(key);
          const state = (language: "fa" | "zh") =>
            reviewState(states, key, "content", language, row?.content ?? "", language === "fa" ? row?.contentFa : row?.contentZh);
          return [field, { fa: state("fa"), zh: state("zh") }];
        }),
      ) as TeamMemberView["review"],
    })),
  );
}

const NEW_MEMBER_NAME = "New Team Member";

/** SPEC 3: 'New Team Member', order = highest + 1, active, with its five empty texts. */
export async function addMember(deps: TeamDeps, userId: string): Promise<{ id: number; name: string }> {
  const id = await commit(deps, async (tx) => {
    const [{ highest }] = await tx.select({ highest: max(teamMembers.orderIndex) }).from(teamMembers);
    const [row] = await tx
      .insert(teamMembers)
      .values({ name: NEW_MEMBER_NAME, orderIndex: (highest ?? 0) + 1, active: true })
      .returning({ id: teamMembers.id });
    await tx
      .insert(contentText)
      .values(
        MEMBER_TEXT_FIELDS.map((field) => ({
          key: memberTextKey(row.id, field),
          label: memberTextLabel(field, NEW_MEMBER_NAME),
          content: "",
          category: "team",
        })),
      )
      .onConflictDoNothing({ target: contentText.key });
    return {
      result: row.id,
      audit: { userId, action: "create", entity: "team_member", entityId: row.id, details: { name: NEW_MEMBER_NAME } },
      changes: MEMBER_CHANGES,
    };
  });
  return { id, name: NEW_MEMBER_NAME };
}

const orNull = (value: string) => (value.trim() === "" ? null : value);

/** Save the member's fields and its five texts (creating any missing text row). */
export async function updateMember(deps: TeamDeps, userId: string, input: MemberInput): Promise<void> {
  await commit(deps, async (tx) => {
    const updated = await tx
      .update(teamMembers)
      .set({
        name: input.name,
        email: orNull(input.email),
        phone: orNull(input.phone),
        orderIndex: input.orderIndex,
        active: input.active,
        updatedAt: new Date(),
      })
      .where(eq(teamMembers.id, input.id))
      .returning({ id: teamMembers.id });
    if (updated.length === 0) throw new MemberNotFound();
    const before = new Map(
      (
        await tx
          .select({ key: contentText.key, content: contentText.content, contentFa: contentText.contentFa, contentZh: contentText.contentZh })
          .from(contentText)
          .where(like(contentText.key, memberTextPrefix(input.id)))
      ).map((row) => [row.key, row]),
    );
    for (const field of MEMBER_TEXT_FIELDS) {
      const key = memberTextKey(input.id, field);
      const old = before.get(key);
      for (const language of TARGET_LANGUAGES) {
        await recordSavedTranslation(
          tx,
          { entity: "content", entityId: key, field: "content", language },
          {
            englishBefore: old?.content ?? "",
            englishAfter: input.texts[field].en,
            translationBefore: (language === "fa" ? old?.contentFa : old?.contentZh) ?? null,
            translationAfter: orNull(input.texts[field][language]),
          },
        );
      }
    }
    await tx
      .insert(contentText)
      .values(
        MEMBER_TEXT_FIELDS.map((field) => ({
          key: memberTextKey(input.id, field),
          label: memberTextLabel(field, input.name),
          content: input.texts[field].en,
          contentFa: orNull(input.texts[field].fa),
          contentZh: orNull(input.texts[field].zh),
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
          updatedAt: sql`now()`,
        },
      });
    return {
      result: undefined,
      audit: { userId, action: "update", entity: "team_member", entityId: input.id, details: { name: input.name, active: input.active, orderIndex: input.orderIndex } },
      changes: MEMBER_CHANGES,
    };
  });
}

/** Delete the member and all of its texts. */
export async function deleteMember(deps: TeamDeps, userId: string, id: number): Promise<void> {
  await commit(deps, async (tx) => {
    const deleted = await tx.delete(teamMembers).where(eq(teamMembers.id, id)).returning({ name: teamMembers.name });
    if (deleted.length === 0) throw new MemberNotFound();
    const texts = await tx.delete(contentText).where(like(contentText.key, memberTextPrefix(id))).returning({ key: contentText.key });
    await clearRecordStates(tx, "content", texts.map((t) => t.key));
    return {
      result: undefined,
      audit: { userId, action: "delete", entity: "team_member", entityId: id, details: { name: deleted[0].name, texts: texts.length } },
      changes: MEMBER_CHANGES,
    };
  });
}

/**
 * Store an uploaded photo through the image pipeline (content check, re-encoding, EXIF
 * dropped) and point the member at it. The black-and-white photo is converted to greyscale,
 * so it is black and white whatever was uploaded. Throws ImageRejected with the reason.
 */
export async function setMemberPhoto(deps: TeamDeps, userId: string, id: number, kind: PhotoKind, bytes: Buffer): Promise<string> {
  const [exists] = await deps.db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.id, id));
  if (!exists) throw new MemberNotFound();
  const image = await storeImage(deps.db, bytes, { greyscale: kind === "bw", createdBy: userId });
  await commit(deps, async (tx) => {
    const updated = await tx
      .update(teamMembers)
      .set(kind === "color" ? { photoUrl: image.url, updatedAt: new Date() } : { photoBwUrl: image.url, updatedAt: new Date() })
      .where(eq(teamMembers.id, id))
      .returning({ id: teamMembers.id });
    if (updated.length === 0) throw new MemberNotFound();
    return {
      result: undefined,
      audit: { userId, action: "update", entity: "team_member", entityId: id, details: { photo: kind, media: image.id, width: image.width, height: image.height } },
      changes: ["team"],
    };
  });
  return image.url;
}
