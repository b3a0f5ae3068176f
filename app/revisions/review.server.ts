/**
 * What people do with revisions, for any entity that declares itself `Revisioned` (decision 0061):
 * compare two states field by field, restore an old one (a new revision: history is never
 * rewritten), publish or discard a pending change (exactly one lawyer wins), and explain a
 * stale save ("changed by X at T", with what changed).
 */
import { diffWords } from "diff";
import { firmClock } from "../../core/firm-clock.server";
import type { Db } from "../../db/client";
import type { ChangeKind } from "../../core/events";
import { auditFrom, type Actor } from "../changes/audit.server";
import { emitPublished, type PublishDeps, type PublishPath, type PublishedEvent } from "../publishing/published.server";
import { maySignOff, type Signer } from "../publishing/sign-off.server";
import type { Lang } from "../i18n/languages";
import { commit, type ChangeDeps } from "../changes/commit.server";
import { AdminError, refuse } from "../changes/errors.server";
import { defineMessages, refusal, sentence, type MessageKey, type MessageValues } from "../changes/refusal";
import {
  closePending,
  findRevision,
  ITEM_DELETED_NOTE,
  proposeChange,
  userNames,
  lastChange,
  recordSaved,
  revisionAtVersion,
  type RevisionEntity,
  type RevisionRow,
  type RevisionSource,
} from "./store.server";
import type { DiffPart, FieldDiff } from "./types";
import { announceDecision } from "./listeners.server";

/** One text of an item as the history shows it: "Title (Farsi)". */
export interface FieldText {
  key: string;
  label: string;
  /** For the word splitting of the diff (Chinese has no spaces between words). */
  language: "en" | "fa" | "zh";
  text: string;
  /** The same in every language (a slug, an image, an order): no language's words (decision 0097). */
  shared?: true;
}

export interface LiveState<S> {
  snapshot: S;
  version: number;
  /** Whether visitors see it (a published post, an active member, every website text). */
  live: boolean;
  /** What people call this item ("Study permits in 2027", "home.hero.title"). */
  label: string;
}

export interface WriteMeta {
  userId: string | null;
  source: RevisionSource;
  /** A person's sign-off on what is written (a lawyer's publish, a person's save or restore). */
  reviewed: boolean;
}

/** An entity with revisions: its module says what a snapshot is and how it is read and written. */
export interface Revisioned<S> {
  entity: RevisionEntity;
  /** "post", "website text", "team member": for messages. */
  noun: string;
  /** The audit log's entity name. */
  auditEntity: string;
  /** The public pages that must hear of a change. */
  changes: ReadonlyArray<ChangeKind>;
  read(db: Db, entityId: string): Promise<LiveState<S> | null>;
  /**
   * Make `snapshot` the live state if the item is still at `expectVersion`: the new version, or
   * null when it moved on or is gone. Runs in the caller's transaction.
   */
  write(tx: Db, entityId: string, snapshot: S, expectVersion: number, meta: WriteMeta): Promise<number | null>;
  fields(snapshot: S): FieldText[];
  /** Whether the item would be visible once `snapshot` is written (a member's "shown"); absent: as it is now. */
  shownIn?(snapshot: S): boolean;
  /**
   * Put the item online through its publishing gate (decision 0087), for a proposal made to do so
   * (`goLive`: a draft proposed for publication). False when it was online already or is gone.
   */
  goLive?(tx: Db, deps: PublishDeps, entityId: string, actor: Signer | null, path: PublishPath): Promise<boolean>;
}

// ---------------------------------------------------------------- diffs

export type { DiffPart, FieldDiff };

const segmenters = new Map<string, Intl.Segmenter>();
export function segmenterFor(language: FieldText["language"]): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) segmenters.set(language, (segmenter = new Intl.Segmenter(language, { granularity: "word" })));
  return segmenter;
}

/** The fields that differ between two states, each as a word-level diff (jsdiff's diffWords). */
export function diffFields(before: FieldText[], after: FieldText[]): FieldDiff[] {
  const old = new Map(before.map((f) => [f.key, f]));
  const result: FieldDiff[] = [];
  const keys = [...new Set([...before.map((f) => f.key), ...after.map((f) => f.key)])];
  const byKey = new Map(after.map((f) => [f.key, f]));
  for (const key of keys) {
    const a = old.get(key);
    const b = byKey.get(key);
    const from = a?.text ?? "";
    const to = b?.text ?? "";
    if (from === to) continue;
    const language = (b ?? a)!.language;
    const parts = diffWords(from, to, { intlSegmenter: segmenterFor(language) }).map(({ value, added, removed }) => ({
      value,
      ...(added ? { added: true } : {}),
      ...(removed ? { removed: true } : {}),
    }));
    result.push({ key, label: (b ?? a)!.label, parts });
  }
  return result;
}

