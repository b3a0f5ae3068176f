/**
 * New posts by mail to the confirmed subscribers (decision 0081).
 *
 * - One hook, `queueNewsletterForPost(deps, tx, postId)`, called in the transaction that makes a
 *   post public (the editor's publish, a new post saved published, the scheduled publish, the daily
 *   run's immediate mode). It claims `blog_posts.newsletter_claimed_at` with one conditional UPDATE,
 *   so a post is mailed at most once in its life, whatever re-publishes and edits follow; a rollback
 *   undoes the claim and the job together.
 * - In "each" mode the send job is queued there; in "weekly" mode the post waits
 *   (`newsletter_job_id` null) and `sweepNewsletter` queues one digest job at the set weekday and hour.
 * - The job has an item per recipient (the confirmed, non-bouncing addresses when it is queued): the
 *   runner's lease and per-item marks make a crash resume where it stopped and two instances send
 *   once. An item marks itself "sending" before it hands the mail over: a crash in that window skips
 *   it rather than risk a second copy (at most once per address).
 * - Pacing: MAIL_RATE_PER_MINUTE for every instance together, a slot reserved in the database before
 *   each mail; the job runs in a lane of its own, so contact and account mails never wait behind it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, jobItems, newsletterSettings, newsletterSubscribers } from "../../db/schema";
import { createMailer, htmlText as escapeHtml, mailSettings, MailError, type Mailer } from "../../core/mail";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import type { Clock } from "../../core/clock";
import { PeriodicTask } from "../../core/periodic";
import type { TextStore } from "../content/texts.server";
import { defineJob } from "../jobs/define.server";
import { isLang, localizePath, type Lang } from "../i18n/languages";
import { postText } from "../i18n/translated";
import { firmClock } from "../../core/firm-clock.server";
import { auditFrom, changedFields, type Actor } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { subscriberLinks } from "./subscribers.server";

/** The send job's lane: beside the mail lane of contact notifications (decision 0049), never in it. */
export const NEWSLETTER_LANE = "newsletter";
/** Posts in a row refused for good (5xx) before an address is marked bouncing and no longer mailed. */
export const BOUNCE_LIMIT = 3;
/** 2 s doubling to about 68 min: a mail server down for about 2 hours delays the mails; none is lost to a short outage. */
const MAX_ATTEMPTS = 12;
/** How often every instance looks for a digest that is due. */
const SWEEP_MS = 30_000;
/** The one-click unsubscribe address of RFC 8058 (server/one-click-unsubscribe.ts). */
export const ONE_CLICK_PATH = "/newsletter/one-click";

export type DigestMode = "each" | "weekly";
export interface NewsletterSettings {
  mode: DigestMode;
  /** 0 = Sunday ... 6 = Saturday (Vancouver). */
  digestWeekday: number;
  /** 0-23 (Vancouver). */
  digestHour: number;
}
export const DEFAULT_NEWSLETTER_SETTINGS: NewsletterSettings = { mode: "each", digestWeekday: 1, digestHour: 9 };

