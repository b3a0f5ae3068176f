/**
 * Publish or discard a proposal from the review queue: the revision's own kind is found from the
 * row, then the History's functions do the work (decision 0061/0063), so there is one way to
 * publish a change wherever the reviewer stands.
 */
import type { Actor } from "../changes/audit.server";
import type { ChangeDeps } from "../changes/commit.server";
import { AdminError } from "../changes/errors.server";
import { discardPending, publishPending, type PublishOutcome } from "../revisions/review.server";
import { findRevision } from "../revisions/store.server";
import { REVIEW_KINDS } from "./kinds.server";

async function kindOfRevision(deps: ChangeDeps, revisionId: number) {
  const revision = await findRevision(deps.db, revisionId);
  if (!revision) throw new AdminError("This change no longer exists.", 404);
  return REVIEW_KINDS[revision.entity];
}

export async function publishProposal(deps: ChangeDeps, actor: Actor, revisionId: number, options: { comment?: string | null; replaceLive?: boolean }): Promise<PublishOutcome> {
  return publishPending(deps, actor, await kindOfRevision(deps, revisionId), revisionId, options);
}

export async function discardProposal(deps: ChangeDeps, actor: Actor, revisionId: number, options: { comment?: string | null }): Promise<void> {
  await discardPending(deps, actor, await kindOfRevision(deps, revisionId), revisionId, options);
}
