/**
 * Scheduled publishing in the editor (decision 0062): a draft's "Publish at" is Vancouver time,
 * shown beside the input with UTC; Schedule stores it and the editor and the Blog Posts list show
 * the badge; a past time is refused with its message; Cancel schedule takes the badge away.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { withAdminPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/browser";

const baseUrl = inject("baseUrl");
// 1 July next year, noon in Vancouver: daylight time (UTC-7), so 19:00 UTC.
const year = new Date().getUTCFullYear() + 1;
const LOCAL = `${year}-07-01T12:00`;
const SHOWN = `Jul 1, ${year}, 12:00 Vancouver time (19:00 UTC)`;

let page: Page;
let errors: string[];
let postId = "";

const publishAt = () => page.getByLabel("Publish at (Vancouver time)", { exact: true });

withAdminPage((admin) => ({ page, errors } = admin), { leaveWithoutAsking: true });

describe("scheduling a draft", () => {
  it("shows the chosen moment in Vancouver time and UTC, schedules it, and shows the badge in the editor and the list", async () => {
    await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
    // A new post is stored by its first save (decision 0065); only a stored draft can be scheduled.
    await page.getByRole("link", { name: "New Post" }).click();
    await page.getByRole("button", { name: "Save Post" }).click();
    await page.waitForURL(/\/admin\/dashboard\/blog\/\d+$/);
    postId = page.url().split("/").pop()!;
    await publishAt().waitFor();

    // A past time is refused, with the reason beside the input.
    await publishAt().fill("2020-01-01T09:00");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const refusal = page.locator("p[role=alert]").filter({ hasText: "has already passed" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe("The time to publish has already passed. Choose a time in the future.");
    expect(await page.getByText(/^Scheduled for/).count()).toBe(0);
    // The refusal's 400 is the console's only expected message.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    errors.length = 0;

    await publishAt().fill(LOCAL);
    await page.getByText(`Goes live: ${SHOWN}`).waitFor();
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const badge = page.getByText(`Scheduled for ${SHOWN}`, { exact: true });
    await badge.waitFor();
    await expectNoAxeViolations(page);

    // Stored: the badge is there after a reload, and the input holds the Vancouver time.
    await page.reload({ waitUntil: "networkidle" });
    await badge.waitFor();
    expect(await publishAt().inputValue()).toBe(LOCAL);

    await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
    const item = page.locator("main li").filter({ has: page.getByRole("link", { name: new RegExp(`^Edit`) }) }).filter({ has: page.locator(`a[href="/admin/dashboard/blog/${postId}"]`) });
    await item.getByText(`Scheduled for ${SHOWN}`, { exact: true }).waitFor();
  });

  it("Cancel schedule takes the badge away", async () => {
    await page.goto(`${baseUrl}/admin/dashboard/blog/${postId}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Cancel schedule" }).click();
    await page.getByText(/^Scheduled for/).waitFor({ state: "detached" });
    await page.reload({ waitUntil: "networkidle" });
    await publishAt().waitFor();
    expect(await page.getByText(/^Scheduled for/).count()).toBe(0);
    expect(await publishAt().inputValue()).toBe("");
    expect(errors).toEqual([]);
  });

  it("December is UTC-7 as well (the firm clock's rules, not the runtime's or the browser's): the preview, the badge and the reload agree; 2025's skipped hour is refused with the sentence", async () => {
    await page.goto(`${baseUrl}/admin/dashboard/blog/${postId}`, { waitUntil: "networkidle" });
    // The time a reviewer typed in issue 42, which Node 20's own data moved an hour.
    const december = `Dec 1, ${year}, 22:56 Vancouver time (05:56 UTC)`;
    await publishAt().fill(`${year}-12-01T22:56`);
    await page.getByText(`Goes live: ${december}`).waitFor();
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.getByText(`Scheduled for ${december}`, { exact: true }).waitFor();
    await page.reload({ waitUntil: "networkidle" });
    await page.getByText(`Scheduled for ${december}`, { exact: true }).waitFor();
    expect(await publishAt().inputValue()).toBe(`${year}-12-01T22:56`);
    await page.getByRole("button", { name: "Cancel schedule" }).click();
    await page.getByText(/^Scheduled for/).waitFor({ state: "detached" });

    // 02:30 on 9 March 2025 never happened in Vancouver: the preview says so, and so does the server.
    const gap = "That time does not exist in Vancouver: the clocks skip an hour that night. Choose another time.";
    await publishAt().fill("2025-03-09T02:30");
    await page.locator(`[id$="-preview"]`).getByText(gap).waitFor();
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.locator("p[role=alert]").filter({ hasText: gap }).waitFor();
    expect(await page.getByText(/^Scheduled for/).count()).toBe(0);
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    errors.length = 0;
  });
});
