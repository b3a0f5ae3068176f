/**
 * The newsletter follows a post going public (decisions 0081, 0087, 0098): the blog only raises the
 * "published" event. At the post's first publication it claims the post and sends each language
 * whose version is published; a later publication of a Farsi or Chinese version sends that
 * language's mail, once. In the publishing transaction. server/publishing-subscribers.ts loads it.
 */
import { onPublished } from "../publishing/published.server";
import { queueNewsletterForPost, queueNewsletterLanguages } from "./post-claim.server";

onPublished("newsletter", async (event, { tx }) => {
  if (event.entity !== "post") return;
  if (event.firstTime) await queueNewsletterForPost(tx, event.entityId);
  else await queueNewsletterLanguages(tx, event.entityId, event.languages);
});
