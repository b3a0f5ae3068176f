import { data } from "react-router";
import type { Route } from "./+types/job-route";
import { adminAction, intent } from "~/admin/kit/action.server";
import { AdminError, NotFound } from "~/changes/errors.server";
import { parseId } from "~/admin/kit/ids";
import { requireDataPermission } from "~/auth/guard.server";

/** One job's progress, read every second by the admin page while it runs (staff who may run jobs). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireDataPermission(request, context, "jobs.run");
  const id = parseId(params.id);
  const job = id === null ? null : await context.services.jobs.get(id);
  if (!job) throw data("This job no longer exists.", { status: 404 });
  return data({ job }, { headers: { "Cache-Control": "no-store" } });
}

export const intents = {
  cancel: intent({
    failure: "Failed to cancel",
    run: async ({ services, params }) => {
      const id = parseId(params.id);
      const job = id === null ? null : await services.jobs.cancel(id);
      if (!job) throw new NotFound("This job no longer exists.");
      return { job };
    },
  }),
  dismiss: intent({
    failure: "Failed to dismiss",
    run: async ({ services, params }) => {
      const id = parseId(params.id);
      const job = id === null ? null : await services.jobs.dismiss(id);
      if (!job) throw new NotFound("This job no longer exists.");
      if (job === "active") throw new AdminError("The job is still running: cancel it first.", 409);
      return { job };
    },
  }),
};

// Cancel is the form without an intent (as it always was); Dismiss names itself.
export const action = adminAction(intents, { permission: "jobs.run", intentOf: (form) => (form.get("intent") === "dismiss" ? "dismiss" : "cancel") });
