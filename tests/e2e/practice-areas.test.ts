import sharp from "sharp";
import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { LANGUAGES, localizePath, type Lang } from "~/i18n/languages";
import { parseEnv } from "../../core/config";
import { expectNoFrameworkScript } from "../helpers/browser";
import { escapeHtml, fetchHtml, horizontalOverflow, text, expectCommonPageChecks, visitIn, withVisitorPages } from "../helpers/page-checks";

const baseUrl = inject("baseUrl");
// The end-to-end server runs without BOOKING_URL (unset by default), so the page links to the built-in form.
const BOOKING_URL = parseEnv({}).BOOKING_URL;

interface Extra {
  heading: string;
  items: number;
  /** A text the section must also show. */
  note?: string;
}

/** What SPEC.md section 2.8 promises on each practice-area page. */
const AREAS: { slug: string; prefix: string; paragraphs: number; extras: Extra[]; claimGroups?: [string, number][] }[] = [
  {
    slug: "civil-litigation",
    prefix: "civil-litigation",
    paragraphs: 3,
    extras: [{ heading: "civil-litigation-process-heading", items: 6 }],
  },
  {
    slug: "immigration",
    prefix: "immigration",
    paragraphs: 3,
    extras: [
      { heading: "immigration-insights-heading", items: 4 },
      { heading: "immigration-success-heading", items: 3, note: "immigration-success-disclaimer" },
    ],
  },
  {
    slug: "family",
    prefix: "family",
    paragraphs: 3,
    extras: [
      { heading: "family-approach-heading", items: 4 },
      { heading: "family-resources-heading", items: 4 },
    ],
  },
  {
    slug: "professional-negligence",
    prefix: "professional-negligence",
    paragraphs: 4,
    extras: [
      { heading: "professional-negligence-errors-heading", items: 4 },
      { heading: "professional-negligence-case-building-heading", items: 4 },
      { heading: "professional-negligence-damages-heading", items: 8 },
    ],
    claimGroups: [
      ["professional-negligence-consultant-title", 6],
      ["professional-negligence-lawyer-title", 6],
      ["professional-negligence-unauthorized-title", 4],
    ],
  },
];
const SLUGS = AREAS.map((a) => a.slug);

let browser: Browser;
let page: Page;
let errors: string[];
let phone: Page;
withVisitorPages((pages) => ({ browser, desktop: page, desktopErrors: errors, phone } = pages));

const visit = (path: string, lang: Lang) => visitIn(page, errors, baseUrl, path, lang);
const commonChecks = (lang: Lang, titleKey: string) => expectCommonPageChecks(page, errors, lang, titleKey);

const region = (name: string) => page.locator("#main").getByRole("region", { name, exact: true });
const hrefs = (links: Locator) => links.evaluateAll((elements) => elements.map((a) => a.getAttribute("href")));
const openStates = (faq: Locator) => faq.locator("details").evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));

describe("practice-area illustrations", () => {
  it("exist at three widths as small WebP and smaller AVIF files, of that width", async () => {
    for (const slug of SLUGS) {
      for (const width of [640, 960, 1280]) {
        const [webp, avif] = await Promise.all(
          ["webp", "avif"].map(async (format) => {
            const response = await fetch(`${baseUrl}/images/practice/${slug}-${width}.${format}`);
            expect(response.status).toBe(200);
            expect(response.headers.get("content-type")).toBe(`image/${format}`);
            return Buffer.from(await response.arrayBuffer());
          }),
        );
        expect(webp.byteLength).toBeLessThan(60 * 1024);
        expect(avif.byteLength).toBeLessThan(webp.byteLength);
        expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width, height: (width * 9) / 16 });
        expect(await sharp(avif).metadata()).toMatchObject({ format: "heif", width, height: (width * 9) / 16 });
      }
    }
  });
});

