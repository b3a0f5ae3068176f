/**
 * AI writing and machine translation in the admin, in Chromium, against the fake
 * OpenAI-compatible server. A server of its own: regenerating rewrites (and unpublishes) every
 * post, which the other files' shared server must not see.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withAdminSite } from "../helpers/admin-site";
import { expectNoAxeViolations, waitForHydration } from "../helpers/browser";
import type { SiteServer } from "../helpers/server";
import { startFakeAi } from "../fakes/openai";

const admin = { email: "ai-admin@example.test", password: "a long enough test password" };
const countWords = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

describe("admin: AI writing and translation", () => {
  let site: SiteServer;
  let page: Page;
  let errors: string[];
  withAdminSite(
    { prefix: "ai-e2e-", admin, startFake: startFakeAi, env: (ai) => ({ SEED_DEMO: "true", AI_BASE_URL: ai.url, AI_API_KEY: "test-key", TRANSLATE_DELAY_MS: "1500" }) },
    (opened) => ({ site, page, errors } = opened),
  );

  const toast = (text: string) => page.locator(`[data-sonner-toast][data-front="true"]`).filter({ hasText: text });
  const entry = (key: string) => page.getByRole("form", { name: new RegExp(` ${key.replace(/[.-]/g, "\\$&")}$`) });
  const search = () => page.getByLabel("Search content");

  it("Translate All Missing Farsi runs on the server with a moving progress bar and its counts; a person's translation survives", async () => {
    await page.goto(`${site.url}/admin/dashboard/content`);
    await page.getByRole("heading", { name: "Website Content" }).waitFor();
    await page.getByText("Translation: AI, configured.").waitFor();

    // Four texts lose their Farsi; a fifth keeps the one a person wrote.
    const cleared = ["about-story-p1", "about-story-p2", "about-story-p3", "about-story-p4"];
    await search().fill("about-story-");
    for (const key of cleared) await entry(key).getByLabel("Farsi", { exact: true }).fill("");
    const personal = `عنوان داستان ما ${Date.now()}`;
    await entry("about-story-title").getByLabel("Farsi", { exact: true }).fill(personal);
    await page.getByRole("button", { name: "Save All (5)" }).click();
    await toast("All saved").waitFor();

    await page.getByRole("button", { name: "Translate All Missing Farsi (4)" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("This will translate 4 entries to Farsi. Continue?").waitFor();
    await dialog.getByRole("button", { name: "Translate" }).click();

    const bar = page.getByRole("progressbar", { name: "Translate all missing Farsi progress" });
    await bar.waitFor();
    const seen = new Set<string>();
    const end = Date.now() + 30_000;
    while (Date.now() < end) {
      seen.add((await bar.getAttribute("aria-valuenow")) ?? "");
      if ((await page.getByTestId("job-counts").first().textContent())?.startsWith("4 of 4 done")) break;
      await page.waitForTimeout(100);
    }
    // It moved: more than the start and the end were seen on the way.
    expect(seen.size).toBeGreaterThanOrEqual(3);
    await toast("Batch translation complete").waitFor();
    await toast("4 translated, 0 failed.").waitFor();

    await search().fill("about-story-");
    for (const key of cleared) {
      await expect.poll(() => entry(key).getByLabel("Farsi", { exact: true }).inputValue()).toContain("[fa]");
      await entry(key).getByText("Machine translation: review").first().waitFor();
    }
    expect(await entry("about-story-title").getByLabel("Farsi", { exact: true }).inputValue()).toBe(personal);

    // Needs review: exactly the four.
    await search().fill("");
    await page.getByLabel(/Needs review only \(4\)/).check();
    await page.getByText("Showing 4 of").waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel(/Needs review only/).uncheck();
  });

  it("the job is still there after leaving and coming back", async () => {
    await page.goto(`${site.url}/admin/dashboard`);
    await page.goto(`${site.url}/admin/dashboard/content`);
    await page.getByRole("article", { name: "Translate all missing Farsi" }).getByText("Finished").waitFor();
  });

  it("per-entry Auto-translate fills the field, unsaved, for review", async () => {
    await search().fill("about-hero-title");
    const form = entry("about-hero-title");
    await form.getByLabel("Chinese", { exact: true }).fill("");
    await form.getByRole("button", { name: "Auto-translate into Chinese" }).click();
    await toast("Translation complete").waitFor();
    await expect.poll(() => form.getByLabel("Chinese", { exact: true }).inputValue()).toMatch(/^\[zh\] /);
    await form.getByText("Unsaved", { exact: true }).waitFor();
    // The four batch translations waiting for review are in their forms too (decision 0063).
    await page.getByRole("button", { name: "Save All (5)" }).waitFor();
  });

  it("Regenerate All with AI writes 600-800 word rewrites that wait for review; published posts stay published (decision 0063)", async () => {
    await page.goto(`${site.url}/admin/dashboard`);
    // Leaving the content tab with the unsaved translation asks first.
    const leave = page.getByRole("alertdialog").getByRole("button", { name: "Discard and leave" });
    if (await leave.isVisible().catch(() => false)) await leave.click();
    await page.getByRole("heading", { name: "Blog Posts" }).waitFor();
    // A click before React has hydrated the button does nothing.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Regenerate All with AI" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/600-800 word articles/).waitFor();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await toast("Posts regenerated").waitFor({ timeout: 60_000 });

    const edit = page.getByRole("link", { name: /^Edit/ }).first();
    await edit.click();
    const content = page.getByLabel("Content", { exact: true });
    await content.waitFor();
    const words = countWords(await content.inputValue());
    expect(words).toBeGreaterThanOrEqual(600);
    expect(words).toBeLessThanOrEqual(800);
    // The rewrite opens in the form for review; the post stays published until a person saves it.
    expect(await page.getByRole("switch", { name: "Published", exact: true }).getAttribute("aria-checked")).toBe("true");
    await page.getByText("Change waiting for review.").waitFor();
    // A change waiting for review is no edit of the person's own: no "Unsaved changes" (issue 41, decision 0087).
    expect(await page.getByText("Unsaved changes").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
