import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { LANGUAGES, localizePath, type Lang } from "~/i18n/languages";
import { escapeHtml, fetchHtml, horizontalOverflow, text, expectCommonPageChecks, visitIn, withVisitorPages } from "../helpers/page-checks";

const baseUrl = inject("baseUrl");
const AREA_SLUGS = ["civil-litigation", "immigration", "family", "professional-negligence"];
/** The desktop page's (withVisitorPages). */
const VIEWPORT = { width: 1280, height: 800 };

let browser: Browser;
let desktop: Page;
let desktopErrors: string[];
let phone: Page;
withVisitorPages((pages) => ({ browser, desktop, desktopErrors, phone } = pages));

const visit = (path: string, lang: Lang) => visitIn(desktop, desktopErrors, baseUrl, path, lang);
const commonChecks = (page: Page, lang: Lang, titleKey: string) => expectCommonPageChecks(page, desktopErrors, lang, titleKey);

const region = (page: Page, name: string) => page.locator("#main").getByRole("region", { name, exact: true });
const hrefs = (links: Locator) => links.evaluateAll((elements) => elements.map((a) => a.getAttribute("href")));

describe.each(LANGUAGES)("home page (%s)", (lang) => {
  it("arrives from the server with the headline, tagline and language", async () => {
    const { status, html } = await fetchHtml(`${baseUrl}${localizePath("/", lang)}`);
    expect(status).toBe(200);
    expect(html).toContain(`<html lang="${lang}" dir="${lang === "fa" ? "rtl" : "ltr"}"`);
    expect(html).toContain(`${escapeHtml(text("hero-headline", lang))}</h1>`);
    expect(html).toContain(escapeHtml(text("hero-tagline", lang)));
    expect(html).toContain(escapeHtml(text("home-testimonial-4-quote", lang)));
  });

  it("shows the hero, four practice areas, four reasons, four testimonials and the closing call to action", async () => {
    const page = await visit("/", lang);
    expect(await page.locator("h1").textContent()).toBe(text("hero-headline", lang));

    const hero = region(page, text("hero-headline", lang));
    expect((await hero.boundingBox())!.height).toBeGreaterThanOrEqual(VIEWPORT.height * 0.9 - 1);
    await expect.poll(() => hero.getByText(text("hero-tagline", lang), { exact: true }).isVisible()).toBe(true);
    expect(await hero.getByRole("link", { name: text("home-hero-consultation-button", lang) }).getAttribute("href")).toBe(
      localizePath("/virtual-consultation", lang),
    );
    expect(await hero.getByRole("link", { name: text("home-hero-services-button", lang) }).getAttribute("href")).toBe(
      localizePath("/practice-areas", lang),
    );

    const areas = region(page, text("home-practice-areas-title", lang));
    await expect.poll(() => areas.getByRole("listitem").count()).toBe(4);
    expect(await areas.getByRole("heading", { level: 3 }).allTextContents()).toEqual(
      AREA_SLUGS.map((slug) => text(`practice-areas-${slug}-title`, lang)),
    );
    for (const key of ["civil-litigation-description", "immigration-law-description", "family-law-description", "professional-negligence-description"]) {
      expect(await areas.getByText(text(key, lang), { exact: true }).count()).toBe(1);
    }
    const learnMore = areas.getByRole("link", { name: text("home-learn-more", lang) });
    expect(await hrefs(learnMore)).toEqual(AREA_SLUGS.map((slug) => localizePath(`/practice-areas/${slug}`, lang)));

    const why = region(page, text("why-choose-section-title", lang));
    expect(await why.getByRole("listitem").count()).toBe(4);
    expect(await why.getByRole("heading", { level: 3 }).allTextContents()).toEqual([1, 2, 3, 4].map((n) => text(`why-choose-point-${n}-title`, lang)));
    expect(await why.getByRole("link", { name: text("why-choose-about-button", lang) }).getAttribute("href")).toBe(localizePath("/about", lang));

    const testimonials = region(page, text("home-testimonials-title", lang));
    expect(await testimonials.getByRole("listitem").count()).toBe(4);
    expect(await testimonials.locator("blockquote").allTextContents()).toEqual([1, 2, 3, 4].map((n) => text(`home-testimonial-${n}-quote`, lang)));

    const closing = region(page, text("home-cta-title", lang));
    expect(await closing.getByRole("link", { name: text("home-cta-button", lang) }).getAttribute("href")).toBe(
      localizePath("/virtual-consultation", lang),
    );

    await commonChecks(page, lang, "home-page-title");
  });

  it("paints the hero as the largest element from the server HTML alone, with no layout shift to speak of", async () => {
    // The browser's own measure of the first HTML's paint: scripts are held back, so what is
    // judged is the server-rendered hero, not what hydration does afterwards.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const firstPaint = await context.newPage();
    await firstPaint.route("**/assets/*.js", (route) => route.abort());
    await firstPaint.goto(`${baseUrl}${localizePath("/", lang)}`, { waitUntil: "load" });
    const { lcpInHero, shift } = await firstPaint.evaluate(
      () =>
        new Promise<{ lcpInHero: boolean; shift: number }>((resolve) => {
          let shift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
              if (!entry.hadRecentInput) shift += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as unknown as { element: Element | null }[];
            const last = entries[entries.length - 1];
            setTimeout(() => resolve({ lcpInHero: Boolean(last?.element?.closest("[data-hero]")), shift }), 200);
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    await context.close();
    expect(lcpInHero).toBe(true);
    // Web Vitals' "good" cumulative layout shift is below 0.1 (font swaps may nudge text a little).
    expect(shift).toBeLessThan(0.1);
  });

  it("fits a 360 px phone", async () => {
    await phone.goto(`${baseUrl}${localizePath("/", lang)}`, { waitUntil: "networkidle" });
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
  });
});

describe.each(LANGUAGES)("about page (%s)", (lang) => {
  it("arrives from the server with its headline and story", async () => {
    const { status, html } = await fetchHtml(`${baseUrl}${localizePath("/about", lang)}`);
    expect(status).toBe(200);
    expect(html).toContain(`${escapeHtml(text("about-hero-title", lang))}</h1>`);
    expect(html).toContain(escapeHtml(text("about-story-p4", lang)));
  });

  it("shows breadcrumbs, a 60vh hero, four story paragraphs, four values, five reasons and the office", async () => {
    const page = await visit("/about", lang);
    expect(await page.locator("h1").textContent()).toBe(text("about-hero-title", lang));

    const crumbs = page.getByRole("navigation", { name: text("breadcrumb-label", lang) });
    expect(await crumbs.getByRole("listitem").count()).toBe(2);
    expect(await crumbs.getByRole("link").first().getAttribute("href")).toBe(localizePath("/", lang));
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe(text("nav-about", lang));

    const hero = page.locator("#main [data-hero]");
    expect((await hero.boundingBox())!.height).toBeGreaterThanOrEqual(VIEWPORT.height * 0.6 - 1);

    const story = region(page, text("about-story-title", lang));
    expect(await story.locator("p").allTextContents()).toEqual([1, 2, 3, 4].map((n) => text(`about-story-p${n}`, lang)));

    const values = region(page, text("about-values-title", lang));
    expect(await values.getByRole("listitem").count()).toBe(4);
    expect(await values.getByRole("heading", { level: 3 }).allTextContents()).toEqual([1, 2, 3, 4].map((n) => text(`about-value-${n}-title`, lang)));

    const why = region(page, text("about-why-title", lang));
    expect(await why.getByRole("listitem").count()).toBe(5);
    expect(await why.getByRole("heading", { level: 3 }).allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => text(`about-why-${n}-title`, lang)));

    const office = region(page, text("about-location-title", lang));
    const address = office.locator("address");
    expect(await address.textContent()).toContain(text("contact-office-address", lang));
    const phoneNumber = text("contact-phone", lang);
    const phoneLink = address.getByRole("link", { name: phoneNumber });
    expect(await phoneLink.getAttribute("href")).toBe(`tel:${phoneNumber.replace(/[^\d+]/g, "")}`);
    const email = text("contact-email", lang);
    expect(await address.getByRole("link", { name: email }).getAttribute("href")).toBe(`mailto:${email}`);
    if (lang === "fa") {
      // Latin numbers and addresses keep their reading order inside the right-to-left page.
      expect(await phoneLink.locator('bdi[dir="ltr"]').count()).toBe(1);
    }

    await commonChecks(page, lang, "about-page-title");
  });

  it("fits a 360 px phone", async () => {
    await phone.goto(`${baseUrl}${localizePath("/about", lang)}`, { waitUntil: "networkidle" });
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
  });
});
