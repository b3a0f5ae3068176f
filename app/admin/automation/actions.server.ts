/**
 * The automation tab's actions on the admin kit, and the result types its components read
 * (beside them, so no component imports its route).
 */
import { z } from "zod";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { idField } from "~/admin/kit/ids";
import { addTopic, deleteTopic, rescheduleTopic, setAutomationEnabled, setPublishMode, startGenerateNow } from "~/automation/topics.server";
import { parseDay, TOPIC_MAX } from "~/automation/schedule";

const topicId = idField("Unknown topic.");

export const intents = {
  "add-topic": intent({
    failure: "Failed to add topic",
    schema: z.object({
      topic: z
        .string()
        .default("")
        .transform((v) => v.trim())
        .pipe(z.string().max(TOPIC_MAX, `A topic is at most ${TOPIC_MAX} characters.`)),
    }),
    // Blank or whitespace-only text is ignored (SPEC 5): nothing is added and nothing is said.
    run: async ({ input, services, user }) => (input.topic === "" ? { topic: null } : { topic: await addTopic(services, user, input.topic) }),
  }),
  reschedule: intent({
    failure: "Failed to update schedule",
    schema: z.object({ id: topicId, date: z.string({ error: "Choose a date." }).refine((v) => parseDay(v) !== null, "Choose a valid date.") }),
    run: async ({ input, services, user }) => ({ topic: await rescheduleTopic(services, user, input.id, input.date) }),
  }),
  "delete-topic": intent({
    failure: "Failed to delete topic",
    schema: z.object({ id: topicId }),
    run: async ({ input, services, user }) => {
      await deleteTopic(services, user, input.id);
      return { id: input.id };
    },
  }),
  "set-enabled": intent({
    failure: "Failed to update automation settings",
    permission: "automation.settings",
    schema: z.object({ enabled: z.enum(["true", "false"], { error: "Unknown setting." }).transform((v) => v === "true") }),
    run: ({ input, services, user }) => setAutomationEnabled(services, user, input.enabled),
  }),
  "set-publish-mode": intent({
    failure: "Failed to update automation settings",
    permission: "automation.settings",
    schema: z.object({ publishMode: z.enum(["draft", "immediate"], { error: "Choose how generated posts are published." }) }),
    run: ({ input, services, user }) => setPublishMode(services, user, input.publishMode),
  }),
  "generate-now": intent({
    failure: "Failed to generate post",
    run: ({ services, user }) => startGenerateNow(services, user),
  }),
};
export type AutomationActionResult = ActionResult<typeof intents>;
