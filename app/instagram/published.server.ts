/**
 * Auto-post follows a post going public (decision 0087): its job is queued in the publishing
 * transaction, once in the post's life (queueInstagramPostIfEnabled claims it). Code run without the
 * server's configuration (a script given only the database) cannot read the Instagram token and
 * queues nothing. A post put back online (taken down, or restored from Recently deleted) is not news.
 */
import { onPublished } from "../publishing/published.server";
import { queueInstagramPostIfEnabled } from "./post.server";

onPublished("instagram", async (event, { tx, deps }) => {
  if (event.entity !== "post" || !event.firstTime || !deps.config || !deps.log) return;
  await queueInstagramPostIfEnabled({ db: tx, config: deps.config, log: deps.log }, event.entityId);
});
