/**
 * Image sources, built in one place: the addresses of an upload's stored widths
 * (/media/{id}/{width}.{format}) and of the static images under public/images
 * ({base}-{width}.{format}), their `srcset` strings and the props of a <picture>'s <source>.
 * No server imports: the pages, their loaders and the admin all use it.
 */

export type ImageFormat = "webp" | "avif";

/** The MIME type of a <source> in each format. */
export const IMAGE_TYPES: Record<ImageFormat, string> = { webp: "image/webp", avif: "image/avif" };

/** One stored width of an uploaded image (a media_variants row). */
export interface ImageVariant {
  format: string;
  width: number;
  height: number;
}

/** A srcset: each width's address with its `{width}w` descriptor, narrowest first as given. */
export function srcSet(widths: readonly number[], url: (width: number) => string): string {
  return widths.map((width) => `${url(width)} ${width}w`).join(", ");
}

/** The address of one stored width of an upload. */
export const mediaUrl = (id: string, width: number, format: string) => `/media/${id}/${width}.${format}`;

/** The srcset of an upload's stored widths in one format, or null when it has none in that format. */
export function mediaSrcSet(id: string, variants: readonly Pick<ImageVariant, "format" | "width">[], format: ImageFormat): string | null {
  const widths = variants.filter((v) => v.format === format).map((v) => v.width);
  return widths.length > 0 ? srcSet(widths, (width) => mediaUrl(id, width, format)) : null;
}

/**
 * An upload's sources in one format: its widest stored width as `src` (with that width's size)
 * and every width in the srcset; null when it has none in that format. `variants` narrowest first.
 */
export function mediaSources(id: string, variants: readonly ImageVariant[], format: ImageFormat): { src: string; srcSet: string; width: number; height: number } | null {
  const widest = variants.filter((v) => v.format === format).at(-1);
  const set = mediaSrcSet(id, variants, format);
  if (!widest || !set) return null;
  return { src: mediaUrl(id, widest.width, format), srcSet: set, width: widest.width, height: widest.height };
}

/** The address of one width of a static image, e.g. staticImageUrl("/images/team/group", 1200, "webp"). */
export const staticImageUrl = (base: string, width: number, format: ImageFormat) => `${base}-${width}.${format}`;

/** The srcset of a static image under public/images, stored as {base}-{width}.{format}. */
export function staticSrcSet(base: string, widths: readonly number[], format: ImageFormat): string {
  return srcSet(widths, (width) => staticImageUrl(base, width, format));
}

/**
 * A <picture>'s <source> for one format. Spread it first (`<source {...sourceProps(...)} />`):
 * its attributes come out in the order type, media, srcset, sizes, and an absent media is left out.
 */
export function sourceProps(format: ImageFormat, srcSetValue: string, sizes: string, media?: string) {
  return { type: IMAGE_TYPES[format], media, srcSet: srcSetValue, sizes };
}
