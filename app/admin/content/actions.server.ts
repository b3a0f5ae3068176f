/**
 * The content tab's actions on the admin kit, and the result types its components read
 * (beside them, so no component imports its route).
 */
import { assertCan, userCan } from "~/auth/guard.server";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { saveContentEntries } from "~/content/entries.server";
import { contentSaveFromFormData, contentSaveSchema, translateMissingSchema, translateOneSchema } from "~/content/schema";
import { startTranslateMissing, translateText } from "~/content/translate.server";

export const intents = {
  save: intent({
    failure: "Failed to update content",
    schema: contentSaveSchema,
    input: contentSaveFromFormData,
    serverFailure: "The server could not save the texts. Please try again.",
    run: async ({ input, services, user }) => {
      // Saving a text shown with its pending machine translation publishes that change: the sign-off (decision 0066).
      if (input.entries.some((entry) => entry.reviewing)) assertCan(user, "changes.publish");
      // Without the sign-off (an editor while it is on), a change is proposed, not published (decision 0070).
      const result = await saveContentEntries(services, user, input, { propose: !userCan(user, "changes.publish") });
      return { saved: result.saved, changed: result.changed.length, proposed: result.proposed.length };
    },
  }),
  translate: intent({
    failure: "Translation failed",
    schema: translateOneSchema,
    serverFailure: "Failed to translate content",
    run: async ({ input, services, request }) => ({
      key: input.key,
      language: input.language,
      translation: await translateText(services, input.text, input.language, request.signal),
    }),
  }),
  "translate-missing": intent({
    failure: "Translation failed",
    schema: translateMissingSchema,
    run: ({ input, services, user }) => startTranslateMissing(services, user, input.language),
  }),
};
export type ContentActionResult = ActionResult<typeof intents>;
export type ContentSaveResult = Extract<ContentActionResult, { ok: true; intent: "save" }> | Extract<ContentActionResult, { ok: false }>;
