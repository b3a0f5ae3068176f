import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mediaVariants, teamMembers } from "../../db/schema";
import { MEDIA_URL } from "../../core/media";
import { mediaSources, type ImageVariant } from "../media/sources";
import type { PublicTeamMember, TeamPhoto } from "./member";

export type { PublicTeamMember };

/**
 * Turn a stored photo reference into what an <img> needs: a /media image gets a srcset
 * of its WebP (and AVIF, when present) widths and its real size; anything else is used as is.
 */
function toPhoto(url: string | null, variants: Map<string, ImageVariant[]>): TeamPhoto | null {
  if (!url) return null;
  const id = MEDIA_URL.exec(url)?.[1];
  if (!id) return { src: url, srcSet: null, avifSrcSet: null, width: null, height: null };
  const list = variants.get(id) ?? [];
  const webp = mediaSources(id, list, "webp");
  const avif = mediaSources(id, list, "avif");
  const widest = webp ?? avif; // the widest WebP, else (an upload without WebP) the widest AVIF
  return {
    src: widest?.src ?? url,
    srcSet: webp?.srcSet ?? null,
    avifSrcSet: avif?.srcSet ?? null,
    width: widest?.width ?? null,
    height: widest?.height ?? null,
  };
}

/** The active members in their order (spec 7.2), with their photos ready for responsive images. */
export async function listActiveTeamMembers(db: Db): Promise<PublicTeamMember[]> {
  const members = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.active, true))
    .orderBy(asc(teamMembers.orderIndex), asc(teamMembers.id));

  const mediaIds = members
    .flatMap((m) => [m.photoUrl, m.photoBwUrl])
    .map((url) => (url ? MEDIA_URL.exec(url)?.[1] : undefined))
    .filter((id): id is string => Boolean(id));
  const variants = new Map<string, ImageVariant[]>();
  if (mediaIds.length > 0) {
    const rows = await db
      .select({ mediaId: mediaVariants.mediaId, format: mediaVariants.format, width: mediaVariants.width, height: mediaVariants.height })
      .from(mediaVariants)
      .where(and(inArray(mediaVariants.mediaId, mediaIds), inArray(mediaVariants.format, ["webp", "avif"])))
      .orderBy(asc(mediaVariants.width));
    for (const row of rows) {
      const list = variants.get(row.mediaId) ?? [];
      list.push(row);
      variants.set(row.mediaId, list);
    }
  }

  return members.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email?.trim() || null,
    phone: m.phone?.trim() || null,
    photo: toPhoto(m.photoUrl, variants),
    photoBw: toPhoto(m.photoBwUrl, variants),
  }));
}
