/** The article body's typography; shared by the public page and the admin's live preview. */
export const POST_BODY_CLASS = "text-lg leading-8 text-slate-800";

/**
 * An article body rendered to HTML on the server (app/blog/markdown.server.tsx), so the
 * Markdown parser never reaches the browser. Its links are plain links: one to a page of the
 * site is a document navigation like any other (decision 0039).
 */
export function PostBody({ html, ...props }: { html: string; lang?: string; dir?: "ltr" | "rtl" }) {
  // The HTML comes from our own renderer (react-markdown's safe defaults, no raw HTML), never from the request.
  return <div className={`mt-4 ${POST_BODY_CLASS}`} {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
