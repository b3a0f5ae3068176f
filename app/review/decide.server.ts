/**
 * Publish or discard a proposal from the review queue: the revision's own kind is found from the
 * row, then the History's functions do the work (decision 0061/0063), so there is one way to
 * publish a change wherever the reviewer stands (the queue, the review page and the History alike,
 * each with the reviewer's optional comment).
 */
import type { Actor } from "../changes/audit.server";
import type { ChangeDeps } from "../changes/commit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { discardPending, publishPending, type PublishOutcome } from "../revisions/review.server";
import { findRevision } from "../revisions/store.server";
import { REVIEW_KINDS } from "./kinds.server";
import type { ReviewEntity } from "./paths";

/** The review decisions' refusals (decision 0101). */
const M = defineMessages("review.decide", {
  changeGone: "This change no longer exists.",
});


/** The revision's kind; `entity`: the kind the caller's address names (the History's), which it must be. */
async function kindOfRevision(deps: ChangeDeps, revisionId: number, entity?: ReviewEntity) {
  const revision = await findRevision(deps.db, revisionId);
  if (!revision || (entity && revision.entity !== entity)) throw refuse("not-found", M.changeGone);
  return REVIEW_KINDS[revision.entity];
}

type DecisionOptions = { comment?: string | null; entity?: ReviewEntity };

export async function publishProposal(deps: ChangeDeps, actor: Actor, revisionId: number, options: DecisionOptions & { replaceLive?: boolean }): Promise<PublishOutcome> {
  return publishPending(deps, actor, await kindOfRevision(deps, revisionId, options.entity), revisionId, options);
}

export async function discardProposal(deps: ChangeDeps, actor: Actor, revisionId: number, options: DecisionOptions): Promise<void> {
  await discardPending(deps, actor, await kindOfRevision(deps, revisionId, options.entity), revisionId, options);
}
