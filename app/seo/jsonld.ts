/**
 * Typed schema.org JSON-LD builders (types from schema-dts, which ships types only, so
 * nothing here adds to any bundle beyond the objects themselves).
 *
 * Every visible text is passed in by the caller in the page's language; the builders add
 * the fixed business facts (SPEC.md 9) and make every URL absolute. Loaders hand the results
 * to `addJsonLd` (app/document/json-ld.server.ts), which writes them into the document's head; the
 * breadcrumb trail of `pageMeta` goes through React Router's Meta. Both escape `<`, `>` and
 * `&` inside the script, so no text can close the tag.
 */
import type {
  BlogPosting,
  BreadcrumbList,
  ContactPage,
  ContactPoint,
  Country,
  EducationalOccupationalCredential,
  FAQPage,
  Language,
  LegalService,
  Offer,
  Person,
  PostalAddress,
  Service,
  WithContext,
} from "schema-dts";
import { LANGUAGE_INFO, localizePath, type Lang } from "~/i18n/languages";

/** The object form of a schema.org type (schema-dts unions also allow a bare string or URL). */
type Node<T, Name extends string> = Extract<T, { "@type": Name }>;

export type LegalServiceLd = WithContext<Node<LegalService, "LegalService">>;
export type PersonLd = WithContext<Node<Person, "Person">>;
export type ServiceLd = WithContext<Node<Service, "Service">>;
export type FaqPageLd = WithContext<Node<FAQPage, "FAQPage">>;
export type BreadcrumbListLd = WithContext<Node<BreadcrumbList, "BreadcrumbList">>;
export type BlogPostingLd = WithContext<Node<BlogPosting, "BlogPosting">>;
export type ContactPageLd = WithContext<Node<ContactPage, "ContactPage">>;

/** Fixed business facts (SPEC.md 9). */
export const FIRM_FACTS = {
  geo: { latitude: 49.28, longitude: -123.12 },
  opens: "09:00",
  closes: "17:00",
  openDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const,
  priceRange: "$$",
  areaServed: "CA",
  locality: "Vancouver",
  region: "BC",
  country: "CA",
  rating: { ratingValue: 4.9, reviewCount: 127, bestRating: 5, worstRating: 1 },
} as const;

/** The firm as the page shows it, in the page's language. */
export interface FirmFacts {
  /** Firm name in the page's language. */
  name: string;
  /** Short description (the firm tagline or the page's description). */
  description?: string;
  telephone: string;
  email: string;
  /** The one-line office address as the content store holds it. */
  address: string;
  /** Profiles elsewhere (e.g. LinkedIn), absolute URLs. */
  sameAs?: string[];
}

/** Language, canonical base and firm: what every builder needs. */
export interface SeoSite {
  lang: Lang;
  /** Canonical base without a trailing slash, e.g. https://example.com */
  siteUrl: string;
  firm: FirmFacts;
  /** The breadcrumb label of the home page, in the page's language. */
  homeLabel: string;
}

const CONTEXT = "https://schema.org" as const;

/** SITE_URL + the path in the site's language. */
export function pageUrl(site: Pick<SeoSite, "siteUrl" | "lang">, path: string): string {
  return `${site.siteUrl}${localizePath(path, site.lang)}`;
}

