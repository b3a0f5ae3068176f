/**
 * /blog, the site-map page, /sitemap.xml and the RSS feeds list the published posts from one
 * query, so in one order: newest date first, same-day posts by the newer id, undated posts
 * last. (RSS used to put undated posts first.) Each consumer is asked through its own route
 * loader, on an in-memory database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { blogPosts } from "../../db/schema";
import { TextStore } from "~/content/texts.server";
import { LANGUAGES, localizePath } from "~/i18n/languages";
import { loader as blogLoader } from "~/routes/blog";
import { loader as rssLoader } from "~/routes/rss-xml";
import { loader as sitemapPageLoader } from "~/routes/sitemap-page";
import { loader as sitemapXmlLoader } from "~/routes/sitemap-xml";
import { openTestDatabase } from "../helpers/db";

const SITE_URL = "https://law.example.ca";
/** The published posts in the order every list must show them. */
const EXPECTED = ["dated-new", "same-day-second", "same-day-first", "dated-old", "undated-second", "undated-first"];

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
  const created = (day: string) => new Date(`${day}T12:00:00Z`);
  // Inserted out of order; the undated posts were created after every dated one.
  await db.insert(blogPosts).values([
    { slug: "undated-first", title: "Undated, inserted first", published: true, publishedAt: null, createdAt: created("2026-07-01") },
    { slug: "dated-old", title: "Old", published: true, publishedAt: "2025-01-05", createdAt: created("2025-01-05") },
    { slug: "draft-newest", title: "Draft", published: false, publishedAt: "2027-01-01", createdAt: created("2026-07-02") },
    { slug: "same-day-first", title: "Same day, inserted first", published: true, publishedAt: "2026-03-03", createdAt: created("2026-03-03") },
    { slug: "dated-new", title: "New", published: true, publishedAt: "2026-06-01", createdAt: created("2026-06-01") },
    { slug: "same-day-second", title: "Same day, inserted second", published: true, publishedAt: "2026-03-03", createdAt: created("2026-03-02") },
    { slug: "undated-second", title: "Undated, inserted second", published: true, publishedAt: null, createdAt: created("2026-07-03") },
  ]);
});

afterAll(async () => {
  await handle.drop();
});

/** What a route loader receives: the request and the services it reads. */
function args(path: string) {
  const services = { db, texts: new TextStore(db), config: { SITE_URL }, log: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } };
  return { request: new Request(`${SITE_URL}${path}`), context: { services }, params: {} } as never;
}

/** The slug of each /blog/{slug} link, in document order. */
const postSlugs = (urls: string[], lang: (typeof LANGUAGES)[number]) => {
  const prefix = `${SITE_URL}${localizePath("/blog", lang)}/`;
  return urls.filter((url) => url.startsWith(prefix) && url.length > prefix.length).map((url) => decodeURIComponent(url.slice(prefix.length)));
};

describe.each(LANGUAGES)("the published posts' order in %s", (lang) => {
  it("is the same on /blog, the site-map page, /sitemap.xml and RSS: newest first, undated last, no draft", async () => {
    const blog = (await blogLoader(args(localizePath("/blog", lang)))) as unknown as { data: { posts: Array<{ slug: string }> } };
    const blogOrder = blog.data.posts.map((p) => p.slug);

    const sitemapPage = (await sitemapPageLoader(args(localizePath("/sitemap", lang)))) as { posts: Array<{ slug: string }> };
    const sitemapPageOrder = sitemapPage.posts.map((p) => p.slug);

    const rss = await ((await rssLoader(args(localizePath("/rss.xml", lang)))) as Response).text();
    const rssOrder = postSlugs([...rss.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map((m) => m[1]), lang);

    const sitemap = await ((await sitemapXmlLoader(args("/sitemap.xml"))) as Response).text();
    const sitemapOrder = postSlugs([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]), lang);

    expect(blogOrder).toEqual(EXPECTED);
    expect(sitemapPageOrder).toEqual(EXPECTED);
    expect(rssOrder).toEqual(EXPECTED);
    expect(sitemapOrder).toEqual(EXPECTED);
  });
});
