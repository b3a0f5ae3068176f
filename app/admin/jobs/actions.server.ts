/** A job card's actions on the admin kit: cancel a running job, dismiss a finished one. */
import { intent } from "~/admin/kit/action.server";
import { AdminError, NotFound } from "~/changes/errors.server";
import { parseId } from "~/admin/kit/ids";
import type { IntentArgs } from "~/admin/kit/action.server";
import { jobRefusal } from "./visibility.server";

/** The job of the address, refused (403) when it works on client records the user may not see. */
async function visibleJob({ services, params, user, request }: IntentArgs<unknown>): Promise<number> {
  const id = parseId(params.id);
  const job = id === null ? null : await services.jobs.get(id);
  if (id === null || !job) throw new NotFound("This job no longer exists.");
  const refused = await jobRefusal(services, user, request, job.kind);
  if (refused) throw new AdminError(refused, 403);
  return id;
}

export const intents = {
  cancel: intent({
    failure: "Failed to cancel",
    run: async (args) => {
      const job = await args.services.jobs.cancel(await visibleJob(args));
      if (!job) throw new NotFound("This job no longer exists.");
      return { job };
    },
  }),
  dismiss: intent({
    failure: "Failed to dismiss",
    run: async (args) => {
      const job = await args.services.jobs.dismiss(await visibleJob(args));
      if (!job) throw new NotFound("This job no longer exists.");
      if (job === "active") throw new AdminError("The job is still running: cancel it first.", 409);
      return { job };
    },
  }),
};
