/**
 * The newsletter follows a post going public (decisions 0081, 0087): the blog only raises the
 * "published" event; this subscriber claims the post once in its life and queues the send in the
 * publishing transaction. server/publishing-subscribers.ts loads it.
 */
import { onPublished } from "../publishing/published.server";
import { queueNewsletterForPost } from "./post-claim.server";

onPublished("newsletter", async (event, { tx }) => {
  if (event.entity !== "post" || !event.firstTime) return;
  await queueNewsletterForPost(tx, event.entityId);
});
