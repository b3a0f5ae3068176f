/**
 * The instagram tab's actions on the admin kit, and the result types its components read
 * (beside them, so no component imports its route).
 */
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { refuse, refuseWith } from "~/changes/errors.server";
import { defineMessages } from "~/changes/refusal";
import { saveSettings, testConnection } from "~/instagram/settings.server";
import { settingsSchema, testSchema } from "~/instagram/schema";

/** The Instagram tab's refusals (decision 0101). */
const M = defineMessages("admin.instagram", {
  unknownError: "Unknown error",
});


export const intents = {
  save: intent({
    failure: "Failed to save",
    schema: settingsSchema,
    serverFailure: "The settings could not be saved. Please try again.",
    run: async ({ input, services, user }) => ({ settings: await saveSettings(services, user, input) }),
  }),
  test: intent({
    failure: "Connection failed",
    schema: testSchema,
    run: async ({ input, services, request }) => {
      const result = await testConnection(services, input, request.signal);
      if (!result.connected) throw result.error ? refuseWith("outside-failed", result.error) : refuse("outside-failed", M.unknownError);
      return { username: result.username, profilePictureUrl: result.profilePictureUrl };
    },
  }),
};
export type InstagramActionResult = ActionResult<typeof intents>;
