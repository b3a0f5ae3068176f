import type { MetaDescriptor } from "react-router";
import { LANGUAGES, LANGUAGE_INFO, localizePath, type Lang } from "~/i18n/languages";
import { breadcrumbList, type Crumb, type SeoSite } from "./jsonld";

export interface PageMetaInput {
  /** The page's own title; the firm name is appended. */
  title: string;
  description: string;
  /** The page's unprefixed path, e.g. "/practice-areas/family". */
  path: string;
  /** Absolute or site-relative share image; defaults to /og-image.jpg. */
  image?: string;
  /** The share image's text alternative; defaults to the firm name. */
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /**
   * The page's trail after Home, e.g. [{ name: "Practice Areas", path: "/practice-areas" }, { name: "Family", path: "/practice-areas/family" }]:
   * adds a BreadcrumbList (Home first, absolute URLs in the page's language).
   */
  breadcrumbs?: Crumb[];
}

interface MatchData {
  id: string;
  loaderData?: unknown;
}

interface SiteFacts {
  lang: Lang;
  siteUrl: string;
  firmName: string;
  /** The site layout's texts (navigation, footer, common) in the page's language. */
  texts: Record<string, string>;
}

/** Language, canonical base and firm name, read from the root and site-layout loaders. */
export function siteFacts(matches: ReadonlyArray<MatchData | undefined>): SiteFacts {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { lang?: Lang } | undefined;
  const layout = matches.find((m) => m?.id === "routes/site-layout")?.loaderData as
    | { texts?: Record<string, string>; site?: { siteUrl?: string } }
    | undefined;
  const texts = layout?.texts ?? {};
  return {
    lang: root?.lang ?? "en",
    siteUrl: layout?.site?.siteUrl ?? "",
    firmName: texts["firm-name"] ?? "",
    texts,
  };
}

/**
 * What the JSON-LD builders need, from the loaders every public page already has: the
 * firm's name, tagline, phone, email, address and profile link in the page's language.
 * Loaders use seoSiteFor (app/seo/site.server.ts) to build page JSON-LD on the server.
 */
export function seoSite(matches: ReadonlyArray<MatchData | undefined>): SeoSite {
  const { lang, siteUrl, texts } = siteFacts(matches);
  return buildSeoSite(lang, siteUrl, texts);
}

/** The firm's facts for JSON-LD from the site's texts (shared by seoSite and the loaders' seoSiteFor). */
export function buildSeoSite(lang: Lang, siteUrl: string, texts: Record<string, string>): SeoSite {
  const text = (key: string) => (texts[key] && texts[key] !== key ? texts[key] : "");
  const profile = text("footer-linkedin");
  return {
    lang,
    siteUrl,
    homeLabel: text("breadcrumb-home") || "Home",
    firm: {
      name: text("firm-name"),
      description: text("firm-tagline") || undefined,
      telephone: text("footer-phone"),
      email: text("footer-email"),
      address: text("footer-address"),
      sameAs: /^https?:\/\/[^/]+\/.+/.test(profile) ? [profile] : undefined,
    },
  };
}

export const absoluteUrl = (siteUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/**
 * Everything a public page puts in its head: title '{title} | {firm}', description,
 * canonical, reciprocal hreflang alternates (en, fa, zh, x-default), Open Graph, Twitter card.
 */
export function pageMeta(matches: ReadonlyArray<MatchData | undefined>, input: PageMetaInput): MetaDescriptor[] {
  const { lang, siteUrl, firmName, texts } = siteFacts(matches);
  const title = firmName && input.title !== firmName ? `${input.title} | ${firmName}` : input.title;
  const canonical = absoluteUrl(siteUrl, localizePath(input.path, lang));
  const image = absoluteUrl(siteUrl, input.image ?? "/og-image.jpg");
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...LANGUAGES.map((code) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: code,
      href: absoluteUrl(siteUrl, localizePath(input.path, code)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(siteUrl, localizePath(input.path, "en")) },
    // The blog feed in this page's language, for feed readers.
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: [firmName, texts["nav-blog"]].filter(Boolean).join(" - ") || "RSS",
      href: absoluteUrl(siteUrl, lang === "en" ? "/rss.xml" : `/${lang}/rss.xml`),
    },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    // The shipped default share image's size, so previews render before it downloads.
    ...(input.image ? [] : [{ property: "og:image:width", content: "1200" }, { property: "og:image:height", content: "630" }]),
    { property: "og:image:alt", content: input.imageAlt ?? firmName },
    { property: "og:site_name", content: firmName },
    { property: "og:locale", content: LANGUAGE_INFO[lang].ogLocale },
    ...LANGUAGES.filter((code) => code !== lang).map((code) => ({ property: "og:locale:alternate", content: LANGUAGE_INFO[code].ogLocale })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) descriptors.push({ name: "robots", content: "noindex" });
  if (input.breadcrumbs?.length) descriptors.push({ "script:ld+json": breadcrumbList(seoSite(matches), input.breadcrumbs) });
  return descriptors;
}
