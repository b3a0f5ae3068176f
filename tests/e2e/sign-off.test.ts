/**
 * The sign-off (issue 31, decisions 0070 and 0087) in Chromium against the fake OpenAI-compatible server: an
 * editor rewrites a published post with the editor's AI and saves, which proposes the change (the
 * button says so before saving, and the public page keeps the old text); a reviewer opens the
 * post's History, reads the diff and publishes it, and the public page shows the new text. The
 * editor's new post is proposed for publication and public only once the reviewer publishes it; the
 * editor's restore of an older revision is a proposal too.
 */
import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAdminPage } from "../helpers/admin";
import { dataDirWithAdmin } from "../helpers/admin-http";
import { expectNoAxeViolations, launchBrowser, waitForHydration } from "../helpers/browser";
import { escapeHtml, fetchHtml } from "../helpers/page-checks";
import { startSite, type SiteServer } from "../helpers/server";
import { startFakeAi, type FakeAi } from "../fakes/openai";

const ADMIN = { email: "signoff-admin@example.test", password: "a long enough admin password" };
const EDITOR = { email: "signoff-editor@example.test", password: "a long enough editor password", name: "Eve Editor" };
const LAWYER = { email: "signoff-lawyer@example.test", password: "a long enough lawyer password", name: "Rob Lawyer" };
const TOPIC = "Tenants' rights when a landlord sells the house";
const ORIGINAL = { title: "Leases in British Columbia", slug: "leases-in-bc", content: "The original lawyer-approved text about leases." };

