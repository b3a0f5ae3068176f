/**
 * A text compared paragraph by paragraph, then word by word only inside the paragraphs that
 * changed (decision 0089): an AI rewrite reads as "these three paragraphs changed", not as red
 * and green words interleaved across the whole article.
 */
import { diffArrays, diffWords } from "diff";
import { segmenterFor, type FieldText } from "~/revisions/review.server";
import type { DiffPart } from "~/revisions/types";

export type ParagraphRow =
  | { kind: "same"; text: string }
  /** Both sides, each with its word-level marks (the live side's removed words, the proposal's added ones). */
  | { kind: "changed"; before: DiffPart[]; after: DiffPart[] }
  | { kind: "added"; text: string }
  | { kind: "removed"; text: string };

/**
 * Below this share of kept characters a paragraph counts as replaced, not edited: marks on every
 * other word help nobody read it.
 */
export const EDITED_AT_LEAST = 0.4;

/** A text's paragraphs: blocks between blank lines (a Markdown list or heading is one block). */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((block) => block.replace(/^\n+|\s+$/g, ""))
    .filter((block) => block.trim() !== "");
}

function wordRows(before: string, after: string, language: FieldText["language"]): ParagraphRow[] {
  const parts = diffWords(before, after, { intlSegmenter: segmenterFor(language) });
  const kept = parts.filter((p) => !p.added && !p.removed).reduce((n, p) => n + p.value.trim().length, 0);
  const longest = Math.max(before.trim().length, after.trim().length, 1);
  if (kept / longest < EDITED_AT_LEAST) return [{ kind: "removed", text: before }, { kind: "added", text: after }];
  const plain = (p: DiffPart): DiffPart => ({ value: p.value, ...(p.added ? { added: true } : {}), ...(p.removed ? { removed: true } : {}) });
  return [
    {
      kind: "changed",
      before: parts.filter((p) => !p.added).map(plain),
      after: parts.filter((p) => !p.removed).map(plain),
    },
  ];
}

/**
 * The rows of a side-by-side view: unchanged paragraphs as they are, a removed paragraph followed
 * by an added one paired as "changed" (in order) when they share enough words, the rest as added
 * or removed whole.
 */
export function diffParagraphs(before: string, after: string, language: FieldText["language"]): ParagraphRow[] {
  const chunks = diffArrays(paragraphsOf(before), paragraphsOf(after));
  const rows: ParagraphRow[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (!chunk.added && !chunk.removed) {
      for (const text of chunk.value) rows.push({ kind: "same", text });
      continue;
    }
    const next = chunks[i + 1];
    if (chunk.removed && next?.added) {
      const removed = chunk.value;
      const added = next.value;
      const paired = Math.min(removed.length, added.length);
      for (let k = 0; k < paired; k++) rows.push(...wordRows(removed[k], added[k], language));
      for (const text of removed.slice(paired)) rows.push({ kind: "removed", text });
      for (const text of added.slice(paired)) rows.push({ kind: "added", text });
      i += 1;
      continue;
    }
    for (const text of chunk.value) rows.push(chunk.added ? { kind: "added", text } : { kind: "removed", text });
  }
  return rows;
}
