/**
 * The People tab's actions (decision 0092): erase a person's records, and the retention period.
 */
import { z } from "zod";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { erasePerson, personSearchSchema } from "~/privacy/people.server";
import { retentionSchema, saveRetentionMonths } from "~/privacy/retention.server";

export const intents = {
  erase: intent({
    failure: "Not erased",
    schema: personSearchSchema.extend({
      records: z.string({ message: "Search again and confirm the list." }).min(1, { message: "Search again and confirm the list." }),
      confirm: z.literal("yes", { message: "Tick the box to confirm the erasure of the records listed." }),
    }),
    serverFailure: "Nothing was erased: the server failed. Please try again.",
    run: async ({ input, services, user }) => erasePerson(services.db, user, input.q, input.records, services.clock.now()),
  }),
  retention: intent({
    failure: "Could not save the retention",
    permission: "clients.retention",
    schema: retentionSchema,
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      await saveRetentionMonths(services.db, user, input.retentionMonths);
      return { retentionMonths: input.retentionMonths };
    },
  }),
};
export type PeopleResult = ActionResult<typeof intents>;
