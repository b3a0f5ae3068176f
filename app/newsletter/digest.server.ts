/**
 * The weekly digest (decision 0081): in "weekly" mode claimed posts wait, and the first sweep after
 * a slot (every instance sweeps every 30 s) claims it on the settings row and queues one job for all
 * waiting posts; in "each" mode, posts left waiting by a switch from weekly go out at once.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, newsletterSends, newsletterSettings } from "../../db/schema";
import type { Lang } from "../i18n/languages";
import { mailLanguage } from "./languages";
import type { Clock } from "../../core/clock";
import type { Logger } from "../../core/log";
import { PeriodicTask, Sweep } from "../../core/periodic";
import { readNewsletterSettings } from "./settings.server";
import { latestDigestSlot } from "./digest-slot.server";
import { queueSend } from "./send-job.server";

/** How often every instance looks for a digest that is due. */
const SWEEP_MS = 30_000;

/** Claims waiting for the digest, of posts still public. */
const waitingWhere = () => and(isNull(newsletterSends.jobId), eq(blogPosts.published, true));

/** One job per language (and per English-with-notice) of the waiting claims; the first job's id, or null. */
async function queueWaiting(tx: Db, lock: "all" | "skip-locked"): Promise<number | null> {
  const query = tx
    .select({ postId: newsletterSends.postId, language: newsletterSends.language, english: newsletterSends.english })
    .from(newsletterSends)
    .innerJoin(blogPosts, eq(blogPosts.id, newsletterSends.postId))
    .where(waitingWhere())
    .orderBy(asc(newsletterSends.language), asc(newsletterSends.postId));
  const rows = lock === "all" ? await query.for("update", { of: newsletterSends }) : await query.for("update", { of: newsletterSends, skipLocked: true });
  const groups = new Map<string, { language: Lang; english: boolean; postIds: number[] }>();
  for (const row of rows) {
    const key = `${row.language}:${row.english}`;
    const group = groups.get(key) ?? { language: mailLanguage(row.language), english: row.english, postIds: [] };
    group.postIds.push(row.postId);
    groups.set(key, group);
  }
  let first: number | null = null;
  for (const group of groups.values()) {
    const id = await queueSend(tx, group.postIds, group.language, group.english);
    first ??= id;
  }
  return first;
}

/**
 * Queue what is due: in "weekly" mode, at the first sweep after a slot, one digest per language
 * of the posts waiting (one winner across instances: the slot is claimed on the settings row); in
 * "each" mode, posts left waiting by a switch from weekly go out at once, together.
 */
export async function sweepNewsletter(db: Db, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const settings = await readNewsletterSettings(tx);
    if (settings.mode === "weekly") {
      const slot = latestDigestSlot(now, settings.digestWeekday, settings.digestHour);
      const due = await tx.select({ id: newsletterSends.postId }).from(newsletterSends).innerJoin(blogPosts, eq(blogPosts.id, newsletterSends.postId)).where(waitingWhere()).limit(1);
      if (due.length === 0) return null;
      await tx.insert(newsletterSettings).values({ id: 1 }).onConflictDoNothing();
      const [won] = await tx
        .update(newsletterSettings)
        .set({ lastDigestAt: slot })
        .where(and(eq(newsletterSettings.id, 1), sql`(${newsletterSettings.lastDigestAt} is null or ${newsletterSettings.lastDigestAt} < ${slot})`))
        .returning({ id: newsletterSettings.id });
      if (!won) return null;
      return queueWaiting(tx, "all");
    }
    return queueWaiting(tx, "skip-locked");
  });
}

/** Every instance's look for a due digest, every 30 s (as the scheduled publisher's sweep). */
export class NewsletterDigest {
  private readonly task: PeriodicTask;
  constructor(deps: { db: Db; clock: Clock; log: Logger }, everyMs = SWEEP_MS) {
    this.task = new Sweep(() => sweepNewsletter(deps.db, deps.clock.now()), everyMs, deps.log, "newsletter digest sweep failed");
  }
  start(): void {
    this.task.start();
  }
  stop(): Promise<void> {
    return this.task.stop();
  }
}
