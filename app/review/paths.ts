/** The review queue's addresses and words (browser-safe; decision 0089). */

export const REVIEW_QUEUE_PATH = "/admin/dashboard/review";
/** The rendered review of one proposal. */
export const reviewPath = (revisionId: number) => `${REVIEW_QUEUE_PATH}/${revisionId}`;

export type ReviewEntity = "post" | "content" | "team_member";

export const KIND_NOUNS: Record<ReviewEntity, string> = {
  post: "Blog post",
  content: "Website text",
  team_member: "Team member",
};

/** A post's title or a member's name from a stored snapshot; the id when the snapshot has neither. */
export function snapshotLabel(entity: ReviewEntity, entityId: string, snapshot: unknown): string {
  const values = (snapshot ?? {}) as { title?: unknown; name?: unknown };
  const label = entity === "post" ? values.title : entity === "team_member" ? values.name : null;
  return typeof label === "string" && label.trim() ? label.trim() : entityId;
}

/** The longest comment a reviewer can send with a decision (the server checks it too), wherever they decide. */
export const COMMENT_MAX_LENGTH = 2000;
