import { and, asc, eq, inArray, like, max } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText, teamMembers, translationStates } from "../../db/schema";
import { listVariants, storeImage, MEDIA_URL } from "../../core/media";
import { auditFrom, type Actor } from "../changes/audit.server";
import { commit, type ChangeDeps } from "../changes/commit.server";
import { AdminError, refuse } from "../changes/errors.server";
import { defineMessages, refusal } from "../changes/refusal";
import { changedLanguages, ConflictError, describeConflict } from "../revisions/review.server";
import { pendingFor, proposeChange, recordSaved } from "../revisions/store.server";
import { moveToTrash, reviveDates, takeFromTrash } from "../revisions/trash.server";
import { assertMaySignOff, maySignOff, type Signer } from "../publishing/sign-off.server";
import { DELETED_SHOWN_NEEDS_SIGN_OFF, memberPublished } from "./gate.server";
import { memberFields, memberRevisions, readMemberSnapshot, writeMember, type MemberSnapshot } from "./revisions.server";
import { teamMemberKey, teamMemberKeyPattern, teamMemberLabel } from "../i18n/team-member-keys";
import { mediaUrl } from "../media/sources";
import { clearRecordStates, loadStates, reviewState } from "../translation/review.server";
import { outdatedLanguages } from "../translation/outdated.server";
import { MEMBER_TEXT_FIELDS, type MemberInput, type MemberTexts, type MemberTextField, type PhotoKind, type TeamMemberView } from "./schema";

export type { TeamMemberView };
export { ImageRejected, MAX_UPLOAD_BYTES } from "../../core/media";

/** A member's texts are site texts too: a change reaches the Team page and every page's texts. */
const MEMBER_CHANGES = ["team", "content"] as const;

export type TeamDeps = ChangeDeps;

export const memberTextKey = (id: number, field: MemberTextField) => teamMemberKey(id, field);
export const memberTextLabel = teamMemberLabel;
const memberTextPrefix = teamMemberKeyPattern;

/** The team's refusals (decision 0101). */
const M = defineMessages("team", {
  memberGone: "This team member no longer exists.",
  notInTrash: "This team member is no longer in Recently deleted.",
  photoRace: "This team member changed at the same moment. Upload the photo again.",
});

