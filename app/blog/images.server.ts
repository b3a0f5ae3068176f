import type { Db } from "../../db/client";
import { listVariants, MEDIA_URL } from "../../core/media";
import { mediaSources } from "../media/sources";
import type { PostImage } from "./types";

/**
 * The image of a post: for an upload (/media/{id}) every stored WebP width goes into the
 * srcset so phones fetch a small file; any other URL is used as it is.
 */
export async function postImage(db: Db, url: string | null): Promise<PostImage | null> {
  if (!url) return null;
  const match = MEDIA_URL.exec(url);
  if (!match) return { src: url };
  const id = match[1];
  const webp = mediaSources(id, await listVariants(db, id), "webp");
  return webp ? { src: webp.src, srcSet: webp.srcSet } : { src: url };
}
