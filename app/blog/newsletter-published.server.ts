/**
 * The newsletter follows a post going public (decisions 0081, 0087): claimed once in the post's
 * life and queued in the publishing transaction.
 */
import { onPublished } from "../publishing/published.server";
import { queueNewsletterForPost } from "./newsletter-send.server";

onPublished("newsletter", async (event, { tx }) => {
  if (event.entity !== "post" || !event.firstTime) return;
  await queueNewsletterForPost(tx, event.entityId);
});
