import { data } from "react-router";
import type { Route } from "./+types/job-route";
import { adminAction } from "~/admin/kit/action.server";
import { parseId } from "~/admin/kit/ids";
import { intents } from "./actions.server";
import { requireDataPermission } from "~/auth/guard.server";
import { jobRefusal } from "./visibility.server";

/** One job's progress, read every second by the admin page while it runs (staff who may run jobs). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireDataPermission(request, context, "jobs.run");
  const id = parseId(params.id);
  const job = id === null ? null : await context.services.jobs.get(id);
  if (!job) throw data("This job no longer exists.", { status: 404 });
  const refused = await jobRefusal(context.services, user, request, job.kind);
  if (refused) throw new Response(refused, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return data({ job }, { headers: { "Cache-Control": "no-store" } });
}

// Cancel is the form without an intent (as it always was); Dismiss names itself.
export const action = adminAction(intents, { permission: "jobs.run", intentOf: (form) => (form.get("intent") === "dismiss" ? "dismiss" : "cancel") });
