import type { Lang } from "../i18n/languages";
import { withSlicedChineseFont } from "./chinese-font-slices.server";
import { hydrateAfterPaint } from "./hydrate-after-paint.server";
import { withJsonLd } from "./json-ld.server";

export interface FinishOptions {
  nonce: string;
  lang: Lang;
  /** Public pages React hydrates paint first and hydrate after; the admin and development keep React Router's scripts. */
  paintFirst: boolean;
  /** The page's JSON-LD, which loaders added to the request's context. */
  jsonLd: readonly object[];
}

/**
 * Everything done to a rendered document before it is sent, in one place: the hydration script
 * (where there is one) rewritten to run after the first paint, the Chinese font slices'
 * stylesheet where the text needs it, and the page's JSON-LD at the end of the head.
 */
export function finishHtml(html: string, { nonce, lang, paintFirst, jsonLd }: FinishOptions): string {
  const scripted = paintFirst ? hydrateAfterPaint(html, nonce) : html;
  return withJsonLd(withSlicedChineseFont(scripted, lang, nonce), jsonLd);
}
