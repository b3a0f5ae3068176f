/**
 * The booking page (SPEC 2.12, issue 33, decision 0078) in headless Chromium. The end-to-end
 * server runs without BOOKING_URL, so the page has the built-in form: a booking in each language
 * (English by keyboard alone), the visitor's own time beside Vancouver time, the page refused
 * with field messages, the confirmation page, and axe-core on the form, the refused form and the
 * confirmation. (With BOOKING_URL set, the button opens the firm's scheduler in a new tab:
 * tests/integration/booking-page.test.ts.)
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { LANGUAGES, localizePath, type Lang } from "~/i18n/languages";
import { expectNoAxeViolations, waitForPageScript, watchConsole, withBrowser } from "../helpers/browser";
import { escapeHtml, expectLanguage, fetchHtml, horizontalOverflow, rawKeyTexts, text } from "../helpers/page-checks";

const baseUrl = inject("baseUrl");

let browser: Browser;
withBrowser((launched) => (browser = launched));

/** Press Tab until the focused element matches `selector` (keyboard only, as a visitor would). */
async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The time zone each language's visitor browses from (their browser's, not the firm's): Vancouver itself, Tehran, Shanghai. */
// eslint-disable-next-line firm-clock/no-time-zone -- the visitors' own zones, given to Chromium, not a time the product computes
const ZONES: Record<Lang, string> = { en: "America/Vancouver", fa: "Asia/Tehran", zh: "Asia/Shanghai" };

