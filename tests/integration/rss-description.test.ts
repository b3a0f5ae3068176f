/**
 * The RSS <description> of a post is text a feed reader cannot render as HTML: an excerpt's
 * markup (raw HTML, Markdown links and images) reaches the feed as words, and any `<` or `&`
 * left is escaped twice over, so after the XML parse it is still an entity, never a tag.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { seedDatabase } from "../../server/seed";
import { TextStore } from "~/content/texts.server";
import { feedDescriptionHtml, rssXml } from "~/seo/feeds.server";
import { openTestDatabase } from "../helpers/db";

const HOSTILE = [
  { slug: "rss-img", excerpt: "Fees <img src=x onerror=alert(1)> explained" },
  { slug: "rss-link", excerpt: 'Read <a href="javascript:alert(1)">this</a> and [that](https://evil.example/) now' },
  { slug: "rss-script", excerpt: "<script>alert(1)</script>\n\nAfter the script" },
  { slug: "rss-entities", excerpt: "Encoded &lt;img src=x onerror=alert(1)&gt; & 1 < 2 ![pic](https://evil.example/x.png)" },
];

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" });
/** A start or end tag, a comment or a declaration: what an HTML renderer would act on. */
const TAG = /<[a-z!/?]/i;

describe("RSS descriptions", () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let items: Array<{ link: string; description: string }>;

  beforeAll(async () => {
    test = await openTestDatabase();
    const db = test.database.db;
    await seedDatabase(db, { demo: false });
    await db.insert(blogPosts).values(HOSTILE.map((p, i) => ({ ...p, title: `Post ${i}`, author: "Test", published: true, publishedAt: "2026-03-01" })));
    const xml = await rssXml(db, new TextStore(db), "https://law.example", "en");
    expect(XMLValidator.validate(xml)).toBe(true);
    items = parser.parse(xml).rss.channel.item;
  });
  afterAll(async () => {
    await test?.drop();
  });

  const description = (slug: string) => String(items.find((i) => i.link.endsWith(`/blog/${slug}`))!.description);

  it("carries no tag a reader would render, only the words", () => {
    for (const { slug } of HOSTILE) expect(description(slug), slug).not.toMatch(TAG);
    expect(description("rss-img")).toBe("Fees explained");
    expect(description("rss-link")).toBe("Read this and that now");
    expect(description("rss-script")).toBe("After the script");
  });

  it("keeps a written `<` or `&` as an escaped character, not markup", () => {
    const text = description("rss-entities");
    expect(text).toBe("Encoded &lt;img src=x onerror=alert(1)&gt; &amp; 1 &lt; 2");
    expect(text).not.toContain("evil.example");
  });

  it("keeps the words of Markdown emphasis together and separates blocks", () => {
    expect(feedDescriptionHtml("A **bold** claim, _really_.\n\n- one\n- two")).toBe("A bold claim, really. one two");
  });
});
