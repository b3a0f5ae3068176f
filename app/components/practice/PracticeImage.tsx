import type { PracticeArea } from "./areas";

/** Widths the illustrations exist in under public/images/practice (16:9 WebP). */
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
  const src = (width: number) => `/images/practice/${slug}-${width}.webp`;
  return (
    <img
      src={src(WIDTHS[0])}
      srcSet={WIDTHS.map((w) => `${src(w)} ${w}w`).join(", ")}
      sizes={sizes}
      width={1280}
      height={720}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={`aspect-video w-full object-cover ${className}`}
    />
  );
}