describe("sign-off: an editor proposes an AI rewrite, a lawyer publishes it", () => {
  let fake: FakeAi;
  let site: SiteServer;
  let dataDir: string;
  let browser: Browser;
  const pages: Partial<Record<"editor" | "lawyer", Page>> = {};
  /** Each page's console errors (watchConsole's lists, which fill as the pages log). */
  const errors: string[][] = [];

  beforeAll(async () => {
    fake = await startFakeAi();
    dataDir = await dataDirWithAdmin("sign-off-e2e-", ADMIN, { demo: true, staff: [[EDITOR, "editor"], [LAWYER, "lawyer"]] });
    site = await startSite({ DATA_DIR: dataDir, AI_BASE_URL: fake.url, AI_API_KEY: "test-key" });
    browser = await launchBrowser();
    for (const [who, account] of [
      ["editor", EDITOR],
      ["lawyer", LAWYER],
    ] as const) {
      const opened = await openAdminPage(browser, site.url, account, { leaveWithoutAsking: true });
      errors.push(opened.errors);
      pages[who] = opened.page;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  const publicHtml = async (path: string) => (await fetchHtml(`${site.url}${path}`)).html;

  it("the editor's new post waits for a reviewer; their AI rewrite waits; the reviewer reads the diff and publishes; the editor's restore is a proposal", async () => {
    const page = pages.editor!;
    // The editor writes a post of their own: no Published switch, "Propose for publication" instead (decision 0087).
    await page.goto(`${site.url}/admin/dashboard/blog/new`);
    await page.getByLabel("Title", { exact: true }).waitFor();
    await waitForHydration(page, "form");
    expect(await page.getByRole("switch", { name: "Published", exact: true }).count()).toBe(0);
    await page.getByLabel("Title", { exact: true }).fill(ORIGINAL.title);
    await page.getByLabel("Slug (URL)", { exact: true }).fill(ORIGINAL.slug);
    await page.getByLabel("Content", { exact: true }).fill(ORIGINAL.content);
    await page.getByRole("switch", { name: "Propose for publication" }).click();
    await page.getByRole("button", { name: "Propose for publication" }).click();
    await page.waitForURL(/\/admin\/dashboard\/blog\/\d+$/);
    await toast(page, "Proposed for publication").waitFor();
    const editorUrl = page.url();
    // Not public until a lawyer publishes it.
    expect((await fetchHtml(`${site.url}/blog/${ORIGINAL.slug}`)).status).toBe(404);
    const first = pages.lawyer!;
    await first.goto(editorUrl.replace("/blog/", "/history/post/"));
    await first.getByRole("heading", { name: "Change waiting for review" }).waitFor();
    await waitForHydration(first);
    await first.getByRole("button", { name: "Publish change" }).click();
    const ask = first.getByRole("alertdialog");
    expect(await ask.textContent()).toContain(`“${ORIGINAL.title}” goes online`);
    await ask.getByRole("button", { name: "Publish change" }).click();
    await toast(first, "Published").waitFor();
    expect(await publicHtml(`/blog/${ORIGINAL.slug}`)).toContain(escapeHtml(ORIGINAL.title));

    // Live now: before saving, the editor is told a save proposes the change.
    await page.reload();
    await page.getByLabel("Title", { exact: true }).waitFor();
    await waitForHydration(page, "form");
    const propose = page.getByRole("button", { name: "Propose change" });
    await propose.waitFor();
    expect(await page.getByText("your change waits for a lawyer's sign-off").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Save Post" }).count()).toBe(0);

    // The editor's AI rewrites it in the form.
    fake.reset();
    await page.getByRole("button", { name: "Generate with AI" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate with AI" });
    await dialog.getByLabel("What should the article be about?").fill(TOPIC);
    await dialog.getByRole("button", { name: "Generate" }).click();
    await toast(page, "Article generated").waitFor({ timeout: 30_000 });
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(TOPIC);
    await expectNoAxeViolations(page);
    await propose.click();
    await toast(page, "Change proposed").waitFor();
    await expect.poll(async () => (await toast(page, "Change proposed").textContent()) ?? "").toContain("waiting for a lawyer's sign-off");

    // Visitors still read the lawyer-approved text.
    const still = await publicHtml(`/blog/${ORIGINAL.slug}`);
    expect(still).toContain(escapeHtml(ORIGINAL.title));
    expect(still).not.toContain(escapeHtml(TOPIC));

    // The lawyer opens the post's History: the change, by the editor, written with the AI, and its diff.
    const lawyer = pages.lawyer!;
    await lawyer.goto(editorUrl.replace("/blog/", "/history/post/"));
    await lawyer.getByRole("heading", { name: "Change waiting for review" }).waitFor();
    expect(await lawyer.getByText(`by ${EDITOR.name}`).count()).toBeGreaterThan(0);
    // Written with the editor's AI: marked as machine text for the lawyer.
    expect(await lawyer.getByText("Written with the editor's AI", { exact: false }).count()).toBeGreaterThan(0);
    const titleDiff = lawyer.getByTestId("diff").first().locator("div", { has: lawyer.locator("dt", { hasText: /^Title$/ }) });
    expect((await titleDiff.locator("ins").allTextContents()).join(" ")).toContain("landlord");
    expect((await titleDiff.locator("del").allTextContents()).join(" ")).toContain("Leases");
    await expectNoAxeViolations(lawyer);
    await waitForHydration(lawyer);
    await lawyer.getByRole("button", { name: "Publish change" }).click();
    // It asks first, naming the item (decision 0087).
    await lawyer.getByRole("alertdialog").getByRole("button", { name: "Publish change" }).click();
    await toast(lawyer, "Published").waitFor();
    await expect.poll(() => lawyer.getByRole("button", { name: "Publish change" }).count()).toBe(0);

    const after = await publicHtml(`/blog/${ORIGINAL.slug}`);
    expect(after).toContain(escapeHtml(TOPIC));
    expect(after).not.toContain(ORIGINAL.content);

    // The editor restores the first revision from the History: a proposal, not a change visitors see.
    await page.goto(editorUrl.replace("/blog/", "/history/post/"));
    await page.getByRole("heading", { name: /^History of/ }).waitFor();
    await waitForHydration(page);
    await page.getByTestId("revision").last().getByRole("button", { name: /^Restore revision/ }).click();
    const restore = page.getByRole("alertdialog");
    expect(await restore.textContent()).toContain("waits for a lawyer's sign-off");
    await restore.getByRole("button", { name: "Propose restore" }).click();
    await toast(page, "Restore proposed").waitFor();
    await page.getByRole("heading", { name: "Change waiting for review" }).waitFor();
    const unchanged = await publicHtml(`/blog/${ORIGINAL.slug}`);
    expect(unchanged).toContain(escapeHtml(TOPIC));
    expect(unchanged).not.toContain(ORIGINAL.content);
    expect(errors.flat()).toEqual([]);
  });
});
