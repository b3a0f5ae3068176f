/**
 * Speculation Rules for the public pages (decision 0040): a link to another page of the site is
 * fetched ahead when the visitor is likely to follow it, and prerendered on hover (200 ms) or
 * press, so the navigation that follows shows at once (the pages come from the page cache).
 * Not files (any path with a dot: feeds, media, assets), not the admin, not the event stream,
 * and not links that open elsewhere or ask not to be followed.
 */
const SITE_PAGES = {
  and: [
    { href_matches: "/*" },
    { not: { href_matches: ["/admin", "/admin/*", "/events", "/*\\.*"] } },
    { not: { selector_matches: "[target], [rel~=nofollow], [download]" } },
  ],
};

export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where: SITE_PAGES, eagerness: "eager" }],
  prerender: [{ where: SITE_PAGES, eagerness: "moderate" }],
});
