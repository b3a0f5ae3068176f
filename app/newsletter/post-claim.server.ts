/**
 * A post's claim on the newsletter (decisions 0081, 0087): the editor's "Send to subscribers"
 * switch, and the claim made once in the post's life in the transaction that makes it public.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts } from "../../db/schema";
import { readNewsletterSettings } from "./settings.server";
import { queueSend } from "./send-job.server";

/**
 * The hook: call in the transaction that made `postId` public. Claims the post for the newsletter
 * once in its life (published, "Send to subscribers" on, never claimed before) and, in "each" mode,
 * queues its send job there; in "weekly" mode it waits for the digest. Returns whether it claimed.
 */
export async function queueNewsletterForPost(tx: Db, postId: number): Promise<boolean> {
  const [claimed] = await tx
    .update(blogPosts)
    .set({ newsletterClaimedAt: sql`now()` })
    .where(and(eq(blogPosts.id, postId), eq(blogPosts.published, true), eq(blogPosts.sendNewsletter, true), isNull(blogPosts.newsletterClaimedAt)))
    .returning({ id: blogPosts.id });
  if (!claimed) return false;
  const settings = await readNewsletterSettings(tx);
  if (settings.mode === "each") await queueSend(tx, [postId]);
  return true;
}

/** Why the switch can no longer change: the post went to the newsletter already. */
export const SWITCH_CLAIMED = "This post was already sent to subscribers (or waits for the weekly digest): the switch no longer changes anything.";

/**
 * The editor's "Send to subscribers" switch: it takes effect at the post's next publish, and only
 * until the post has been claimed for the newsletter. False when the post does not exist.
 */
export async function setSendNewsletter(db: Db, postId: number, on: boolean): Promise<"ok" | "claimed" | "missing"> {
  const [row] = await db
    .update(blogPosts)
    .set({ sendNewsletter: on })
    .where(and(eq(blogPosts.id, postId), isNull(blogPosts.newsletterClaimedAt)))
    .returning({ id: blogPosts.id });
  if (row) return "ok";
  const [exists] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, postId));
  return exists ? "claimed" : "missing";
}
