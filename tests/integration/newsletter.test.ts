import { rmSync } from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { auditLog, blogPosts, newsletterSends, newsletterSubscribers } from "../../db/schema";
import { NEWSLETTER_RATE_LIMIT, newToken } from "~/newsletter/subscribers.server";
import { defaultTexts } from "~/i18n/defaults";
import type { Lang } from "~/i18n/languages";
import { formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { h1, statusLine, textOf } from "../helpers/html-text";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";

/**
 * Finding 4 of the security review, against the real built server: the 'Stay Informed' form
 * gives one answer whether or not an address is on the list, is limited per visitor address,
 * and stores sign-ups unconfirmed; the confirm and unsubscribe link pages; the Inbox and CSV.
 */

const text = (key: string, lang: Lang = "en") => defaultTexts.get(key)![lang];
const ADMIN = { email: "news-admin@example.test", password: "newsletter admin passphrase" };
const EDITOR = { email: "news-editor@example.test", password: "newsletter editor passphrase", name: "Ed Editor" };
const INTAKE = { email: "news-intake@example.test", password: "newsletter intake passphrase", name: "Ida Intake" };

// Rows written into the database before the server starts, with tokens the test knows.
const KNOWN = {
  confirmed: { email: "confirmed.reader@example.com", language: "en", confirmToken: newToken(), unsubscribeToken: newToken(), confirmedAt: new Date("2026-02-03T18:30:00Z") },
  waiting: { email: "waiting.reader@example.com", language: "en", confirmToken: newToken(), unsubscribeToken: newToken() },
  toConfirm: { email: "to.confirm@example.com", language: "fa", confirmToken: newToken(), unsubscribeToken: newToken() },
  toLeave: { email: "to.leave@example.com", language: "zh", confirmToken: newToken(), unsubscribeToken: newToken(), confirmedAt: new Date("2026-01-01T12:00:00Z") },
};

let dataDir: string;
let site: SiteServer | null = null;
let adminCookie = "";
let smtp: SmtpFake | null = null;

/** A 'Stay Informed' post as a browser without JavaScript sends it, from a given visitor address. */
const subscribe = (fields: Record<string, string>, ip: string, path = "/blog") =>
  formPost(`${site!.url}${path}`, { intent: "subscribe", ...fields }, { headers: { "X-Forwarded-For": ip } });


/** The page without what differs on every render: its CSP nonce (named in the header), wherever it appears. */
async function pageWithoutNonce(response: Response): Promise<string> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  expect(nonce).toBeTruthy();
  return (await response.text()).split(nonce!).join("");
}


beforeAll(async () => {
  dataDir = tempDir("newsletter-");
  const store = await openDataDir(dataDir);
  await createOrPromoteAdmin(store.db, ADMIN, { via: "test" });
  await createOrPromoteAdmin(store.db, EDITOR, { via: "test", role: "editor" });
  await createOrPromoteAdmin(store.db, INTAKE, { via: "test", role: "intake" });
  await store.db.insert(newsletterSubscribers).values(Object.values(KNOWN));
  await store.close();
  site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
  adminCookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the 'Stay Informed' form's single answer", () => {
  it("answers a new address, one awaiting confirmation and a confirmed one alike", async () => {
    const fresh = await subscribe({ email: "  Brand.New@Example.COM " }, "198.51.100.10");
    const again = await subscribe({ email: "brand.new@example.com" }, "198.51.100.11");
    const waiting = await subscribe({ email: KNOWN.waiting.email.toUpperCase() }, "198.51.100.12");
    const confirmed = await subscribe({ email: KNOWN.confirmed.email }, "198.51.100.13");
    const pages = await Promise.all([fresh, again, waiting, confirmed].map(pageWithoutNonce));

    for (const [index, response] of [fresh, again, waiting, confirmed].entries()) {
      expect(response.status, `answer ${index}`).toBe(200);
      expect(statusLine(pages[index]), `answer ${index}`).toBe(text("blog-newsletter-check-inbox"));
    }
    // Not only the same message: the same page, byte for byte but for the CSP nonce.
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).not.toContain(text("blog-newsletter-check-inbox", "fa"));
    expect(pages.join("")).not.toMatch(/already/i);
  });

  it("answers in the page's language", async () => {
    const fa = await subscribe({ email: "farsi.reader@example.com" }, "198.51.100.14", "/fa/blog");
    expect(fa.status).toBe(200);
    expect(statusLine(await fa.text())).toBe(text("blog-newsletter-check-inbox", "fa"));
    const zh = await subscribe({ email: KNOWN.confirmed.email }, "198.51.100.15", "/zh/blog");
    expect(statusLine(await zh.text())).toBe(text("blog-newsletter-check-inbox", "zh"));
  });

  it("gives a bot that fills the hidden field the same answer", async () => {
    const response = await subscribe({ email: "bot.trap@example.com", website: "https://spam.example" }, "198.51.100.16");
    expect(response.status).toBe(200);
    expect(statusLine(await response.text())).toBe(text("blog-newsletter-check-inbox"));
  });

  it("still tells a visitor when the address is not an address", async () => {
    const response = await subscribe({ email: "not-an-address" }, "198.51.100.17");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(text("blog-newsletter-invalid-email"));
  });

  it("refuses a body that is not a form with 415", async () => {
    const response = await fetch(`${site!.url}/blog`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site!.url },
      body: JSON.stringify({ intent: "subscribe", email: "json@example.com" }),
    });
    expect(response.status).toBe(415);
  });
});

