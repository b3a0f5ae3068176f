import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";

/**
 * The end of the rendered part of the list: scrolling near it renders the next page of
 * entries; the button does the same for keyboard users.
 */
export function MoreEntries({ remaining, onMore }: { remaining: number; onMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((records) => records.some((r) => r.isIntersecting) && onMore(), { rootMargin: "1200px 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onMore, remaining]);
  return (
    <div ref={ref} className="flex justify-center py-4">
      <Button variant="secondary" onClick={onMore}>
        Show more entries ({remaining} more)
      </Button>
    </div>
  );
}
