import type { Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

/**
 * Markdown as the site reads it (GFM, as react-markdown with remark-gfm renders it), parsed to a
 * syntax tree: one parser for the machine translators' segments, the translation address check
 * and the feeds' plain text.
 */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}
