/**
 * The blog list tab's actions on the admin kit, and the result types its components read
 * (beside them, so no component imports its route).
 */
import { z } from "zod";
import { deletePost } from "~/blog/manage.server";
import { startRegeneratePosts, startTranslatePosts } from "~/blog/ai.server";
import { intent, type ActionResult as AdminActionResult } from "~/admin/kit/action.server";
import { refuse } from "~/changes/errors.server";
import { defineMessages } from "~/changes/refusal";
import { idField } from "~/admin/kit/ids";
import { postToInstagram } from "~/instagram/post.server";

/** The posts list's refusals (decision 0101). */
const M = defineMessages("admin.blog-list", { alreadyDeleted: "This post was already deleted." });

export const intents = {
  delete: intent({
    failure: "Error deleting",
    schema: z.object({ id: idField("Unknown post.") }),
    serverFailure: "The post could not be deleted. Please try again.",
    run: async ({ input, services, user }) => {
      if (!(await deletePost(services, user, input.id))) throw refuse("not-found", M.alreadyDeleted);
      return {};
    },
  }),
  "instagram-post": intent({
    failure: "Failed to post",
    schema: z.object({ id: idField("Unknown post.") }),
    serverFailure: "The post could not be sent to Instagram. Please try again.",
    run: async ({ input, services, user }) => ({ postId: input.id, ...(await postToInstagram(services, user, input.id)) }),
  }),
  "translate-all": intent({
    failure: "Failed to translate posts",
    run: ({ services, user }) => startTranslatePosts(services, user),
  }),
  "regenerate-all": intent({
    failure: "Failed to regenerate posts",
    run: ({ services, user }) => startRegeneratePosts(services, user),
  }),
};
export type BlogListActionResult = AdminActionResult<typeof intents>;
