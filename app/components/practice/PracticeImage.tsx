import { staticSrcSet } from "~/media/sources";
import type { PracticeArea } from "./areas";

/** Widths the illustrations exist in under public/images/practice (16:9, WebP and AVIF: `npm run images:static`). */
const WIDTHS = [640, 960, 1280] as const;

/** A practice area's illustration: responsive, sized up front so nothing shifts while it loads. */
export function PracticeImage({
  slug,
  alt,
  sizes,
  eager = false,
  className = "",
}: {
  slug: PracticeArea["slug"];
  alt: string;
  sizes: string;
  /** Above the fold: load now rather than lazily. */
  eager?: boolean;
  className?: string;
}) {
  const srcSet = (format: "avif" | "webp") => staticSrcSet(`/images/practice/${slug}`, WIDTHS, format);
  return (
    <picture>
      {/* AVIF is ~35% smaller than WebP here; every browser that reads it says so. */}
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <img
        src={`/images/practice/${slug}-${WIDTHS[0]}.webp`}
        srcSet={srcSet("webp")}
        sizes={sizes}
        width={1280}
        height={720}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={`aspect-video w-full object-cover ${className}`}
      />
    </picture>
  );
}
