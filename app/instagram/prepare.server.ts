/**
 * What Instagram will refuse, checked before calling it (decision 0034): a site address it
 * cannot fetch the image from, an image it cannot take, a caption over its limits. Each check
 * answers with a sentence the admin can act on.
 */
import { isIP } from "node:net";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Db } from "../../db/client";
import { media, mediaVariants } from "../../db/schema";
import { MEDIA_URL, readVariant } from "../../core/media";
import { isInstagramsOwnGraph } from "../../core/outside/graph";
import { DownloadTooLarge, fetchPublicResource, type PublicFetchOptions } from "../../core/outside/guarded-fetch";
import { formatBytes, MAX_IMAGE_BYTES } from "../../core/outside/capped-body";
import { localizePath, type Lang } from "../i18n/languages";

export class PreflightFailed extends Error {}

/** Instagram's limits (SPEC 2.17, 9). */
const CAPTION_MAX_CHARS = 2200;
const CAPTION_MAX_HASHTAGS = 30;
const IMAGE_MIN_WIDTH = 320;
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const INSTAGRAM_WIDTH = 1080;
/** Width over height: 4:5 (portrait) to 1.91:1 (landscape). */
const MIN_RATIO = 4 / 5;
const MAX_RATIO = 1.91;

// ---------------------------------------------------------------- the site's address

function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local") || h.endsWith(".internal") || h.endsWith(".lan")) return true;
  const version = isIP(h);
  if (version === 4) {
    const [a, b] = h.split(".").map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (version === 6) return h === "::1" || h === "::" || h.startsWith("fc") || h.startsWith("fd") || h.startsWith("fe80") || h.startsWith("::ffff:");
  // A single-label name (no dot) resolves only on a local network.
  return !h.includes(".");
}

/**
 * Instagram fetches the image itself: SITE_URL must be a public https address. Checked only
 * against Instagram's own Graph host; a test or self-hosted Graph endpoint may fetch from loopback.
 */
export function checkSiteUrl(siteUrl: string, graphApiUrl: string): void {
  if (!isInstagramsOwnGraph(graphApiUrl)) return;
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    throw new PreflightFailed(`SITE_URL (${siteUrl}) is not an address. Set it to the site's public https address.`);
  }
  if (url.protocol !== "https:") {
    throw new PreflightFailed(`Instagram fetches the image from the site, and SITE_URL (${siteUrl}) is not https. Set SITE_URL to the site's public https address (for example https://www.example-law.ca) and restart the site.`);
  }
  if (isPrivateHost(url.hostname)) {
    throw new PreflightFailed(`Instagram fetches the image from the site, and SITE_URL (${siteUrl}) is a local or private address it cannot reach. Post from the site's public https address (set SITE_URL to it).`);
  }
}

// ---------------------------------------------------------------- caption

export interface CaptionPost {
  slug: string;
  title: string;
  excerpt: string;
}