// ---------------------------------------------------------------- refusals

const STALE = "This {noun} was changed{who} while you were editing. Nothing was saved: review the changes below, then save again to replace them.";

/** The revisions' refusals (decision 0101); `{noun}` is the item's noun ("post", "team member"). */
const M = defineMessages("revisions", {
  stale: STALE,
  staleEntry: `"{entry}": ${STALE}`,
  revisionGone: "This revision no longer exists.",
  restoreDeleted: "This {noun} was deleted, so its revision cannot be restored. Restore it from Recently deleted first.",
  changedMeanwhile: "This {noun} changed at the same moment. Try again.",
  needsSignOff: "You cannot publish this {noun}'s change: it needs a lawyer's sign-off.",
  publishDeleted: "This {noun} was deleted, so its change cannot be published.",
  itemDeleted: "This {noun} was deleted.",
  differentItems: "These revisions belong to different items.",
  notPending: "This revision is not a change waiting for review.",
  deletedAfterProposal: "This {noun} was deleted after the change was proposed: nothing was published or changed.",
  publishedBy: "This change was already published by {who}{when}.",
  publishedBySomeone: "This change was already published by someone else.",
  discardedBy: "This change was already discarded by {who}{when}.",
  discarded: "This change was already discarded.",
});

// ---------------------------------------------------------------- conflicts

export interface Conflict {
  message: string;
  /** The values of its sentence: the item's noun and who changed it when. */
  values: { noun: string; who: string };
  /** What changed between the version the person started from and the live one. */
  diff: FieldDiff[];
  /** The live version: a save naming it replaces the other person's change knowingly. */
  version: number;
}

/** A save made from `fromVersion` of an item now at a later version: who changed it, when, and what. */
export async function describeConflict<S>(db: Db, kind: Revisioned<S>, entityId: string, fromVersion: number): Promise<Conflict> {
  const live = await kind.read(db, entityId);
  const change = await lastChange(db, kind.entity, entityId);
  const from = await revisionAtVersion(db, kind.entity, entityId, fromVersion);
  const diff = live && from ? diffFields(kind.fields(from.snapshot as S), kind.fields(live.snapshot)) : [];
  const values = { noun: kind.noun, who: change ? ` by ${change.by} at ${firmClock.firmTime(change.at)}` : "" };
  return {
    message: sentence(M.stale, values),
    values,
    diff,
    version: live?.version ?? fromVersion,
  };
}


/** A stale save, refused as a conflict with what changed; `entry` names the text of a several-text save. */
export class ConflictError extends AdminError {
  constructor(conflict: Conflict, entry?: string) {
    super(refusal("conflict", entry === undefined ? M.stale : M.staleEntry, entry === undefined ? conflict.values : { ...conflict.values, entry }), { diff: conflict.diff, version: conflict.version });
  }
}

// ---------------------------------------------------------------- restore, publish, discard

const auditOf = <S>(kind: Revisioned<S>, actor: Actor | null, action: string, entityId: string, details: Record<string, unknown>) => ({
  ...auditFrom(actor),
  action,
  entity: kind.auditEntity,
  entityId,
  details,
});

async function revisionOf<S>(db: Db, kind: Revisioned<S>, revisionId: number, lock = false): Promise<RevisionRow> {
  const revision = await findRevision(db, revisionId, lock);
  if (!revision || revision.entity !== kind.entity) throw refuse("not-found", M.revisionGone);
  return revision;
}

/**
 * Make an old revision the live state again, as a new revision (the history keeps everything).
 * Through the gate (decision 0087): someone without the sign-off restoring an item visitors see
 * proposes the restore instead (a pending change, source "restore"); the live item is unchanged.
 */
