/**
 * Scheduled publishing (decision 0062): a draft, or a post's pending revision, set to go live at
 * a moment; every instance's ScheduledPublisher sweeps every 30 seconds and publishes what is due,
 * exactly once across instances (one conditional UPDATE, or the revision's row lock, decides who
 * wins), and after downtime its first sweep publishes everything overdue, once.
 */
import { and, asc, eq, isNotNull, lte, not } from "drizzle-orm";
import type { Db } from "../../db/client";
import { Sweep } from "../../core/periodic";
import { blogPosts } from "../../db/schema";
import type { AdminUser } from "../auth/guard.server";
import { auditFrom } from "../changes/audit.server";
import { commit, type ChangeDeps } from "../changes/commit.server";
import { AdminError, refuse, refuseWith } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import type { Services } from "../services";
import { publishPending } from "../revisions/review.server";
import { putPostOnline } from "./gate.server";
import { assertMaySignOff } from "../publishing/sign-off.server";
import { duePending, ensureBaseline, findRevision, recordSaved, schedulePending, unscheduleDue } from "../revisions/store.server";
import { postRevisions, postSnapshot } from "./revisions.server";
import { scheduleRefusal } from "./schedule";
import { REPUBLISH_REFUSED } from "./manage.server";

/** The schedule's refusals (decision 0101). */
const M = defineMessages("blog.schedule", {
  postGone: "This post no longer exists.",
  alreadyPublished: "This post is already published. Scheduling is for drafts; a change to a published post is scheduled from its History.",
  revisionGone: "This revision no longer exists.",
  notPending: "This change is no longer waiting for review, so it cannot be scheduled.",
});

/** How often every instance looks for what is due: a post goes live at most this late (plus the sweep). */
export const SWEEP_EVERY_MS = 30_000;
/** What one sweep publishes at most of each kind; the rest follows at the next sweep. */
export const SWEEP_BATCH = 50;

type ScheduleDeps = ChangeDeps & Pick<Services, "clock">;
export type PublisherDeps = ChangeDeps & Pick<Services, "clock" | "config" | "log">;

function refuseTime(when: Date, now: Date): void {
  const refused = scheduleRefusal(when, now);
  if (refused) throw refuseWith("invalid", refused, ["publishAt"]);
}

/** What setting or clearing a post's moment answers, and its audit entry (`un…` when cleared). */
function scheduled(user: AdminUser, when: Date | null, action: "schedule" | "schedule_change", entityId: string | number, details: Record<string, unknown>) {
  const publishAt = when?.toISOString() ?? null;
  return {
    result: { publishAt },
    audit: { ...auditFrom(user), action: when ? action : (`un${action}` as const), entity: "blog_post", entityId, details: { ...details, publishAt } },
  };
}

/** Set (or with null, clear) the moment a draft goes live by itself. */
export async function schedulePost(deps: ScheduleDeps, user: AdminUser, postId: number, when: Date | null): Promise<{ publishAt: string | null }> {
  if (when) refuseTime(when, deps.clock.now());
  return commit(deps, async (tx) => {
    const [post] = await tx
      .select({
        published: blogPosts.published,
        slug: blogPosts.slug,
        publishAt: blogPosts.publishAt,
        aiGenerated: blogPosts.aiGenerated,
        awaitingReview: blogPosts.awaitingReview,
        firstPublishedAt: blogPosts.firstPublishedAt,
      })
      .from(blogPosts)
      .where(eq(blogPosts.id, postId))
      .for("update");
    if (!post) throw refuse("not-found", M.postGone);
    // A scheduled draft goes public by itself: scheduling it is the sign-off (decision 0087).
    if (when && !post.published) assertMaySignOff(user, post.firstPublishedAt ? REPUBLISH_REFUSED : undefined);
    if (post.published) {
      if (!when) return { result: { publishAt: null } };
      throw refuse("conflict", M.alreadyPublished);
    }
    if (!when && !post.publishAt) return { result: { publishAt: null } };
    await tx.update(blogPosts).set({ publishAt: when }).where(eq(blogPosts.id, postId));
    return scheduled(user, when, "schedule", postId, { slug: post.slug });
  });
}

/**
 * Set (or with null, clear) the moment a post's pending revision is published by itself, with the
 * editor's checks. For the History panel's "Schedule" on a pending change.
 */
export async function schedulePendingRevision(deps: ScheduleDeps, user: AdminUser, revisionId: number, when: Date | null): Promise<{ publishAt: string | null }> {
  if (when) refuseTime(when, deps.clock.now());
  return commit(deps, async (tx) => {
    const revision = await findRevision(tx, revisionId, true);
    if (!revision || revision.entity !== "post") throw refuse("not-found", M.revisionGone);
    if (revision.status !== "pending") throw refuse("conflict", M.notPending);
    // A scheduled change goes live by itself: setting its moment is the sign-off (decision 0087).
    if (when) assertMaySignOff(user);
    await schedulePending(tx, revisionId, when);
    return scheduled(user, when, "schedule_change", revision.entityId, { revision: revisionId });
  });
}