/** An absolute URL for a site path ("/media/x") or an already absolute URL. */
export function absolute(site: Pick<SeoSite, "siteUrl">, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${site.siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** One @id for the firm per site, so every other node can point at the same business. */
export const firmId = (site: Pick<SeoSite, "siteUrl">) => `${site.siteUrl}/#firm`;

/** The languages the firm works in, as schema.org Language nodes (BCP 47 codes). */
export function firmLanguages(): Node<Language, "Language">[] {
  return [
    { "@type": "Language", name: "English", alternateName: "en" },
    { "@type": "Language", name: "Farsi", alternateName: "fa" },
    { "@type": "Language", name: "Chinese", alternateName: "zh" },
  ];
}

const country = (): Node<Country, "Country"> => ({ "@type": "Country", name: FIRM_FACTS.areaServed });

/**
 * The office address: the street part is whatever precedes the city in the one-line
 * address; city, province and country are the firm's fixed facts.
 */
export function postalAddress(address: string): Node<PostalAddress, "PostalAddress"> {
  const postalCode = /\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/i.exec(address)?.[0]?.toUpperCase();
  const cityAt = address.search(/,?\s*Vancouver\b/i);
  const street = (cityAt > 0 ? address.slice(0, cityAt) : address).replace(/[,\s]+$/, "").trim();
  return {
    "@type": "PostalAddress",
    streetAddress: street,
    addressLocality: FIRM_FACTS.locality,
    addressRegion: FIRM_FACTS.region,
    ...(postalCode ? { postalCode } : {}),
    addressCountry: FIRM_FACTS.country,
  };
}

/** A short reference to the firm for `provider`, `worksFor`, `publisher` and the like. */
export function firmRef(site: SeoSite): Node<LegalService, "LegalService"> {
  return { "@type": "LegalService", "@id": firmId(site), name: site.firm.name, url: pageUrl(site, "/") };
}

function contactPoint(site: SeoSite): Node<ContactPoint, "ContactPoint"> {
  return {
    "@type": "ContactPoint",
    contactType: "customer service",
    telephone: site.firm.telephone,
    email: site.firm.email,
    availableLanguage: firmLanguages(),
    areaServed: country(),
  };
}

/**
 * The firm: address, geo point, opening hours, price range, area served, languages and
 * the aggregate rating. Languages go in `knowsLanguage` (valid on an Organization) and in
 * the contact point's `availableLanguage` (schema.org defines that one on ContactPoint).
 */
export function legalService(site: SeoSite): LegalServiceLd {
  return { "@context": CONTEXT, ...firmNode(site) };
}

function firmNode(site: SeoSite): Node<LegalService, "LegalService"> {
  const { firm } = site;
  return {
    "@type": "LegalService",
    "@id": firmId(site),
    name: firm.name,
    ...(firm.description ? { description: firm.description } : {}),
    url: pageUrl(site, "/"),
    logo: absolute(site, "/favicon.svg"),
    image: absolute(site, "/og-image.jpg"),
    telephone: firm.telephone,
    email: firm.email,
    address: postalAddress(firm.address),
    geo: { "@type": "GeoCoordinates", latitude: FIRM_FACTS.geo.latitude, longitude: FIRM_FACTS.geo.longitude },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [...FIRM_FACTS.openDays],
        opens: FIRM_FACTS.opens,
        closes: FIRM_FACTS.closes,
      },
    ],
    priceRange: FIRM_FACTS.priceRange,
    areaServed: country(),
    knowsLanguage: firmLanguages(),
    contactPoint: contactPoint(site),
    aggregateRating: { "@type": "AggregateRating", ...FIRM_FACTS.rating },
    ...(firm.sameAs?.length ? { sameAs: firm.sameAs } : {}),
  };
}

export interface AttorneyInput {
  name: string;
  jobTitle?: string;
  /** Languages the person speaks, as names or BCP 47 codes. */
  languages?: string[];
  email?: string | null;
  telephone?: string | null;
  /** Site path or absolute URL of the photo. */
  image?: string | null;
  /** Bar admissions, one per entry (e.g. "Law Society of British Columbia, 2012"). */
  barAdmissions?: string[];
  /** Degrees, one per entry. */
  education?: string[];
  /** Areas of practice. */
  knowsAbout?: string[];
  /** Anchor of the person on the team page (e.g. "member-3"), for a stable @id. */
  anchor?: string;
}

