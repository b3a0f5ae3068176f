import { renderToStaticMarkup } from "react-dom/server";
import { MarkdownContent } from "~/components/blog/Markdown";
import type { Lang } from "~/i18n/languages";

/**
 * An article's Markdown as HTML, made on the server so react-markdown and its plugins stay
 * out of the public page's JavaScript. Same renderer and safe defaults as the admin's live
 * preview: raw HTML shown as text, react-markdown's default URL policy, '# ' demoted to h2,
 * page links in the reader's language, rel="noopener noreferrer" on links leaving the site.
 * The page injects the result into <PostBody>.
 */
export function renderPostHtml(markdown: string, lang: Lang): string {
  return renderToStaticMarkup(<MarkdownContent lang={lang}>{markdown}</MarkdownContent>);
}
