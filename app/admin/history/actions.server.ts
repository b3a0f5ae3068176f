/**
 * The History page's actions on the admin kit: restore a revision, publish or discard a change
 * waiting for review. Each names its item's kind in the address; the revision must belong to it.
 */
import { z } from "zod";
import { data } from "react-router";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { idField } from "~/admin/kit/ids";
import { restoreRevision } from "~/revisions/review.server";
import { discardProposal, publishProposal } from "~/review/decide.server";
import { reviewCommentField } from "~/review/comment-field";
import { historyKind } from "./kinds.server";
import { refuse, refuseWith } from "~/changes/errors.server";
import { defineMessages } from "~/changes/refusal";
import { firmClock } from "../../../core/firm-clock.server";
import { checkScheduleInput, scheduleFormSchema } from "~/blog/schedule";
import { schedulePendingRevision } from "~/blog/schedule.server";

/** The History panel's refusals (decision 0101). */
const M = defineMessages("admin.history", {
  onlyPosts: "Only a blog post's change can be scheduled.",
});


const kindOf = (params: Record<string, string | undefined>) => {
  const kind = historyKind(params.kind);
  if (!kind) throw data("Not found", { status: 404 });
  return kind;
};

const revisionSchema = z.object({ revision: idField("Unknown revision.") });
// A decision takes the reviewer's optional comment, as in the review queue (decision 0089).
const decisionSchema = revisionSchema.extend({
  comment: reviewCommentField,
});

export const intents = {
  restore: intent({
    failure: "Restore failed",
    schema: revisionSchema,
    serverFailure: "The revision could not be restored. Please try again.",
    run: async ({ input, params, services, user }) => {
      // Someone without the sign-off restoring a live item proposes the restore (decision 0087).
      const row = await restoreRevision(services, user, kindOf(params), input.revision);
      return { revision: row.id, restoredFrom: input.revision, proposed: row.proposed };
    },
  }),
  // Making a waiting change public is the lawyer's sign-off (decision 0066).
  publish: intent({
    failure: "Publishing failed",
    permission: "changes.publish",
    schema: decisionSchema.extend({ replaceLive: z.enum(["1"]).optional() }),
    serverFailure: "The change could not be published. Please try again.",
    run: async ({ input, params, services, user }) => {
      // The review queue's path: one way to decide on a change, wherever the reviewer stands.
      const outcome = await publishProposal(services, user, input.revision, { entity: kindOf(params).entity, comment: input.comment, replaceLive: input.replaceLive === "1" });
      return outcome.ok ? { published: true as const, conflict: null } : { published: false as const, conflict: outcome.conflict };
    },
  }),
  // A post's pending change can go live by itself at a chosen moment (decision 0062).
  schedule: intent({
    failure: "Could not schedule the change",
    permission: "changes.publish",
    schema: scheduleFormSchema.extend({ revision: idField("Unknown revision.") }),
    run: async ({ input, params, services, user }) => {
      if (params.kind !== "post") throw refuse("invalid", M.onlyPosts);
      const checked = checkScheduleInput(firmClock, input.publishAt, services.clock.now());
      if (!checked.ok) throw refuseWith("invalid", checked.message, ["publishAt"]);
      return schedulePendingRevision(services, user, input.revision, checked.at);
    },
  }),
  unschedule: intent({
    failure: "Could not cancel the schedule",
    schema: revisionSchema,
    run: async ({ input, params, services, user }) => {
      if (params.kind !== "post") throw refuse("invalid", M.onlyPosts);
      return schedulePendingRevision(services, user, input.revision, null);
    },
  }),
  discard: intent({
    failure: "Discarding failed",
    schema: decisionSchema,
    serverFailure: "The change could not be discarded. Please try again.",
    run: async ({ input, params, services, user }) => {
      await discardProposal(services, user, input.revision, { entity: kindOf(params).entity, comment: input.comment });
      return { discarded: input.revision };
    },
  }),
};
export type HistoryActionResult = ActionResult<typeof intents>;
