import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LANGUAGES, localizePath } from "~/i18n/languages";
import { expectNoAxeViolations, expectNoFrameworkScript, launchBrowser, watchConsole } from "../helpers/browser";
import { escapeHtml, expectLanguage, fetchHtml, horizontalOverflow, rawKeyTexts, text } from "../helpers/page-checks";

const baseUrl = inject("baseUrl");
const BOOKING_URL = "https://calendly.com/";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(LANGUAGES)("booking page (%s)", (lang) => {
  const url = `${baseUrl}${localizePath("/virtual-consultation", lang)}`;

  it("arrives from the server with the title, the booking link and what to expect", async () => {
    const { status, html } = await fetchHtml(url);
    expect(status).toBe(200);
    expect(html).toContain(`${escapeHtml(text("virtual-consultation-title", lang))}</h1>`);
    expect(html).toContain(`href="${BOOKING_URL}" target="_blank" rel="noopener noreferrer"`);
    for (const n of [1, 2, 3]) expect(html).toContain(escapeHtml(text(`virtual-consultation-expect-${n}-text`, lang)));
  });

  it("opens the booking system in a new window and lists the three things to expect", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Nothing leaves the machine: the booking site answers with a stub.
    await context.route(
      (target) => target.origin !== new URL(baseUrl).origin,
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Booking</title>" }),
    );
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(url, { waitUntil: "networkidle" });
    await expectLanguage(page, lang);
    expect(await page.title()).toBe(`${text("virtual-consultation-page-title", lang)} | ${text("firm-name", lang)}`);
    await expectNoFrameworkScript(page);
    expect(await page.locator("h1").textContent()).toBe(text("virtual-consultation-title", lang));
    expect(await page.locator('[aria-current="page"]').textContent()).toBe(text("virtual-consultation-breadcrumb", lang));

    const button = page.locator("main").getByRole("link", { name: text("virtual-consultation-button", lang) });
    expect(await button.getAttribute("href")).toBe(BOOKING_URL);
    const [popup] = await Promise.all([context.waitForEvent("page"), button.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(BOOKING_URL);
    // noopener: the booking page cannot reach back into ours.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();

    const expectRegion = page.getByRole("region", { name: text("virtual-consultation-expect-title", lang) });
    const items = expectRegion.getByRole("listitem");
    expect(await items.count()).toBe(3);
    for (const n of [1, 2, 3]) {
      const item = await items.nth(n - 1).textContent();
      expect(item).toContain(text(`virtual-consultation-expect-${n}-value`, lang));
      expect(item).toContain(text(`virtual-consultation-expect-${n}-text`, lang));
    }

    expect(await rawKeyTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

it("fits a 360 px wide phone screen", async () => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await page.goto(`${baseUrl}/fa/virtual-consultation`);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.context().close();
});
