import type { Nodes, Parents, PhrasingContent } from "mdast";
import { parseMarkdown } from "../markdown";

/**
 * Markdown through a translator that knows HTML but not Markdown (DeepL, LibreTranslate),
 * decision 0029. Only the prose of paragraphs, headings and table cells is sent, one segment
 * each, with inline markup as HTML tags: emphasis, links (without their address) and code as
 * marked elements. Everything else (heading and list markers, code blocks, link addresses, raw
 * HTML, images) never leaves; the answer is put back into the original text in place of the prose.
 */

export interface Tagged {
  source: string;
  /** The HTML sent to the translator, one per paragraph, heading or table cell with words in it. */
  segments: string[];
  /** Where each segment's prose sits in source (offsets). */
  ranges: Array<{ start: number; end: number }>;
  /** Per segment: the Markdown behind each marked element, by id (links: their closing part). */
  kept: Array<Map<string, string>>;
}

const LETTER = /\p{L}/u;

export function toTagged(markdown: string): Tagged {
  const tree = parseMarkdown(markdown);
  const tagged: Tagged = { source: markdown, segments: [], ranges: [], kept: [] };

  const visit = (node: Nodes): void => {
    if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell") {
      const first = node.children[0]?.position?.start.offset;
      const last = node.children.at(-1)?.position?.end.offset;
      if (first === undefined || last === undefined) return;
      const kept = new Map<string, string>();
      const html = phrasing(node.children, markdown, kept).trim();
      if (!LETTER.test(html.replace(/<[^>]*>/g, ""))) return;
      tagged.segments.push(html);
      tagged.ranges.push({ start: first, end: last });
      tagged.kept.push(kept);
      return;
    }
    // Code, HTML, thematic breaks and definitions stay as they are.
    if ("children" in node) (node as Parents).children.forEach((child) => visit(child as Nodes));
  };
  visit(tree);
  return tagged;
}

function phrasing(nodes: PhrasingContent[], source: string, kept: Map<string, string>): string {
  return nodes.map((node) => inline(node, source, kept)).join("");
}

function inline(node: PhrasingContent, source: string, kept: Map<string, string>): string {
  const slice = () => source.slice(node.position!.start.offset!, node.position!.end.offset!);
  const keep = (markdown: string, shown: string) => {
    const id = `m${kept.size}`;
    kept.set(id, markdown);
    // The element's text is context for the translator; what comes back inside it is ignored.
    return `<code id="${id}">${escapeHtml(shown)}</code>`;
  };
  switch (node.type) {
    case "text":
      return escapeHtml(node.value.replace(/\s*\n\s*/g, " "));
    case "emphasis":
      return `<em>${phrasing(node.children, source, kept)}</em>`;
    case "strong":
      return `<strong>${phrasing(node.children, source, kept)}</strong>`;
    case "delete":
      return `<del>${phrasing(node.children, source, kept)}</del>`;
    case "link":
    case "linkReference": {
      const text = slice();
      const lastChild = node.children.at(-1);
      // Autolinks (<https://...>, www.example.com) and empty links are addresses, not prose.
      if (!text.startsWith("[") || !lastChild?.position) return keep(text, text);
      const id = `m${kept.size}`;
      kept.set(id, source.slice(lastChild.position.end.offset!, node.position!.end.offset!));
      return `<a id="${id}">${phrasing(node.children, source, kept)}</a>`;
    }
    case "break": {
      // A hard line break comes back exactly as it was written ("  \n" or "\\\n").
      const id = `m${kept.size}`;
      kept.set(id, slice());
      return `<br id="${id}">`;
    }
    case "inlineCode":
      return keep(slice(), node.value);
    default:
      // Images, raw HTML, footnote references: kept exactly.
      return keep(slice(), "");
  }
}

