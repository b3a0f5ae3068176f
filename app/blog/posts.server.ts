import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts } from "../../db/schema";
import type { Lang } from "../i18n/languages";
import type { LocalizedPost, LocalizedPostSummary, LocalizedText } from "./types";

export type { LocalizedPost, LocalizedPostSummary, LocalizedText, PostCardData } from "./types";

/** A whole blog_posts row. */
export type BlogPostRow = typeof blogPosts.$inferSelect;

/** The columns a list needs: everything but the article bodies, which can be long. */
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
};

export type BlogPostSummaryRow = Pick<BlogPostRow, keyof typeof summaryColumns>;

/** Newest first; a published post without a date sorts last, ties by the newer id. */
const newestFirst = [sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id)];

/** Every published post (visitors never see drafts), newest first. */
export async function listPublishedPosts(db: Db): Promise<BlogPostSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst);
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

const filled = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** The variant for the page's language when it is non-empty, else the English field. */
export function pickVariant(lang: Lang, en: string | null | undefined, fa: string | null | undefined, zh: string | null | undefined): LocalizedText {
  const variant = lang === "fa" ? fa : lang === "zh" ? zh : null;
  if (filled(variant)) return { text: variant, lang };
  return { text: en ?? "", lang: "en" };
}

export function localizePostSummary(row: BlogPostSummaryRow, lang: Lang): LocalizedPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: pickVariant(lang, row.title, row.titleFa, row.titleZh),
    excerpt: pickVariant(lang, row.excerpt, row.excerptFa, row.excerptZh),
    metaDescription: pickVariant(lang, row.metaDescription, row.metaDescriptionFa, row.metaDescriptionZh),
    imageAlt: pickVariant(lang, row.imageAltText, row.imageAltTextFa, row.imageAltTextZh),
    featuredImage: filled(row.featuredImage) ? row.featuredImage : null,
    author: row.author,
    publishedAt: row.publishedAt,
  };
}

export function localizePost(row: BlogPostRow, lang: Lang): LocalizedPost {
  return {
    ...localizePostSummary(row, lang),
    content: pickVariant(lang, row.content, row.contentFa, row.contentZh),
  };
}
