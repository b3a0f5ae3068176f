/**
 * The crawler files: /sitemap.xml, /robots.txt and the RSS feed per language. Only
 * published posts appear anywhere (SPEC.md 6: visitors read published posts only).
 */
import { max } from "drizzle-orm";
import type { Nodes } from "mdast";
import { parseMarkdown } from "../../core/markdown";
import type { Db } from "../../db/client";
import { contentText, teamMembers } from "../../db/schema";
import { PUBLIC_PAGES } from "../routes";
import { listPublishedPosts, type BlogPostSummaryRow } from "../blog/posts.server";
import { LANGUAGES, LANGUAGE_INFO, localizePath, type Lang } from "../i18n/languages";
import { postText } from "../i18n/translated";
import type { TextStore } from "../content/texts.server";

/** XML text/attribute escaping; characters XML 1.0 forbids are dropped. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Markdown nodes inside a line: no space after them. */
const INLINE = new Set(["emphasis", "strong", "delete", "link", "linkReference"]);

/**
 * An excerpt as the text of an RSS <description>. Feed readers render a description as HTML, so
 * an excerpt's Markdown and raw HTML are reduced to their words (tags, images and addresses
 * dropped), and what is left is HTML-escaped: a reader shows `<`, `&` as characters and renders
 * nothing (the result is XML-escaped again when written).
 */
export function feedDescriptionHtml(excerpt: string): string {
  const words: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === "html" || node.type === "image" || node.type === "imageReference" || node.type === "definition") return;
    if (node.type === "text" || node.type === "inlineCode" || node.type === "code") words.push(node.value);
    else if (node.type === "break") words.push(" ");
    if ("children" in node) {
      for (const child of node.children) visit(child as Nodes);
      // Blocks (paragraphs, list items, headings) end with a space so their words do not run together.
      if (!INLINE.has(node.type)) words.push(" ");
    }
  };
  visit(parseMarkdown(excerpt));
  const text = words.join("").replace(/\s+/g, " ").trim();
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A post's title and excerpt in a language, each falling back to English (../i18n/translated.ts). */
export function localizedPost(post: BlogPostSummaryRow, lang: Lang): { title: string; excerpt: string } {
  return { title: postText(post, "title", lang).text, excerpt: postText(post, "excerpt", lang).text };
}

/** When the post went out: its publication date (midnight UTC), else its creation time. */
function publicationDate(post: BlogPostSummaryRow): Date {
  return post.publishedAt ? new Date(`${post.publishedAt}T00:00:00Z`) : post.createdAt;
}

const latest = (...dates: Array<Date | null | undefined>): Date | undefined => {
  const times = dates.filter((d): d is Date => d instanceof Date && !Number.isNaN(d.getTime())).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)) : undefined;
};

const toDate = (value: unknown): Date | undefined => {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date;
};

interface SitemapEntry {
  /** Unprefixed path. */
  path: string;
  lastmod?: Date;
}

/** Every public page (app/routes.ts PUBLIC_PAGES) and every published post, with its last change. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [[texts], [team], posts] = await Promise.all([
    db.select({ at: max(contentText.updatedAt) }).from(contentText),
    db.select({ at: max(teamMembers.updatedAt) }).from(teamMembers),
    listPublishedPosts(db), // the order of /blog
  ]);
  const textsAt = toDate(texts?.at);
  const teamAt = toDate(team?.at);
  const postsAt = latest(...posts.map((p) => p.updatedAt));
  const entries: SitemapEntry[] = [];
  for (const [path] of PUBLIC_PAGES) {
    if (path.includes(":")) continue; // parameterised (the post page): one entry per published post below
    const lastmod = path === "/team" ? latest(textsAt, teamAt) : path === "/blog" || path === "/" ? latest(textsAt, postsAt) : textsAt;
    entries.push({ path, lastmod });
  }
  for (const post of posts) entries.push({ path: `/blog/${encodeURIComponent(post.slug)}`, lastmod: post.updatedAt });
  return entries;
}

/** The sitemap with each URL's hreflang alternates (en, fa, zh, x-default) in every language. */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const alternates = [
      ...LANGUAGES.map((code) => [code, `${siteUrl}${localizePath(entry.path, code)}`] as const),
      ["x-default", `${siteUrl}${localizePath(entry.path, "en")}`] as const,
    ];
    for (const lang of LANGUAGES) {
      lines.push("  <url>");
      lines.push(`    <loc>${xmlEscape(`${siteUrl}${localizePath(entry.path, lang)}`)}</loc>`);
      if (entry.lastmod) lines.push(`    <lastmod>${entry.lastmod.toISOString()}</lastmod>`);
      for (const [code, href] of alternates) {
        lines.push(`    <xhtml:link rel="alternate" hreflang="${code}" href="${xmlEscape(href)}"/>`);
      }
      lines.push("  </url>");
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}

/** The feed's address in a language. */
export const rssPath = (lang: Lang) => (lang === "en" ? "/rss.xml" : `/${lang}/rss.xml`);

/** RSS 2.0 of the published posts in one language (title and excerpt fall back to English). */
export async function rssXml(db: Db, texts: TextStore, siteUrl: string, lang: Lang): Promise<string> {
  const [posts, firmName, blogName, tagline] = await Promise.all([
    listPublishedPosts(db, { limit: 100 }), // the order of /blog: newest first, undated last
    texts.get(lang, "firm-name"),
    texts.get(lang, "nav-blog"),
    texts.get(lang, "firm-tagline"),
  ]);
  const blogUrl = `${siteUrl}${localizePath("/blog", lang)}`;
  const language = LANGUAGE_INFO[lang].ogLocale.replace("_", "-");
  const newest = latest(...posts.map((p) => p.updatedAt));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${xmlEscape(`${firmName} - ${blogName}`)}</title>`,
    `    <link>${xmlEscape(blogUrl)}</link>`,
    `    <description>${xmlEscape(tagline)}</description>`,
    `    <language>${language}</language>`,
    `    <atom:link href="${xmlEscape(`${siteUrl}${rssPath(lang)}`)}" rel="self" type="application/rss+xml"/>`,
  ];
  if (newest) lines.push(`    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`);
  for (const post of posts) {
    const { title, excerpt } = localizedPost(post, lang);
    const link = `${siteUrl}${localizePath(`/blog/${encodeURIComponent(post.slug)}`, lang)}`;
    lines.push(
      "    <item>",
      `      <title>${xmlEscape(title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      <pubDate>${publicationDate(post).toUTCString()}</pubDate>`,
      ...(post.author ? [`      <dc:creator>${xmlEscape(post.author)}</dc:creator>`] : []),
      `      <description>${xmlEscape(feedDescriptionHtml(excerpt))}</description>`,
      "    </item>",
    );
  }
  lines.push("  </channel>", "</rss>", "");
  return lines.join("\n");
}
