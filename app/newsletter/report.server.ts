/**
 * A post's send report for the editor (decisions 0081, 0098): per language whether it went, waits
 * for the digest or for its translation, and over all its send jobs: queued, sent, failed, not
 * sent, unsubscribed since.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, jobItems, newsletterSends } from "../../db/schema";
import { LANGUAGES, type Lang } from "../i18n/languages";

export interface SendReport {
  /** Claimed, a language waiting for the weekly digest. */
  waitingForDigest: boolean;
  claimedAt: string | null;
  /** The send jobs of its languages (none when nobody was to be mailed). */
  jobIds: number[];
  /** Languages sent (or queued), in English with the notice or not. */
  languages: Array<{ language: Lang; english: boolean }>;
  /** Languages not sent yet: their subscribers get the post when its version in their language is published. */
  waitingForTranslation: Lang[];
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
  const [post] = await db.select({ claimedAt: blogPosts.newsletterClaimedAt }).from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post?.claimedAt) return null;
  const claims = await db.select().from(newsletterSends).where(eq(newsletterSends.postId, postId));
  const jobIds = [...new Set(claims.flatMap((claim) => (claim.jobId && claim.jobId > 0 ? [claim.jobId] : [])))].sort((a, b) => a - b);
  const claimed = new Set(claims.map((claim) => claim.language));
  const base: SendReport = {
    waitingForDigest: claims.some((claim) => claim.jobId === null),
    claimedAt: post.claimedAt.toISOString(),
    jobIds,
    languages: LANGUAGES.flatMap((language) => claims.filter((claim) => claim.language === language).map((claim) => ({ language, english: claim.english }))),
    waitingForTranslation: LANGUAGES.filter((language) => !claimed.has(language)),
    recipients: 0,
    queued: 0,
    sent: 0,
    failed: 0,
    notSent: 0,
    unsubscribedSince: 0,
  };
  if (jobIds.length === 0) return base;
  const rows = await db
    .select({
      status: jobItems.status,
      n: sql<number>`count(*)::int`,
      gone: sql<number>`count(*) filter (where not exists (select 1 from newsletter_subscribers s where s.id = (${jobItems.payload}->>'subscriberId')::int))::int`,
    })
    .from(jobItems)
    .where(and(inArray(jobItems.jobId, jobIds), gt(jobItems.jobId, 0)))
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