/** Splits a multi-line or comma-separated text field (bar admissions, areas) into entries. */
export function splitList(text: string | null | undefined, separator: RegExp = /\r?\n|;/): string[] {
  return (text ?? "")
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A team member: works for the firm; bar admissions and degrees as credentials. */
export function attorney(site: SeoSite, person: AttorneyInput): PersonLd {
  const credentials: Node<EducationalOccupationalCredential, "EducationalOccupationalCredential">[] = [
    ...(person.barAdmissions ?? []).map((name) => ({
      "@type": "EducationalOccupationalCredential" as const,
      credentialCategory: "license",
      name,
    })),
    ...(person.education ?? []).map((name) => ({
      "@type": "EducationalOccupationalCredential" as const,
      credentialCategory: "degree",
      name,
    })),
  ];
  const teamUrl = pageUrl(site, "/team");
  return {
    "@context": CONTEXT,
    "@type": "Person",
    ...(person.anchor ? { "@id": `${teamUrl}#${person.anchor}` } : {}),
    name: person.name,
    ...(person.jobTitle ? { jobTitle: person.jobTitle } : {}),
    worksFor: firmRef(site),
    url: person.anchor ? `${teamUrl}#${person.anchor}` : teamUrl,
    ...(person.languages?.length ? { knowsLanguage: person.languages } : {}),
    ...(person.knowsAbout?.length ? { knowsAbout: person.knowsAbout } : {}),
    ...(person.email ? { email: person.email } : {}),
    ...(person.telephone ? { telephone: person.telephone } : {}),
    ...(person.image ? { image: absolute(site, person.image) } : {}),
    ...(credentials.length ? { hasCredential: credentials } : {}),
  };
}

export interface ServicesInput {
  /** The practice area's name, e.g. "Immigration Law". */
  areaName: string;
  /** The practice area page's unprefixed path. */
  path: string;
  description?: string;
  /** The services offered in this area (8 per practice page). */
  services: string[];
}

/** A practice area as a Service of the firm, its services as an offer catalogue. */
export function services(site: SeoSite, input: ServicesInput): ServiceLd {
  const provider = firmRef(site);
  return {
    "@context": CONTEXT,
    "@type": "Service",
    name: input.areaName,
    serviceType: input.areaName,
    ...(input.description ? { description: input.description } : {}),
    url: pageUrl(site, input.path),
    provider,
    areaServed: country(),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: input.areaName,
      itemListElement: input.services.map(
        (name): Node<Offer, "Offer"> => ({
          "@type": "Offer",
          itemOffered: { "@type": "Service", name, serviceType: input.areaName, provider },
        }),
      ),
    },
  };
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** The FAQ of a practice page. */
export function faqPage(site: SeoSite, items: FaqItem[], path?: string): FaqPageLd {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    ...(path ? { url: pageUrl(site, path) } : {}),
    inLanguage: LANGUAGE_INFO[site.lang].htmlLang,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export interface Crumb {
  name: string;
  /** Unprefixed site path (localized here) or an absolute URL. */
  path: string;
}

/** Home, then each level of an inner page; every item has an absolute URL in the page's language. */
export function breadcrumbList(site: SeoSite, trail: Crumb[]): BreadcrumbListLd {
  const items = [{ name: site.homeLabel, path: "/" }, ...trail];
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: /^https?:\/\//i.test(crumb.path) ? crumb.path : pageUrl(site, crumb.path),
    })),
  };
}

export interface PostInput {
  /** The post's path, "/blog/{slug}". */
  path: string;
  headline: string;
  description?: string;
  /** ISO date or timestamp. */
  datePublished: string;
  dateModified?: string;
  author: string;
  /** Site path or absolute URL of the featured image. */
  image?: string | null;
  imageAlt?: string | null;
}

/** A blog post; the firm is the publisher. */
export function blogPosting(site: SeoSite, post: PostInput): BlogPostingLd {
  const url = pageUrl(site, post.path);
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: post.headline,
    ...(post.description ? { description: post.description } : {}),
    datePublished: post.datePublished,
    dateModified: post.dateModified ?? post.datePublished,
    author: post.author ? { "@type": "Person", name: post.author } : firmRef(site),
    image: post.image
      ? { "@type": "ImageObject", url: absolute(site, post.image), ...(post.imageAlt ? { caption: post.imageAlt } : {}) }
      : absolute(site, "/og-image.jpg"),
    inLanguage: LANGUAGE_INFO[site.lang].htmlLang,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    publisher: { ...firmRef(site), logo: absolute(site, "/favicon.svg") },
  };
}

export interface ContactPageInput {
  /** The page's title. */
  name: string;
  description?: string;
  /** Defaults to "/contact". */
  path?: string;
}

/** /contact (SPEC.md 2.9): a contact page about the firm, languages English/Farsi/Chinese, area CA. */
export function contactPage(site: SeoSite, input: ContactPageInput): ContactPageLd {
  return {
    "@context": CONTEXT,
    "@type": "ContactPage",
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    url: pageUrl(site, input.path ?? "/contact"),
    inLanguage: LANGUAGE_INFO[site.lang].htmlLang,
    about: { "@id": firmId(site) },
    mainEntity: firmNode(site),
  };
}
