import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { leaveWithoutAsking, watchConsole, withBrowser } from "./browser";

/**
 * Sign in through the real /admin/login form, as staff do, and wait for the dashboard.
 * The session cookie then lives in the page's browser context.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith("/admin/dashboard"), { timeout: 20_000 }),
    page.getByRole("button", { name: "Login" }).click(),
  ]);
  // The URL changes before the dashboard is drawn: callers read its tabs at once.
  await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link").first().waitFor({ timeout: 20_000 });
}

export interface AdminPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Script errors and CSP violations seen by the page. */
  errors: string[];
}

export interface AdminPageOptions {
  /** The page leaves an editor with unsaved changes without asking (see leaveWithoutAsking). */
  leaveWithoutAsking?: boolean;
  /** The browser's clock, set before the first page loads. */
  clock?: Date;
}

/** A page of a context of its own (1280×900) in `browser`, signed in through the login form. */
export async function openAdminPage(browser: Browser, baseUrl: string, admin: { email: string; password: string }, options: AdminPageOptions = {}): Promise<AdminPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (options.clock) await page.clock.install({ time: options.clock });
  const errors = watchConsole(page);
  if (options.leaveWithoutAsking) leaveWithoutAsking(page);
  await signIn(page, baseUrl, admin.email, admin.password);
  return { browser, context, page, errors };
}

/**
 * For the tests of the file or `describe` block this is called in: a page signed in as the e2e
 * run's admin on the suite's shared server. `opened` receives it before the tests (and may go on,
 * e.g. to open a tab); the browser is let go after them.
 */
export function withAdminPage(opened: (admin: AdminPage) => unknown, options: AdminPageOptions = {}): void {
  withBrowser(async (browser) => opened(await openAdminPage(browser, inject("baseUrl"), { email: inject("adminEmail"), password: inject("adminPassword") }, options)));
}
