import type { AppLoadContext } from "react-router";
import { appendToHead } from "./head.server";

/**
 * A page's JSON-LD goes into its HTML only, not into the data the page hydrates from: loaders
 * hand it to the request's context (`addJsonLd`) rather than returning it, and
 * `app/entry.server.tsx` writes it at the end of the head (`withJsonLd`). Returned from the
 * loader, the same objects were sent twice (the FAQ and services of a practice page: ~0.4 KB
 * compressed), and only crawlers, which load every URL whole, read them.
 */
export function addJsonLd(context: AppLoadContext, items: ReadonlyArray<object | null | undefined>): void {
  for (const item of items) if (item) context.jsonLd.push(item);
}

// As React Router's Meta escapes ld+json: no text can close the script or start a comment.
const UNSAFE_IN_SCRIPT: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** The JSON-LD as `<script type="application/ld+json">` elements, safe inside HTML. */
function jsonLdScripts(items: readonly object[]): string {
  return items
    .map((item) => `<script type="application/ld+json">${JSON.stringify(item).replace(/[&<>\u2028\u2029]/g, (c) => UNSAFE_IN_SCRIPT[c]!)}</script>`)
    .join("");
}

/**
 * The document with the page's JSON-LD at the end of its head. Where React hydrates, it leaves
 * head elements it did not render (React 19 skips unexpected nodes in the head); every move to
 * another page loads a new document (decision 0039), so these never outlive their page.
 */
export function withJsonLd(html: string, items: readonly object[]): string {
  return appendToHead(html, jsonLdScripts(items));
}
