import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta } from "react-router";
import { describe, expect, it } from "vitest";
import {
  attorney,
  blogPosting,
  breadcrumbList,
  contactPage,
  faqPage,
  legalService,
  postalAddress,
  services,
  splitList,
  type SeoSite,
} from "~/seo/jsonld";
import { pageMeta, seoSite } from "~/seo/meta";
import { withJsonLd } from "~/document/json-ld.server";

const SITE = "https://law.example.ca";

const site = (lang: SeoSite["lang"] = "en"): SeoSite => ({
  lang,
  siteUrl: SITE,
  homeLabel: lang === "fa" ? "خانه" : lang === "zh" ? "首页" : "Home",
  firm: {
    name: lang === "fa" ? "گروه حقوقی کوستلاین" : "Coastline Law Group",
    description: "Trusted legal counsel in downtown Vancouver",
    telephone: "+1 (604) 555-0100",
    email: "info@example.com",
    address: "Suite 200, 000 Example Street, Vancouver, BC V6B 1A1",
    sameAs: ["https://www.linkedin.com/company/example"],
  },
});

/** What a crawler gets: the JSON text, parsed again. */
const roundTrip = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

const LANGUAGE_NODES = [
  { "@type": "Language", name: "English", alternateName: "en" },
  { "@type": "Language", name: "Farsi", alternateName: "fa" },
  { "@type": "Language", name: "Chinese", alternateName: "zh" },
];

describe("legalService", () => {
  const ld = roundTrip(legalService(site()));

  it("is a schema.org LegalService with the firm's identity", () => {
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("LegalService");
    expect(ld["@id"]).toBe(`${SITE}/#firm`);
    expect(ld.name).toBe("Coastline Law Group");
    expect(ld.url).toBe(`${SITE}/`);
    expect(ld.logo).toBe(`${SITE}/favicon.svg`);
    expect(ld.image).toBe(`${SITE}/og-image.jpg`);
    expect(ld.telephone).toBe("+1 (604) 555-0100");
    expect(ld.email).toBe("info@example.com");
    expect(ld.sameAs).toEqual(["https://www.linkedin.com/company/example"]);
  });

  it("carries the business facts of SPEC.md 9", () => {
    expect(ld.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Suite 200, 000 Example Street",
      addressLocality: "Vancouver",
      addressRegion: "BC",
      postalCode: "V6B 1A1",
      addressCountry: "CA",
    });
    expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: 49.28, longitude: -123.12 });
    expect(ld.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "17:00",
      },
    ]);
    expect(ld.priceRange).toBe("$$");
    expect(ld.areaServed).toEqual({ "@type": "Country", name: "CA" });
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.9, reviewCount: 127, bestRating: 5, worstRating: 1 });
  });

  it("names the three languages, on the firm and on its contact point", () => {
    expect(ld.knowsLanguage).toEqual(LANGUAGE_NODES);
    expect(ld.contactPoint).toEqual({
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: "+1 (604) 555-0100",
      email: "info@example.com",
      availableLanguage: LANGUAGE_NODES,
      areaServed: { "@type": "Country", name: "CA" },
    });
  });

  it("links to the home page in the page's language", () => {
    expect(legalService(site("fa"))).toMatchObject({ url: `${SITE}/fa`, name: "گروه حقوقی کوستلاین" });
  });
});

describe("postalAddress", () => {
  it("keeps an address it cannot split as the street line", () => {
    expect(postalAddress("Unit 5, Harbour Centre")).toMatchObject({ streetAddress: "Unit 5, Harbour Centre", addressLocality: "Vancouver" });
    expect(postalAddress("Unit 5, Harbour Centre")).not.toHaveProperty("postalCode");
  });
});

describe("attorney", () => {
  it("is a Person working for the firm, with languages and bar admissions as credentials", () => {
    const ld = roundTrip(
      attorney(site("zh"), {
        name: "Sarah Chen",
        jobTitle: "合伙人",
        languages: ["English", "Mandarin"],
        email: "sarah@example.com",
        telephone: "+1 604 555 0101",
        image: "/media/abc",
        barAdmissions: splitList("Law Society of British Columbia, 2012\nLaw Society of Ontario, 2010"),
        education: ["J.D., University of British Columbia"],
        knowsAbout: splitList("Immigration, Family", /,/),
        anchor: "member-3",
      }),
    );
    expect(ld).toMatchObject({
      "@type": "Person",
      "@id": `${SITE}/zh/team#member-3`,
      jobTitle: "合伙人",
      worksFor: { "@type": "LegalService", "@id": `${SITE}/#firm`, url: `${SITE}/zh` },
      knowsLanguage: ["English", "Mandarin"],
      knowsAbout: ["Immigration", "Family"],
      image: `${SITE}/media/abc`,
      email: "sarah@example.com",
      telephone: "+1 604 555 0101",
    });
    expect(ld.hasCredential).toEqual([
      { "@type": "EducationalOccupationalCredential", credentialCategory: "license", name: "Law Society of British Columbia, 2012" },
      { "@type": "EducationalOccupationalCredential", credentialCategory: "license", name: "Law Society of Ontario, 2010" },
      { "@type": "EducationalOccupationalCredential", credentialCategory: "degree", name: "J.D., University of British Columbia" },
    ]);
  });

  it("leaves out what a member does not have", () => {
    const ld = roundTrip(attorney(site(), { name: "New Team Member", email: null, telephone: "", image: null }));
    expect(Object.keys(ld).sort()).toEqual(["@context", "@type", "name", "url", "worksFor"]);
  });
});

