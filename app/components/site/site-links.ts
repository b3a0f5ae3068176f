import { PRACTICE_AREAS, areaPath } from "~/components/practice/areas";

/**
 * The site's own pages, named once for every list of links to them (the header, the footer and
 * the site map): a page's path is its name (home is "/"), and each list's link text is its own
 * key, "<list's prefix><name>" (nav-team, sitemap-link-team).
 */
export type SitePage =
  | "home"
  | "practice-areas"
  | "team"
  | "about"
  | "blog"
  | "contact"
  | "virtual-consultation"
  | "video-consultation"
  | "privacy"
  | "sitemap";

/** A link: the unprefixed path and the key of its text. */
export interface SiteLink {
  path: string;
  key: string;
}

/** Links to these pages, in this order, their texts under `keyPrefix`. */
export const pageLinks = (pages: readonly SitePage[], keyPrefix: string): SiteLink[] =>
  pages.map((page) => ({ path: page === "home" ? "/" : `/${page}`, key: `${keyPrefix}${page}` }));

/** Links to every practice area's page (PRACTICE_AREAS' order), their texts under `keyPrefix`. */
export const practiceAreaLinks = (keyPrefix: string): SiteLink[] =>
  PRACTICE_AREAS.map((area) => ({ path: areaPath(area), key: `${keyPrefix}${area.slug}` }));
