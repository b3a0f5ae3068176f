/**
 * The inbox tab's actions on the admin kit, and the result types its components read
 * (beside them, so no component imports its route).
 */
import { z } from "zod";
import { deleteSubmission, deleteSubscriber, setHandled } from "~/contact/inbox.server";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { NotFound } from "~/changes/errors.server";
import { idField } from "~/admin/kit/ids";

const itemId = z.object({ id: idField("Unknown item.") });

export const intents = {
  handle: intent({
    failure: "Error saving",
    schema: itemId.extend({
      handled: z
        .string()
        .optional()
        .transform((value) => value === "true"),
    }),
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      if (!(await setHandled(services.db, user, input.id, input.handled))) throw new NotFound("This message was deleted.");
      return { handled: input.handled };
    },
  }),
  delete: intent({
    failure: "Error deleting",
    schema: itemId,
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      if (!(await deleteSubmission(services.db, user, input.id))) throw new NotFound("This message was already deleted.");
      return {};
    },
  }),
  "delete-subscriber": intent({
    failure: "Error deleting",
    schema: itemId,
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      if (!(await deleteSubscriber(services.db, user, input.id))) throw new NotFound("This address was already removed.");
      return {};
    },
  }),
};
export type InboxResult = ActionResult<typeof intents>;
