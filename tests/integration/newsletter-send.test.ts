/**
 * The newsletter's sending (decision 0081), in process against a real SMTP peer on 127.0.0.1 and
 * the job runner on the test database: a published post reaches each confirmed subscriber once, in
 * their language, with both unsubscribe headers; re-publishing sends nothing; a crash mid-send
 * resumes without a second copy; two instances send once; three posts refused with 550 mark an
 * address bouncing; the switch off sends nothing; the weekly digest goes at its hour; contact
 * notifications are not held up by a paced send. Runs on PGlite (and PostgreSQL when DATABASE_URL is set).
 */
import { and, eq, inArray } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, contactSubmissions, jobItems, jobs, newsletterSends, newsletterSettings, newsletterSubscribers, users } from "../../db/schema";
import { seedDatabase } from "../../server/seed";
import { createLogger } from "../../core/log";
import { manualClock } from "../../core/clock";
import { parseEnv, type Config } from "../../core/config";
import { TextStore } from "~/content/texts.server";
import { JobRunner } from "~/jobs/runner.server";
import { defaultTexts } from "~/i18n/defaults";
import type { Lang } from "~/i18n/languages";
import { newsletterReport } from "~/newsletter/report.server";
import { newsletterSendJob, BOUNCE_LIMIT } from "~/newsletter/send-job.server";
import { saveNewsletterSettings } from "~/newsletter/settings.server";
import { setSendNewsletter } from "~/newsletter/post-claim.server";
import { sweepNewsletter } from "~/newsletter/digest.server";
import { htmlText as escapeHtml } from "../../core/mail";
import { saveCheckedPost, postToFormValues, findPost } from "~/blog/manage.server";
import { validatePostForm } from "~/blog/post-schema";
import { newToken, unsubscribe } from "~/newsletter/subscribers.server";
import { contactNotify, queueContactNotification } from "~/contact/notify.server";
import { ScheduledPublisher } from "~/blog/schedule.server";
import { startSmtpFake, type ReceivedMail, type SmtpFake } from "../fakes/smtp";
import { openTestDatabase } from "../helpers/db";

const log = createLogger("silent");
const user = { id: "admin-news", email: "admin@example.com", name: "Admin" };
const text = (key: string, lang: Lang = "en") => defaultTexts.get(key)![lang];
const SITE = "https://firm.example";

let test: Awaited<ReturnType<typeof openTestDatabase>>;
let smtp: SmtpFake;
let texts: TextStore;
let config: Config;
const runners: JobRunner[] = [];
const db = () => test.database.db;

function runner(rate = 6000, options: { leaseMs?: number } = {}) {
  const deps = { db: db(), config: { ...config, MAIL_RATE_PER_MINUTE: rate }, log, texts };
  const r = new JobRunner({ database: test.database, db: db(), events: { emit: async () => {} }, log }, { leaseMs: options.leaseMs ?? 2000, pollMs: 50, backoffMs: 50 });
  r.register(newsletterSendJob.kind(deps), contactNotify.kind({ ...deps, config: { ...deps.config, CONTACT_NOTIFY_TO: "office@firm.example" } } as never));
  runners.push(r);
  return r;
}

let serial = 0;
async function subscriber(email: string, language: Lang, confirmed = true) {
  const [row] = await db()
    .insert(newsletterSubscribers)
    .values({ email, language, confirmToken: newToken(), unsubscribeToken: newToken(), confirmedAt: confirmed ? new Date() : null })
    .returning();
  return row;
}
async function draft(values: Partial<typeof blogPosts.$inferInsert> = {}) {
  const n = ++serial;
  const [row] = await db()
    .insert(blogPosts)
    .values({ title: `Post ${n} <b>&</b>`, slug: `news-${n}`, excerpt: `Excerpt ${n}`, content: "Body", author: "Firm", published: false, publishedAt: "2027-03-10", ...values })
    .returning();
  return row;
}
/** The editor's save with the Published switch on or off. */
async function setPublished(id: number, published: boolean) {
  const post = (await findPost(db(), id))!;
  const checked = validatePostForm({ ...postToFormValues(post), published } as never);
  if (!checked.success) throw new Error(JSON.stringify(checked.errors));
  const result = await saveCheckedPost({ db: db(), events: { emit: async () => {} } }, user, id, checked.data);
  if (!result.ok) throw new Error(result.message);
}
/** The editor's save of a public post with some fields changed (a person with the sign-off: published in place). */
async function saveWith(id: number, changes: Record<string, string>) {
  const post = (await findPost(db(), id))!;
  const checked = validatePostForm({ ...postToFormValues(post), ...changes } as never);
  if (!checked.success) throw new Error(JSON.stringify(checked.errors));
  const result = await saveCheckedPost({ db: db(), events: { emit: async () => {} } }, user, id, checked.data);
  if (!result.ok) throw new Error(result.message);
}
const mailsTo = (address: string): ReceivedMail[] => smtp.received.filter((m) => m.rcptTo.includes(address));
async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(25);
  }
}
/** The send job of a post's mail in one language (null while none is queued; 0 when nobody was to be mailed). */
const jobOf = async (postId: number, language: Lang = "en") =>
  (await db().select({ jobId: newsletterSends.jobId }).from(newsletterSends).where(and(eq(newsletterSends.postId, postId), eq(newsletterSends.language, language))))[0]?.jobId ?? null;