const hashtags = (text: string) => text.match(/(^|\s)#[\p{L}\p{N}_]+/gu)?.length ?? 0;

/** The post's address in its language. */
function postUrl(siteUrl: string, slug: string, lang: Lang = "en"): string {
  return `${siteUrl.replace(/\/+$/, "")}${localizePath(`/blog/${encodeURIComponent(slug)}`, lang)}`;
}

/**
 * Title, excerpt and the link to the post. A long excerpt is shortened (with "…") to fit 2,200
 * characters; a title that leaves no room, or more than 30 hashtags, is refused.
 */
export function buildCaption(post: CaptionPost, siteUrl: string, lang: Lang = "en"): string {
  const title = post.title.trim();
  const link = `Read more: ${postUrl(siteUrl, post.slug, lang)}`;
  let excerpt = post.excerpt.trim();
  const assemble = (e: string) => [title, e, link].filter(Boolean).join("\n\n");
  if (assemble("").length > CAPTION_MAX_CHARS) {
    throw new PreflightFailed(`The caption would be ${assemble("").length} characters with the title and link alone; Instagram allows ${CAPTION_MAX_CHARS}. Shorten the title and post again.`);
  }
  if (assemble(excerpt).length > CAPTION_MAX_CHARS) {
    const room = CAPTION_MAX_CHARS - assemble("").length - 2 - 1;
    excerpt = room > 0 ? `${[...excerpt].slice(0, room).join("").trimEnd()}…` : "";
  }
  const caption = assemble(excerpt);
  const tags = hashtags(caption);
  if (tags > CAPTION_MAX_HASHTAGS) {
    throw new PreflightFailed(`The caption has ${tags} hashtags; Instagram allows ${CAPTION_MAX_HASHTAGS}. Remove some from the title or excerpt and post again.`);
  }
  return caption;
}

// ---------------------------------------------------------------- image

export interface ImageSource {
  read(featuredImage: string): Promise<Buffer>;
}

/** The time a featured image's download may take (its size: MAX_IMAGE_BYTES). */
const DOWNLOAD_TIMEOUT_MS = 20_000;
/** One message for every refusal and failure, so it never tells what listens where (decision 0052). */
export const FEATURED_IMAGE_NOT_DOWNLOADED =
  "The featured image could not be downloaded from its address. Use a public https address, or upload the image instead, and post again.";

export type ImageSourceOptions = Pick<PublicFetchOptions, "allowLoopback" | "log" | "resolve"> & { maxBytes?: number };

/**
 * The featured image's bytes: an upload from the media table, or an address downloaded through
 * the guarded fetcher (public https only, at most 20 MB, 20 s).
 */
export function imageSource(db: Db, options: ImageSourceOptions = {}): ImageSource {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  return {
    async read(featuredImage) {
      const upload = MEDIA_URL.exec(featuredImage.split("?")[0]);
      if (upload) {
        const variant = (await readVariant(db, upload[1], "webp")) ?? (await readVariant(db, upload[1], "avif"));
        if (!variant) throw new PreflightFailed("The featured image was deleted from the media library. Choose another featured image and post again.");
        return Buffer.from(variant.bytes);
      }
      if (!/^https?:\/\//i.test(featuredImage)) {
        throw new PreflightFailed("The featured image must be an uploaded image or an http(s) address. Choose another featured image and post again.");
      }
      try {
        const resource = await fetchPublicResource(featuredImage, { ...options, maxBytes, timeoutMs: DOWNLOAD_TIMEOUT_MS, accept: "image/*" });
        return resource.bytes;
      } catch (error) {
        if (error instanceof DownloadTooLarge) {
          throw new PreflightFailed(`The featured image is larger than ${formatBytes(maxBytes)}. Upload a smaller image and post again.`);
        }
        throw new PreflightFailed(FEATURED_IMAGE_NOT_DOWNLOADED);
      }
    },
  };
}

export interface InstagramImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * The Instagram-ready JPEG: sRGB, 1080 px wide, its ratio brought within 4:5 to 1.91:1 by
 * padding (white), at most 8 MB. An image narrower than 320 px is refused.
 */
export async function makeInstagramImage(input: Buffer): Promise<InstagramImage> {
  let meta;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new PreflightFailed("The featured image is not an image Instagram can take (JPEG or PNG). Choose another featured image and post again.");
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw new PreflightFailed("The featured image could not be read. Choose another featured image and post again.");
  if (width < IMAGE_MIN_WIDTH) {
    throw new PreflightFailed(`The featured image is ${width} px wide; Instagram needs at least ${IMAGE_MIN_WIDTH} px. Choose a larger featured image and post again.`);
  }
  const ratio = width / height;
  // The canvas: 1080 wide, as tall as the ratio allows within Instagram's range.
  const canvasRatio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio));
  const canvasWidth = INSTAGRAM_WIDTH;
  const canvasHeight = Math.ceil(INSTAGRAM_WIDTH / canvasRatio);
  // The picture inside it, scaled to fit whole.
  const scale = Math.min(canvasWidth / width, canvasHeight / height);
  const innerWidth = Math.min(canvasWidth, Math.round(width * scale));
  const innerHeight = Math.min(canvasHeight, Math.round(height * scale));
  const inner = await sharp(input, { animated: false })
    .rotate()
    .resize({ width: innerWidth, height: innerHeight, fit: "fill" })
    .flatten({ background: "#ffffff" })
    .toColorspace("srgb")
    .toBuffer();
  const left = Math.floor((canvasWidth - innerWidth) / 2);
  const top = Math.floor((canvasHeight - innerHeight) / 2);
  for (const quality of [88, 80, 70, 60]) {
    const bytes = await sharp({ create: { width: canvasWidth, height: canvasHeight, channels: 3, background: "#ffffff" } })
      .composite([{ input: inner, left, top }])
      .withIccProfile("srgb")
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (bytes.byteLength <= IMAGE_MAX_BYTES) return { bytes, width: canvasWidth, height: canvasHeight };
  }
  throw new PreflightFailed("The featured image could not be made smaller than 8 MB. Choose a simpler image and post again.");
}

/** Store the JPEG as a media item of its own; its public address is `/media/{id}/1080.jpeg`. */
export async function storeInstagramImage(db: Db, image: InstagramImage): Promise<{ id: string; path: string }> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(media).values({ id, width: image.width, height: image.height });
    await tx.insert(mediaVariants).values({ mediaId: id, format: "jpeg", width: image.width, height: image.height, bytes: image.bytes });
  });
  return { id, path: `/media/${id}/${image.width}.jpeg` };
}
