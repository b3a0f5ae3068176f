import { rmSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sendControlCommand } from "../../server/control";
import { setupTokenFrom } from "../helpers/admin-http";
import { expectNoAxeViolations, launchBrowser, toastText, watchConsole } from "../helpers/browser";
import { startSite, tempDir, type SiteServer } from "../helpers/server";

const baseUrl = inject("baseUrl");
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");

let browser: Browser;

/** Console errors, except the network lines Chromium logs for the refusals these tests provoke. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of (401|403|409)/.test(e));

async function newPage(options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("admin sign-in on the shared site", () => {
  it("shows the login page without the public site's chrome, accessible", async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${baseUrl}/admin/login`, { waitUntil: "networkidle" });
    expect(await page.title()).toBe("Admin Login");
    await page.getByRole("heading", { name: "Admin Login", level: 1 }).waitFor();
    expect(await page.getAttribute("meta[name=robots]", "content")).toBe("noindex, nofollow");
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("type")).toBe("email");
    expect(await page.locator("footer").count()).toBe(0);
    expect(await page.locator('a[href*="wa.me"]').count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("says 'Login Failed' with the reason for a wrong password, the same as for an unknown email", async () => {
    const { context, page, errors } = await newPage({ extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.41" } });
    await page.goto(`${baseUrl}/admin/login`, { waitUntil: "networkidle" });
    await fillLogin(page, adminEmail, "definitely not the password");
    const alert = page.getByRole("alert").filter({ hasText: "Login Failed" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Invalid email or password");
    expect(new URL(page.url()).pathname).toBe("/admin/login");

    await fillLogin(page, "no-such-admin@example.test", "definitely not the password");
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("alert").textContent()).toBe("Login FailedInvalid email or password");
    // Both fields are checked before anything is sent.
    await page.getByLabel("Email", { exact: true }).fill("not an email");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Enter a valid email address").waitFor();
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("signs in with 'Welcome back!', shows the dashboard frame, and logs out with 'Logged out'", async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${baseUrl}/admin/login`, { waitUntil: "networkidle" });
    await Promise.all([page.waitForURL(`${baseUrl}/admin/dashboard`), fillLogin(page, adminEmail, adminPassword)]);
    expect(await toastText(page, "Welcome back!")).toContain("Successfully logged in.");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    expect(await page.getByText(adminEmail).count()).toBeGreaterThan(0);
    const tabs = page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link");
    expect(await tabs.allTextContents()).toEqual(["Blog Posts", "Topic Queue & Automation", "Instagram", "Website Content", "Team Management", "Review queue, 0 waiting", "Inbox", "Consultations", "Statistics", "People", "Staff", "Audit"]);
    expect(await tabs.first().getAttribute("aria-current")).toBe("page");
    // The sign-in toast (top centre, 5 s) lies over the middle of the tab bar, now twelve tabs wide,
    // and a pointer resting on it holds it open: move the pointer off and wait it out first.
    await page.mouse.move(5, 700);
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
    await tabs.nth(6).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard/inbox`);
    // A client-side navigation commits the URL before React renders the new page.
    await page.getByRole("navigation", { name: "Dashboard sections" }).locator('a[aria-current="page"]', { hasText: "Inbox" }).waitFor();
    expect(await tabs.nth(6).getAttribute("aria-current")).toBe("page");
    expect(await tabs.first().getAttribute("aria-current")).toBeNull();
    // The Staff tab (admins only, decision 0067) passes axe; the dashboard's toaster is not the tab's.
    await tabs.nth(10).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard/staff`);
    await page.getByRole("heading", { name: /^Staff \(/ }).waitFor();
    await expectNoAxeViolations(page);

    // Opening the login page again goes straight back to the dashboard.
    await page.goto(`${baseUrl}/admin/login`);
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");

    await Promise.all([page.waitForURL(`${baseUrl}/admin/login`), page.getByRole("button", { name: "Logout" }).click()]);
    expect(await toastText(page, "Logged out")).toContain("You have been successfully logged out.");
    await page.goto(`${baseUrl}/admin/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("works without JavaScript too", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl}/admin/login`);
    await fillLogin(page, adminEmail, "definitely not the password either");
    await page.getByText("Invalid email or password").waitFor();
    await fillLogin(page, adminEmail, adminPassword);
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    await Promise.all([page.waitForURL(`${baseUrl}/admin/login`), page.getByRole("button", { name: "Logout" }).click()]);
    await context.close();
  });
});

describe("first-admin setup and access denial on a fresh site", () => {
  let site: SiteServer;
  let dataDir: string;
  let token: string;
  const FIRST = { email: "owner@example.test", password: "owner account passphrase" };

  beforeAll(async () => {
    dataDir = tempDir("admin-e2e-");
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    token = setupTokenFrom(site.output())!;
  });
  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("explains how to get a setup link when there is none", async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${site.url}/admin/setup`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Admin Setup", level: 1 }).waitFor();
    await page.getByText("Restart the server and look in its log").waitFor();
    expect(await page.getByText("npm run admin:create", { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.locator("input[type=password]").count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.goto(`${site.url}/admin/setup?token=wrong-token`);
    await page.getByText("This setup link is invalid or has expired.").waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("creates the first admin from the setup link, and a second open form then fails with 'Setup failed'", async () => {
    const late = await newPage();
    await late.page.goto(`${site.url}/admin/setup?token=${token}`, { waitUntil: "networkidle" });

    const { context, page, errors } = await newPage();
    await page.goto(`${site.url}/admin/setup?token=${token}`, { waitUntil: "networkidle" });
    expect(await page.getAttribute("meta[name=robots]", "content")).toBe("noindex, nofollow");
    await expectNoAxeViolations(page);
    await page.getByLabel("Email", { exact: true }).fill(FIRST.email);
    await page.getByLabel("Password", { exact: true }).fill("too short");
    await page.getByLabel("Confirm password").fill("too short");
    await page.getByRole("button", { name: "Create admin account" }).click();
    await page.getByText("Password must be at least 12 characters").waitFor();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-describedby")).toContain("field-password-error");

    await page.getByLabel("Password", { exact: true }).fill(FIRST.password);
    await page.getByLabel("Confirm password").fill(FIRST.password);
    await Promise.all([page.waitForURL(`${site.url}/admin/dashboard`), page.getByRole("button", { name: "Create admin account" }).click()]);
    expect(await toastText(page, "Setup complete")).toContain("you are signed in");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();

    // The other browser still shows the form; its submission is refused.
    await late.page.getByLabel("Email", { exact: true }).fill("intruder@example.test");
    await late.page.getByLabel("Password", { exact: true }).fill("intruder passphrase x");
    await late.page.getByLabel("Confirm password").fill("intruder passphrase x");
    await late.page.getByRole("button", { name: "Create admin account" }).click();
    expect(await toastText(late.page, "Setup failed")).toContain("an admin account already exists");
    await late.page.getByText("Setup is complete").first().waitFor();
    expect(unexpected(late.errors)).toEqual([]);
    await late.context.close();
  });

  it("says setup is complete once an admin exists", async () => {
    const { context, page } = await newPage();
    await page.goto(`${site.url}/admin/setup?token=${token}`, { waitUntil: "networkidle" });
    await page.getByText("Setup is complete").waitFor();
    expect(await page.locator("input[type=password]").count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("denies an account without the admin role and signs it out at once", async () => {
    const made = await sendControlCommand(dataDir, { command: "admin-create", email: "staff@example.test", password: "staff member passphrase", admin: false });
    expect(made.ok).toBe(true);
    const { context, page, errors } = await newPage();
    await page.goto(`${site.url}/admin/login`, { waitUntil: "networkidle" });
    await fillLogin(page, "staff@example.test", "staff member passphrase");
    await page.getByRole("alert").filter({ hasText: "Access Denied: You don't have admin privileges." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect((await context.cookies()).filter((c) => c.name.includes("session_token"))).toEqual([]);
    await page.goto(`${site.url}/admin/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await expectNoAxeViolations(page);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