describe("the 'Stay Informed' form's limit", () => {
  it(`stores at most ${NEWSLETTER_RATE_LIMIT} sign-ups an hour from one address, even sent all at once`, async () => {
    const burst = Array.from({ length: NEWSLETTER_RATE_LIMIT + 5 }, (_, i) => `burst.${i}@example.com`);
    const answers = await Promise.all(burst.map((email) => subscribe({ email }, "203.0.113.50").then(async (r) => ({ status: r.status, html: await r.text() }))));
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted).toHaveLength(NEWSLETTER_RATE_LIMIT);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(statusLine(answer.html)).toBe(text("blog-newsletter-rate-limited"));
    for (const answer of accepted) expect(statusLine(answer.html)).toBe(text("blog-newsletter-check-inbox"));

    // Known or not, the address is refused once the limit is reached: the limit reveals nothing either.
    const known = await subscribe({ email: KNOWN.confirmed.email }, "203.0.113.50");
    expect(known.status).toBe(429);
    expect(statusLine(await known.text())).toBe(text("blog-newsletter-rate-limited"));

    // Another visitor is not affected.
    const other = await subscribe({ email: "other.visitor@example.com" }, "203.0.113.51");
    expect(other.status).toBe(200);
  });

  it("says so in Farsi on the Farsi page", async () => {
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT; i++) await subscribe({ email: `fa.burst.${i}@example.com` }, "203.0.113.60", "/fa/blog");
    const refused = await subscribe({ email: "fa.one.more@example.com" }, "203.0.113.60", "/fa/blog");
    expect(refused.status).toBe(429);
    expect(statusLine(await refused.text())).toBe(text("blog-newsletter-rate-limited", "fa"));
  });
});

describe("the confirmation link's page", () => {
  const url = (token: string, prefix = "/fa") => `${site!.url}${prefix}/newsletter/confirm?token=${token}`;

  it("shows a button on GET and changes nothing (mail filters open links)", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get(url(KNOWN.toConfirm.confirmToken));
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-robots-tag")).toContain("noindex");
      const html = await response.text();
      expect(html).toMatch(/<html[^>]*\blang="fa"[^>]*\bdir="rtl"|<html[^>]*\bdir="rtl"[^>]*\blang="fa"/);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(h1(html)).toBe(text("newsletter-confirm-title", "fa"));
      expect(html).toMatch(new RegExp(`<form[^>]*method="post"[\\s\\S]*name="token" value="${KNOWN.toConfirm.confirmToken}"`));
      expect(html).toContain(`${text("newsletter-confirm-button", "fa")}</button>`);
      // In the site's layout: its header and footer are there.
      expect(html).toContain("<header");
      expect(html).toContain("<footer");
    }
  });

  it("confirms on POST, and a second confirmation is harmless", async () => {
    const first = await formPost(url(KNOWN.toConfirm.confirmToken), { token: KNOWN.toConfirm.confirmToken });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toContain("no-store");
    const html = await first.text();
    expect(h1(html)).toBe(text("newsletter-confirmed-title", "fa"));
    expect(html).toContain(text("newsletter-confirmed-text", "fa"));
    expect(html).not.toContain(`${text("newsletter-confirm-button", "fa")}</button>`);

    const second = await formPost(url(KNOWN.toConfirm.confirmToken), { token: KNOWN.toConfirm.confirmToken });
    expect(second.status).toBe(200);
    expect(h1(await second.text())).toBe(text("newsletter-confirmed-title", "fa"));
    // Opening the link again says it is confirmed, without a button.
    const later = await get(url(KNOWN.toConfirm.confirmToken, ""));
    expect(h1(await later.text())).toBe(text("newsletter-confirmed-title", "en"));
  });

  it("says clearly that an unknown, malformed or missing token is not valid", async () => {
    for (const [address, lang] of [
      [url(newToken(), "/zh"), "zh"],
      [url("short", ""), "en"],
      [`${site!.url}/newsletter/confirm`, "en"],
    ] as const) {
      const response = await get(address);
      expect(response.status, address).toBe(404);
      expect(response.headers.get("cache-control"), address).toBe("no-store");
      expect(h1(await response.text()), address).toBe(text("newsletter-link-invalid-title", lang));
    }
    const post = await formPost(url(newToken(), ""), { token: newToken() });
    expect(post.status).toBe(404);
    expect(h1(await post.text())).toBe(text("newsletter-link-invalid-title"));
  });

  it("is never kept in the public page cache", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await get(`${site!.url}/newsletter/confirm`);
      expect(response.headers.get("x-cache")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("refuses a body that is not a form with 415", async () => {
    const response = await fetch(url(KNOWN.toConfirm.confirmToken), {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: site!.url },
      body: `token=${KNOWN.toConfirm.confirmToken}`,
    });
    expect(response.status).toBe(415);
  });
});

