/**
 * A post's claim on the newsletter (decisions 0081, 0087, 0098): the editor's "Send to subscribers"
 * switch; the claim made once in the post's life in the transaction that makes it public; and one
 * claim per post and language (`newsletter_sends`), so each subscriber gets each post at most once
 * even when its Farsi or Chinese version is published later.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, newsletterSends } from "../../db/schema";
import { LANGUAGES, type Lang } from "../i18n/languages";
import { readNewsletterSettings } from "./settings.server";
import { queueSend } from "./send-job.server";
import { languagesToSend } from "./languages";

/** The languages of a post already claimed (sent, queued or waiting for the digest). */
export async function claimedLanguages(db: Db, postId: number): Promise<Set<string>> {
  const rows = await db.select({ language: newsletterSends.language }).from(newsletterSends).where(eq(newsletterSends.postId, postId));
  return new Set(rows.map((row) => row.language));
}

/** Claim the languages this publication sends and, in "each" mode, queue their jobs (in the caller's transaction). */
async function claimLanguages(tx: Db, postId: number, languages: ReadonlyArray<Lang>, first: boolean): Promise<void> {
  const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post) return;
  const settings = await readNewsletterSettings(tx);
  const sends = languagesToSend(post, { languages, claimed: await claimedLanguages(tx, postId), first, untranslated: settings.untranslated });
  for (const send of sends) {
    // One row per post and language: of two instances or a retry, exactly one claims it.
    const [claimed] = await tx.insert(newsletterSends).values({ postId, language: send.language, english: send.english }).onConflictDoNothing().returning({ postId: newsletterSends.postId });
    if (claimed && settings.mode === "each") await queueSend(tx, [postId], send.language, send.english);
  }
}

/**
 * The hook: call in the transaction that made `postId` public. Claims the post for the newsletter
 * once in its life (published, "Send to subscribers" on, never claimed before), then each language
 * whose version is published (and, under the "english" setting, the others in English); in "each"
 * mode their jobs are queued there, in "weekly" mode they wait for the digest. Returns whether it claimed.
 */
export async function queueNewsletterForPost(tx: Db, postId: number): Promise<boolean> {
  const [claimed] = await tx
    .update(blogPosts)
    .set({ newsletterClaimedAt: sql`now()` })
    .where(and(eq(blogPosts.id, postId), eq(blogPosts.published, true), eq(blogPosts.sendNewsletter, true), isNull(blogPosts.newsletterClaimedAt)))
    .returning({ id: blogPosts.id });
  if (!claimed) return false;
  await claimLanguages(tx, postId, LANGUAGES, true);
  return true;
}

/**
 * A later publication of a post already claimed (its Farsi or Chinese version published, or the
 * post put back online): the languages it made public that were not sent yet go now.
 */
export async function queueNewsletterLanguages(tx: Db, postId: number, languages: ReadonlyArray<Lang>): Promise<void> {
  const [post] = await tx.select({ published: blogPosts.published, claimedAt: blogPosts.newsletterClaimedAt }).from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post?.published || !post.claimedAt) return;
  await claimLanguages(tx, postId, languages, false);
}

/** Why the switch can no longer change: the post went to the newsletter already. */
export const SWITCH_CLAIMED = "This post was already sent to subscribers (or waits for the weekly digest): the switch no longer changes anything.";
/** Why the switch can no longer change: the post was published without the newsletter, and a later publication is no news. */
export const SWITCH_PUBLISHED = "This post was published without the newsletter: it is never mailed, so the switch no longer changes anything.";

/**
 * The editor's "Send to subscribers" switch: it takes effect at the post's first publication, and
 * only until then (a post published with it off is never mailed). "missing" when the post does not exist.
 */
export async function setSendNewsletter(db: Db, postId: number, on: boolean): Promise<"ok" | "claimed" | "published" | "missing"> {
  // Only before the post's first publication: that one decides, once (decision 0108).
  const [row] = await db
    .update(blogPosts)
    .set({ sendNewsletter: on })
    .where(and(eq(blogPosts.id, postId), isNull(blogPosts.newsletterClaimedAt), eq(blogPosts.published, false), isNull(blogPosts.firstPublishedAt)))
    .returning({ id: blogPosts.id });
  if (row) return "ok";
  const [exists] = await db.select({ claimedAt: blogPosts.newsletterClaimedAt }).from(blogPosts).where(eq(blogPosts.id, postId));
  return !exists ? "missing" : exists.claimedAt ? "claimed" : "published";
}
