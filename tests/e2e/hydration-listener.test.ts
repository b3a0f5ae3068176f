/**
 * The suite's hydration listener (tests/helpers/browser.ts, decision 0083) catches React's
 * mismatch errors on admin pages, both as console errors and as uncaught errors, and leaves
 * other pages' to their own tests. Pages served by Playwright itself: no site server needed.
 */
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { takeHydrationMismatches, withBrowser } from "../helpers/browser";

const ORIGIN = "http://127.0.0.1:9";
let browser: Browser;
withBrowser((launched) => (browser = launched));

const html = (script: string) => `<!doctype html><html lang="en"><title>t</title><p>x</p><script>${script}</script></html>`;

async function open(path: string, script: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: "text/html", body: html(script) }));
  await page.goto(`${ORIGIN}${path}`);
  // The uncaught error is reported a task later.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  await context.close();
}

describe("the hydration listener", () => {
  it("records a minified #418 logged on an admin page, and an uncaught #425", async () => {
    await open("/admin/dashboard/audit", 'console.error("Minified React error #418; visit https://react.dev/errors/418 for the full message")');
    await open("/admin/dashboard/inbox", 'setTimeout(() => { throw new Error("Minified React error #425; visit https://react.dev/errors/425") })');
    const found = takeHydrationMismatches();
    expect(found).toHaveLength(2);
    expect(found[0]).toContain("/admin/dashboard/audit: Minified React error #418");
    expect(found[1]).toContain("/admin/dashboard/inbox: Minified React error #425");
  });

  it("records the development build's words, and nothing for another error or a public page", async () => {
    await open("/admin/dashboard/staff", 'console.error("Hydration failed because the server rendered text didn\'t match the client.")');
    await open("/admin/dashboard/staff", 'console.error("Failed to load resource: 404")');
    await open("/virtual-consultation", 'console.error("Minified React error #418")');
    const found = takeHydrationMismatches();
    expect(found).toEqual([expect.stringContaining("/admin/dashboard/staff: Hydration failed")]);
  });
});
