/**
 * The newsletter's send job (decision 0081): one mail per recipient about some posts.
 *
 * - The job has an item per recipient (the confirmed, non-bouncing addresses when it is queued): the
 *   runner's lease and per-item marks make a crash resume where it stopped and two instances send
 *   once. An item marks itself "sending" before it hands the mail over: a crash in that window skips
 *   it rather than risk a second copy (at most once per address).
 * - Each mail waits for its paced slot (pacing.server.ts); the job runs in a lane of its own, so
 *   contact and account mails never wait behind it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, newsletterSends, newsletterSubscribers } from "../../db/schema";
import { createMailer, mailSettings, MailError, type Mailer } from "../../core/mail";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import type { TextStore } from "../content/texts.server";
import { defineJob } from "../jobs/define.server";
import type { Lang } from "../i18n/languages";
import { composeNewsletter, type PostForMail } from "./compose.server";
import { reserveSlot } from "./pacing.server";
import { confirmedRecipients } from "./recipients.server";

/** The send job's lane: beside the mail lane of contact notifications (decision 0049), never in it. */
export const NEWSLETTER_LANE = "newsletter";
/** Posts in a row refused for good (5xx) before an address is marked bouncing and no longer mailed. */
export const BOUNCE_LIMIT = 3;
/** 2 s doubling to about 68 min: a mail server down for about 2 hours delays the mails; none is lost to a short outage. */
const MAX_ATTEMPTS = 12;

interface SendPayload {
  postIds: number[];
  /** The subscribers' language this job mails (decision 0098); absent in jobs queued before, which mailed everyone. */
  language?: Lang;
  /** The English mail with a notice in the subscriber's language that the translation is not available. */
  english?: boolean;
}
interface SendItem {
  subscriberId: number;
}

export interface NewsletterSendDeps {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL" | "MAIL_RATE_PER_MINUTE">;
  log: Logger;
  texts: Pick<TextStore, "get">;
}


/** One mail per recipient about some posts. */
export const newsletterSendJob = defineJob<SendPayload, SendItem, [NewsletterSendDeps]>("newsletter-send", {
  lane: NEWSLETTER_LANE,
  retry: { maxAttempts: MAX_ATTEMPTS },
  summarize: ({ done, failed, skipped }) => `Newsletter: ${done - skipped} sent, ${failed} failed, ${skipped} not sent.`,
  handler: (deps) => {
    let mailer: Mailer | null = null;
    const postsOf = new Map<number, Promise<PostForMail[]>>();
    return async ({ job, item, signal, saveProgress }) => {
      if (item.progress?.sending) return { skipped: "The server stopped while this mail was being handed over: not sent again, so nobody gets it twice." };
      const [row] = await deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, item.payload.subscriberId));
      if (!row) return { skipped: "Unsubscribed before the mail went out." };
      if (row.bouncingAt) return { skipped: "The address is bouncing." };
      if (!row.confirmedAt) return { skipped: "The address is not confirmed." };
      const settings = mailSettings(deps.config);
      if (!settings) return { skipped: "Mail is not configured (SMTP_URL, MAIL_FROM)." };
      if (!postsOf.has(job.id)) {
        postsOf.set(job.id, deps.db.select().from(blogPosts).where(inArray(blogPosts.id, job.payload.postIds)).orderBy(sql`${blogPosts.publishedAt} desc nulls last`, asc(blogPosts.id)));
      }
      const posts = await postsOf.get(job.id)!;
      if (posts.length === 0) return { skipped: "The post was deleted." };
      const wait = await reserveSlot(deps.db, deps.config.MAIL_RATE_PER_MINUTE);
      if (wait > 0) await sleep(wait, undefined, { signal });
      mailer ??= createMailer(settings);
      const mail = await composeNewsletter(deps, posts, row, { english: job.payload.english === true });
      await saveProgress({ sending: true });
      try {
        await mailer.send({ to: row.email, subject: mail.subject, text: mail.text, html: mail.html, listUnsubscribe: mail.oneClickUrl, oneClickUnsubscribe: true });
      } catch (error) {
        // Not handed over: a retry or a later resume may send it.
        await saveProgress({ sending: false });
        const failure = error instanceof MailError ? error : new MailError(`The mail could not be sent: ${(error as Error).message}`, true);
        if (failure.permanent) {
          return {
            failed: failure.message,
            // The third post in a row refused for this address: it is no longer mailed (staff see it in the list).
            apply: async (tx) => {
              await tx
                .update(newsletterSubscribers)
                .set({
                  bounceCount: sql`${newsletterSubscribers.bounceCount} + 1`,
                  bouncingAt: sql`case when ${newsletterSubscribers.bounceCount} + 1 >= ${BOUNCE_LIMIT} then coalesce(${newsletterSubscribers.bouncingAt}, now()) else ${newsletterSubscribers.bouncingAt} end`,
                })
                .where(eq(newsletterSubscribers.id, row.id));
            },
          };
        }
        throw failure;
      }
      if (row.bounceCount === 0) return;
      return {
        apply: async (tx) => {
          await tx.update(newsletterSubscribers).set({ bounceCount: 0 }).where(and(eq(newsletterSubscribers.id, row.id), isNull(newsletterSubscribers.bouncingAt)));
        },
      };
    };
  },
});

/**
 * Queue the send job of some posts to the subscribers of one language (in the caller's
 * transaction) and record it on their claims (newsletter_sends).
 */
export async function queueSend(tx: Db, postIds: number[], language: Lang, english = false): Promise<number> {
  const recipients = await confirmedRecipients(tx, language);
  const claims = and(inArray(newsletterSends.postId, postIds), eq(newsletterSends.language, language));
  // Nobody to mail: no empty job in the jobs list; 0 records that the post went (to no one).
  if (recipients.length === 0) {
    await tx.update(newsletterSends).set({ jobId: 0 }).where(claims);
    return 0;
  }
  // The label names the subscriber's id, never the address (the jobs list is seen by every admin).
  const queued = await newsletterSendJob.enqueue(
    tx,
    { postIds, language, english },
    recipients.map((r) => ({ label: `Subscriber #${r.id}`, payload: { subscriberId: r.id } })),
  );
  await tx.update(newsletterSends).set({ jobId: queued.id }).where(claims);
  return queued.id;
}
