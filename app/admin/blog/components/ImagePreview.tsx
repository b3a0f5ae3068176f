import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/**
 * The featured image as the post page shows it (1200x400). A URL that does not load shows
 * 'Failed to load image', also when the failure happened before the page was hydrated.
 */
export function ImagePreview({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = image.current;
    // onError may have fired during server rendering, before React listened.
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) {
    return (
      <div className="flex aspect-[3/1] w-full max-w-xl flex-col items-center justify-center gap-2 rounded-md border border-dashed border-red-300 bg-red-50 text-sm text-red-800" role="status">
        <ImageOff aria-hidden className="size-6" />
        Failed to load image
      </div>
    );
  }
  return (
    <img
      ref={image}
      src={src}
      alt={alt}
      width={1200}
      height={400}
      className="aspect-[3/1] h-auto w-full max-w-xl rounded-md border border-slate-200 bg-slate-100 object-cover"
      onError={() => setFailed(true)}
    />
  );
}