export async function restoreRevision<S>(deps: PublishDeps, actor: Signer, kind: Revisioned<S>, revisionId: number): Promise<RevisionRow & { proposed: boolean }> {
  const userId = actor.id;
  return commit<RevisionRow & { proposed: boolean }>(deps, async (tx) => {
    const revision = await revisionOf(tx, kind, revisionId);
    const live = await kind.read(tx, revision.entityId);
    if (!live) {
      throw refuse("conflict", M.restoreDeleted, { noun: kind.noun });
    }
    const snapshot = revision.snapshot as S;
    // A restore that shows a hidden item (an old revision of a member when shown) is a publication too.
    const visible = live.live || (kind.shownIn?.(snapshot) ?? false);
    if (visible && !maySignOff(actor)) {
      const proposal = await proposeChange(tx, {
        entity: kind.entity,
        entityId: revision.entityId,
        source: "restore",
        snapshot,
        baseVersion: live.version,
        userId,
        note: `Restore of revision ${revision.id}, proposed for sign-off`,
      });
      return {
        result: { ...proposal, proposed: true },
        audit: auditOf(kind, actor, "propose_restore", revision.entityId, { revision: revision.id, proposal: proposal.id }),
      };
    }
    const version = await kind.write(tx, revision.entityId, snapshot, live.version, { userId, source: "restore", reviewed: true });
    if (version === null) throw refuse("conflict", M.changedMeanwhile, { noun: kind.noun });
    const row = await recordSaved(tx, {
      entity: kind.entity,
      entityId: revision.entityId,
      source: "restore",
      snapshot,
      version,
      baseVersion: live.version,
      userId,
      note: `Restored from revision ${revision.id}`,
    });
    if (visible && (await kind.read(tx, revision.entityId))?.live) {
      await emitChange(tx, deps, kind, revision.entityId, actor, "restore", live.live ? kind.fields(live.snapshot) : [], kind.fields(snapshot), !live.live);
    }
    return {
      result: { ...row, proposed: false },
      audit: auditOf(kind, actor, "restore", revision.entityId, { revision: revision.id }),
      changes: kind.changes,
    };
  });
}

/** The languages whose texts differ between two states; `words`: only translated texts count (decision 0097). */
export function changedLanguages(before: FieldText[], after: FieldText[], { words = false } = {}): Lang[] {
  const field = (key: string) => (after.find((f) => f.key === key) ?? before.find((f) => f.key === key))!;
  return [...new Set(diffFields(before, after).map((diff) => field(diff.key)).filter((f) => !words || !f.shared).map((f) => f.language))];
}

/** A live item's new content is public: the "published" event (decision 0087). */
async function emitChange<S>(tx: Db, deps: PublishDeps, kind: Revisioned<S>, entityId: string, actor: Actor | null, path: PublishPath, before: FieldText[], after: FieldText[], wentLive = false): Promise<void> {
  const languages = wentLive ? (["en", "fa", "zh"] as Lang[]) : changedLanguages(before, after);
  if (languages.length === 0) return;
  const base = { path, actor, languages, words: wentLive ? languages : changedLanguages(before, after, { words: true }) };
  const event: PublishedEvent =
    kind.entity === "content"
      ? { ...base, entity: "content", entityId, wentLive: false }
      : kind.entity === "post"
        ? { ...base, entity: "post", entityId: Number(entityId), wentLive: false, firstTime: false }
        : { ...base, entity: "team_member", entityId: Number(entityId), wentLive };
  await emitPublished({ tx, deps }, event);
}

export type PublishOutcome =
  | { ok: true; version: number }
  /** The live version changed since the proposal was made: the lawyer must choose. */
  | { ok: false; conflict: { message: string; liveChanges: FieldDiff[]; proposed: FieldDiff[] } };

/**
 * Publish a pending revision. When the live item changed since the proposal was made, nothing
 * happens unless the lawyer has seen both changes and chose to replace the live one (`replaceLive`).
 */