describe.each(LANGUAGES)("practice areas overview (%s)", (lang) => {
  it("arrives from the server with the headline and every card", async () => {
    const { status, html } = await fetchHtml(`${baseUrl}${localizePath("/practice-areas", lang)}`);
    expect(status).toBe(200);
    expect(html).toContain(`${escapeHtml(text("practice-areas-hero-title", lang))}</h1>`);
    for (const slug of SLUGS) expect(html).toContain(escapeHtml(text(`practice-areas-${slug}-service-5`, lang)));
  });

  it("shows four cards with image, description, five services and a learn-more link, and the not-sure booking button", async () => {
    await visit("/practice-areas", lang);
    expect(await page.locator("h1").textContent()).toBe(text("practice-areas-hero-title", lang));
    const crumbs = page.getByRole("navigation", { name: text("breadcrumb-label", lang) });
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe(text("practice-areas-breadcrumb", lang));

    const cards = page.getByRole("article");
    expect(await cards.count()).toBe(4);
    for (const [index, slug] of SLUGS.entries()) {
      const card = cards.nth(index);
      expect(await card.getByRole("heading", { level: 2 }).textContent()).toBe(text(`practice-areas-${slug}-title`, lang));
      const image = card.getByRole("img", { name: text(`practice-areas-${slug}-image-alt`, lang), exact: true });
      expect(await image.getAttribute("width")).toBe("1280");
      expect(await image.getAttribute("height")).toBe("720");
      expect(await image.getAttribute("srcset")).toBe([640, 960, 1280].map((w) => `/images/practice/${slug}-${w}.webp ${w}w`).join(", "));
      expect(await image.locator("xpath=preceding-sibling::source").getAttribute("srcset")).toBe(
        [640, 960, 1280].map((w) => `/images/practice/${slug}-${w}.avif ${w}w`).join(", "),
      );
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      expect(await card.getByRole("listitem").allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => text(`practice-areas-${slug}-service-${n}`, lang)));
      expect(await hrefs(card.getByRole("link", { name: text("practice-areas-learn-more", lang) }))).toEqual([
        localizePath(`/practice-areas/${slug}`, lang),
      ]);
    }
    // Images further down wait until they are needed.
    expect(await cards.nth(3).locator("img").getAttribute("loading")).toBe("lazy");

    const notSure = region(text("practice-areas-not-sure-title", lang));
    const booking = notSure.getByRole("link", { name: text("practice-areas-not-sure-button", lang) });
    // Without BOOKING_URL the button leads to the site's own booking form (decision 0078).
    expect(BOOKING_URL).toBeUndefined();
    expect(await booking.getAttribute("href")).toBe(`${localizePath("/virtual-consultation", lang)}#book`);
    expect(await booking.getAttribute("target")).toBeNull();

    await commonChecks(lang, "practice-areas-page-title");
    await phone.goto(`${baseUrl}${localizePath("/practice-areas", lang)}`, { waitUntil: "networkidle" });
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
  });
});

