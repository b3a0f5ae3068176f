import type { Nodes } from "mdast";
import { parseMarkdown } from "../../core/markdown";

/**
 * What a text points to, read from its Markdown tree (the parser the site renders with, GFM on):
 * the addresses of links, images and reference definitions (autolinks, `<https://…>` and bare
 * `www.` / `https://` / e-mail, are links too), and raw HTML, which the site shows as text but a
 * translation must not bring in either. A machine translation may keep these, never add one
 * (decision 0054).
 */

const TRAILING_NON_ASCII = /\P{ASCII}+$/u;

/** The addresses and raw HTML of a text, as comparable strings ("html:" before raw HTML). */
export function addressesOf(markdown: string): Set<string> {
  const found = new Set<string>();
  const tree = parseMarkdown(markdown);
  const visit = (node: Nodes): void => {
    if (node.type === "link" || node.type === "image" || node.type === "definition") {
      let url = node.url.trim();
      const start = node.position?.start.offset;
      // A bare URL runs on into the words after it when no space follows ("https://a.ca了解更多"
      // in Chinese): the letters after the address are not part of what it names.
      if (node.type === "link" && start !== undefined && !/^[[<]/.test(markdown.charAt(start))) url = url.replace(TRAILING_NON_ASCII, "");
      found.add(url);
    } else if (node.type === "html") {
      found.add(`html:${node.value.replace(/\s+/g, " ").trim()}`);
    }
    if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return found;
}

/** What the translation points to that the source does not (empty: it adds nothing). */
export function addedAddresses(source: string, translation: string): string[] {
  const allowed = addressesOf(source);
  return [...addressesOf(translation)].filter((address) => !allowed.has(address));
}
