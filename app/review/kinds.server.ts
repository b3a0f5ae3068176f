/** The items a proposal can change, by the revision's entity: each module's `Revisioned` (decision 0061). */
import { postRevisions } from "../blog/revisions.server";
import { contentRevisions } from "../content/revisions.server";
import { memberRevisions } from "../team/revisions.server";
import type { Revisioned } from "../revisions/review.server";
import type { ReviewEntity } from "./paths";

// Each kind is typed by its own snapshot; the queue only hands a kind the snapshots of its own revisions.
export const REVIEW_KINDS: Record<ReviewEntity, Revisioned<unknown>> = {
  post: postRevisions as Revisioned<unknown>,
  content: contentRevisions as Revisioned<unknown>,
  team_member: memberRevisions as Revisioned<unknown>,
};