/** The member the request names no longer exists: a refusal of kind not-found. */
export class MemberNotFound extends AdminError {
  constructor() {
    super(refusal("not-found", M.memberGone));
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
  const outdated = await outdatedLanguages(db, "team_member");
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
      version: String(member.version),
      outdated: outdated.get(String(member.id)) ?? {},
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

/**
 * SPEC 3: 'New Team Member', order = highest + 1, active, with its five empty texts. Added by
 * someone without the sign-off, it starts hidden: showing it is a proposal (decision 0087).
 */
export async function addMember(deps: TeamDeps, actor: Signer): Promise<{ id: number; name: string }> {
  const id = await commit(deps, async (tx) => {
    const [{ highest }] = await tx.select({ highest: max(teamMembers.orderIndex) }).from(teamMembers);
    const [row] = await tx
      .insert(teamMembers)
      .values({ name: NEW_MEMBER_NAME, orderIndex: (highest ?? 0) + 1, active: maySignOff(actor) })
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
      audit: { ...auditFrom(actor), action: "create", entity: "team_member", entityId: row.id, details: { name: NEW_MEMBER_NAME } },
      changes: MEMBER_CHANGES,
    };
  });
  return { id, name: NEW_MEMBER_NAME };
}

const orNull = (value: string) => (value.trim() === "" ? null : value);

/**
 * Save the member's fields and its five texts (creating any missing text row). `baseVersion` is
 * the version the form was opened on: a member changed since is not overwritten (409, decision 0061).
 */
export async function updateMember(
  deps: TeamDeps,
  actor: Actor,
  input: MemberInput,
  baseVersion: number | null = null,
  /** The person may not publish changes (an editor while sign-off is on): a shown member's change is proposed (decision 0070). */
  options: { propose?: boolean } = {},
): Promise<{ proposed: number | null }> {
  const userId = actor.id;
  return commit<{ proposed: number | null }>(deps, async (tx) => {
    const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, input.id));
    if (!row) throw new MemberNotFound();
    if (baseVersion !== null && row.version !== baseVersion) throw new ConflictError(await describeConflict(tx, memberRevisions, String(input.id), baseVersion));
    const next: MemberSnapshot = {
      name: input.name,
      email: orNull(input.email),
      phone: orNull(input.phone),
      orderIndex: input.orderIndex,
      active: input.active,
      photoUrl: row.photoUrl,
      photoBwUrl: row.photoBwUrl,
      texts: input.texts,
    };
    if (options.propose && (row.active || input.active)) {
      // Shown on the Team page, or to be shown: the change waits in the member's History for a lawyer.
      const snapshot = normalized(next);
      const same = (a: MemberSnapshot, b: MemberSnapshot) => JSON.stringify(memberFields(a)) === JSON.stringify(memberFields(b));
      if (same(snapshot, await readMemberSnapshot(tx, row))) return { result: { proposed: null } };
      const waiting = (await pendingFor(tx, "team_member", [input.id])).get(String(input.id));
      if (waiting && waiting.baseVersion === row.version && same(snapshot, waiting.snapshot as MemberSnapshot)) return { result: { proposed: waiting.id } };
      const revision = await proposeChange(tx, { entity: "team_member", entityId: input.id, source: "person", snapshot, note: "Proposed for sign-off", baseVersion: row.version, userId });
      return {
        result: { proposed: revision.id },
        audit: { ...auditFrom(actor), action: "propose_change", entity: "team_member", entityId: input.id, details: { name: input.name, revision: revision.id } },
      };
    }
    const written = await writeMember(tx, input.id, next, row.version, true);
    if (!written) throw new ConflictError(await describeConflict(tx, memberRevisions, String(input.id), row.version));
    await recordSaved(tx, { entity: "team_member", entityId: input.id, source: "person", snapshot: normalized(next), version: written.version, baseVersion: row.version, userId });
    if (next.active) {
      const [from, to] = [memberFields(written.before), memberFields(normalized(next))];
      await memberPublished(tx, deps, input.id, { actor, path: "save", wentLive: !row.active, languages: changedLanguages(from, to), words: changedLanguages(from, to, { words: true }) });
    }
    return {
      result: { proposed: null },
      audit: { ...auditFrom(actor), action: "update", entity: "team_member", entityId: input.id, details: { name: input.name, active: input.active, orderIndex: input.orderIndex } },
      changes: MEMBER_CHANGES,
    };
  });
}

/** Blank translations are stored as NULL and read back as "": the snapshot holds what is read back. */
function normalized(snapshot: MemberSnapshot): MemberSnapshot {
  const texts = Object.fromEntries(
    MEMBER_TEXT_FIELDS.map((field) => {
      const t = snapshot.texts[field];
      return [field, { en: t.en, fa: orNull(t.fa) ?? "", zh: orNull(t.zh) ?? "" }];
    }),
  ) as MemberSnapshot["texts"];
  return { ...snapshot, texts };
}

/** What the trash keeps of a deleted member: its row, its texts and their review states. */
interface DeletedMember {
  row: typeof teamMembers.$inferSelect;
  texts: Array<typeof contentText.$inferSelect>;
  states: Array<typeof translationStates.$inferSelect>;
}

/** Delete the member and its texts: they go to Recently deleted for 30 days (decision 0061). */
export async function deleteMember(deps: TeamDeps, actor: Actor, id: number): Promise<void> {
  const userId = actor.id;
  await commit(deps, async (tx) => {
    const deleted = await tx.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
    if (deleted.length === 0) throw new MemberNotFound();
    const texts = await tx.delete(contentText).where(like(contentText.key, memberTextPrefix(id))).returning();
    const keys = texts.map((t) => t.key);
    const states = keys.length > 0 ? await tx.select().from(translationStates).where(and(eq(translationStates.entity, "content"), inArray(translationStates.entityId, keys))) : [];
    await clearRecordStates(tx, "content", keys);
    await moveToTrash(tx, { entity: "team_member", entityId: id, label: deleted[0].name, snapshot: { row: deleted[0], texts, states } satisfies DeletedMember, userId });
    return {
      result: undefined,
      audit: { ...auditFrom(actor), action: "delete", entity: "team_member", entityId: id, details: { name: deleted[0].name, texts: texts.length } },
      changes: MEMBER_CHANGES,
    };
  });
}

