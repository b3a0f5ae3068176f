/**
 * A proposal rendered as visitors would see it, beside the live version (decision 0089): Markdown
 * as the blog renders it (headings, lists, links), images as thumbnails, each text paragraph by
 * paragraph with word marks only inside the paragraphs that changed. The marks are <ins>/<del>
 * with a visually hidden "added:"/"removed:" so a screen reader announces them.
 */
import { renderPostHtml } from "../blog/markdown.server";
import { LANGUAGE_INFO, type Lang } from "../i18n/languages";
import type { FieldText, Revisioned } from "../revisions/review.server";
import type { DiffPart } from "../revisions/types";
import { diffParagraphs } from "./paragraphs.server";
import type { ReviewEntity } from "./paths";

export type FieldFormat = "markdown" | "text" | "image";

/** One row of the side-by-side view: HTML for each side (null: nothing there on that side). */
export interface RenderedRow {
  kind: "same" | "changed" | "added" | "removed";
  live: string | null;
  proposed: string | null;
}

export interface RenderedField {
  key: string;
  label: string;
  format: FieldFormat;
  changed: boolean;
  rows: RenderedRow[];
}

export interface LanguageView {
  language: Lang;
  name: string;
  dir: "ltr" | "rtl";
  changed: number;
  fields: RenderedField[];
}

export interface RenderedChange {
  /** Fields of no language (slug, author, date, image, a member's contact and photos). */
  details: RenderedField[];
  languages: LanguageView[];
}

const LANGUAGE_LABELS: Record<Lang, string> = { en: "English", fa: "Farsi", zh: "Chinese" };
const NEUTRAL = new Set(["slug", "author", "publishedAt", "featuredImage", "name", "email", "phone", "orderIndex", "active", "photoUrl", "photoBwUrl"]);
const IMAGES = new Set(["featuredImage", "photoUrl", "photoBwUrl"]);

function formatOf(entity: ReviewEntity, key: string): FieldFormat {
  if (IMAGES.has(key)) return "image";
  // A post's article is Markdown on the site; the other texts are shown as written.
  if (entity === "post" && /^content(Fa|Zh)?$/.test(key)) return "markdown";
  return "text";
}

// Private-use characters around marked words while the Markdown is rendered, then made <ins>/<del>.
const INS_OPEN = "\uE000";
const INS_CLOSE = "\uE001";
const DEL_OPEN = "\uE002";
const DEL_CLOSE = "\uE003";
const SENTINELS = /[\uE000-\uE003]/g;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const MARK = {
  ins: { open: '<ins class="review-ins">', label: '<span class="sr-only">added: </span>', close: "</ins>" },
  del: { open: '<del class="review-del">', label: '<span class="sr-only">removed: </span>', close: "</del>" },
} as const;

/**
 * Sentinels in rendered HTML become <ins>/<del>; a mark that spans an element boundary is closed
 * before the tag and opened again after it, so the HTML stays well nested. Sentinels inside a tag
 * (an href) are dropped.
 */
export function marksToHtml(html: string): string {
  let open: "ins" | "del" | null = null;
  let out = "";
  for (const token of html.split(/(<[^>]*>)/)) {
    if (token.startsWith("<")) {
      const tag = token.replace(SENTINELS, "");
      out += open ? `${MARK[open].close}${tag}${MARK[open].open}` : tag;
      continue;
    }
    for (const char of token) {
      if (char === INS_OPEN || char === DEL_OPEN) {
        if (open) out += MARK[open].close;
        open = char === INS_OPEN ? "ins" : "del";
        out += MARK[open].open + MARK[open].label;
      } else if (char === INS_CLOSE || char === DEL_CLOSE) {
        if (open) out += MARK[open].close;
        open = null;
      } else out += char;
    }
  }
  if (open) out += MARK[open].close;
  // Marks left empty by a boundary (an <ins> closed at once) say nothing.
  return out.replace(/<ins class="review-ins"><\/ins>|<del class="review-del"><\/del>/g, "");
}

