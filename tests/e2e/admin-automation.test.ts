/**
 * The Topic Queue & Automation tab in Chromium, on a server of its own whose clock is set
 * (TEST_CLOCK_START, decision 0031) and whose AI is the fake OpenAI-compatible server.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withAdminSite } from "../helpers/admin-site";
import { expectNoAxeViolations } from "../helpers/browser";
import { startFakeAi, type FakeAi } from "../fakes/openai";

const admin = { email: "automation-admin@example.test", password: "a long enough test password" };

describe("admin: Topic Queue & Automation", () => {
  let fake: FakeAi;
  let page: Page;
  let errors: string[];
  withAdminSite(
    {
      prefix: "automation-e2e-",
      admin,
      startFake: startFakeAi,
      env: (ai) => ({ SEED_DEMO: "false", AI_BASE_URL: ai.url, AI_API_KEY: "test-key", TRANSLATE_DELAY_MS: "0", TEST_CLOCK_START: "2025-03-04T10:00:00Z" }),
    },
    (opened) => ({ fake, page, errors } = opened),
  );

  const toast = (text: string) => page.locator(`[data-sonner-toast][data-front="true"]`).filter({ hasText: text });
  const input = () => page.getByLabel("New topic");
  const pending = () => page.getByTestId("pending-topic");
  const item = (topic: string) => pending().filter({ hasText: topic });

  it("shows the server's time and the schedule, and adds topics by the button and by Enter; blank text is ignored", async () => {
    await page.getByRole("link", { name: "Topic Queue & Automation" }).click();
    await page.getByRole("heading", { name: "Topic Queue & Automation" }).waitFor();
    await expect.poll(() => page.getByTestId("server-time").textContent()).toMatch(/^Mar 4, 2025, 10:0\d UTC$/);
    await page.getByText("Next scheduled run: Daily at 9:00 AM UTC").waitFor();
    await page.getByText(/^Next run in your time: /).waitFor();
    await page.getByText("Last run: none yet.").waitFor();
    await page.getByRole("heading", { name: "Pending Topics (0)" }).waitFor();

    await input().fill("Tenant rights when a landlord sells");
    await page.getByRole("button", { name: "Add Topic" }).click();
    await page.getByRole("heading", { name: "Pending Topics (1)" }).waitFor();
    await item("Tenant rights when a landlord sells").getByText("Scheduled for Mar 5, 2025, 09:00 UTC").waitFor();
    await expect.poll(() => input().inputValue()).toBe("");

    await input().fill("Spousal support after a long marriage");
    await input().press("Enter");
    await page.getByRole("heading", { name: "Pending Topics (2)" }).waitFor();
    await item("Spousal support").getByText("Scheduled for Mar 6, 2025, 09:00 UTC").waitFor();

    await input().fill("   ");
    await input().press("Enter");
    await page.getByRole("button", { name: "Add Topic" }).click();
    await page.waitForTimeout(500);
    await page.getByRole("heading", { name: "Pending Topics (2)" }).waitFor();
    expect(await toast("Failed to add topic").count()).toBe(0);
  });

  it("reschedules to 09:00 UTC on the chosen date (overdue: awaiting the next run) and deletes", async () => {
    const spousal = item("Spousal support");
    await spousal.getByLabel(/New date/).fill("2025-03-01");
    await spousal.getByRole("button", { name: /Reschedule/ }).click();
    await toast("Schedule updated").waitFor();
    await item("Spousal support").getByText("Scheduled for Mar 1, 2025, 09:00 UTC").waitFor();
    // Sorted by time: it comes first now, overdue.
    await expect.poll(() => pending().first().textContent()).toContain("Spousal support");
    await item("Spousal support").getByText("Awaiting next automation run").waitFor();
    expect(await item("Tenant rights").getByText("Awaiting next automation run").count()).toBe(0);
    await expectNoAxeViolations(page);

    await input().fill("A topic to delete");
    await input().press("Enter");
    await page.getByRole("heading", { name: "Pending Topics (3)" }).waitFor();
    await page.getByRole("button", { name: "Delete “A topic to delete”" }).click();
    await toast("Topic deleted").waitFor();
    await page.getByRole("heading", { name: "Pending Topics (2)" }).waitFor();
  });

  it("the Daily Auto-Generation switch says when automation is enabled and paused", async () => {
    const toggle = page.getByRole("switch", { name: "Daily Auto-Generation" });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await toast("Automation enabled").waitFor();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: "Daily Auto-Generation" }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("switch", { name: "Daily Auto-Generation" }).click();
    await toast("Automation paused").waitFor();
    await expect.poll(() => page.getByRole("switch", { name: "Daily Auto-Generation" }).getAttribute("aria-checked")).toBe("false");
    // Drafts for review is the default.
    expect(await page.getByRole("radio", { name: /as drafts for review/ }).isChecked()).toBe(true);
  });

  it("Test Generate Now writes a post from the next topic, which appears in the Blog Posts tab awaiting review", async () => {
    await page.getByRole("button", { name: "Test Generate Now" }).click();
    await toast("Generating post").waitFor();
    await toast("Post generated").waitFor({ timeout: 30_000 });
    await page.getByRole("heading", { name: "Pending Topics (1)" }).waitFor();
    await page.getByRole("heading", { name: "Used Topics (1)" }).waitFor();
    await page.getByTestId("used-topic").filter({ hasText: "Spousal support after a long marriage" }).getByText("Used: Mar 4, 2025").waitFor();
    // 'Last run' is the test run now (it said 'none yet'), after the job ended and after a reload.
    const lastRun = page.getByTestId("last-run");
    await lastRun.filter({ hasText: "Test Generate Now: “Spousal support after a long marriage”" }).waitFor();
    expect(await lastRun.textContent()).toContain("Post created");
    await page.reload();
    await lastRun.filter({ hasText: "Test Generate Now: “Spousal support after a long marriage”" }).waitFor();
    expect(await lastRun.locator("time").getAttribute("datetime")).toMatch(/^2025-03-04T/);

    await page.getByRole("link", { name: "Blog Posts", exact: true }).click();
    await page.getByRole("heading", { name: "Blog Posts" }).waitFor();
    const post = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Spousal support after a long marriage" }) });
    await post.getByText("Awaiting review").waitFor();
    await post.getByText("Draft", { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it("a failed generation shows 'Failed to generate post' and leaves the topic pending", async () => {
    fake.script({ type: "status", status: 401, message: "Incorrect API key provided." });
    await page.getByRole("link", { name: "Topic Queue & Automation" }).click();
    await page.getByRole("button", { name: "Test Generate Now" }).click();
    await toast("Failed to generate post").filter({ hasText: "refused the key" }).waitFor({ timeout: 30_000 });
    await page.getByRole("heading", { name: "Pending Topics (1)" }).waitFor();
    // The job's card keeps the reason.
    const card = page.getByRole("article", { name: "Test Generate Now: “Tenant rights when a landlord sells”" }).first();
    await expect.poll(() => card.getByTestId("job-counts").textContent()).toBe("0 of 1 done, 1 failed");
    // The reasons are listed open (decision 0064): the first thing to read on a failed run.
    await card.getByText(/Failed items \(1\)/).waitFor();
    await card.getByText(/refused the key/).waitFor();
  });
});
