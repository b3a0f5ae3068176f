/**
 * The new post's editor (/admin/dashboard/blog/new): the editor's actions, with a save that
 * stores the post for the first time. Nothing is stored before it.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { createPost, postToFormValues } from "~/blog/manage.server";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { refuse, refuseWith } from "~/changes/errors.server";
import { defineMessages } from "~/changes/refusal";
import { intents as editIntents } from "./edit-actions.server";

/** New Post's newsletter switch: "on" or "off"; absent (a client that does not know it) is on, as the column's default. */
const newsletterSwitch = z.enum(["on", "off"]).optional();
const M = defineMessages("admin.blog-new", { switchInvalid: "Mail this post to subscribers: choose on or off.", switchField: "Choose on or off." });

export const intents = {
  ...editIntents,
  save: intent({
    ...editIntents.save,
    serverFailure: "The new post could not be saved. Please try again.",
    run: async ({ input, form, services, user }) => {
      // "Propose for publication" (an editor while sign-off is on, decision 0087): a draft with a proposal.
      const mail = newsletterSwitch.safeParse(form.get("sendNewsletter") ?? undefined);
      if (!mail.success) throw refuse("invalid", M.switchInvalid, undefined, { sendNewsletter: M.switchField });
      const result = await createPost(services, user, input, undefined, form.get("machineText") === "1", ["1", "on"].includes(String(form.get("propose"))), mail.data !== "off");
      if (!result.ok) throw refuseWith(result.kind, result.message, result.errors as Record<string, string>);
      // The editor with JavaScript stays to show 'Saved!' and moves on itself; a plain form goes to the stored post's editor.
      if (form.get("stay") !== "1") return redirect(`/admin/dashboard/blog/${result.post.id}`);
      return { values: postToFormValues(result.post), id: result.post.id, proposed: result.proposal?.id ?? null };
    },
  }),
};
export type NewPostActionResult = ActionResult<typeof intents>;
export type CreatePostResult = Extract<NewPostActionResult, { ok: true; intent: "save" }> | Extract<NewPostActionResult, { ok: false }>;
