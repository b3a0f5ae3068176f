import { useEffect } from "react";
import { toast } from "sonner";
import { z } from "zod";
import type { Route } from "./+types/automation-route";
import { adminAction, intent, type ActionResult } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { idField } from "~/admin/kit/ids";
import { requireAdminPage } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { addTopic, deleteTopic, loadAutomationTab, rescheduleTopic, setAutomationEnabled, setPublishMode, startGenerateNow } from "~/admin/automation/topics.server";
import { parseDay, TOPIC_MAX } from "~/admin/automation/schedule";
import { AutomationCard } from "~/admin/automation/components/AutomationCard";
import { TopicQueue } from "~/admin/automation/components/TopicQueue";
import { AdminTab } from "~/admin/kit/AdminTab";

export const meta: Route.MetaFunction = () => adminMeta("Topic Queue & Automation | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return loadAutomationTab(context.services);
}

const topicId = idField("Unknown topic.");

const intents = {
  "add-topic": intent({
    failure: "Failed to add topic",
    schema: z.object({ topic: z.string().default("").transform((v) => v.trim()).pipe(z.string().max(TOPIC_MAX, `A topic is at most ${TOPIC_MAX} characters.`)) }),
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
    schema: z.object({ enabled: z.enum(["true", "false"], { error: "Unknown setting." }).transform((v) => v === "true") }),
    run: ({ input, services, user }) => setAutomationEnabled(services, user, input.enabled),
  }),
  "set-publish-mode": intent({
    failure: "Failed to update automation settings",
    schema: z.object({ publishMode: z.enum(["draft", "immediate"], { error: "Choose how generated posts are published." }) }),
    run: ({ input, services, user }) => setPublishMode(services, user, input.publishMode),
  }),
  "generate-now": intent({
    failure: "Failed to generate post",
    run: ({ services, user }) => startGenerateNow(services, user),
  }),
};
export type AutomationActionResult = ActionResult<typeof intents>;

export const action = adminAction(intents);

export default function AutomationTab({ loaderData }: Route.ComponentProps) {
  const { topics } = loaderData;
  useEffect(() => {
    if (!topics) toast.error("Failed to fetch topics", { description: "The topic queue could not be read. Please reload the page." });
  }, [topics]);
  return (
    <AdminTab
      id="automation-heading"
      title="Topic Queue & Automation"
      description="Each day at 9:00 AM UTC the earliest due topic becomes a blog post written by the AI."
    >
      <AutomationCard data={loaderData} />
      <TopicQueue topics={topics} now={loaderData.now} />
    </AdminTab>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="automation settings" />;
}
