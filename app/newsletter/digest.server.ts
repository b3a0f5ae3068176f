/**
 * The weekly digest (decision 0081): in "weekly" mode claimed posts wait, and the first sweep after
 * a slot (every instance sweeps every 30 s) claims it on the settings row and queues one job for all
 * waiting posts; in "each" mode, posts left waiting by a switch from weekly go out at once.
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, newsletterSettings } from "../../db/schema";
import type { Clock } from "../../core/clock";
import type { Logger } from "../../core/log";
import { PeriodicTask } from "../../core/periodic";
import { readNewsletterSettings } from "./settings.server";
import { latestDigestSlot } from "./digest-slot.server";
import { queueSend } from "./send-job.server";

/** How often every instance looks for a digest that is due. */
const SWEEP_MS = 30_000;

/**
 * Queue what is due: in "weekly" mode, at the first sweep after a slot, one digest of the posts
 * waiting (one winner across instances: the slot is claimed on the settings row); in
 * "each" mode, posts left waiting by a switch from weekly go out at once, together.
 */
export async function sweepNewsletter(db: Db, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const settings = await readNewsletterSettings(tx);
    const waitingWhere = () => and(isNotNull(blogPosts.newsletterClaimedAt), isNull(blogPosts.newsletterJobId), eq(blogPosts.published, true));
    if (settings.mode === "weekly") {
      const slot = latestDigestSlot(now, settings.digestWeekday, settings.digestHour);
      const due = await tx.select({ id: blogPosts.id }).from(blogPosts).where(waitingWhere());
      if (due.length === 0) return null;
      await tx.insert(newsletterSettings).values({ id: 1 }).onConflictDoNothing();
      const [won] = await tx
        .update(newsletterSettings)
        .set({ lastDigestAt: slot })
        .where(and(eq(newsletterSettings.id, 1), sql`(${newsletterSettings.lastDigestAt} is null or ${newsletterSettings.lastDigestAt} < ${slot})`))
        .returning({ id: newsletterSettings.id });
      if (!won) return null;
      const posts = await tx.select({ id: blogPosts.id }).from(blogPosts).where(waitingWhere()).for("update");
      return posts.length > 0 ? queueSend(tx, posts.map((p) => p.id)) : null;
    }

    const posts = await tx.select({ id: blogPosts.id }).from(blogPosts).where(waitingWhere()).for("update", { skipLocked: true });
    return posts.length > 0 ? queueSend(tx, posts.map((p) => p.id)) : null;
  });
}

/** Every instance's look for a due digest, every 30 s (as the scheduled publisher's sweep). */
export class NewsletterDigest {
  private readonly task: PeriodicTask;
  constructor(deps: { db: Db; clock: Clock; log: Logger }, everyMs = SWEEP_MS) {
    this.task = new PeriodicTask(
      () => sweepNewsletter(deps.db, deps.clock.now()),
      () => everyMs,
      (error) => deps.log.error({ err: error }, "newsletter digest sweep failed"),
    );
  }
  start(): void {
    this.task.start();
  }
  stop(): Promise<void> {
    return this.task.stop();
  }
}