export interface SweepResult {
  /** Drafts this instance published. */
  posts: number[];
  /** Pending revisions this instance published. */
  changes: number[];
  /** Pending revisions this instance took off their schedule, for a lawyer to decide. */
  held: number[];
}

/**
 * Publish one due draft, if no other instance did: the UPDATE's condition is the claim, so of
 * instances racing, exactly one gets the row back and does the rest.
 */
async function publishDuePost(deps: PublisherDeps, postId: number, now: Date): Promise<boolean> {
  return commit(deps, async (tx) => {
    // Through the gate (decision 0087): the schedule was set by someone with the sign-off.
    const post = await putPostOnline(tx, deps, postId, { actor: null, path: "schedule", raiseVersion: true, dueBy: now });
    if (!post) return { result: false };
    // A post older than revisions gets its baseline first (its content is unchanged by this).
    await ensureBaseline(tx, "post", post.id, postSnapshot(post), post.version - 1);
    await recordSaved(tx, {
      entity: "post",
      entityId: post.id,
      source: "system",
      snapshot: postSnapshot(post),
      version: post.version,
      baseVersion: post.version - 1,
      userId: null,
      note: "Published as scheduled",
    });
    return { result: true, changes: ["blog"] };
  });
}

const HELD_REASON = "The live post changed after this change was proposed, so it was not published as scheduled. A lawyer must compare both and decide.";

/** Publish one due pending revision; one whose post changed since is taken off its schedule instead. */
async function publishDueChange(deps: PublisherDeps, revisionId: number): Promise<"published" | "held" | "skipped"> {
  try {
    const outcome = await publishPending(deps, null, postRevisions, revisionId, { scheduled: true });
    if (outcome.ok) return "published";
  } catch (error) {
    // Another instance published it first (or it was discarded meanwhile): nothing to do.
    if (!(error instanceof AdminError)) throw error;
    const revision = await findRevision(deps.db, revisionId);
    if (!revision || revision.status !== "pending") return "skipped";
    return (await holdChange(deps, revisionId, revision.entityId, error.message)) ? "held" : "skipped";
  }
  const revision = await findRevision(deps.db, revisionId);
  return revision && (await holdChange(deps, revisionId, revision.entityId, HELD_REASON)) ? "held" : "skipped";
}

/** Clear a due revision's schedule and say why, once across instances. */
async function holdChange(deps: PublisherDeps, revisionId: number, entityId: string, reason: string): Promise<boolean> {
  return commit(deps, async (tx) => {
    const cleared = await unscheduleDue(tx, revisionId);
    return {
      result: cleared,
      audit: cleared
        ? {
            userId: null,
            action: "schedule_held",
            entity: "blog_post",
            entityId,
            details: { revision: revisionId, scheduled: true, reason },
          }
        : null,
    };
  });
}

/** Drafts whose time has come, oldest first. */
async function duePosts(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(isNotNull(blogPosts.publishAt), lte(blogPosts.publishAt, now), not(blogPosts.published)))
    .orderBy(asc(blogPosts.publishAt), asc(blogPosts.id))
    .limit(SWEEP_BATCH);
  return rows.map((row) => row.id);
}

/** One sweep: every draft and pending post revision due at the clock's now. */
export async function sweepScheduled(deps: PublisherDeps): Promise<SweepResult> {
  const now = deps.clock.now();
  const result: SweepResult = { posts: [], changes: [], held: [] };
  for (const id of await duePosts(deps.db, now)) {
    if (await publishDuePost(deps, id, now)) result.posts.push(id);
  }
  for (const revision of await duePending(deps.db, now, SWEEP_BATCH)) {
    // Only posts schedule their changes so far; another entity's stays for its own module.
    if (revision.entity !== "post") continue;
    const outcome = await publishDueChange(deps, revision.id);
    if (outcome === "published") result.changes.push(revision.id);
    if (outcome === "held") result.held.push(revision.id);
  }
  if (result.posts.length + result.changes.length + result.held.length > 0) deps.log.info(result, "scheduled publishing");
  return result;
}

/**
 * Every instance runs one, beside the daily scheduler: a sweep at start (catching up what came
 * due while the site was down) and every 30 seconds after each sweep ends.
 */
export class ScheduledPublisher extends Sweep {
  constructor(deps: PublisherDeps, everyMs = SWEEP_EVERY_MS) {
    super(() => sweepScheduled(deps), everyMs, deps.log, "scheduled publishing: the sweep failed");
  }
}
