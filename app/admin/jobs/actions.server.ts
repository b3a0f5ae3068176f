/** A job card's actions on the admin kit: cancel a running job, dismiss a finished one. */
import { intent } from "~/admin/kit/action.server";
import { AdminError, NotFound } from "~/changes/errors.server";
import { parseId } from "~/admin/kit/ids";

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
