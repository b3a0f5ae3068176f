/**
 * A blog post's content as one revision holds it (decision 0061): every text of the editor in the
 * three languages, the slug, author, date and featured image; publication is not part of it.
 * Apart from revisions.server.ts, so the publishing gate reads it without a circle.
 */
import type { blogPosts } from "../../db/schema";
import type { PostFormOutput } from "./post-schema";

/** A post's content as one revision holds it. */
export type PostSnapshot = Omit<PostFormOutput, "published">;
type PostRow = typeof blogPosts.$inferSelect;

export const POST_SNAPSHOT_FIELDS = [
  "title",
  "slug",
  "author",
  "publishedAt",
  "featuredImage",
  "excerpt",
  "content",
  "metaDescription",
  "imageAltText",
  "titleFa",
  "excerptFa",
  "contentFa",
  "metaDescriptionFa",
  "imageAltTextFa",
  "titleZh",
  "excerptZh",
  "contentZh",
  "metaDescriptionZh",
  "imageAltTextZh",
] as const satisfies ReadonlyArray<keyof PostSnapshot>;

export function postSnapshot(row: PostRow): PostSnapshot {
  return Object.fromEntries(POST_SNAPSHOT_FIELDS.map((field) => [field, row[field] ?? (field === "title" || field === "slug" || field === "author" || field === "excerpt" || field === "content" ? "" : null)])) as PostSnapshot;
}