describe("the unsubscribe link's page", () => {
  const url = (token: string) => `${site!.url}/zh/newsletter/unsubscribe?token=${token}`;

  it("shows a button on GET, unsubscribes on POST, and then no longer knows the link", async () => {
    const page = await get(url(KNOWN.toLeave.unsubscribeToken));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toMatch(/<html[^>]*\blang="zh"/);
    expect(h1(html)).toBe(text("newsletter-unsubscribe-title", "zh"));
    expect(html).toContain(`${text("newsletter-unsubscribe-button", "zh")}</button>`);

    const done = await formPost(url(KNOWN.toLeave.unsubscribeToken), { token: KNOWN.toLeave.unsubscribeToken });
    expect(done.status).toBe(200);
    expect(h1(await done.text())).toBe(text("newsletter-unsubscribed-title", "zh"));

    const again = await formPost(url(KNOWN.toLeave.unsubscribeToken), { token: KNOWN.toLeave.unsubscribeToken });
    expect(again.status).toBe(404);
    expect(h1(await again.text())).toBe(text("newsletter-link-invalid-title", "zh"));
  });

  it("is not in the sitemap", async () => {
    const sitemap = await (await get(`${site!.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("<urlset");
    expect(sitemap).not.toContain("newsletter");
  });
});

describe("the admin Inbox and its CSV", () => {
  const rowOf = (html: string, email: string) => html.split("<tr").find((row) => row.includes(email)) ?? "";

  it("shows who confirmed and who awaits confirmation, and why nobody is asked yet", async () => {
    const response = await get(`${site!.url}/admin/dashboard/inbox`, adminCookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(rowOf(html, KNOWN.confirmed.email))).toContain("Confirmed");
    expect(textOf(rowOf(html, KNOWN.waiting.email))).toContain("Awaiting confirmation");
    expect(textOf(rowOf(html, "brand.new@example.com"))).toContain("Awaiting confirmation");
    expect(textOf(rowOf(html, KNOWN.toConfirm.email))).toContain("Confirmed");
    expect(rowOf(html, KNOWN.toLeave.email)).toBe("");
    expect(textOf(html)).toContain("Confirmation mails are not sent until outgoing mail is configured (SMTP_URL and MAIL_FROM)");
  });

  it("exports only confirmed subscribers, with the time they confirmed", async () => {
    const response = await get(`${site!.url}/admin/dashboard/inbox/export/subscribers`, adminCookie);
    expect(response.status).toBe(200);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Email,Language,Subscribed (Vancouver time),Confirmed (Vancouver time)");
    const emails = lines.slice(1).map((line) => line.split(",")[0]);
    expect(emails.sort()).toEqual([KNOWN.confirmed.email, KNOWN.toConfirm.email].sort());
    // 18:30 UTC on 3 February is 10:30 in Vancouver (PST).
    expect(lines.find((line) => line.startsWith(KNOWN.confirmed.email))?.split(",")[3]).toBe("2026-02-03 10:30");
  });
});

describe("what was stored", () => {
  it("stores each sign-up once, unconfirmed, with its language and tokens of its own; nothing for refused ones", async () => {
    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const rows = await store.db.select().from(newsletterSubscribers);
      const byEmail = new Map(rows.map((row) => [row.email, row]));
      const fresh = byEmail.get("brand.new@example.com")!;
      expect(fresh).toMatchObject({ language: "en", confirmedAt: null });
      expect(fresh.confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fresh.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fresh.confirmToken).not.toBe(fresh.unsubscribeToken);
      expect(byEmail.get("farsi.reader@example.com")).toMatchObject({ language: "fa", confirmedAt: null });
      // The known addresses are untouched by their second sign-up.
      expect(byEmail.get(KNOWN.waiting.email)).toMatchObject({ confirmedAt: null, confirmToken: KNOWN.waiting.confirmToken });
      expect(byEmail.get(KNOWN.confirmed.email)?.confirmedAt?.toISOString()).toBe(KNOWN.confirmed.confirmedAt.toISOString());
      // Confirmed through the page, once.
      expect(byEmail.get(KNOWN.toConfirm.email)?.confirmedAt).toBeInstanceOf(Date);
      // Unsubscribed: gone.
      expect(byEmail.has(KNOWN.toLeave.email)).toBe(false);
      // Refused (the limit) and trapped (the honeypot) sign-ups left nothing behind.
      const burst = rows.filter((row) => row.email.startsWith("burst."));
      expect(burst).toHaveLength(NEWSLETTER_RATE_LIMIT);
      expect(byEmail.has("fa.one.more@example.com")).toBe(false);
      expect(byEmail.has("bot.trap@example.com")).toBe(false);
      expect(await store.db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, ["json@example.com", "not-an-address"]))).toEqual([]);
      expect(await store.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "Brand.New@Example.COM"))).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("drops the Inbox's mail note once outgoing mail is configured", async () => {
    smtp = await startSmtpFake();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", SMTP_URL: smtp.url, MAIL_FROM: "news@example.test", MAIL_RATE_PER_MINUTE: "6000" });
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const html = textOf(await (await get(`${site.url}/admin/dashboard/inbox`, cookie)).text());
    expect(html).toContain("Awaiting confirmation");
    expect(html).not.toContain("Confirmation mails are not sent");
  });
});

// On the server started above with a mail server (a real SMTP peer on 127.0.0.1): one server for both.
describe("a post's mail: preview and a test to oneself (decision 0108)", () => {
  const cookies = { admin: "", editor: "", intake: "" };
  let postUrl = "";
  const POST = { title: "Tenancy notices", slug: "tenancy-notices", author: "The firm", publishedAt: "2026-11-20", excerpt: "What a notice must say.", content: "A notice must be in writing." };
  const FARSI = { titleFa: "اخطار اجاره", excerptFa: "آنچه اخطار باید بگوید.", contentFa: "اخطار باید کتبی باشد." };

  it("previews each language's mail without sending; a test goes to the person's own address only, audited, never to a subscriber", async () => {
    cookies.admin = await signInHttp(site!.url, ADMIN.email, ADMIN.password);
    cookies.editor = await signInHttp(site!.url, EDITOR.email, EDITOR.password);
    cookies.intake = await signInHttp(site!.url, INTAKE.email, INTAKE.password);
    // A draft with its English and Farsi versions (no Chinese yet): nothing is public, nothing claimed.
    const created = await formPost(`${site!.url}/admin/dashboard/blog/new`, { intent: "save", ...POST, ...FARSI }, { cookie: cookies.admin });
    expect(created.status, await created.clone().text()).toBe(302);
    postUrl = new URL(created.headers.get("location")!, site!.url).href;
    const mailsBefore = smtp!.received.length;

    const preview = await formPost(`${postUrl}.data`, { intent: "mail-preview" }, { cookie: cookies.editor });
    expect(preview.status).toBe(200);
    const body = await preview.text();
    // The mails as the send job composes them: the Farsi subject and the Farsi article, the English ones.
    expect(body).toContain(text("newsletter-mail-post-subject", "fa").replace("{title}", FARSI.titleFa));
    expect(body).toContain(text("newsletter-mail-post-subject").replace("{title}", POST.title));
    expect(body).toContain(FARSI.excerptFa);
    expect(body).toContain("/fa/blog/tenancy-notices");
    // The Chinese subscribers wait for their version (the firm's default): no Chinese frame around English text.
    expect(body).not.toContain(text("newsletter-mail-post-subject", "zh").replace("{title}", POST.title));
    expect(body).not.toContain(text("newsletter-mail-test-note"));

    // Intake (no posts) may neither preview nor test: 403 and no mail.
    const refusedPreview = await formPost(`${postUrl}.data`, { intent: "mail-preview" }, { cookie: cookies.intake });
    expect(refusedPreview.status).toBe(403);
    const refusedTest = await formPost(`${postUrl}.data`, { intent: "mail-test", language: "fa" }, { cookie: cookies.intake });
    expect(refusedTest.status).toBe(403);
    // A language without its version, or no language at all: a sentence, nothing queued.
    const chinese = await formPost(`${postUrl}.data`, { intent: "mail-test", language: "zh" }, { cookie: cookies.editor });
    expect(chinese.status).toBe(400);
    expect(await chinese.text()).toContain("There is no Chinese mail to test");
    expect((await formPost(`${postUrl}.data`, { intent: "mail-test", language: "de" }, { cookie: cookies.editor })).status).toBe(400);

    const sent = await formPost(`${postUrl}.data`, { intent: "mail-test", language: "fa" }, { cookie: cookies.editor });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(await sent.text()).toContain(EDITOR.email);
    const [mail] = (await smtp!.waitFor(mailsBefore + 1)).slice(mailsBefore);
    expect(mail.rcptTo).toEqual([EDITOR.email]);
    expect(mail.header("Subject")).toBe(text("newsletter-mail-post-subject", "fa").replace("{title}", FARSI.titleFa));
    expect(mail.text.startsWith(text("newsletter-mail-test-note", "fa"))).toBe(true);
    expect(mail.text).toContain(FARSI.excerptFa);
    expect(mail.header("List-Unsubscribe")).toBeUndefined();
    // No subscriber hears of a test (the claims are checked below).
    expect(smtp!.received.slice(mailsBefore).map((m) => m.rcptTo.join())).toEqual([EDITOR.email]);
  });

  it("New Post's switch: off, the published post mails no one; on (the default), its subscribers get it", async () => {
    const newPost = (fields: Record<string, string>) => formPost(`${site!.url}/admin/dashboard/blog/new`, { intent: "save", author: "The firm", publishedAt: "2026-11-21", excerpt: "Short.", content: "Body.", published: "on", ...fields }, { cookie: cookies.admin });
    const bad = await newPost({ title: "Switch unclear", slug: "switch-unclear", sendNewsletter: "maybe" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Mail this post to subscribers: choose on or off.");
    expect((await newPost({ title: "Switched off post", slug: "switched-off-post", sendNewsletter: "off", titleFa: "نوشته خاموش", contentFa: "متن." })).status).toBe(302);
    const before = smtp!.received.length;
    expect((await newPost({ title: "Switched on post", slug: "switched-on-post" })).status).toBe(302);
    // The English subscriber gets the second post; the first one reached no one in any language.
    await smtp!.waitFor(before + 1);
    const subjects = smtp!.received.map((m) => m.header("Subject") ?? "");
    expect(subjects).toContain(text("newsletter-mail-post-subject").replace("{title}", "Switched on post"));
    expect(subjects.filter((subject) => subject.includes("Switched off post") || subject.includes("نوشته خاموش"))).toEqual([]);
    // Published all the same; the New Post page offers the switch.
    expect((await get(`${site!.url}/blog/switched-off-post`)).status).toBe(200);
    expect(await (await get(`${site!.url}/admin/dashboard/blog/new`, cookies.admin)).text()).toContain("Mail this post to subscribers when published");
  });

  it("stores no claim for a test and records who asked for it", async () => {
    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const [post] = await store.db.select().from(blogPosts).where(eq(blogPosts.slug, "tenancy-notices"));
      expect(post.newsletterClaimedAt).toBeNull();
      expect(await store.db.select().from(newsletterSends).where(eq(newsletterSends.postId, post.id))).toEqual([]);
      // New Post's switch is stored with the post, and the one switched off was claimed for no language.
      const [off] = await store.db.select().from(blogPosts).where(eq(blogPosts.slug, "switched-off-post"));
      expect(off).toMatchObject({ published: true, sendNewsletter: false, newsletterClaimedAt: null });
      expect(await store.db.select().from(newsletterSends).where(eq(newsletterSends.postId, off.id))).toEqual([]);
      expect(await store.db.select().from(blogPosts).where(eq(blogPosts.slug, "switch-unclear"))).toEqual([]);
      const [on] = await store.db.select().from(blogPosts).where(eq(blogPosts.slug, "switched-on-post"));
      expect(on.sendNewsletter).toBe(true);
      expect((await store.db.select().from(newsletterSends).where(eq(newsletterSends.postId, on.id))).map((claim) => claim.language)).toEqual(["en"]);
      const entries = await store.db.select().from(auditLog).where(eq(auditLog.action, "newsletter_test"));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ entity: "blog_post", entityId: String(post.id), details: { language: "fa" } });
    } finally {
      await store.close();
    }
  });
});
