import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import type { Db } from "../db/client";
import { media, mediaVariants } from "../db/schema";

import { MAX_UPLOAD_BYTES, TOO_LARGE } from "./upload-limit";

export { MAX_UPLOAD_BYTES, TOO_LARGE };
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "heif", "tiff"]);
/** Widths every image is re-encoded to (never upscaled). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** An upload refused, with the sentence to show; `kind` says which answer it gets (413 or 400). */
export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly kind: "too-large" | "invalid" = "invalid",
  ) {
    super(message);
  }
}

/** Longest side over shortest: banners and portraits fit; a one-pixel strip does not. */
export const MAX_ASPECT_RATIO = 20;

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

export interface StoreImageOptions {
  createdBy?: string | null;
  /** Convert to greyscale (the team's black-and-white photo). */
  greyscale?: boolean;
  /** AVIF next to WebP; slower to encode, so demo seeding may skip it. */
  avif?: boolean;
}

/**
 * Check that the bytes really are an image (by content, not by name), then re-encode it:
 * EXIF and other metadata dropped, auto-rotated, a few widths as WebP and AVIF.
 */
export async function storeImage(db: Db, input: Buffer, options: StoreImageOptions = {}): Promise<StoredImage> {
  if (input.byteLength === 0) throw new ImageRejected("The file is empty.");
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new ImageRejected(TOO_LARGE, "too-large");
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new ImageRejected("The file is not an image.");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new ImageRejected("The file is not a supported image (JPEG, PNG, WebP, AVIF, GIF, HEIF or TIFF).");
  }
  // WebP holds at most 16,383 pixels on a side; a strip like 1x60000 cannot be re-encoded.
  const longSide = Math.max(meta.width, meta.height) / Math.min(meta.width, meta.height);
  if (longSide > MAX_ASPECT_RATIO) {
    throw new ImageRejected(`The image is ${meta.width} x ${meta.height} pixels: one side may be at most ${MAX_ASPECT_RATIO} times the other.`);
  }
  const base = () => {
    const pipeline = sharp(input, { animated: false }).rotate();
    return options.greyscale ? pipeline.greyscale() : pipeline;
  };
  // EXIF orientations 5-8 are quarter turns: the displayed width is the stored height.
  const fullWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const widths = [...new Set([...MEDIA_WIDTHS.filter((w) => w < fullWidth), Math.min(fullWidth, MEDIA_WIDTHS.at(-1)!)])];
  const formats: Array<"webp" | "avif"> = options.avif === false ? ["webp"] : ["webp", "avif"];
  const variants: Array<typeof mediaVariants.$inferInsert> = [];
  const id = randomUUID();
  for (const width of widths) {
    for (const format of formats) {
      const resized = base().resize({ width, withoutEnlargement: true });
      const encoded = format === "webp" ? resized.webp({ quality: 78 }) : resized.avif({ quality: 55, effort: 2 });
      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await encoded.toBuffer({ resolveWithObject: true });
      } catch {
        // The header was readable but the pixels are not: a truncated or damaged file.
        throw new ImageRejected("The image is damaged or incomplete and could not be read. Please export it again and upload the new file.");
      }
      const { data, info } = output;
      variants.push({ mediaId: id, format, width: info.width, height: info.height, bytes: data });
    }
  }
  const largest = variants.reduce((a, b) => (b.width > a.width ? b : a));
  await db.transaction(async (tx) => {
    await tx.insert(media).values({ id, width: largest.width, height: largest.height, createdBy: options.createdBy ?? null });
    await tx.insert(mediaVariants).values(variants);
  });
  return { id, url: `/media/${id}`, width: largest.width, height: largest.height };
}

export interface MediaVariantInfo {
  format: "webp" | "avif" | "jpeg";
  width: number;
  height: number;
}

/** The variants of one image, without their bytes (for srcset). */
export async function listVariants(db: Db, id: string): Promise<MediaVariantInfo[]> {
  return db
    .select({ format: mediaVariants.format, width: mediaVariants.width, height: mediaVariants.height })
    .from(mediaVariants)
    .where(eq(mediaVariants.mediaId, id))
    .orderBy(mediaVariants.width);
}

/** One variant's bytes: a given width and format, or the widest of the format. */
/** No stored variant is wider (the Instagram copies are 1080 px): a width above is no variant. */
export const MAX_VARIANT_WIDTH = MEDIA_WIDTHS.at(-1)!;

export async function readVariant(db: Db, id: string, format: "webp" | "avif" | "jpeg", width?: number) {
  // A width from a URL may be past the database's integer (a 500 there): such a variant does not exist.
  if (width !== undefined && !(Number.isSafeInteger(width) && width >= 1 && width <= MAX_VARIANT_WIDTH)) return null;
  const rows = await db
    .select()
    .from(mediaVariants)
    .where(
      width
        ? and(eq(mediaVariants.mediaId, id), eq(mediaVariants.format, format), eq(mediaVariants.width, width))
        : and(eq(mediaVariants.mediaId, id), eq(mediaVariants.format, format)),
    )
    .orderBy(desc(mediaVariants.width))
    .limit(1);
  return rows[0] ?? null;
}

export const MEDIA_URL = /^\/media\/([0-9a-f-]{36})$/;
