import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts } from "../../db/schema";
import type { Lang } from "../i18n/languages";
import { hasText, postText } from "../i18n/translated";
import type { LocalizedPost, LocalizedPostSummary } from "./types";

export type { LocalizedPost, LocalizedPostSummary, LocalizedText, PostCardData } from "./types";

/** A whole blog_posts row. */
export type BlogPostRow = typeof blogPosts.$inferSelect;

/** The columns a list (the blog, RSS, the sitemaps) needs: everything but the article bodies, which can be long. */
const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  titleFa: blogPosts.titleFa,
  titleZh: blogPosts.titleZh,
  excerpt: blogPosts.excerpt,
  excerptFa: blogPosts.excerptFa,
  excerptZh: blogPosts.excerptZh,
  metaDescription: blogPosts.metaDescription,
  metaDescriptionFa: blogPosts.metaDescriptionFa,
  metaDescriptionZh: blogPosts.metaDescriptionZh,
  imageAltText: blogPosts.imageAltText,
  imageAltTextFa: blogPosts.imageAltTextFa,
  imageAltTextZh: blogPosts.imageAltTextZh,
  featuredImage: blogPosts.featuredImage,
  author: blogPosts.author,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

export type BlogPostSummaryRow = Pick<BlogPostRow, keyof typeof summaryColumns>;

/** Newest first; a published post without a date sorts last, ties by the newer id. */
const newestFirst = [sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id)];

/**
 * Every published post (visitors never see drafts), newest first, undated last: the one
 * query behind /blog, the site-map page, /sitemap.xml and the RSS feeds, so all list the
 * posts in the same order. `limit` keeps the first ones only.
 */
export async function listPublishedPosts(db: Db, options: { limit?: number } = {}): Promise<BlogPostSummaryRow[]> {
  const query = db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst);
  return options.limit ? query.limit(options.limit) : query;
}

/** One published post by its slug, or null for a missing slug or a draft. */
export async function findPublishedPost(db: Db, slug: string): Promise<BlogPostRow | null> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return rows[0] ?? null;
}

export function localizePostSummary(row: BlogPostSummaryRow, lang: Lang): LocalizedPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: postText(row, "title", lang),
    excerpt: postText(row, "excerpt", lang),
    metaDescription: postText(row, "metaDescription", lang),
    imageAlt: postText(row, "imageAltText", lang),
    featuredImage: hasText(row.featuredImage) ? row.featuredImage : null,
    author: row.author,
    publishedAt: row.publishedAt,
  };
}

export function localizePost(row: BlogPostRow, lang: Lang): LocalizedPost {
  return {
    ...localizePostSummary(row, lang),
    content: postText(row, "content", lang),
  };
}