/** One side of a changed paragraph, its marked words wrapped in sentinels. */
function withSentinels(parts: DiffPart[]): string {
  return parts.map((p) => (p.added ? `${INS_OPEN}${p.value}${INS_CLOSE}` : p.removed ? `${DEL_OPEN}${p.value}${DEL_CLOSE}` : p.value)).join("");
}

const plainParagraph = (text: string) => `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;

function renderText(format: FieldFormat, text: string, lang: Lang): string {
  return format === "markdown" ? renderPostHtml(text, lang) : plainParagraph(text);
}

/**
 * A changed paragraph with its word marks. In Markdown a mark could change what the paragraph is
 * (a sentinel before "## "); then it is shown without word marks, still marked as changed.
 */
function renderMarked(format: FieldFormat, parts: DiffPart[], lang: Lang): string {
  const source = withSentinels(parts);
  const clean = parts.map((p) => p.value).join("");
  if (format !== "markdown") return marksToHtml(plainParagraph(source));
  const marked = renderPostHtml(source, lang);
  return marked.replace(SENTINELS, "") === renderPostHtml(clean, lang) ? marksToHtml(marked) : renderPostHtml(clean, lang);
}

/** A safe image address (the site's own files, or http/https), else null. */
function imageSource(value: string): string | null {
  const url = value.trim();
  if (/^\/(?!\/)[^\s"'<>]*$/.test(url) || /^https?:\/\/[^\s"'<>]+$/i.test(url)) return url;
  return null;
}

function renderImage(value: string, label: string): string | null {
  if (!value.trim()) return null;
  const src = imageSource(value);
  if (!src) return plainParagraph(value);
  return `<img class="review-thumb" src="${escapeHtml(src)}" alt="${escapeHtml(label)}" loading="lazy" decoding="async">`;
}

function renderField(entity: ReviewEntity, field: FieldText, before: string, after: string): RenderedField {
  const format = formatOf(entity, field.key);
  const lang = field.language;
  const base = { key: field.key, label: field.label, format, changed: before !== after };
  if (format === "image") {
    const live = renderImage(before, `${field.label}, live`);
    const proposed = renderImage(after, `${field.label}, proposed`);
    const kind = before === after ? "same" : !before ? "added" : !after ? "removed" : "changed";
    return { ...base, rows: live || proposed ? [{ kind, live, proposed }] : [] };
  }
  const rows: RenderedRow[] = diffParagraphs(before, after, lang).map((row) => {
    switch (row.kind) {
      case "same": {
        const html = renderText(format, row.text, lang);
        return { kind: "same", live: html, proposed: html };
      }
      case "added":
        return { kind: "added", live: null, proposed: renderText(format, row.text, lang) };
      case "removed":
        return { kind: "removed", live: renderText(format, row.text, lang), proposed: null };
      case "changed":
        return { kind: "changed", live: renderMarked(format, row.before, lang), proposed: renderMarked(format, row.after, lang) };
    }
  });
  return { ...base, rows };
}

/** The live state and a proposal of one item, rendered for the review page. */
export function renderChange<S>(entity: ReviewEntity, kind: Revisioned<S>, live: S, proposed: S): RenderedChange {
  const before = new Map(kind.fields(live).map((f) => [f.key, f.text]));
  const fields = kind.fields(proposed).map((f) => renderField(entity, f, before.get(f.key) ?? "", f.text));
  const details = fields.filter((f) => NEUTRAL.has(f.key));
  const texts = fields.filter((f) => !NEUTRAL.has(f.key));
  const languageOf = new Map(kind.fields(proposed).map((f) => [f.key, f.language]));
  const languages = (["en", "fa", "zh"] as const).map((language) => {
    const own = texts.filter((f) => languageOf.get(f.key) === language);
    return { language, name: LANGUAGE_LABELS[language], dir: LANGUAGE_INFO[language].dir, changed: own.filter((f) => f.changed).length, fields: own };
  });
  return { details, languages };
}
