import { rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../db/client";
import { demoPosts } from "../../db/demo";
import { blogPosts, newsletterSubscribers } from "../../db/schema";
import { PUBLIC_PAGES } from "../../app/routes";
import { defaultTexts } from "~/i18n/defaults";
import { localizePath, type Lang } from "~/i18n/languages";
import { subscriberLinks } from "~/newsletter/subscribers.server";
import { expectNoAxeViolations, expectNoFrameworkScript, withBrowser, openPage } from "../helpers/browser";
import { startSite, tempDir } from "../helpers/server";

const baseUrl = inject("baseUrl");
const LANGS = ["en", "fa", "zh"] as const;
const text = (key: string, lang: Lang) => defaultTexts.get(key)![lang];
const FIRM = (lang: Lang) => text("firm-name", lang);

/** The demo posts as visitors must see them: newest first. */
const demoNewestFirst = [...demoPosts].sort((a, b) => String(b.publishedAt).localeCompare(String(a.publishedAt)));
const demoTitle = (post: (typeof demoPosts)[number], lang: Lang) => (lang === "fa" ? post.titleFa : lang === "zh" ? post.titleZh : post.title)!;

let browser: Browser;
withBrowser((launched) => (browser = launched));

const open = (url: string, options?: Parameters<typeof openPage>[2]) => openPage(browser, url.startsWith("http") ? url : `${baseUrl}${url}`, options);

/** A fresh address for each subscription test, typed the way a visitor might. */
const uniqueEmail = (tag: string) => `Reader.${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@Example.com`;

describe("blog list", () => {
  it.each(LANGS)("shows the published demo posts newest first, featured card then 'Recent Articles' (%s)", async (lang) => {
    const { page, errors, status } = await open(localizePath("/blog", lang));
    expect(status).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(await page.getAttribute("html", "dir")).toBe(lang === "fa" ? "rtl" : "ltr");
    expect(await page.locator("h1").textContent()).toBe(text("blog-hero-title", lang));
    await expect.poll(() => page.getByRole("note").textContent()).toBe(text("blog-disclaimer-banner", lang));

    // Featured: the newest post, with its excerpt, author, date and 'Read Article'.
    const [newest, ...rest] = demoNewestFirst;
    const featured = page.locator("main article").first();
    expect(await featured.getByText(text("blog-featured-label", lang), { exact: true }).count()).toBe(1);
    expect(await featured.locator("h2").textContent()).toBe(demoTitle(newest, lang));
    const readArticle = featured.getByRole("link", { name: text("blog-read-article", lang) });
    expect(await readArticle.getAttribute("href")).toBe(localizePath(`/blog/${newest.slug}`, lang));
    expect(await featured.textContent()).toContain(newest.author!);
    expect(await featured.locator("time").getAttribute("datetime")).toBe(newest.publishedAt);

    // The rest, in a 1/2/3-column grid, each with an image or a decorative placeholder and 'Read More'.
    const recent = page.locator("section", { has: page.getByRole("heading", { name: text("blog-recent-title", lang) }) });
    const grid = recent.locator("ul").first();
    expect((await grid.getAttribute("class"))!.split(" ")).toEqual(expect.arrayContaining(["grid-cols-1", "sm:grid-cols-2", "lg:grid-cols-3"]));
    const cards = grid.locator("> li");
    expect(await cards.count()).toBe(rest.length);
    for (const [index, post] of rest.entries()) {
      const card = cards.nth(index);
      expect(await card.locator("h3").textContent()).toBe(demoTitle(post, lang));
      const readMore = card.getByRole("link", { name: text("blog-read-more", lang) });
      expect(await readMore.getAttribute("href")).toBe(localizePath(`/blog/${post.slug}`, lang));
      const visual = post.featuredImage ? card.locator("img") : card.locator("div[aria-hidden='true']").first();
      expect(await visual.count()).toBeGreaterThan(0);
      if (post.featuredImage) expect(await card.locator("img").getAttribute("srcset")).toMatch(/\/media\/[0-9a-f-]{36}\/\d+\.webp \d+w/);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("puts the grid in one column on a phone and three on a desktop", async () => {
    for (const [width, columns] of [
      [360, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      const { page } = await open("/blog", { width });
      const grid = page.locator("main section ul").first();
      const template = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
      expect(template, `width ${width}`).toBe(columns);
      // Nothing sticks out sideways at 360 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.context().close();
    }
  });

  it.each(LANGS)("links the %s RSS feed in the head and on the page", async (lang) => {
    const { page } = await open(localizePath("/blog", lang));
    const feed = localizePath("/rss.xml", lang);
    const head = page.locator(`head link[rel="alternate"][type="application/rss+xml"]`);
    expect(await head.count()).toBeGreaterThan(0);
    expect(new URL((await head.first().getAttribute("href"))!, baseUrl).pathname).toBe(feed);
    expect(await page.getByRole("link", { name: text("blog-rss-label", lang) }).getAttribute("href")).toBe(feed);
    await page.context().close();
  });

  it("is in the server's HTML, for crawlers", async () => {
    const html = await (await fetch(`${baseUrl}/zh/blog`)).text();
    for (const post of demoPosts) expect(html).toContain(demoTitle(post, "zh"));
    expect(html).toContain(text("blog-recent-title", "zh"));
  });
});

describe("blog post", () => {
  const newest = demoNewestFirst[0];
  const dates: Record<Lang, string> = { en: "November 10, 2026", fa: "۱۰ نوامبر ۲۰۲۶", zh: "2026年11月10日" };

  it.each(LANGS)("shows the %s post with breadcrumbs, date, body, disclaimer and help block", async (lang) => {
    const { page, errors, status } = await open(localizePath(`/blog/${newest.slug}`, lang));
    expect(status).toBe(200);
    const title = demoTitle(newest, lang);
    expect(await page.locator("h1").textContent()).toBe(title);
    expect(await page.title()).toBe(`${title} | ${FIRM(lang)}`);
    expect(await page.locator("article time").textContent()).toBe(dates[lang]);
    expect(await page.locator("article header").textContent()).toContain(newest.author!);

    const crumbs = page.getByRole("navigation", { name: text("breadcrumb-label", lang) });
    expect(await crumbs.getByRole("link", { name: text("blog-breadcrumb", lang) }).getAttribute("href")).toBe(localizePath("/blog", lang));
    expect(await crumbs.locator("[aria-current='page']").textContent()).toBe(title);

    const back = page.getByRole("link", { name: text("blog-back-to-blog", lang) });
    expect(await back.getAttribute("href")).toBe(localizePath("/blog", lang));
    expect(await back.locator("svg").getAttribute("class")).toContain("flip-rtl");

    // The Markdown body: its section headings and its internal link in the reader's language.
    const body = lang === "fa" ? newest.contentFa! : lang === "zh" ? newest.contentZh! : newest.content!;
    const firstHeading = /^## (.+)$/m.exec(body)![1];
    expect(await page.locator("article h2").first().textContent()).toBe(firstHeading);
    expect(await page.locator(`article a[href="${localizePath("/contact", lang)}"]`).count()).toBeGreaterThan(0);

    expect(await page.getByRole("heading", { name: text("blog-legal-disclaimer-title", lang) }).count()).toBe(1);
    expect(await page.getByText(text("blog-legal-disclaimer-text", lang)).count()).toBe(1);
    expect(await page.getByRole("heading", { name: text("blog-need-help-title", lang) }).count()).toBe(1);
    expect(await page.getByRole("link", { name: text("blog-need-help-button", lang) }).getAttribute("href")).toBe(localizePath("/contact", lang));

    const metaContent = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute("content");
    expect(await metaContent('property="og:type"')).toBe("article");
    const description = lang === "fa" ? newest.metaDescriptionFa : lang === "zh" ? newest.metaDescriptionZh : newest.metaDescription;
    expect(await metaContent('name="description"')).toBe(description);
    expect(await page.locator('head meta[name="robots"]').count()).toBe(0);
    await expectNoFrameworkScript(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the featured image at 1200x400 from WebP variants, loaded first, with its alt text", async () => {
    const withImage = demoPosts.find((p) => p.featuredImage)!;
    const { page } = await open(`/blog/${withImage.slug}`, { width: 390 });
    const image = page.locator("article img").first();
    expect(await image.getAttribute("width")).toBe("1200");
    expect(await image.getAttribute("height")).toBe("400");
    expect(await image.getAttribute("fetchpriority")).toBe("high");
    expect(await image.getAttribute("alt")).toBe(withImage.imageAltText);
    expect(await image.getAttribute("srcset")).toMatch(/^\/media\/[0-9a-f-]{36}\/320\.webp 320w, /);
    expect(await image.getAttribute("class")).toContain("aspect-[3/1]");
    // It really loads, and a phone picks a small variant rather than the widest.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/(320|640|960|1280)\.webp$/);
    const box = await image.boundingBox();
    expect(Math.round(box!.width / box!.height)).toBe(3);
    expect(await page.locator('head meta[property="og:image"]').getAttribute("content")).toMatch(/\/media\/[0-9a-f-]{36}$/);
    await page.context().close();
  });

  it.each(LANGS)("answers a missing slug with 404 and 'Post Not Found' (%s)", async (lang) => {
    const { page, status } = await open(localizePath("/blog/no-such-post", lang));
    expect(status).toBe(404);
    expect(await page.locator("h1").textContent()).toBe(text("blog-post-not-found-title", lang));
    expect(await page.getByText(text("blog-post-not-found-text", lang)).count()).toBe(1);
    expect(await page.getByRole("link", { name: text("blog-back-to-blog", lang) }).getAttribute("href")).toBe(localizePath("/blog", lang));
    expect(await page.locator('head meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

describe("'Stay Informed' subscription", () => {
  it("subscribes by a plain post: the page comes back at the form with the answer, the same for a new and a known address", async () => {
    const { page, errors } = await open("/blog");
    await expectNoFrameworkScript(page);
    const email = uniqueEmail("js");
    const field = page.getByLabel(text("blog-newsletter-email-label", "en"));
    const status = page.locator("main [role='status']");
    const button = page.getByRole("button", { name: text("blog-newsletter-button", "en") });

    await field.fill(`  ${email}  `);
    await Promise.all([page.waitForURL(`${baseUrl}/blog#newsletter`), button.click()]);
    await page.waitForLoadState("load");
    expect(await status.textContent()).toBe(text("blog-newsletter-check-inbox", "en"));
    // The answer is in view: the post went to the form's own fragment (the browser scrolls to it
    // once layout settles, which a busy machine may finish after the load event).
    await expect
      .poll(() => status.evaluate((element) => element.getBoundingClientRect().bottom <= innerHeight && element.getBoundingClientRect().top >= 0))
      .toBe(true);
    expect(await field.inputValue()).toBe("");

    // The same address again (in other letter case): the same answer, so nobody learns who is subscribed.
    await field.fill(email.toLowerCase());
    const [again] = await Promise.all([page.waitForNavigation(), button.click()]);
    expect(again!.status()).toBe(200);
    expect(await status.textContent()).toBe(text("blog-newsletter-check-inbox", "en"));
    expect(await field.getAttribute("aria-invalid")).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("ties the invalid-email message to the field", async () => {
    const { page } = await open("/zh/blog");
    const field = page.getByLabel(text("blog-newsletter-email-label", "zh"));
    await field.fill("not-an-email");
    const [answer] = await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: text("blog-newsletter-button", "zh") }).click()]);
    expect(answer!.status()).toBe(400);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.inputValue()).toBe("not-an-email");
    const describedBy = (await field.getAttribute("aria-describedby"))!.split(" ");
    const messages = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(messages).toContain(text("blog-newsletter-invalid-email", "zh"));
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("works without JavaScript: the page comes back with the answer", async () => {
    const { page } = await open("/fa/blog", { javaScript: false });
    const field = page.getByLabel(text("blog-newsletter-email-label", "fa"));
    const button = page.getByRole("button", { name: text("blog-newsletter-button", "fa") });

    await field.fill("still wrong@");
    const [invalid] = await Promise.all([page.waitForNavigation(), button.click()]);
    expect(invalid!.status()).toBe(400);
    expect(await page.locator("html").getAttribute("lang")).toBe("fa");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.inputValue()).toBe("still wrong@");
    const errorId = (await field.getAttribute("aria-describedby"))!.split(" ")[0];
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(text("blog-newsletter-invalid-email", "fa"));

    const email = uniqueEmail("nojs");
    await field.fill(email);
    await Promise.all([page.waitForNavigation(), button.click()]);
    expect(await page.locator("main [role='status']").textContent()).toBe(text("blog-newsletter-check-inbox", "fa"));
    await field.fill(email);
    const [again] = await Promise.all([page.waitForNavigation(), button.click()]);
    expect(again!.status()).toBe(200);
    expect(await page.locator("main [role='status']").textContent()).toBe(text("blog-newsletter-check-inbox", "fa"));
    await page.context().close();
  });
});

describe("privacy policy", () => {
  it.each(LANGS)("has its sections and a working table of contents (%s)", async (lang) => {
    const { page, status, errors } = await open(localizePath("/privacy", lang));
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe(text("privacy-title", lang));
    const sectionKeys = [...defaultTexts.keys()].filter((k) => /^privacy-section-\d+-title$/.test(k));
    expect(sectionKeys.length).toBeGreaterThanOrEqual(10);
    const toc = page.getByRole("navigation", { name: text("privacy-toc-title", lang) });
    const entries = toc.getByRole("link");
    expect(await entries.count()).toBe(sectionKeys.length);
    for (let n = 1; n <= sectionKeys.length; n++) {
      const heading = page.locator(`#section-${n} h2`);
      expect(await heading.textContent()).toBe(text(`privacy-section-${n}-title`, lang));
      expect(await entries.nth(n - 1).getAttribute("href")).toBe(`#section-${n}`);
      // Each blank-line-separated paragraph of the text is its own <p>.
      const paragraphs = text(`privacy-section-${n}-text`, lang).split(/\n\s*\n/).length;
      expect(await page.locator(`#section-${n} p`).count()).toBe(paragraphs);
    }
    // The contact email is a mail link that stays left-to-right in Farsi.
    expect(await page.locator('#section-11 a[href^="mailto:"] bdi[dir="ltr"]').count()).toBe(1);
    await entries.last().click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#section-${sectionKeys.length}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("site map page", () => {
  const pages = PUBLIC_PAGES.map(([p]) => p).filter((p) => !p.includes(":"));

  it.each(LANGS)("links every public page and every published post in %s", async (lang) => {
    const { page, status, errors } = await open(localizePath("/sitemap", lang));
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe(text("sitemap-page-title", lang));
    for (const key of ["sitemap-pages-title", "sitemap-practice-areas-title", "sitemap-blog-title"]) {
      expect(await page.locator("main").getByRole("heading", { level: 2, name: text(key, lang) }).count(), key).toBe(1);
    }
    const hrefs = await page.locator("main a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const p of pages) expect(hrefs, p).toContain(localizePath(p, lang));
    for (const post of demoPosts) {
      const link = page.getByRole("link", { name: demoTitle(post, lang), exact: true });
      expect(await link.getAttribute("href")).toBe(localizePath(`/blog/${post.slug}`, lang));
    }
    // Every link text is a real text, never a key.
    const labels = await page.locator("main a").allTextContents();
    expect(labels.filter((l) => /^sitemap-/.test(l))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("accessibility", () => {
  const paths = ["/blog", `/blog/${demoPosts.find((p) => p.featuredImage)!.slug}`, "/privacy", "/sitemap"];
  it.each(LANGS.flatMap((lang) => paths.map((p) => localizePath(p, lang))))("%s has no axe-core violations, and no framework code", async (path) => {
    const { page } = await open(path);
    await expectNoAxeViolations(page);
    await expectNoFrameworkScript(page);
    await page.context().close();
  });
});

describe("with posts written into a database of its own", () => {
  it(
    "shows published posts only, 404s a draft, renders Markdown safely and stores subscribers with their language",
    async () => {
      const dataDir = tempDir("blog-e2e-");
      try {
        let reader: typeof newsletterSubscribers.$inferSelect | undefined;
        // 1. An empty site: the empty states, and a no-JavaScript subscription on the Chinese page.
        let site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
        try {
          const { page } = await open(`${site.url}/blog`);
          expect(await page.getByText(text("blog-empty", "en"), { exact: true }).count()).toBe(1);
          expect(await page.locator("main article").count()).toBe(0);
          await page.context().close();

          const sitemap = await open(`${site.url}/sitemap`);
          expect(await sitemap.page.getByText(text("sitemap-blog-empty", "en")).count()).toBe(1);
          await sitemap.page.context().close();

          const noJs = await open(`${site.url}/zh/blog`, { javaScript: false });
          await noJs.page.getByLabel(text("blog-newsletter-email-label", "zh")).fill("  New.Reader@Example.COM ");
          await Promise.all([noJs.page.waitForNavigation(), noJs.page.getByRole("button", { name: text("blog-newsletter-button", "zh") }).click()]);
          expect(await noJs.page.locator("main [role='status']").textContent()).toBe(text("blog-newsletter-check-inbox", "zh"));
          await noJs.page.context().close();
        } finally {
          await site.stop();
        }

        // 2. With the server stopped, read and write its embedded database directly.
        const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
        try {
          const subscribers = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "new.reader@example.com"));
          expect(subscribers).toHaveLength(1);
          expect(subscribers[0].language).toBe("zh");
          expect(subscribers[0].confirmedAt).toBeNull();
          reader = subscribers[0];
          await database.db.insert(blogPosts).values([
            { slug: "older-post", title: "Older Post", excerpt: "Older excerpt", content: "Older body", author: "A", published: true, publishedAt: "2026-01-10" },
            {
              slug: "unsafe-markdown",
              title: "Unsafe Markdown",
              titleFa: "",
              excerpt: "Newest published",
              content: [
                "Click [x](javascript:alert(1)) or [y](JAVASCRIPT:alert(2)).",
                "",
                "<script>window.__pwned = true</script>",
                "",
                '<a href="javascript:alert(3)">raw</a>',
                "",
                "Read the [Federal Court](https://www.fct-cf.ca/en/home) site, or [write to us](/contact).",
              ].join("\n"),
              author: "B",
              published: true,
              publishedAt: "2026-03-01",
            },
            { slug: "secret-draft", title: "Secret Draft", excerpt: "Not yet", content: "Draft body", author: "C", published: false, publishedAt: "2026-06-01" },
          ]);
        } finally {
          await database.close();
        }

        // 3. The same data directory served again.
        site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
        try {
          const list = await open(`${site.url}/blog`);
          expect(await list.page.locator("main article h2").textContent()).toBe("Unsafe Markdown");
          expect(await list.page.locator("main article h3").allTextContents()).toEqual(["Older Post"]);
          expect(await list.page.content()).not.toContain("Secret Draft");
          await list.page.context().close();

          const draft = await open(`${site.url}/blog/secret-draft`);
          expect(draft.status).toBe(404);
          expect(await draft.page.locator("h1").textContent()).toBe(text("blog-post-not-found-title", "en"));
          expect(await draft.page.content()).not.toContain("Draft body");
          await draft.page.context().close();

          // An untranslated post on the Farsi page: English text, marked as English.
          const post = await open(`${site.url}/fa/blog/unsafe-markdown`);
          expect(post.status).toBe(200);
          expect(await post.page.locator("h1").getAttribute("lang")).toBe("en");
          const article = post.page.locator("article");
          expect(await article.locator("script").count()).toBe(0);
          expect(await post.page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
          const hrefs = await post.page.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
          expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
          expect(await article.textContent()).toContain("<script>window.__pwned = true</script>");
          const external = article.getByRole("link", { name: "Federal Court" });
          expect(await external.getAttribute("href")).toBe("https://www.fct-cf.ca/en/home");
          expect(await external.getAttribute("rel")).toBe("noopener noreferrer");
          // A link to a page of the site follows the reader's language: a plain link to that page's document.
          const internal = article.getByRole("link", { name: "write to us" });
          expect(await internal.getAttribute("href")).toBe("/fa/contact");
          expect(await internal.getAttribute("rel")).toBeNull();
          await internal.click();
          await post.page.waitForURL(`${site.url}/fa/contact`);
          await expect.poll(() => post.page.locator("h1").textContent()).not.toBe("Unsafe Markdown");
          await post.page.context().close();

          const sitemap = await open(`${site.url}/sitemap`);
          const labels = await sitemap.page.locator("main a").allTextContents();
          expect(labels).toEqual(expect.arrayContaining(["Unsafe Markdown", "Older Post"]));
          expect(labels).not.toContain("Secret Draft");
          await sitemap.page.context().close();

          // The reader's links (as the confirmation mail will carry them), in Chinese, the language they signed up in.
          const links = subscriberLinks(site.url, reader!);
          expect(links.confirmUrl).toContain("/zh/newsletter/confirm?token=");
          const confirm = await open(links.confirmUrl);
          expect(confirm.status).toBe(200);
          expect(await confirm.page.locator("h1").textContent()).toBe(text("newsletter-confirm-title", "zh"));
          await confirm.page.getByRole("button", { name: text("newsletter-confirm-button", "zh") }).click();
          await expect.poll(() => confirm.page.locator("h1").textContent()).toBe(text("newsletter-confirmed-title", "zh"));
          expect(confirm.page.url()).toBe(links.confirmUrl);
          expect(confirm.errors).toEqual([]);
          await expectNoAxeViolations(confirm.page);
          await confirm.page.context().close();

          // Unsubscribing works without JavaScript too, and from the Farsi page (right to left).
          const farsiUnsubscribe = links.unsubscribeUrl.replace("/zh/", "/fa/");
          const leave = await open(farsiUnsubscribe, { javaScript: false });
          expect(await leave.page.getAttribute("html", "dir")).toBe("rtl");
          expect(await leave.page.locator("h1").textContent()).toBe(text("newsletter-unsubscribe-title", "fa"));
          await Promise.all([leave.page.waitForNavigation(), leave.page.getByRole("button", { name: text("newsletter-unsubscribe-button", "fa") }).click()]);
          expect(await leave.page.locator("h1").textContent()).toBe(text("newsletter-unsubscribed-title", "fa"));
          await leave.page.context().close();
          const gone = await open(farsiUnsubscribe);
          expect(gone.status).toBe(404);
          expect(await gone.page.locator("h1").textContent()).toBe(text("newsletter-link-invalid-title", "fa"));
          await gone.page.context().close();
        } finally {
          await site.stop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
