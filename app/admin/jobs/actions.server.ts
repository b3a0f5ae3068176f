/** A job card's actions on the admin kit: cancel a running job, dismiss a finished one. */
import { intent } from "~/admin/kit/action.server";
import { refuse, refuseWith } from "~/changes/errors.server";
import { defineMessages } from "~/changes/refusal";
import { parseId } from "~/admin/kit/ids";
import type { IntentArgs } from "~/admin/kit/action.server";
import { jobRefusal } from "./visibility.server";

/** A job card's refusals (decision 0101). */
const M = defineMessages("admin.jobs", {
  jobGone: "This job no longer exists.",
  stillRunning: "The job is still running: cancel it first.",
});


/** The job of the address, refused (forbidden) when it works on client records the user may not see. */
async function visibleJob({ services, params, user, request }: IntentArgs<unknown>): Promise<number> {
  const id = parseId(params.id);
  const job = id === null ? null : await services.jobs.get(id);
  if (id === null || !job) throw refuse("not-found", M.jobGone);
  const refused = await jobRefusal(services, user, request, job.kind);
  if (refused) throw refuseWith("forbidden", refused);
  return id;
}

export const intents = {
  cancel: intent({
    failure: "Failed to cancel",
    run: async (args) => {
      const job = await args.services.jobs.cancel(await visibleJob(args));
      if (!job) throw refuse("not-found", M.jobGone);
      return { job };
    },
  }),
  dismiss: intent({
    failure: "Failed to dismiss",
    run: async (args) => {
      const job = await args.services.jobs.dismiss(await visibleJob(args));
      if (!job) throw refuse("not-found", M.jobGone);
      if (job === "active") throw refuse("conflict", M.stillRunning);
      return { job };
    },
  }),
};
