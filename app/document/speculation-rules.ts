/**
 * Speculation Rules for the public pages (decision 0040): a link to another page of the site is
 * fetched ahead when the visitor is likely to follow it, and prerendered on hover (200 ms) or
 * press, so the navigation that follows shows at once (the pages come from the page cache).
 * Not files (any path with a dot: feeds, media, assets), not the admin, not the event stream.
 * Only addresses, no `selector_matches`: matching selectors makes the browser compute the
 * page's style as soon as the HTML is parsed, a task of its own before the first paint. The
 * site's links that open a new tab lead to other sites, which "/*" (this origin) leaves out.
 */
const SITE_PAGES = {
  and: [{ href_matches: "/*" }, { not: { href_matches: ["/admin", "/admin/*", "/events", "/*\\.*"] } }],
};

export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where: SITE_PAGES, eagerness: "eager" }],
  prerender: [{ where: SITE_PAGES, eagerness: "moderate" }],
});
