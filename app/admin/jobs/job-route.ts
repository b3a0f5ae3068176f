import { data } from "react-router";
import type { Route } from "./+types/job-route";
import { adminAction, intent } from "~/admin/kit/action.server";
import { NotFound } from "~/changes/errors.server";
import { parseId } from "~/admin/kit/ids";
import { requireAdminData } from "~/auth/guard.server";

/** One job's progress, read every second by the admin page while it runs (admin only). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminData(request, context);
  const id = parseId(params.id);
  const job = id === null ? null : await context.services.jobs.get(id);
  if (!job) throw data("This job no longer exists.", { status: 404 });
  return data({ job }, { headers: { "Cache-Control": "no-store" } });
}

const intents = {
  cancel: intent({
    failure: "Failed to cancel",
    run: async ({ services, params }) => {
      const id = parseId(params.id);
      const job = id === null ? null : await services.jobs.cancel(id);
      if (!job) throw new NotFound("This job no longer exists.");
      return { job };
    },
  }),
};

export const action = adminAction(intents, { intentOf: () => "cancel" });
