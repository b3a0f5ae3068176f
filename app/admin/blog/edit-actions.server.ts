/**
 * The blog editor tab's actions on the admin kit, and the result types its components read
 * (beside them, so no component imports its route).
 */
import { data } from "react-router";
import { postToFormValues, saveCheckedPost } from "~/blog/manage.server";
import { POST_FORM_REFUSED, postFormSchema, postValuesFromForm } from "~/blog/post-schema";
import { editorGenerateSchema, editorTranslateSchema } from "~/admin/blog/ai-schema";
import { generateForEditor, translateForEditor } from "~/blog/ai.server";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { refuse, refuseWith } from "~/changes/errors.server";
import { defineMessages } from "~/changes/refusal";
import { parseId } from "~/admin/kit/ids";
import { versionFromForm } from "~/revisions/version";
import { firmClock } from "../../../core/firm-clock.server";
import { checkScheduleInput, scheduleFormSchema, unscheduleFormSchema } from "~/blog/schedule";
import { schedulePost } from "~/blog/schedule.server";
import { setSendNewsletter, SWITCH_CLAIMED, SWITCH_PUBLISHED } from "~/newsletter/post-claim.server";
import { previewPostMails, queueTestMail } from "~/newsletter/test-mail.server";
import { z } from "zod";

/** The editor's own refusals (decision 0101). */
const M = defineMessages("admin.blog-edit", { switchClaimed: SWITCH_CLAIMED, switchPublished: SWITCH_PUBLISHED });

export const intents = {
  save: intent({
    failure: "Error saving",
    // The post form's own rules (app/blog/post-schema.ts), checked by the kit like every tab's form.
    schema: postFormSchema,
    input: (form) => postValuesFromForm(form),
    refused: POST_FORM_REFUSED,
    echoValues: true,
    serverFailure: "The post could not be saved. Please try again.",
    run: async ({ input, params, services, user, form }) => {
      const id = parseId(params.id);
      if (!id) throw data("Post not found", { status: 404 });
      // What follows a publication (auto-post, newsletter) hangs off the gate's "published" event (decision 0087).
      const result = await saveCheckedPost(
        services,
        user,
        id,
        input,
        undefined,
        versionFromForm(form),
        versionFromForm(form, "reviewing"),
        form.get("machineText") === "1",
        ["1", "on"].includes(String(form.get("propose"))),
      );
      if (!result.ok) throw refuseWith(result.kind, result.message, result.errors as Record<string, string>);
      // A proposal (decision 0070): the form keeps the proposed values; the post's version is unchanged.
      return { values: postToFormValues(result.proposal?.post ?? result.post), version: result.post.version, proposed: result.proposal?.id ?? null };
    },
  }),
  generate: intent({
    failure: "Failed to generate post",
    schema: editorGenerateSchema,
    run: async ({ input, services, request }) => ({ article: await generateForEditor(services, input.topic, request.signal) }),
  }),
  translate: intent({
    failure: "Translation failed",
    schema: editorTranslateSchema,
    serverFailure: "Failed to translate content",
    run: async ({ input, services, request }) => ({ translations: await translateForEditor(services, input, request.signal) }),
  }),
  // Scheduled publishing (decision 0062): the draft's own moment, apart from the post form.
  schedule: intent({
    failure: "Could not schedule the post",
    permission: "posts.publish",
    schema: scheduleFormSchema,
    run: async ({ input, params, services, user }) => {
      const id = parseId(params.id);
      if (!id) throw data("Post not found", { status: 404 });
      const checked = checkScheduleInput(firmClock, input.publishAt, services.clock.now());
      if (!checked.ok) throw refuseWith("invalid", checked.message, ["publishAt"]);
      return schedulePost(services, user, id, checked.at);
    },
  }),
  // "Send to subscribers" (decision 0081): its own intent, like the schedule, not a content change.
  newsletter: intent({
    failure: "Could not change the newsletter switch",
    permission: "posts.publish",
    schema: z.object({ sendNewsletter: z.enum(["true", "false"], { message: "Choose on or off." }) }),
    run: async ({ input, params, services }) => {
      const id = parseId(params.id);
      if (!id) throw data("Post not found", { status: 404 });
      const outcome = await setSendNewsletter(services.db, id, input.sendNewsletter === "true");
      if (outcome === "missing") throw data("Post not found", { status: 404 });
      if (outcome === "claimed") throw refuse("conflict", M.switchClaimed);
      if (outcome === "published") throw refuse("conflict", M.switchPublished);
      return { sendNewsletter: input.sendNewsletter === "true" };
    },
  }),
  // "Preview the mail" and "Send a test to me" (decision 0108): whoever edits posts; nothing reaches a subscriber.
  "mail-preview": intent({
    failure: "Could not show the mail",
    permission: "posts.edit",
    schema: z.object({}),
    run: async ({ params, services }) => {
      const id = parseId(params.id);
      const mails = id ? await previewPostMails(services, id) : null;
      if (!mails) throw data("Post not found", { status: 404 });
      return { mails };
    },
  }),
  "mail-test": intent({
    failure: "Could not send the test",
    permission: "posts.edit",
    schema: z.object({ language: z.enum(["en", "fa", "zh"], { message: "Choose English, Farsi or Chinese." }) }),
    run: async ({ input, params, services, user }) => {
      const id = parseId(params.id);
      if (!id) throw data("Post not found", { status: 404 });
      return queueTestMail(services, user, id, input.language);
    },
  }),
  unschedule: intent({
    failure: "Could not cancel the schedule",
    schema: unscheduleFormSchema,
    run: async ({ params, services, user }) => {
      const id = parseId(params.id);
      if (!id) throw data("Post not found", { status: 404 });
      return schedulePost(services, user, id, null);
    },
  }),
};
export type EditorActionResult = ActionResult<typeof intents>;
type Answer<I extends string> = Extract<EditorActionResult, { ok: true; intent: I }> | Extract<EditorActionResult, { ok: false }>;
export type SavePostResult = Answer<"save">;
export type GenerateResult = Answer<"generate">;
export type TranslateResult = Answer<"translate">;
export type ScheduleResult = Answer<"schedule"> | Answer<"unschedule">;
export type NewsletterSwitchResult = Answer<"newsletter">;
export type MailPreviewResult = Answer<"mail-preview">;
export type MailTestResult = Answer<"mail-test">;
