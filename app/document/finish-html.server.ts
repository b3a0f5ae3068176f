import type { Lang } from "../i18n/languages";
import { withSlicedChineseFont } from "./chinese-font-slices.server";
import { withJsonLd } from "./json-ld.server";

export interface FinishOptions {
  nonce: string;
  lang: Lang;
  /** The page's JSON-LD, which loaders added to the request's context. */
  jsonLd: readonly object[];
}

/**
 * Everything done to a rendered document before it is sent, in one place: the Chinese font
 * slices' stylesheet where the text needs it, and the page's JSON-LD at the end of the head.
 * (No public page hydrates React any more, decision 0073, so no script is rewritten.)
 */
export function finishHtml(html: string, { nonce, lang, jsonLd }: FinishOptions): string {
  return withJsonLd(withSlicedChineseFont(html, lang, nonce), jsonLd);
}
