import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

/** The article body's typography; shared by the public page and the admin's live preview. */
export const POST_BODY_CLASS = "text-lg leading-8 text-slate-800";

/** Marks a link to one of the site's pages in server-rendered article HTML. */
export const PAGE_LINK_ATTRIBUTE = "data-page-link";

/**
 * An article body rendered to HTML on the server (app/blog/markdown.server.tsx), so the
 * Markdown parser never reaches the browser. Links to the site's own pages still navigate
 * in place, like a router link; any other link, or a click with a modifier key (new tab,
 * new window, download), is left to the browser.
 */
export function PostBody({ html, ...props }: { html: string; lang?: string; dir?: "ltr" | "rtl" }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const body = ref.current;
    if (!body) return;
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest(`a[${PAGE_LINK_ATTRIBUTE}]`) : null;
      const href = link?.getAttribute("href");
      if (!href || !body?.contains(link)) return;
      event.preventDefault();
      void navigate(href);
    }
    body.addEventListener("click", onClick);
    return () => body.removeEventListener("click", onClick);
  }, [navigate]);

  // The HTML comes from our own renderer (react-markdown's safe defaults, no raw HTML), never from the request.
  return <div ref={ref} className={`mt-4 ${POST_BODY_CLASS}`} {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
