import type { LocalizedText } from "../i18n/translated";

export type { LocalizedText };

/** A post as a visitor in one language sees it in a list. */
export interface LocalizedPostSummary {
  id: number;
  slug: string;
  title: LocalizedText;
  excerpt: LocalizedText;
  metaDescription: LocalizedText;
  imageAlt: LocalizedText;
  featuredImage: string | null;
  author: string;
  /** 'YYYY-MM-DD', or null when the post has no date. */
  publishedAt: string | null;
}

/** A whole post as a visitor in one language sees it. */
export interface LocalizedPost extends LocalizedPostSummary {
  content: LocalizedText;
}

/** What the list and site-map pages send to the browser for one post. */
export interface PostCardData extends Omit<LocalizedPostSummary, "featuredImage" | "metaDescription"> {
  /** The date already formatted in the page's language. */
  date: string;
  image: PostImage | null;
}

/** What an <img> needs for a post image. */
export interface PostImage {
  src: string;
  /** WebP widths of an uploaded image; absent for an outside URL. */
  srcSet?: string;
}
