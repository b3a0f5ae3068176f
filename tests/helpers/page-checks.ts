import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { defaultTexts } from "~/i18n/defaults";
import { LANGUAGE_INFO, localizePath, type Lang } from "~/i18n/languages";
import { expectNoAxeViolations, expectNoFrameworkScript, watchConsole, withBrowser } from "./browser";

/** A key's built-in text in a language (the demo database is seeded with exactly these). */
export function text(key: string, lang: Lang): string {
  const entry = defaultTexts.get(key);
  if (!entry) throw new Error(`No default text for ${key}`);
  return entry[lang];
}

/** Text as React writes it into HTML, to look for it in a raw server response. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The page's <html lang dir> as the language requires. */
export async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  expect(await page.getAttribute("html", "lang")).toBe(LANGUAGE_INFO[lang].htmlLang);
  expect(await page.getAttribute("html", "dir")).toBe(LANGUAGE_INFO[lang].dir);
}

/**
 * Every visible text and text attribute that looks like a content key ("hero-headline",
 * "contact.form.error") instead of words: a key that fell back to itself.
 */
export async function rawKeyTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const looksLikeKey = (value: string) => /^[a-z]+(-[a-z0-9]+)+$/.test(value) || /^[a-z]+[A-Za-z]*(\.[A-Za-z0-9_]+){2,}$/.test(value);
    const found: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(element.tagName)) continue;
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      if (own && looksLikeKey(own)) found.push(own);
      for (const name of ["alt", "aria-label", "title", "placeholder"]) {
        const value = element.getAttribute(name)?.trim();
        if (value && looksLikeKey(value)) found.push(`${name}=${value}`);
      }
    }
    return found;
  });
}

/** True when nothing sticks out sideways at the page's current width. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Status and body of a plain request: what a crawler without JavaScript receives. */
export async function fetchHtml(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

export interface VisitorPages {
  browser: Browser;
  /** 1280×800, its console watched. */
  desktop: Page;
  desktopErrors: string[];
  /** A phone: 360×740, touch. */
  phone: Page;
}

/** For the tests of the file this is called in: a desktop and a phone visitor's page, handed to `opened`. */
export function withVisitorPages(opened: (pages: VisitorPages) => unknown): void {
  withBrowser(async (browser) => {
    const desktop = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const desktopErrors = watchConsole(desktop);
    const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })).newPage();
    await opened({ browser, desktop, desktopErrors, phone });
  });
}

/** The site's page at `path` in `lang`, opened on `page` (it must answer 200), its console errors so far forgotten. */
export async function visitIn(page: Page, errors: string[], baseUrl: string, path: string, lang: Lang): Promise<Page> {
  errors.length = 0;
  const response = await page.goto(`${baseUrl}${localizePath(path, lang)}`, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  return page;
}

/** The checks every public page shares: language, title, no key showing instead of text, no framework script, no console errors, axe. */
export async function expectCommonPageChecks(page: Page, errors: string[], lang: Lang, titleKey: string): Promise<void> {
  await expectLanguage(page, lang);
  expect(await page.title()).toBe(`${text(titleKey, lang)} | ${text("firm-name", lang)}`);
  expect(await rawKeyTexts(page)).toEqual([]);
  await expectNoFrameworkScript(page);
  expect(errors).toEqual([]);
  await expectNoAxeViolations(page);
}