interface SendPayload {
  postIds: number[];
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

export async function readNewsletterSettings(db: Db): Promise<NewsletterSettings> {
  const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
  return row ? { mode: row.mode, digestWeekday: row.digestWeekday, digestHour: row.digestHour } : DEFAULT_NEWSLETTER_SETTINGS;
}

/**
 * Store the settings (admins only: newsletter.settings), with an audit entry naming who changed
 * what from what. Turning the weekly digest on (or moving its slot) counts the latest slot as
 * done, so the first digest goes at the next one rather than at once.
 */
export async function saveNewsletterSettings(db: Db, settings: NewsletterSettings, now: Date, actor: Actor | null = null): Promise<void> {
  const lastDigestAt = settings.mode === "weekly" ? latestDigestSlot(now, settings.digestWeekday, settings.digestHour) : null;
  await commit({ db, events: NO_EVENTS }, async (tx) => {
    const before = await readNewsletterSettings(tx);
    await tx
      .insert(newsletterSettings)
      .values({ id: 1, ...settings, lastDigestAt })
      .onConflictDoUpdate({ target: newsletterSettings.id, set: { ...settings, lastDigestAt, updatedAt: new Date() } });
    const changed = changedFields(before, { mode: settings.mode, digestWeekday: settings.digestWeekday, digestHour: settings.digestHour });
    if (Object.keys(changed).length === 0) return { result: undefined };
    return { result: undefined, audit: { ...auditFrom(actor), action: "update", entity: "newsletter_settings", entityId: 1, details: changed } };
  });
}

// ------------------------------------------------------------------ the mail

type PostForMail = Pick<typeof blogPosts.$inferSelect, "id" | "slug" | "title" | "titleFa" | "titleZh" | "excerpt" | "excerptFa" | "excerptZh">;

/** Absolute links of one subscriber: the one-click address (List-Unsubscribe) and the page with the button (the body). */
export function unsubscribeLinks(siteUrl: string, subscriber: { language: string; confirmToken: string; unsubscribeToken: string }) {
  const base = siteUrl.replace(/\/+$/, "");
  return {
    oneClickUrl: `${base}${ONE_CLICK_PATH}?token=${encodeURIComponent(subscriber.unsubscribeToken)}`,
    pageUrl: subscriberLinks(siteUrl, subscriber).unsubscribeUrl,
  };
}

/** The mail of some posts in one subscriber's language (the site's fallback rule for each text). */
export async function composeNewsletter(
  deps: Pick<NewsletterSendDeps, "texts" | "config">,
  posts: PostForMail[],
  subscriber: { language: string; confirmToken: string; unsubscribeToken: string },
): Promise<{ subject: string; text: string; html: string; oneClickUrl: string }> {
  const lang: Lang = isLang(subscriber.language) ? subscriber.language : "en";
  const t = (key: string) => deps.texts.get(lang, key);
  const base = deps.config.SITE_URL.replace(/\/+$/, "");
  const firm = await t("firm-name");
  const address = await t("footer-address");
  const { oneClickUrl, pageUrl } = unsubscribeLinks(deps.config.SITE_URL, subscriber);
  const items = posts.map((post) => {
    const title = postText(post, "title", lang);
    const excerpt = postText(post, "excerpt", lang);
    return { title, excerpt, url: `${base}${localizePath(`/blog/${post.slug}`, lang)}` };
  });
  const single = items.length === 1;
  const subject = single ? (await t("newsletter-mail-post-subject")).replace("{title}", items[0].title.text) : (await t("newsletter-mail-digest-subject")).replace("{firm}", firm);
  const intro = await t(single ? "newsletter-mail-post-intro" : "newsletter-mail-digest-intro");
  const readMore = await t("newsletter-mail-read-more");
  const reason = await t("newsletter-mail-footer-reason");
  const unsubscribeText = await t("newsletter-mail-footer-unsubscribe");

  const text = [
    intro,
    ...items.map((item) => [item.title.text, item.excerpt.text, `${readMore}: ${item.url}`].filter(Boolean).join("\n")),
    ["-- ", firm, address, base].filter(Boolean).join("\n"),
    `${reason}\n${unsubscribeText}: ${pageUrl}`,
  ].join("\n\n");

  const dir = lang === "fa" ? "rtl" : "ltr";
  // Each text is tagged with the language it is really in (an English fallback inside a Farsi mail).
  const langAttr = (l: Lang) => (l === lang ? "" : ` lang="${l}" dir="${l === "fa" ? "rtl" : "ltr"}"`);
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="font-size:16px">${escapeHtml(intro)}</p>
${items
  .map(
    (item) => `<h2 style="font-size:20px;margin:24px 0 8px"${langAttr(item.title.lang)}><a href="${escapeHtml(item.url)}" style="color:#1e3a8a">${escapeHtml(item.title.text)}</a></h2>
${item.excerpt.text ? `<p style="font-size:15px;line-height:1.5"${langAttr(item.excerpt.lang)}>${escapeHtml(item.excerpt.text)}</p>` : ""}
<p><a href="${escapeHtml(item.url)}" style="color:#1e3a8a;font-weight:bold">${escapeHtml(readMore)}</a></p>`,
  )
  .join("\n")}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="font-size:13px;color:#475569">${escapeHtml(firm)}<br>${escapeHtml(address)}<br><a href="${escapeHtml(base)}" style="color:#475569">${escapeHtml(base)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(reason)} <a href="${escapeHtml(pageUrl)}" style="color:#475569">${escapeHtml(unsubscribeText)}</a></p>
</div></body></html>`;
  return { subject, text, html, oneClickUrl };
}

// ------------------------------------------------------------------ pacing

/**
 * Reserve the next sending slot, for every instance together: `pace_next_at` moves on by one
 * interval per mail (never behind now), in one statement. Returns how long to wait for the slot.
 */
async function reserveSlot(db: Db, perMinute: number): Promise<number> {
  const interval = `${Math.ceil(60_000 / perMinute)} milliseconds`;
  const result = await db.execute(sql`
    insert into newsletter_settings (id, pace_next_at) values (1, clock_timestamp() + ${interval}::interval)
    on conflict (id) do update set pace_next_at = greatest(newsletter_settings.pace_next_at, clock_timestamp()) + ${interval}::interval
    returning greatest(0, extract(epoch from (pace_next_at - ${interval}::interval - clock_timestamp())) * 1000)::float8 as wait_ms`);
  const row = (result as unknown as { rows: { wait_ms: number | string }[] }).rows[0];
  return Number(row?.wait_ms ?? 0);
}

// ------------------------------------------------------------------ the job

const confirmedRecipients = (tx: Db) =>
  tx
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.bouncingAt)))
    .orderBy(asc(newsletterSubscribers.id));

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
      const mail = await composeNewsletter(deps, posts, row);
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

/** Queue the send job of some posts (in the caller's transaction) and record it on each post. */
async function queueSend(tx: Db, postIds: number[]): Promise<number> {
  const recipients = await confirmedRecipients(tx);
  // Nobody to mail: no empty job in the jobs list; 0 records that the post went (to no one).
  if (recipients.length === 0) {
    await tx.update(blogPosts).set({ newsletterJobId: 0 }).where(inArray(blogPosts.id, postIds));
    return 0;
  }
  // The label names the subscriber's id, never the address (the jobs list is seen by every admin).
  const queued = await newsletterSendJob.enqueue(
    tx,
    { postIds },
    recipients.map((r) => ({ label: `Subscriber #${r.id}`, payload: { subscriberId: r.id } })),
  );
  await tx.update(blogPosts).set({ newsletterJobId: queued.id }).where(inArray(blogPosts.id, postIds));
  return queued.id;
}

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

// ------------------------------------------------------------------ the weekly digest

/** The latest weekly slot (weekday and hour, Vancouver time) at or before `now`. */
export function latestDigestSlot(now: Date, weekday: number, hour: number): Date {
  const today = firmClock.dayOf(now);
  const [y, m, d] = today.split("-").map(Number);
  const todayWeekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  for (let back = (todayWeekday - weekday + 7) % 7; ; back += 7) {
    const day = new Date(Date.UTC(y, m - 1, d - back)).toISOString().slice(0, 10);
    // An hour skipped when the clocks go forward: the slot is the next hour.
    const local = firmClock.fromWall(`${day}T${String(hour).padStart(2, "0")}:00`);
    const next = firmClock.fromWall(`${day}T${String(Math.min(hour + 1, 23)).padStart(2, "0")}:00`);
    const at = local.ok ? local.at : next.ok ? next.at : now;
    if (at.getTime() <= now.getTime()) return at;
  }
}

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

// ------------------------------------------------------------------ the report

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

// ------------------------------------------------------------------ staff control

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
