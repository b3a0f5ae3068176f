import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Marks the JSON-LD the server wrote into a document's head for its page (app/document/json-ld.server.ts). */
export const PAGE_JSONLD_ATTRIBUTE = "data-page-jsonld";

/**
 * The JSON-LD the server wrote into the head describes the page it rendered; React does not
 * manage it, so once the visitor moves to another page in the browser, this removes it.
 */
export function useDropServerJsonLd(): void {
  const { pathname } = useLocation();
  const rendered = useRef(pathname);
  useEffect(() => {
    if (pathname === rendered.current) return;
    for (const script of document.head.querySelectorAll(`script[${PAGE_JSONLD_ATTRIBUTE}]`)) script.remove();
  }, [pathname]);
}