describe.each(LANGUAGES)("practice-area pages (%s)", (lang) => {
  describe.each(AREAS)("$slug", (area) => {
    const path = `/practice-areas/${area.slug}`;
    const key = (suffix: string) => `${area.prefix}-${suffix}`;

    it("sends the headline and all five FAQ answers in the server HTML", async () => {
      const { status, html } = await fetchHtml(`${baseUrl}${localizePath(path, lang)}`);
      expect(status).toBe(200);
      expect(html).toContain(`${escapeHtml(text(key("hero-title"), lang))}</h1>`);
      for (const n of [1, 2, 3, 4, 5]) {
        expect(html).toContain(escapeHtml(text(key(`faq-${n}-question`), lang)));
        expect(html).toContain(escapeHtml(text(key(`faq-${n}-answer`), lang)));
      }
    });

    it("shows breadcrumbs, overview, eight services, its extras, five FAQs and the call to action", async () => {
      await visit(path, lang);
      expect(await page.locator("h1").textContent()).toBe(text(key("hero-title"), lang));

      const crumbs = page.getByRole("navigation", { name: text("breadcrumb-label", lang) });
      expect(await crumbs.getByRole("listitem").count()).toBe(3);
      expect(await hrefs(crumbs.getByRole("link"))).toEqual([localizePath("/", lang), localizePath("/practice-areas", lang)]);
      expect(await crumbs.getByRole("link").nth(1).textContent()).toBe(text("practice-areas-breadcrumb", lang));
      expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe(text(key("breadcrumb"), lang));

      const overview = region(text(key("overview-heading"), lang));
      expect(await overview.locator("p").allTextContents()).toEqual(
        Array.from({ length: area.paragraphs }, (_, i) => text(key(`overview-p${i + 1}`), lang)),
      );

      const services = region(text(key("services-heading"), lang));
      expect(await services.getByRole("heading", { level: 3 }).allTextContents()).toEqual(
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => text(key(`service-${n}-title`), lang)),
      );
      expect(await services.getByRole("listitem").count()).toBe(8);

      for (const extra of area.extras) {
        const section = region(text(extra.heading, lang));
        expect(await section.getByRole("listitem").count(), extra.heading).toBe(extra.items);
        if (extra.note) expect(await section.getByText(text(extra.note, lang), { exact: true }).isVisible()).toBe(true);
      }
      if (area.claimGroups) {
        const types = region(text("professional-negligence-malpractice-heading", lang));
        expect(await types.getByRole("article").count()).toBe(area.claimGroups.length);
        for (const [title, claims] of area.claimGroups) {
          expect(await types.getByRole("article", { name: text(title, lang), exact: true }).getByRole("listitem").count(), title).toBe(claims);
        }
      }

      const faq = region(text(key("faq-heading"), lang));
      expect(await faq.locator("details").count()).toBe(5);
      expect(await faq.locator("summary").allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => text(key(`faq-${n}-question`), lang)));

      const cta = region(text(key("cta-title"), lang));
      expect(await cta.getByRole("link", { name: text(key("cta-button"), lang) }).getAttribute("href")).toBe(localizePath("/contact", lang));

      await commonChecks(lang, key("page-title"));
    });

    it("keeps one FAQ answer open at a time, by mouse and by keyboard", async () => {
      await visit(path, lang);
      const faq = region(text(key("faq-heading"), lang));
      const summaries = faq.locator("summary");
      const answer = (n: number) => faq.getByText(text(key(`faq-${n}-answer`), lang), { exact: true });
      expect(await openStates(faq)).toEqual([false, false, false, false, false]);
      expect(await answer(1).isVisible()).toBe(false);

      await summaries.nth(0).click();
      await expect.poll(() => openStates(faq)).toEqual([true, false, false, false, false]);
      expect(await answer(1).isVisible()).toBe(true);

      await summaries.nth(1).click();
      await expect.poll(() => openStates(faq)).toEqual([false, true, false, false, false]);
      expect(await answer(1).isVisible()).toBe(false);
      expect(await answer(2).isVisible()).toBe(true);

      // The open one collapses when clicked again.
      await summaries.nth(1).click();
      await expect.poll(() => openStates(faq)).toEqual([false, false, false, false, false]);

      await summaries.nth(2).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => openStates(faq)).toEqual([false, false, true, false, false]);
      await page.keyboard.press("Tab");
      expect(await summaries.nth(3).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Space");
      await expect.poll(() => openStates(faq)).toEqual([false, false, false, true, false]);
      await page.keyboard.press("Space");
      await expect.poll(() => openStates(faq)).toEqual([false, false, false, false, false]);
      expect(errors).toEqual([]);
    });

    it("fits a 360 px phone", async () => {
      await phone.goto(`${baseUrl}${localizePath(path, lang)}`, { waitUntil: "networkidle" });
      expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    });
  });
});

describe("FAQ without JavaScript", () => {
  it("still opens one answer at a time", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(`${baseUrl}/practice-areas/family`);
    const faq = noJs.getByRole("region", { name: text("family-faq-heading", "en"), exact: true });
    await faq.locator("summary").nth(0).click();
    expect(await faq.getByText(text("family-faq-1-answer", "en"), { exact: true }).isVisible()).toBe(true);
    await faq.locator("summary").nth(4).click();
    await expect.poll(() => openStates(faq)).toEqual([false, false, false, false, true]);
    expect(await faq.getByText(text("family-faq-5-answer", "en"), { exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("structured data in the browser", () => {
  const blocks = () =>
    page.evaluate(() =>
      [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => (JSON.parse(s.textContent ?? "{}") as { "@type": string })["@type"]),
    );

  it("has the page's JSON-LD in the head, and the next page's after following a link", async () => {
    await visit("/practice-areas/immigration", "fa");
    expect(await blocks()).toEqual(["BreadcrumbList", "Service", "FAQPage"]);
    // A move inside the site loads the next page's document (no framework renders it in place).
    await page.getByRole("navigation", { name: text("breadcrumb-label", "fa") }).getByRole("link", { name: text("practice-areas-breadcrumb", "fa") }).click();
    await page.waitForURL(`${baseUrl}/fa/practice-areas`);
    await page.waitForLoadState("load");
    expect(await blocks()).toEqual(["BreadcrumbList"]);
    await expectNoFrameworkScript(page);
    expect(errors).toEqual([]);
  });
});
