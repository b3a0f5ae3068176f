/**
 * Words of a markdown text as a reader counts them: code, link addresses and markup are not
 * words. Used to hold generated articles to 600-800 words (SPEC.md 9).
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, " $1 ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, " $1 ")
    .replace(/<[^>]+>/g, " ");
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

export const ARTICLE_MIN_WORDS = 600;
export const ARTICLE_MAX_WORDS = 800;
