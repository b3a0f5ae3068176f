import { useEffect } from "react";
import { toast } from "sonner";
import type { Route } from "./+types/automation-route";
import { adminAction } from "~/admin/kit/action.server";
import { AdminRouteError } from "~/admin/kit/AdminRouteError";
import { requirePermission } from "~/auth/guard.server";
import { adminMeta } from "~/auth/ui";
import { loadAutomationTab } from "~/automation/topics.server";
import { AutomationCard } from "~/admin/automation/components/AutomationCard";
import { TopicQueue } from "~/admin/automation/components/TopicQueue";
import { AdminTab } from "~/admin/kit/AdminTab";
import { intents } from "./actions.server";

export const meta: Route.MetaFunction = () => adminMeta("Topic Queue & Automation | Admin Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "topics.manage");
  return loadAutomationTab(context.services);
}

export const action = adminAction(intents, { permission: "topics.manage" });

export default function AutomationTab({ loaderData }: Route.ComponentProps) {
  const { topics } = loaderData;
  useEffect(() => {
    if (!topics) toast.error("Failed to fetch topics", { description: "The topic queue could not be read. Please reload the page." });
  }, [topics]);
  return (
    <AdminTab id="automation-heading" title="Topic Queue & Automation" description="Each day at 9:00 AM UTC the earliest due topic becomes a blog post written by the AI.">
      <AutomationCard data={loaderData} />
      <TopicQueue topics={topics} now={loaderData.now} />
    </AdminTab>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError what="automation settings" />;
}
