/**
 * The inbox tab's actions on the admin kit, and the result types its components read
 * (beside them, so no component imports its route).
 */
import { z } from "zod";
import { deleteSubmission, setHandled } from "~/contact/inbox.server";
import { deleteSubscriber } from "~/newsletter/subscriber-list.server";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { refuse } from "~/changes/errors.server";
import { defineMessages, type MessageKey } from "~/changes/refusal";
import type { AdminUser } from "~/auth/guard.server";
import type { Services } from "~/services";
import { idField } from "~/admin/kit/ids";
import { readNewsletterSettings, saveNewsletterSettings } from "~/newsletter/settings.server";
import { clientField, markClient } from "~/privacy/clients.server";

/** The Inbox's refusals (decision 0101). */
const M = defineMessages("admin.inbox", {
  messageDeleted: "This message was deleted.",
  messageAlreadyDeleted: "This message was already deleted.",
  addressRemoved: "This address was already removed.",
});


const itemId = z.object({ id: idField("Unknown item.") });

/** Deleting one listed item (a message, a subscriber): refused with `gone` when it was already deleted. */
const deleting = (remove: (db: Services["db"], user: AdminUser, id: number) => Promise<boolean>, gone: MessageKey) =>
  intent({
    failure: "Error deleting",
    schema: itemId,
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      if (!(await remove(services.db, user, input.id))) throw refuse("not-found", gone);
      return {};
    },
  });

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
      if (!(await setHandled(services.db, user, input.id, input.handled))) throw refuse("not-found", M.messageDeleted);
      return { handled: input.handled };
    },
  }),
  // Retained the firm: the retention sweep keeps the message (decision 0092).
  client: intent({
    failure: "Error saving",
    schema: itemId.extend({ client: clientField }),
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => markClient(services.db, user, "contact", input.id, input.client, services.clock.now()),
  }),
  delete: deleting(deleteSubmission, M.messageAlreadyDeleted),
  "delete-subscriber": deleting(deleteSubscriber, M.addressRemoved),
  // How posts go out (decision 0081): each at once, or a weekly digest at a Vancouver weekday and hour.
  "newsletter-settings": intent({
    failure: "Could not save the newsletter settings",
    // How the firm mails its subscribers: admins only (issue 44).
    permission: "newsletter.settings",
    schema: z.object({
      mode: z.enum(["each", "weekly"], { message: "Choose each post or a weekly digest." }),
      digestWeekday: z.coerce.number({ message: "Choose a weekday." }).int().min(0, { message: "Choose a weekday." }).max(6, { message: "Choose a weekday." }),
      digestHour: z.coerce.number({ message: "Choose an hour." }).int().min(0, { message: "Choose an hour from 0 to 23." }).max(23, { message: "Choose an hour from 0 to 23." }),
      // Decision 0098; a form without it keeps what is stored.
      untranslated: z.enum(["wait", "english"], { message: "Choose what Farsi and Chinese subscribers get before their translation is published." }).optional(),
    }),
    serverFailure: "The change could not be saved. Please try again.",
    run: async ({ input, services, user }) => {
      const settings = { ...input, untranslated: input.untranslated ?? (await readNewsletterSettings(services.db)).untranslated };
      await saveNewsletterSettings(services.db, settings, services.clock.now(), user);
      return { settings };
    },
  }),
};
export type InboxResult = ActionResult<typeof intents>;
