/** Recently deleted: put a deleted post, team member or topic back. */
import { z } from "zod";
import { intent, type ActionResult } from "~/admin/kit/action.server";
import { idField } from "~/admin/kit/ids";
import { restoreDeletedPost } from "~/blog/manage.server";
import { restoreDeletedMember } from "~/team/members.server";
import { restoreDeletedTopic } from "~/automation/topics.server";

export const intents = {
  restore: intent({
    failure: "Restore failed",
    schema: z.object({ id: idField("Unknown item."), entity: z.enum(["post", "team_member", "topic"], { message: "Unknown kind of item." }) }),
    serverFailure: "The item could not be restored. Please try again.",
    run: async ({ input, services, user }) => {
      if (input.entity === "post") {
        const restored = await restoreDeletedPost(services, user, input.id);
        return { entity: input.entity, id: restored.id, note: restored.note };
      }
      if (input.entity === "team_member") return { entity: input.entity, id: (await restoreDeletedMember(services, user, input.id)).id, note: null };
      return { entity: input.entity, id: (await restoreDeletedTopic(services, user, input.id)).id, note: null };
    },
  }),
};
export type DeletedActionResult = ActionResult<typeof intents>;