describe("services", () => {
  it("describes a practice area as the firm's Service with each service offered", () => {
    const list = ["Express Entry", "Study permits", "Work permits"];
    const ld = roundTrip(services(site("fa"), { areaName: "مهاجرت", path: "/practice-areas/immigration", services: list }));
    const firm = { "@type": "LegalService", "@id": `${SITE}/#firm` };
    expect(ld).toMatchObject({
      "@type": "Service",
      name: "مهاجرت",
      url: `${SITE}/fa/practice-areas/immigration`,
      provider: firm,
      areaServed: { "@type": "Country", name: "CA" },
      hasOfferCatalog: {
        "@type": "OfferCatalog",
        itemListElement: list.map((name) => ({ "@type": "Offer", itemOffered: { "@type": "Service", name, provider: firm } })),
      },
    });
  });
});

describe("faqPage", () => {
  it("lists each question with its accepted answer", () => {
    const ld = faqPage(site(), [
      { question: "How long does it take?", answer: "Usually six months." },
      { question: "Is the first meeting free?", answer: "Yes, 30 minutes." },
    ]);
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      inLanguage: "en",
      mainEntity: [
        { "@type": "Question", name: "How long does it take?", acceptedAnswer: { "@type": "Answer", text: "Usually six months." } },
        { "@type": "Question", name: "Is the first meeting free?", acceptedAnswer: { "@type": "Answer", text: "Yes, 30 minutes." } },
      ],
    });
  });
});

describe("breadcrumbList", () => {
  it("starts at home and gives every item an absolute URL in the page's language", () => {
    const ld = breadcrumbList(site("fa"), [
      { name: "حوزه‌های تخصصی", path: "/practice-areas" },
      { name: "مهاجرت", path: "/practice-areas/immigration" },
    ]);
    expect(ld["@type"]).toBe("BreadcrumbList");
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "خانه", item: `${SITE}/fa` },
      { "@type": "ListItem", position: 2, name: "حوزه‌های تخصصی", item: `${SITE}/fa/practice-areas` },
      { "@type": "ListItem", position: 3, name: "مهاجرت", item: `${SITE}/fa/practice-areas/immigration` },
    ]);
  });
});

describe("blogPosting", () => {
  it("has headline, dates, author, image, language, page and publisher", () => {
    const ld = blogPosting(site("zh"), {
      path: "/blog/study-permit",
      headline: "学习许可被拒",
      description: "摘要",
      datePublished: "2026-09-15",
      dateModified: "2026-09-20T10:00:00.000Z",
      author: "Sarah Chen",
      image: "/media/xyz",
      imageAlt: "A passport",
    });
    expect(ld).toMatchObject({
      "@type": "BlogPosting",
      headline: "学习许可被拒",
      description: "摘要",
      datePublished: "2026-09-15",
      dateModified: "2026-09-20T10:00:00.000Z",
      author: { "@type": "Person", name: "Sarah Chen" },
      image: { "@type": "ImageObject", url: `${SITE}/media/xyz`, caption: "A passport" },
      inLanguage: "zh",
      mainEntityOfPage: { "@type": "WebPage", "@id": `${SITE}/zh/blog/study-permit` },
      publisher: { "@type": "LegalService", name: "Coastline Law Group", logo: `${SITE}/favicon.svg` },
    });
  });

  it("falls back to the share image and the publication date", () => {
    const ld = blogPosting(site(), { path: "/blog/x", headline: "X", datePublished: "2026-01-02", author: "", image: null });
    expect(ld).toMatchObject({ image: `${SITE}/og-image.jpg`, dateModified: "2026-01-02", author: { "@type": "LegalService" } });
  });
});

describe("contactPage", () => {
  it("is a ContactPage about the firm, whose languages and area served are stated", () => {
    const ld = contactPage(site("fa"), { name: "تماس با ما", description: "مشاوره رایگان" });
    expect(ld).toMatchObject({
      "@type": "ContactPage",
      name: "تماس با ما",
      url: `${SITE}/fa/contact`,
      inLanguage: "fa",
      about: { "@id": `${SITE}/#firm` },
      mainEntity: {
        "@type": "LegalService",
        name: "گروه حقوقی کوستلاین",
        areaServed: { "@type": "Country", name: "CA" },
        contactPoint: { availableLanguage: LANGUAGE_NODES, areaServed: { "@type": "Country", name: "CA" } },
        aggregateRating: { ratingValue: 4.9, reviewCount: 127 },
      },
    });
    expect(ld.mainEntity).not.toHaveProperty("@context");
  });
});