export async function publishPending<S>(
  deps: PublishDeps,
  actor: Signer | null,
  kind: Revisioned<S>,
  revisionId: number,
  options: { replaceLive?: boolean; scheduled?: boolean; comment?: string | null } = {},
): Promise<PublishOutcome> {
  const userId = actor?.id ?? null;
  return commit<PublishOutcome>(deps, async (tx) => {
    const revision = await revisionOf(tx, kind, revisionId, true);
    if (revision.status !== "pending") throw await alreadyClosed(tx, kind, revision);
    // The gate's rule, whichever path asks (decision 0087); the scheduler acts on a reviewer's schedule.
    if (actor && !maySignOff(actor)) throw refuse("forbidden", M.needsSignOff, { noun: kind.noun });
    const live = await kind.read(tx, revision.entityId);
    if (!live) throw refuse("conflict", M.publishDeleted, { noun: kind.noun });
    const snapshot = revision.snapshot as S;
    if (revision.baseVersion !== null && live.version !== revision.baseVersion && !options.replaceLive) {
      const base = await revisionAtVersion(tx, kind.entity, revision.entityId, revision.baseVersion);
      const baseFields = base ? kind.fields(base.snapshot as S) : kind.fields(live.snapshot);
      return {
        result: {
          ok: false as const,
          conflict: {
            message: `The live ${kind.noun} changed after this change was proposed. Compare both, then publish the proposal over the live version or discard it.`,
            liveChanges: diffFields(baseFields, kind.fields(live.snapshot)),
            proposed: diffFields(baseFields, kind.fields(snapshot)),
          },
        },
      };
    }
    let version = await kind.write(tx, revision.entityId, snapshot, live.version, { userId, source: revision.source, reviewed: true });
    if (version === null) throw refuse("conflict", M.changedMeanwhile, { noun: kind.noun });
    const closed = await closePending(tx, revision.id, { status: "published", userId, version });
    if (!closed) throw await alreadyClosed(tx, kind, revision);
    const path: PublishPath = options.scheduled ? "schedule" : "review";
    const after = await kind.read(tx, revision.entityId);
    if (revision.goLive && !after?.live && kind.goLive) {
      // A draft proposed for publication: the gate puts it online (its own audit entry and event).
      await kind.goLive(tx, deps, revision.entityId, actor, path);
      version = (await kind.read(tx, revision.entityId))?.version ?? version;
    } else if (after?.live) {
      // A hidden member the proposal shows goes live with it: every language is new to visitors.
      await emitChange(tx, deps, kind, revision.entityId, actor, path, live.live ? kind.fields(live.snapshot) : [], kind.fields(snapshot), !live.live);
    }
    // The proposer hears of it, with the reviewer's comment (decision 0089).
    await announceDecision(tx, closed, { outcome: "published", reviewerId: userId, comment: options.comment });
    return {
      result: { ok: true as const, version },
      audit: auditOf(kind, actor, "publish_change", revision.entityId, { revision: revision.id, source: revision.source, ...(options.scheduled ? { scheduled: true } : {}), ...(options.comment ? { comment: options.comment } : {}) }),
      changes: kind.changes,
    };
  });
}

/** Discard a pending revision: the live item stays as it is. */
export async function discardPending<S>(deps: ChangeDeps, actor: Actor, kind: Revisioned<S>, revisionId: number, options: { comment?: string | null } = {}): Promise<void> {
  const userId = actor.id;
  await commit(deps, async (tx) => {
    const revision = await revisionOf(tx, kind, revisionId, true);
    const closed = await closePending(tx, revision.id, { status: "discarded", userId });
    if (!closed) throw await alreadyClosed(tx, kind, revision);
    await announceDecision(tx, closed, { outcome: "discarded", reviewerId: userId, comment: options.comment });
    return { result: undefined, audit: auditOf(kind, actor, "discard_change", revision.entityId, { revision: revision.id, source: revision.source, ...(options.comment ? { comment: options.comment } : {}) }) };
  });
}

/** The refusal of a change that can no longer be published or discarded: who did it and when, or that its item was deleted. */
async function alreadyClosed<S>(db: Db, kind: Revisioned<S>, revision: RevisionRow): Promise<AdminError> {
  const closed = (key: MessageKey, values?: MessageValues) => refuse("conflict", key, values);
  if (revision.status === "pending") return closed(M.notPending);
  if (revision.status === "discarded" && revision.note === ITEM_DELETED_NOTE) return closed(M.deletedAfterProposal, { noun: kind.noun });
  const who = revision.reviewedBy ? (await userNames(db, [revision.reviewedBy])).get(revision.reviewedBy) : null;
  const when = revision.reviewedAt ? ` at ${firmClock.firmTime(revision.reviewedAt)}` : "";
  if (revision.status === "published") return who ? closed(M.publishedBy, { who, when }) : closed(M.publishedBySomeone);
  if (revision.status === "discarded") return who ? closed(M.discardedBy, { who, when }) : closed(M.discarded);
  return closed(M.notPending);
}

/** Two states of an item compared: a revision against another, or against the live item. */
export async function compareRevisions<S>(db: Db, kind: Revisioned<S>, fromId: number, toId: number | "live"): Promise<FieldDiff[]> {
  const from = await revisionOf(db, kind, fromId);
  let toFields: FieldText[];
  if (toId === "live") {
    const live = await kind.read(db, from.entityId);
    if (!live) throw refuse("not-found", M.itemDeleted, { noun: kind.noun });
    toFields = kind.fields(live.snapshot);
  } else {
    const to = await revisionOf(db, kind, toId);
    if (to.entityId !== from.entityId) throw refuse("invalid", M.differentItems);
    toFields = kind.fields(to.snapshot as S);
  }
  return diffFields(kind.fields(from.snapshot as S), toFields);
}
