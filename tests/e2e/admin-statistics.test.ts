import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { withAdminPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/browser";
import { firmClock } from "../../core/firm-clock.server";

/**
 * The Statistics tab (decision 0082) in a browser: visits made with a browser's user agent from
 * distinct addresses (the test's headless browser is a bot to the counter), then the tab's
 * totals, uPlot's chart and its table alternative, the tables, the range form, a CSV, and axe.
 */
const baseUrl = inject("baseUrl");
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const campaign = `e2e-${randomBytes(3).toString("hex")}`;

let admin: Page;
let errors: string[];

// Each visit from its own address, so that five visits are five visitors (two random ones could be one).
const firstAddress = randomInt(1, 240);
let visits = 0;
const visit = async (path: string, referer?: string) => {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { "User-Agent": CHROME, "X-Forwarded-For": `203.0.113.${firstAddress + visits++}`, ...(referer ? { Referer: referer } : {}) },
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
};

beforeAll(async () => {
  for (let i = 0; i < 3; i++) await visit("/fa/about", "https://www.google.com/");
  for (let i = 0; i < 2; i++) await visit(`/practice-areas/immigration?utm_source=${campaign}&utm_medium=social`);
});
withAdminPage((opened) => ({ page: admin, errors } = opened));

describe("Statistics tab", () => {
  it("shows visitors, page views, the chart with its table, the tables and CSV links, and passes axe", async () => {
    await admin.getByRole("link", { name: "Statistics", exact: true }).click();
    await admin.waitForURL((url) => url.pathname === "/admin/dashboard/statistics");
    await admin.getByRole("heading", { name: "Statistics", level: 2 }).waitFor();
    expect(Number((await admin.getByTestId("total-visitors").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(5);
    expect(Number((await admin.getByTestId("total-page-views").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(5);
    // uPlot, downloaded by this tab only, drew its canvas; screen readers get the description instead.
    await admin.locator("[data-testid=stats-chart] canvas").first().waitFor({ timeout: 15_000 });
    expect(await admin.getByTestId("stats-chart").getAttribute("aria-hidden")).toBe("true");
    const figure = admin.getByRole("figure", { name: "Visitors and page views per day" });
    expect(await figure.getAttribute("aria-describedby")).toBe("stats-chart-description");
    await admin.getByText("The chart as a table").click();
    const today = firmClock.dayOf(new Date());
    await figure.getByRole("rowheader", { name: today }).waitFor();
    const pages = admin.getByRole("table", { name: "Top pages" });
    await pages.getByRole("rowheader", { name: "/fa/about" }).waitFor();
    const campaigns = admin.getByRole("table", { name: "Campaigns" });
    await campaigns.getByRole("rowheader", { name: campaign }).waitFor();
    // Decision 0107: enquiries per practice area and per landing page; sign-ups their own total.
    for (const caption of ["Enquiries per practice area", "Enquiries per landing page", "Enquiries per page read"]) await admin.getByRole("heading", { name: caption, level: 3 }).waitFor();
    await admin.getByTestId("total-newsletter-sign-ups").waitFor();
    await expectNoAxeViolations(admin);

    // The CSV of a table, with the session of this browser.
    const href = await admin.getByRole("link", { name: "CSV of campaigns" }).getAttribute("href");
    const csv = await admin.request.get(`${baseUrl}${href}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(`${campaign},social,—,2,0`);
    expect(errors).toEqual([]);
  });

  it("changes the range, and says what is wrong with a bad custom one", async () => {
    await admin.getByLabel("Period").selectOption("90");
    await admin.getByRole("button", { name: "Show" }).click();
    await admin.waitForURL((url) => url.searchParams.get("range") === "90");
    await admin.getByText(/Previous period \(\d{4}-\d{2}-\d{2} to/).first().waitFor();
    await admin.getByLabel("Period").selectOption("custom");
    await admin.getByLabel("From (Vancouver day)").fill("2026-11-20");
    await admin.getByLabel("To", { exact: true }).fill("2026-11-10");
    await admin.getByRole("button", { name: "Show" }).click();
    await admin.getByRole("alert").filter({ hasText: "From must be on or before To." }).waitFor();
    await expectNoAxeViolations(admin);
  });
});
