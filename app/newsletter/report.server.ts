/** A post's send report for the editor (decision 0081): queued, sent, failed, not sent, unsubscribed since. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, jobItems } from "../../db/schema";

export interface SendReport {
  /** Claimed, waiting for the weekly digest. */
  waitingForDigest: boolean;
  claimedAt: string | null;
  jobId: number | null;
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  /** Not sent: unsubscribed, bouncing or unconfirmed by then. */
  notSent: number;
  /** Recipients who received it and have left the list since. */
  unsubscribedSince: number;
}

export async function newsletterReport(db: Db, postId: number): Promise<SendReport | null> {
  const [post] = await db.select({ claimedAt: blogPosts.newsletterClaimedAt, jobId: blogPosts.newsletterJobId }).from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post?.claimedAt) return null;
  const base = { waitingForDigest: post.jobId === null, claimedAt: post.claimedAt.toISOString(), jobId: post.jobId, recipients: 0, queued: 0, sent: 0, failed: 0, notSent: 0, unsubscribedSince: 0 };
  if (post.jobId === null || post.jobId === 0) return base;
  const rows = await db
    .select({
      status: jobItems.status,
      n: sql<number>`count(*)::int`,
      gone: sql<number>`count(*) filter (where not exists (select 1 from newsletter_subscribers s where s.id = (${jobItems.payload}->>'subscriberId')::int))::int`,
    })
    .from(jobItems)
    .where(eq(jobItems.jobId, post.jobId))
    .groupBy(jobItems.status);
  for (const row of rows) {
    const n = Number(row.n);
    base.recipients += n;
    if (row.status === "pending") base.queued += n;
    else if (row.status === "done") {
      base.sent += n;
      base.unsubscribedSince += Number(row.gone);
    } else if (row.status === "failed") base.failed += n;
    else base.notSent += n;
  }
  return base;
}