describe("seoSite", () => {
  it("reads the firm's facts from the site layout's texts", () => {
    const matches = [
      { id: "root", loaderData: { lang: "zh" } },
      {
        id: "routes/site-layout",
        loaderData: {
          site: { siteUrl: SITE },
          texts: {
            "firm-name": "海岸律师事务所",
            "firm-tagline": "温哥华市中心值得信赖的法律顾问",
            "footer-phone": "+1 (604) 555-0100",
            "footer-email": "info@example.com",
            "footer-address": "Suite 200, 000 Example Street, Vancouver, BC V6B 1A1",
            "footer-linkedin": "https://www.linkedin.com/",
            "breadcrumb-home": "首页",
          },
        },
      },
    ];
    const result = seoSite(matches);
    expect(result).toMatchObject({ lang: "zh", siteUrl: SITE, homeLabel: "首页" });
    expect(result.firm).toMatchObject({ name: "海岸律师事务所", telephone: "+1 (604) 555-0100", email: "info@example.com" });
    // The placeholder profile link (the network's home page) is no profile.
    expect(result.firm.sameAs).toBeUndefined();
    const meta = pageMeta(matches, { title: "联系我们", description: "d", path: "/contact" });
    // A page's own JSON-LD is written by the server (addJsonLd), not by meta.
    expect(meta.filter((m) => "script:ld+json" in m)).toHaveLength(0);
    expect(meta).toContainEqual({ tagName: "link", rel: "alternate", type: "application/rss+xml", title: "海岸律师事务所", href: `${SITE}/zh/rss.xml` });

    // The breadcrumbs option adds the trail as a BreadcrumbList, Home first.
    const withTrail = pageMeta(matches, { title: "关于", description: "d", path: "/about", breadcrumbs: [{ name: "关于我们", path: "/about" }] });
    expect(withTrail.filter((m) => "script:ld+json" in m)).toEqual([
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "首页", item: `${SITE}/zh` },
            { "@type": "ListItem", position: 2, name: "关于我们", item: `${SITE}/zh/about` },
          ],
        },
      },
    ]);
  });
});

describe("rendered JSON-LD", () => {
  it("cannot close its script tag, whatever the text", async () => {
    const hostile = 'Smith </script><script>alert("x")</script> & <!-- Co';
    const Stub = createRoutesStub([
      {
        id: "page",
        path: "/",
        meta: () => [{ "script:ld+json": blogPosting(site(), { path: "/blog/a", headline: hostile, datePublished: "2026-01-01", author: hostile }) }],
        Component: () => createElement(Meta),
      },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/"] }));
    const opening = '<script type="application/ld+json">';
    expect(html).toContain(opening);
    // One script element: its own closing tag is the only one, and no second script starts.
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).not.toContain("<!--");
    const json = html.slice(html.indexOf(opening) + opening.length, html.indexOf("</script>"));
    const parsed = JSON.parse(json) as { headline: string; author: { name: string } };
    expect(parsed.headline).toBe(hostile);
    expect(parsed.author.name).toBe(hostile);
  });

  it("written by the server into the head, cannot close its script tag either", () => {
    const hostile = 'Smith </script><script>alert("x")</script> & <!-- Co \u2028';
    const posting = blogPosting(site(), { path: "/blog/a", headline: hostile, datePublished: "2026-01-01", author: hostile });
    const contact = contactPage(site(), { name: "Contact" });
    const html = withJsonLd("<html><head><title>t</title></head><body><p>x</p></body></html>", [posting, contact]);
    const opening = '<script type="application/ld+json">';
    // Both at the end of the head, each one element with its own closing tag and nothing else.
    const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
    expect(head.startsWith("<head><title>t</title>" + opening)).toBe(true);
    expect(head.match(/<\/script/gi)).toHaveLength(2);
    expect(head.match(/<script/gi)).toHaveLength(2);
    expect(head).not.toContain("<!--");
    const blocks = head.split(opening).slice(1).map((block) => JSON.parse(block.slice(0, block.indexOf("</script>"))));
    expect(blocks[0].headline).toBe(hostile);
    expect(blocks[1]["@type"]).toBe("ContactPage");
    expect(html.endsWith("</head><body><p>x</p></body></html>")).toBe(true);
    // Nothing to add leaves the document as it was.
    expect(withJsonLd("<html><head></head></html>", [])).toBe("<html><head></head></html>");
  });
});
