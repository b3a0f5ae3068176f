import type { Page } from "playwright-core";

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
