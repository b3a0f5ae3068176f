import type { Page } from "playwright-core";
import { expect } from "vitest";
import { defaultTexts } from "~/i18n/defaults";
import { LANGUAGE_INFO, type Lang } from "~/i18n/languages";

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
