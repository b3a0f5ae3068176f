/** An HTML fragment as a reader hears it: tags dropped, the entities React writes decoded. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .trim();

/** The page's first-level heading, as text. */
export const h1 = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");

/** The form's status line (`role="status"`), as text; empty when the page has none. */
export const statusLine = (html: string) => textOf(/<div role="status"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "");
