import type { Db } from "../../db/client";
import { listVariants, MEDIA_URL } from "../../server/media";
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
  const webp = (await listVariants(db, id)).filter((v) => v.format === "webp");
  if (webp.length === 0) return { src: url };
  const widest = webp[webp.length - 1];
  return {
    src: `/media/${id}/${widest.width}.webp`,
    srcSet: webp.map((v) => `/media/${id}/${v.width}.webp ${v.width}w`).join(", "),
  };
}
