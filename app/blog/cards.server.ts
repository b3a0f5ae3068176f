import type { Db } from "../../db/client";
import type { Lang } from "../i18n/languages";
import { formatPostDate } from "./dates";
import { postImage } from "./images.server";
import { localizePostSummary, type BlogPostSummaryRow } from "./posts.server";
import type { PostCardData } from "./types";

/** Posts as a list page sends them to the browser: localized, dated, with image sources. */
export async function toPostCards(db: Db, rows: BlogPostSummaryRow[], lang: Lang, options: { images?: boolean } = {}): Promise<PostCardData[]> {
  return Promise.all(
    rows.map(async (row) => {
      const { featuredImage, metaDescription: _metaDescription, ...post } = localizePostSummary(row, lang);
      return {
        ...post,
        date: formatPostDate(post.publishedAt, lang),
        image: options.images === false ? null : await postImage(db, featuredImage),
      };
    }),
  );
}
