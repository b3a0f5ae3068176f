import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "./paths";

/** A reviewer's optional comment with a decision, wherever they decide (decision 0089): trimmed, empty as none. */
export const reviewCommentField = z
  .string()
  .max(COMMENT_MAX_LENGTH, { error: `The comment is too long: at most ${COMMENT_MAX_LENGTH} characters.` })
  .optional()
  .transform((value) => value?.trim() || null);