/** The original Markdown with each segment's prose replaced by its translation. */
export function fromTagged(tagged: Tagged, answers: string[]): string {
  let out = tagged.source;
  for (let i = tagged.segments.length - 1; i >= 0; i--) {
    const { start, end } = tagged.ranges[i];
    const answer = answers[i];
    // An empty answer keeps the English rather than losing the text.
    const markdown = answer?.trim() ? toMarkdown(answer, tagged.kept[i]) : out.slice(start, end);
    out = out.slice(0, start) + markdown + out.slice(end);
  }
  return out;
}

interface Element {
  tag: string;
  id: string | null;
  children: Array<Element | string>;
}

const VOID = new Set(["br", "img", "hr", "wbr"]);

/** The translator's HTML back to Markdown, with every kept piece restored by its id. */
export function toMarkdown(html: string, kept: Map<string, string>): string {
  const root: Element = { tag: "root", id: null, children: [] };
  const stack: Element[] = [root];
  const pattern = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
  let at = 0;
  for (const match of html.matchAll(pattern)) {
    if (match.index > at) stack.at(-1)!.children.push(unescapeHtml(html.slice(at, match.index)));
    at = match.index + match[0].length;
    const [, closing, rawTag, attributes] = match;
    const tag = rawTag.toLowerCase();
    if (closing) {
      const index = stack.findLastIndex((element) => element.tag === tag);
      if (index > 0) stack.length = index;
      continue;
    }
    const element: Element = { tag, id: /\bid\s*=\s*["']?(m\d+)/.exec(attributes)?.[1] ?? null, children: [] };
    stack.at(-1)!.children.push(element);
    if (!VOID.has(tag) && !attributes.trim().endsWith("/")) stack.push(element);
  }
  if (at < html.length) root.children.push(unescapeHtml(html.slice(at)));

  const used = new Set<string>();
  let markdown = serialize(root, kept, used);
  // A translator that dropped a kept piece (code, an image) must not lose it: it goes at the end.
  for (const [id, piece] of kept) if (!used.has(id) && !isLinkClose(piece)) markdown += ` ${piece}`;
  return markdown.trim();
}

function isLinkClose(piece: string): boolean {
  return piece.startsWith("]");
}

function serialize(element: Element, kept: Map<string, string>, used: Set<string>): string {
  const prose = (text: string) => escapeMarkdown(text.replace(/\s*\n\s*/g, " "));
  const inner = () => element.children.map((child) => (typeof child === "string" ? prose(child) : serialize(child, kept, used))).join("");
  const wrap = (marker: string) => {
    // Markers must touch the words: " *word* ", never "* word *". Punctuation at the edges of the
    // translated prose goes outside them too: "**重要：**做" is not emphasis in CommonMark, "**重要**：做" is.
    const children = [...element.children];
    const first = children[0];
    const last = children.at(-1);
    let lead = "";
    let trail = "";
    if (typeof last === "string") {
      trail = /[\s\p{P}]*$/u.exec(last)![0];
      children[children.length - 1] = last.slice(0, last.length - trail.length);
    }
    if (typeof first === "string") {
      const current = children[0] as string;
      lead = /^[\s\p{P}]*/u.exec(current)![0];
      children[0] = current.slice(lead.length);
    }
    const text = children.map((child) => (typeof child === "string" ? prose(child) : serialize(child, kept, used))).join("");
    if (!text.trim()) return prose(lead) + text + prose(trail);
    return `${prose(lead)}${marker}${text}${marker}${prose(trail)}`;
  };
  if (element.id && kept.has(element.id)) {
    const piece = kept.get(element.id)!;
    used.add(element.id);
    if (element.tag === "a" && isLinkClose(piece)) return `[${inner().trim()}${piece}`;
    return piece;
  }
  switch (element.tag) {
    case "em":
    case "i":
      return wrap("*");
    case "strong":
    case "b":
      return wrap("**");
    case "del":
    case "s":
      return wrap("~~");
    case "br":
      return " ";
    default:
      return inner();
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const name = entity.toLowerCase();
    if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }[name]!;
  });
}

/** Characters that would start Markdown markup in translated prose. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<|~]/g, "\\$&");
}