/** The newsletter jobs ever queued, and whether any is still to run (queued or running). */
async function sendJobs() {
  const rows = await db().select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.kind, newsletterSendJob.name));
  return { count: rows.length, open: rows.filter((row) => row.status === "queued" || row.status === "running").length };
}
async function jobDone(postId: number, language: Lang = "en") {
  await until(async () => {
    const id = await jobOf(postId, language);
    if (id === null) return false;
    const [job] = await db().select().from(jobs).where(eq(jobs.id, id));
    return job.status === "done";
  });
}

beforeAll(async () => {
  test = await openTestDatabase();
  await seedDatabase(db(), { demo: false });
  await db().insert(users).values(user);
  smtp = await startSmtpFake();
  texts = new TextStore(db());
  config = { ...parseEnv({ SITE_URL: SITE, SMTP_URL: smtp.url, MAIL_FROM: "Firm <news@firm.example>" }), SITE_URL: SITE } as unknown as Config;
});
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
  // Every test starts from an empty list and its own pace.
  await db().delete(newsletterSubscribers);
  await db().update(newsletterSettings).set({ paceNextAt: null, untranslated: "wait" });
  smtp.received.length = 0;
});
afterAll(async () => {
  await smtp?.stop();
  await test?.drop();
});

describe("the newsletter's sending", () => {
  it("mails each confirmed subscriber once in their language with both headers, a language only once its version is published; unconfirmed and unsubscribed get none; re-publishing sends nothing", async () => {
    await subscriber("en@example.com", "en");
    await subscriber("fa@example.com", "fa");
    await subscriber("zh@example.com", "zh");
    await subscriber("waiting@example.com", "en", false);
    const leaving = await subscriber("left@example.com", "en");
    expect(await unsubscribe(db(), leaving.unsubscribeToken)).toBe("unsubscribed");
    // Farsi version present, Chinese missing: the Chinese reader waits for it (decision 0098), never an English text in a Chinese mail.
    const post = await draft({ titleFa: "مقاله <تازه>", excerptFa: "خلاصه", contentFa: "متن" });
    const r = runner();
    await r.start();
    await setPublished(post.id, true);
    await jobDone(post.id);
    await jobDone(post.id, "fa");
    expect(smtp.received.map((m) => m.rcptTo[0]).sort()).toEqual(["en@example.com", "fa@example.com"]);
    expect((await newsletterReport(db(), post.id))?.waitingForTranslation).toEqual(["zh"]);

    // The Chinese version published (the editor's save of the live post): the Chinese reader gets the Chinese mail, once.
    await saveWith(post.id, { titleZh: "新文章 <b>&</b>", excerptZh: "摘要", contentZh: "正文" });
    await jobDone(post.id, "zh");
    expect(smtp.received.map((m) => m.rcptTo[0]).sort()).toEqual(["en@example.com", "fa@example.com", "zh@example.com"]);
    const fa = mailsTo("fa@example.com")[0];
    expect(fa.header("Subject")).toBe(text("newsletter-mail-post-subject", "fa").replace("{title}", "مقاله <تازه>"));
    expect(fa.text).toContain(`${SITE}/fa/blog/${post.slug}`);
    expect(fa.text).toContain(text("newsletter-mail-footer-reason", "fa"));
    const faHtml = fa.part("text/html")!.text;
    expect(faHtml).toContain("مقاله &lt;تازه&gt;");
    expect(faHtml).not.toContain("<تازه>");
    const [faRow] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "fa@example.com"));
    expect(fa.header("List-Unsubscribe")).toBe(`<${SITE}/newsletter/one-click?token=${faRow.unsubscribeToken}>`);
    expect(fa.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(fa.text).toContain(`${SITE}/fa/newsletter/unsubscribe?token=${faRow.unsubscribeToken}`);

    const zh = mailsTo("zh@example.com")[0];
    expect(zh.header("Subject")).toBe(text("newsletter-mail-post-subject", "zh").replace("{title}", "新文章 <b>&</b>"));
    expect(zh.text).toContain(`${SITE}/zh/blog/${post.slug}`);
    expect(zh.text).not.toContain(post.title);
    // The firm's name and address in the footer (CASL), HTML-escaped where they are interpolated.
    const zhHtml = zh.part("text/html")!.text;
    expect(zhHtml).toContain(escapeHtml("新文章 <b>&</b>"));
    expect(zhHtml).not.toContain("<b>&</b>");
    expect(zhHtml).toContain(escapeHtml(text("footer-address", "zh")));
    expect(zh.text).toContain(text("firm-name", "zh"));

    const report = await newsletterReport(db(), post.id);
    expect(report).toMatchObject({ recipients: 3, sent: 3, queued: 0, failed: 0, unsubscribedSince: 0, waitingForTranslation: [] });

    // Unpublish, publish again, edit the Chinese text: nothing more. The hook runs in the save's transaction, so
    // once the save returns its job would exist: there is none, and nothing is left to run.
    const before = await sendJobs();
    await setPublished(post.id, false);
    await setPublished(post.id, true);
    await saveWith(post.id, { contentZh: "正文，修订" });
    expect(await sendJobs()).toEqual({ count: before.count, open: 0 });
    expect(smtp.received).toHaveLength(3);
    // A recipient who leaves later shows in the report.
    await unsubscribe(db(), faRow.unsubscribeToken);
    expect((await newsletterReport(db(), post.id))?.unsubscribedSince).toBe(1);
  });

  it("under the firm's English setting, a Farsi reader gets the English mail at once with one line in Farsi, and nothing more when the Farsi version is published", async () => {
    await subscriber("en2@example.com", "en");
    await subscriber("fa2@example.com", "fa");
    await saveNewsletterSettings(db(), { mode: "each", digestWeekday: 1, digestHour: 9, untranslated: "english" }, new Date(), user);
    const post = await draft({ title: "Tenancy news" });
    const r = runner();
    await r.start();
    await setPublished(post.id, true);
    await jobDone(post.id);
    await jobDone(post.id, "fa");
    const fa = mailsTo("fa2@example.com");
    expect(fa).toHaveLength(1);
    // The English mail (English subject, intro and link), its first line in Farsi, tagged as Farsi.
    expect(fa[0].header("Subject")).toBe(text("newsletter-mail-post-subject").replace("{title}", "Tenancy news"));
    expect(fa[0].text.split(/\r?\n/)[0]).toBe(text("newsletter-mail-translation-notice", "fa"));
    expect(fa[0].text).toContain(text("newsletter-mail-post-intro"));
    expect(fa[0].text).toContain(`${SITE}/blog/${post.slug}`);
    expect(fa[0].text).not.toContain(text("newsletter-mail-post-intro", "fa"));
    const html = fa[0].part("text/html")!.text;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(`lang="fa" dir="rtl">${escapeHtml(text("newsletter-mail-translation-notice", "fa"))}`);
    expect(mailsTo("en2@example.com")[0].text).not.toContain(text("newsletter-mail-translation-notice", "en"));
    // Its Farsi version published later: claimed already (post x Farsi), so no second mail and no job.
    const before = await sendJobs();
    await saveWith(post.id, { titleFa: "خبر اجاره", contentFa: "متن" });
    expect(await sendJobs()).toEqual({ count: before.count, open: 0 });
    expect(mailsTo("fa2@example.com")).toHaveLength(1);
    expect((await newsletterReport(db(), post.id))?.languages).toEqual([
      { language: "en", english: false },
      { language: "fa", english: true },
      { language: "zh", english: true },
    ]);
  });

  it("sends nothing for a post whose switch is off", async () => {
    await subscriber("reader@example.com", "en");
    const post = await draft({ sendNewsletter: false });
    const r = runner();
    await r.start();
    const before = await sendJobs();
    await setPublished(post.id, true);
    // Published (the hook has run in the save's transaction), unclaimed, and no job queued for it.
    expect(await findPost(db(), post.id)).toMatchObject({ published: true, newsletterClaimedAt: null });
    expect(await db().select().from(newsletterSends).where(eq(newsletterSends.postId, post.id))).toEqual([]);
    expect(await sendJobs()).toEqual({ count: before.count, open: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(await newsletterReport(db(), post.id)).toBeNull();
    // Off means never (decision 0108): the switch no longer turns on, and neither a Farsi version published later nor a re-publish mails anyone.
    expect(await setSendNewsletter(db(), post.id, true)).toBe("published");
    expect((await findPost(db(), post.id))?.sendNewsletter).toBe(false);
    await saveWith(post.id, { titleFa: "عنوان", contentFa: "متن" });
    await setPublished(post.id, false);
    await setPublished(post.id, true);
    expect(await findPost(db(), post.id)).toMatchObject({ published: true, titleFa: "عنوان", newsletterClaimedAt: null });
    expect(await db().select().from(newsletterSends).where(eq(newsletterSends.postId, post.id))).toEqual([]);
    expect(await sendJobs()).toEqual({ count: before.count, open: 0 });
  });

  it("the editor's switch changes until the post is claimed, then refuses and changes nothing", async () => {
    await subscriber("switch@example.com", "en");
    const post = await draft();
    expect(await setSendNewsletter(db(), post.id, false)).toBe("ok");
    expect(await setSendNewsletter(db(), post.id, true)).toBe("ok");
    const r = runner();
    await r.start();
    await setPublished(post.id, true);
    await jobDone(post.id);
    expect(await setSendNewsletter(db(), post.id, false)).toBe("claimed");
    expect((await findPost(db(), post.id))?.sendNewsletter).toBe(true);
    expect(await setSendNewsletter(db(), 999_999, true)).toBe("missing");
  });

  it("resumes after a crash mid-send without sending anyone a second copy", async () => {
    for (let i = 0; i < 8; i++) await subscriber(`crash${i}@example.com`, "en");
    const post = await draft();
    // 600 a minute: one mail every 100 ms, so the crash lands mid-send.
    const first = runner(600, { leaseMs: 400 });
    await first.start();
    await setPublished(post.id, true);
    await until(() => smtp.received.length >= 3);
    // A crash: the lease is neither renewed nor handed back, the item in flight is cut off.
    const dying = first as unknown as { renew: () => Promise<void>; handBack: () => Promise<void> };
    dying.renew = async () => {};
    dying.handBack = async () => {};
    await first.stop();
    const atCrash = smtp.received.length;
    expect(atCrash).toBeLessThan(8);
    const second = runner(600, { leaseMs: 400 });
    await second.start();
    await jobDone(post.id);
    const addresses = smtp.received.map((m) => m.rcptTo[0]);
    expect(new Set(addresses).size).toBe(addresses.length);
    const report = (await newsletterReport(db(), post.id))!;
    expect(report.sent + report.notSent).toBe(8);
    // The item in flight at the crash is not sent again (it may have gone out before the crash:
    // then it counts as not sent though received); every other address got its mail.
    expect(report.notSent).toBeLessThanOrEqual(1);
    expect(report.sent).toBeGreaterThanOrEqual(7);
    expect(addresses.length).toBeGreaterThanOrEqual(report.sent);
  });

  it("with the mail server down, the mails wait (the report shows them queued) and go out once it is back", async () => {
    for (let i = 0; i < 3; i++) await subscriber(`down${i}@example.com`, "en");
    const post = await draft();
    await smtp.stop();
    const r = runner();
    await r.start();
    await setPublished(post.id, true);
    // The runner has tried the first mail and failed (the item keeps the error and waits).
    await until(async () => {
      const id = await jobOf(post.id);
      return id !== null && (await db().select({ error: jobItems.error }).from(jobItems).where(eq(jobItems.jobId, id))).some((item) => item.error !== null);
    });
    expect(await newsletterReport(db(), post.id)).toMatchObject({ queued: 3, sent: 0, failed: 0 });
    await smtp.start();
    await jobDone(post.id);
    expect(smtp.received.map((m) => m.rcptTo[0]).sort()).toEqual(["down0@example.com", "down1@example.com", "down2@example.com"]);
    expect(await newsletterReport(db(), post.id)).toMatchObject({ queued: 0, sent: 3, failed: 0 });
  });

  it("two instances send each mail once", async () => {
    for (let i = 0; i < 10; i++) await subscriber(`two${i}@example.com`, "en");
    const post = await draft();
    const a = runner();
    const b = runner();
    await a.start();
    await b.start();
    await setPublished(post.id, true);
    await jobDone(post.id);
    const addresses = smtp.received.map((m) => m.rcptTo[0]).sort();
    expect(addresses).toEqual(Array.from({ length: 10 }, (_, i) => `two${i}@example.com`).sort());
  });

  it("marks an address bouncing after 3 posts refused with 550, and mails it no more", async () => {
    const bad = await subscriber("gone@example.com", "en");
    const r = runner();
    await r.start();
    for (let n = 1; n <= BOUNCE_LIMIT; n++) {
      smtp.refuseNext(1, 550);
      const post = await draft();
      await setPublished(post.id, true);
      await jobDone(post.id);
      expect((await newsletterReport(db(), post.id))?.failed).toBe(1);
      const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, bad.id));
      expect(row.bounceCount).toBe(n);
      expect(row.bouncingAt !== null).toBe(n === BOUNCE_LIMIT);
    }
    const attempts = smtp.attempts;
    const post = await draft();
    await setPublished(post.id, true);
    // Claimed in the save's transaction with no one to mail (job 0: "went to no one"), and no job left to run.
    expect(await jobOf(post.id)).toBe(0);
    expect((await sendJobs()).open).toBe(0);
    expect(smtp.attempts).toBe(attempts);
    expect(smtp.received).toHaveLength(0);
  });

  it("in weekly mode sends one digest of the week's posts at the set hour (Vancouver time)", async () => {
    await subscriber("weekly@example.com", "en");
    // Mondays at 09:00 Vancouver: 16:00 UTC in daylight time (both rule sets agree in June).
    const clock = manualClock(new Date("2027-06-09T12:00:00Z")); // a Wednesday
    await saveNewsletterSettings(db(), { mode: "weekly", digestWeekday: 1, digestHour: 9, untranslated: "wait" }, clock.now());
    const r = runner();
    await r.start();
    const first = await draft();
    const second = await draft();
    await setPublished(first.id, true);
    await setPublished(second.id, true);
    expect(await sweepNewsletter(db(), clock.now())).toBeNull();
    clock.set("2027-06-14T15:59:00Z"); // Monday 08:59 Vancouver
    expect(await sweepNewsletter(db(), clock.now())).toBeNull();
    expect((await newsletterReport(db(), first.id))?.waitingForDigest).toBe(true);
    clock.set("2027-06-14T16:00:30Z");
    const jobId = await sweepNewsletter(db(), clock.now());
    expect(jobId).not.toBeNull();
    // A second instance's sweep of the same slot queues nothing.
    expect(await sweepNewsletter(db(), clock.now())).toBeNull();
    await jobDone(first.id);
    expect(await jobOf(second.id)).toBe(jobId);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.header("Subject")).toBe(text("newsletter-mail-digest-subject").replace("{firm}", text("firm-name")));
    expect(mail.text).toContain(`${SITE}/blog/${first.slug}`);
    expect(mail.text).toContain(`${SITE}/blog/${second.slug}`);
    await saveNewsletterSettings(db(), { mode: "each", digestWeekday: 1, digestHour: 9, untranslated: "wait" }, clock.now());
  });

  it("the scheduled publish mails the post too, once", async () => {
    await subscriber("scheduled@example.com", "en");
    const clock = manualClock(new Date("2027-03-10T12:00:00Z"));
    const post = await draft({ publishAt: new Date("2027-03-10T11:00:00Z") });
    const r = runner();
    await r.start();
    const publisher = new ScheduledPublisher({ db: db(), events: { emit: async () => {} }, clock, config, log });
    publisher.start();
    await until(async () => (await jobOf(post.id)) !== null);
    await publisher.stop();
    await jobDone(post.id);
    expect(mailsTo("scheduled@example.com")).toHaveLength(1);
  });

  it("a paced send of many does not delay a contact notification", async () => {
    for (let i = 0; i < 20; i++) await subscriber(`many${i}@example.com`, "en");
    const post = await draft();
    // 2 a minute: the 20 mails would take 10 minutes.
    const r = runner(2);
    await r.start();
    await setPublished(post.id, true);
    await until(() => smtp.received.length >= 1);
    const [message] = await db().insert(contactSubmissions).values({ name: "Client", email: "client@example.com", message: "Please call me", notifyStatus: "queued" }).returning();
    const asked = Date.now();
    await db().transaction((tx) => queueContactNotification(tx, message.id));
    await until(() => mailsTo("office@firm.example").length === 1, 10_000);
    expect(Date.now() - asked).toBeLessThan(5_000);
    // The newsletter is still being paced: one of 20 out.
    expect(smtp.received.filter((m) => m.rcptTo[0].startsWith("many"))).toHaveLength(1);
    expect((await newsletterReport(db(), post.id))?.queued).toBeGreaterThanOrEqual(18);
    // Stopping hands the job back; clean up so the next test file starts clear.
    await r.stop();
    await db().update(jobs).set({ status: "cancelled" }).where(and(eq(jobs.kind, "newsletter-send"), inArray(jobs.status, ["queued", "running"])));
  });
});