describe.each(LANGUAGES)("booking page (%s)", (lang) => {
  const url = `${baseUrl}${localizePath("/virtual-consultation", lang)}`;

  it("arrives from the server with the title, the button to the form, what to expect and the form", async () => {
    const { status, html } = await fetchHtml(url);
    expect(status).toBe(200);
    expect(html).toContain(`${escapeHtml(text("virtual-consultation-title", lang))}</h1>`);
    expect(html).toContain('href="#book"');
    for (const n of [1, 2, 3]) expect(html).toContain(escapeHtml(text(`virtual-consultation-expect-${n}-text`, lang)));
    expect(html).toMatch(/<form [^>]*data-booking-form=""[^>]*method="post"/);
    expect(html).toContain('name="start"');
  });

  it("books a consultation, shows the visitor's own time, and confirms it on a page of its own", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONES[lang] });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(url, { waitUntil: "networkidle" });
    await expectLanguage(page, lang);
    expect(await page.title()).toBe(`${text("virtual-consultation-page-title", lang)} | ${text("firm-name", lang)}`);
    await waitForPageScript(page);
    // No framework: the page script and the booking page's own module only (decision 0073).
    const scripts = await page.evaluate(() => ({
      router: Object.keys(window).filter((key) => key.startsWith("__reactRouter")),
      loaded: performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith(".js")),
    }));
    expect(scripts.router).toEqual([]);
    expect(scripts.loaded.map((path) => path.replace(/-[\w-]{8}\.js$/, ".js")).filter((path) => !["/assets/page-script.js", "/assets/booking-page.js"].includes(path))).toEqual([]);
    expect(await page.locator("h1").textContent()).toBe(text("virtual-consultation-title", lang));
    expect(await page.locator('[aria-current="page"]').textContent()).toBe(text("virtual-consultation-breadcrumb", lang));
    const expectRegion = page.getByRole("region", { name: text("virtual-consultation-expect-title", lang) });
    expect(await expectRegion.getByRole("listitem").count()).toBe(3);

    const form = page.getByRole("region", { name: text("booking-form-title", lang) });
    const slots = form.locator('input[name="start"]');
    expect(await slots.count()).toBeGreaterThan(0);
    // Vancouver visitors see one time; others see their own beside it.
    const firstNote = form.locator("[data-local-time]").first();
    if (lang === "en") expect(await firstNote.isHidden()).toBe(true);
    else await expect.poll(() => firstNote.textContent()).toContain(text("booking-local-time", lang).replace("{time}", "").trim());
    expect(await rawKeyTexts(page)).toEqual([]);
    await expectNoAxeViolations(page);

    let chosen = (await slots.first().getAttribute("value"))!;
    let slotsPage = url;
    if (lang === "en") {
      // Keyboard only: the hero's button to the form, then every field in order.
      await tabTo(page, 'main a[href="#book"]');
      await page.keyboard.press("Enter");
      await tabTo(page, "#booking-area");
      await page.keyboard.press("ArrowDown");
      await tabTo(page, 'input[name="kind"]');
      await page.keyboard.press("ArrowRight");
      await tabTo(page, 'input[name="start"]');
      await page.keyboard.press("Space");
      await tabTo(page, "#booking-name");
      await page.keyboard.type("Keyboard Visitor");
      await page.keyboard.press("Tab");
      await page.keyboard.type("keyboard@example.com");
      // ArrowRight chose a phone call: the number to call is required (issue 46).
      await tabTo(page, "#booking-phone");
      await page.keyboard.type("604 555 0100");
      await tabTo(page, "#booking-parties");
      await page.keyboard.type("Acme Consulting Ltd.");
      await tabTo(page, "#booking-consent");
      await page.keyboard.press("Space");
      await tabTo(page, 'form[data-booking-form] button[type="submit"]');
      await Promise.all([page.waitForURL(/\/booked\//), page.keyboard.press("Enter")]);
    } else {
      const name = lang === "fa" ? "مریم احمدی" : "王小明";
      await form.getByLabel(text("booking-name-label", lang)).fill(name);
      await form.getByLabel(text("booking-email-label", lang)).fill(`${lang}@example.com`);
      // Another day: its times take the place of the first day's, nothing typed is lost, and the
      // focus goes to them (issue 46). The address names the day, as without script.
      const another = form.locator('button[name="show"][value="day"]').nth(1);
      const dayHref = (await another.getAttribute("formaction"))!;
      await another.click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("booking-times-title");
      expect(await form.locator('button[aria-current="date"]').getAttribute("formaction")).toBe(dayHref);
      expect(new URL(page.url()).search).toBe(dayHref.replace(/#.*/, ""));
      expect(await form.getByLabel(text("booking-name-label", lang)).inputValue()).toBe(name);
      expect(await form.getByLabel(text("booking-email-label", lang)).inputValue()).toBe(`${lang}@example.com`);
      chosen = (await slots.first().getAttribute("value"))!;
      expect(chosen.slice(0, 10) >= dayHref.slice(-24, -14)).toBe(true);
      await expect.poll(() => form.locator("[data-local-time]").first().textContent()).not.toBe("");
      await expectNoAxeViolations(page);
      slotsPage = `${url}${dayHref.replace(/#.*/, "")}`;
      await slots.first().check();
      await form.getByLabel(text("booking-consent-label", lang)).check();
      await Promise.all([page.waitForURL(/\/booked\//), form.getByRole("button", { name: text("booking-submit", lang) }).click()]);
    }

    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${localizePath("/virtual-consultation", lang)}/booked/[0-9a-f]{32}$`));
    await expectLanguage(page, lang);
    expect(await page.locator("h1").textContent()).toBe(text("booking-booked-title", lang));
    expect(await page.locator(`time[datetime="${chosen}"]`).count()).toBe(1);
    expect(await page.locator("main").textContent()).toContain(text(lang === "en" ? "booking-kind-phone" : "booking-kind-video", lang));
    if (lang !== "en") await expect.poll(() => page.locator("[data-local-time]").textContent()).not.toBe("");
    await expectNoAxeViolations(page);
    expect(await rawKeyTexts(page)).toEqual([]);

    // The slot is gone from its day's times.
    await page.goto(slotsPage, { waitUntil: "networkidle" });
    expect(await page.locator('input[name="start"]').count()).toBeGreaterThan(0);
    expect(await page.locator(`input[name="start"][value="${chosen}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

it("refuses an incomplete form with a summary and each field's message, in Farsi, right to left, and passes axe", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/fa/virtual-consultation`, { waitUntil: "networkidle" });
  await page.locator("form[data-booking-form]").getByRole("button", { name: text("booking-submit", "fa") }).click();
  await page.waitForLoadState("networkidle");
  const summary = page.locator("[data-booking-summary]");
  expect(await summary.textContent()).toContain(text("booking-errors-title", "fa"));
  for (const key of ["booking.validation.start-required", "booking.validation.name-required", "booking.validation.consent-required"]) {
    expect(await summary.textContent()).toContain(text(key, "fa"));
  }
  // The page module puts the focus on the summary.
  await waitForPageScript(page);
  await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-booking-summary"))).toBe(true);
  expect(await page.locator("#booking-name").getAttribute("aria-describedby")).toBe("booking-name-error");
  expect(await page.locator("#booking-name-error").textContent()).toBe(text("booking.validation.name-required", "fa"));
  expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  await expectNoAxeViolations(page);
  await context.close();
});

it("fits a 360 px wide phone screen", async () => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await page.goto(`${baseUrl}/fa/virtual-consultation`);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.context().close();
});
