/**
 * The review queue's and review page's actions on the admin kit (decision 0089): publish or discard
 * a proposal, with an optional comment for its author. Only for people who may publish changes.
 */
import { z } from "zod";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { idField } from "~/admin/kit/ids";
import { discardProposal, publishProposal } from "~/review/decide.server";
import { reviewCommentField } from "~/review/comment-field";

const decisionSchema = z.object({
  revision: idField("Unknown change."),
  comment: reviewCommentField,
});

export const intents = {
  publish: intent({
    failure: "Publishing failed",
    schema: decisionSchema.extend({ replaceLive: z.enum(["1"]).optional() }),
    serverFailure: "The change could not be published. Please try again.",
    run: async ({ input, services, user }) => {
      const outcome = await publishProposal(services, user, input.revision, { comment: input.comment, replaceLive: input.replaceLive === "1" });
      return outcome.ok ? { revision: input.revision, published: true as const, conflict: null } : { revision: input.revision, published: false as const, conflict: outcome.conflict };
    },
  }),
  discard: intent({
    failure: "Discarding failed",
    schema: decisionSchema,
    serverFailure: "The change could not be discarded. Please try again.",
    run: async ({ input, services, user }) => {
      await discardProposal(services, user, input.revision, { comment: input.comment });
      return { revision: input.revision, discarded: true as const };
    },
  }),
};
export type ReviewActionResult = ActionResult<typeof intents>;