/** Put a deleted member back under its id, with its texts, photos and place in the order. */
export async function restoreDeletedMember(deps: TeamDeps, actor: Signer, trashId: number): Promise<{ id: number }> {
  const userId = actor.id;
  return commit(deps, async (tx) => {
    const item = await takeFromTrash(tx, trashId, "team_member");
    if (!item) throw refuse("not-found", M.notInTrash);
    const { row, texts, states } = item.snapshot as DeletedMember;
    // Shown again is a publication (decision 0087): the sign-off's, or the member stays in Recently deleted.
    if (row.active) assertMaySignOff(actor, DELETED_SHOWN_NEEDS_SIGN_OFF);
    const [member] = await tx
      .insert(teamMembers)
      .values({ ...reviveDates(row, ["createdAt", "updatedAt"]), version: row.version + 1, updatedAt: new Date() })
      .returning();
    for (const text of texts) await tx.insert(contentText).values(reviveDates(text, ["createdAt", "updatedAt"])).onConflictDoNothing();
    for (const state of states) await tx.insert(translationStates).values(reviveDates(state, ["updatedAt"])).onConflictDoNothing();
    await recordSaved(tx, { entity: "team_member", entityId: member.id, source: "restore", snapshot: await readMemberSnapshot(tx, member), version: member.version, userId, note: "Restored from Recently deleted" });
    if (member.active) await memberPublished(tx, deps, member.id, { actor, path: "restore-deleted", wentLive: true });
    return {
      result: { id: member.id },
      audit: { ...auditFrom(actor), action: "restore", entity: "team_member", entityId: member.id, details: { name: member.name } },
      changes: MEMBER_CHANGES,
    };
  });
}

/**
 * Store an uploaded photo through the image pipeline (content check, re-encoding, EXIF
 * dropped) and point the member at it. The black-and-white photo is converted to greyscale,
 * so it is black and white whatever was uploaded. Throws ImageRejected with the reason.
 */
export async function setMemberPhoto(deps: TeamDeps, actor: Signer, id: number, kind: PhotoKind, bytes: Buffer): Promise<{ url: string; proposed: number | null }> {
  const userId = actor.id;
  const [exists] = await deps.db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.id, id));
  if (!exists) throw new MemberNotFound();
  const image = await storeImage(deps.db, bytes, { greyscale: kind === "bw", createdBy: userId });
  const proposed = await commit<number | null>(deps, async (tx) => {
    const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id));
    if (!row) throw new MemberNotFound();
    const current = await readMemberSnapshot(tx, row);
    const next = kind === "color" ? { ...current, photoUrl: image.url } : { ...current, photoBwUrl: image.url };
    if (row.active && !maySignOff(actor)) {
      // A shown member's new photo is what visitors see: without the sign-off it waits in the History (decision 0087).
      const revision = await proposeChange(tx, { entity: "team_member", entityId: id, source: "person", snapshot: next, note: kind === "color" ? "New colour photo, proposed for sign-off" : "New black-and-white photo, proposed for sign-off", baseVersion: row.version, userId });
      return {
        result: revision.id,
        audit: { ...auditFrom(actor), action: "propose_change", entity: "team_member", entityId: id, details: { photo: kind, media: image.id, revision: revision.id } },
      };
    }
    const written = await writeMember(tx, id, next, row.version, true);
    if (!written) throw refuse("conflict", M.photoRace);
    await recordSaved(tx, { entity: "team_member", entityId: id, source: "person", snapshot: next, version: written.version, baseVersion: row.version, userId, note: kind === "color" ? "New colour photo" : "New black-and-white photo" });
    return {
      result: null,
      audit: { ...auditFrom(actor), action: "update", entity: "team_member", entityId: id, details: { photo: kind, media: image.id, width: image.width, height: image.height } },
      changes: ["team"],
    };
  });
  return { url: image.url, proposed };
}
