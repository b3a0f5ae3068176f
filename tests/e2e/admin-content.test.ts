import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { withAdminPage } from "../helpers/admin";
import { expectNoAxeViolations, expectNoFrameworkScript, waitForHydration, watchConsole } from "../helpers/browser";

const baseUrl = inject("baseUrl");
const CONTENT_URL = `${baseUrl}/admin/dashboard/content`;

interface Stored {
  content: string;
  contentFa: string;
  contentZh: string;
}

describe("admin: Website Content tab", () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  /** Texts as they were before this file edited them, put back at the end for the other test files. */
  const originals = new Map<string, Stored>();

  withAdminPage(async (admin) => {
    ({ context, page, errors } = admin);
    await page.goto(CONTENT_URL);
    await page.getByRole("heading", { name: "Website Content" }).waitFor();
    await waitForHydration(page);
  });

  // Runs before the browser is let go (after-hooks run last-registered first).
  afterAll(async () => {
    // Restore through the tab's own form (the path a browser without JavaScript takes).
    for (const [key, stored] of originals) {
      const response = await page.request.post(CONTENT_URL, {
        form: { key, content: stored.content, content_fa: stored.contentFa, content_zh: stored.contentZh },
      });
      expect(response.ok()).toBe(true);
    }
  });

  // An entry form is named by its label and its key ("Hero headline hero-headline").
  const entry = (label: string): Locator =>
    page.getByRole("form", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} [\\w.-]+$`) });
  const field = (label: string, language: "English" | "Farsi" | "Chinese") => entry(label).getByLabel(language, { exact: true });
  // The front toast is the one on screen; older ones linger hidden in the list.
  const toast = (text: string) => page.locator(`[data-sonner-toast][data-front="true"]`).filter({ hasText: text });
  const search = () => page.getByLabel("Search content");
  const showing = () => page.getByText(/^Showing \d+ of \d+ entries/);
  const counts = async () => {
    const text = (await showing().textContent()) ?? "";
    const [, shown, total] = /Showing (\d+) of (\d+)/.exec(text)!;
    return { shown: Number(shown), total: Number(total) };
  };
  const remember = async (label: string, key: string) => {
    if (originals.has(key)) return;
    originals.set(key, {
      content: await field(label, "English").inputValue(),
      contentFa: await field(label, "Farsi").inputValue(),
      contentZh: await field(label, "Chinese").inputValue(),
    });
  };

  it("shows every entry with grouped categories, their counts and 'View page' links", async () => {
    const { shown, total } = await counts();
    expect(total).toBeGreaterThan(600);
    expect(shown).toBe(total);
    const nav = page.getByRole("navigation", { name: "Content categories" });
    await expect(nav.getByRole("button", { name: `All Content (${total})` }).getAttribute("aria-pressed")).resolves.toBe("true");

    // The first two groups are open; the others open on request.
    for (const name of ["General Pages", "Practice Areas", "Navigation & Footer", "Other Pages"]) {
      expect(await nav.getByRole("button", { name: new RegExp(`^${name} \\(`) }).count()).toBe(1);
    }
    await expect(nav.getByRole("button", { name: /^Home / }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole("button", { name: /^Family Law / }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole("button", { name: /^Footer / }).isVisible()).resolves.toBe(false);
    const chromeGroup = nav.getByRole("button", { name: /^Navigation & Footer \(/ });
    expect(await chromeGroup.getAttribute("aria-expanded")).toBe("false");
    await chromeGroup.click();
    expect(await chromeGroup.getAttribute("aria-expanded")).toBe("true");
    await nav.getByRole("button", { name: /^Footer / }).waitFor();

    // A category's counts match its entries' status badges.
    const home = nav.getByRole("button", { name: /^Home / });
    const [, complete, partial, homeTotal] = /(\d+) complete, (\d+) partial\s*(\d+)/.exec((await home.textContent()) ?? "")!;
    await home.click();
    expect(await home.getAttribute("aria-pressed")).toBe("true");
    expect(await counts()).toEqual({ shown: Number(homeTotal), total });
    const homeCard = page.getByRole("region", { name: /^Home \(\d+\)$/ });
    expect(await homeCard.count()).toBe(1);
    expect(await page.getByRole("region", { name: /^About \(\d+\)$/ }).count()).toBe(0);
    expect(await homeCard.getByText("Complete", { exact: true }).count()).toBe(Number(complete));
    expect(await homeCard.getByText("Partial", { exact: true }).count()).toBe(Number(partial));
    const viewHome = page.getByRole("link", { name: /View page Home/ });
    expect(await viewHome.getAttribute("href")).toBe("/");
    expect(await viewHome.getAttribute("target")).toBe("_blank");

    await nav.getByRole("button", { name: /^Footer / }).click();
    const footer = await counts();
    expect(footer.shown).toBeGreaterThan(5);
    expect(await page.getByRole("region", { name: `Footer (${footer.shown})` }).count()).toBe(1);
    expect(await page.getByRole("region", { name: /^Home \(/ }).count()).toBe(0);
    // Footer texts have no page of their own: no 'View page' link.
    expect(await page.getByRole("link", { name: /View page/ }).count()).toBe(0);

    await nav.getByRole("button", { name: `All Content (${total})` }).click();
    expect(await counts()).toEqual({ shown: total, total });
  });

  it("searches keys, labels and texts in any language, ignoring case", async () => {
    await search().fill("HERO-TAGLINE");
    await entry("Hero tagline").waitFor();
    const byKey = await counts();
    expect(byKey.shown).toBeGreaterThanOrEqual(1);
    expect(byKey.shown).toBeLessThan(byKey.total);

    const chinese = await field("Hero tagline", "Chinese").inputValue();
    expect(chinese.length).toBeGreaterThan(3);
    await search().fill(chinese.slice(0, 6));
    await entry("Hero tagline").waitFor();
    expect((await counts()).shown).toBeLessThan(byKey.total);

    await search().fill("hero headline");
    await entry("Hero headline").waitFor();

    await search().fill("zz-no-such-text-anywhere");
    await page.getByText("No entries match your search.").waitFor();
    expect((await counts()).shown).toBe(0);
    await search().fill("");
    await page.waitForFunction(() => /Showing (\d+) of \1 entries/.test(document.body.innerText));
  });

  it("says 'No changes' when there is nothing to save", async () => {
    await page.getByRole("button", { name: "Save All (0)" }).click();
    await toast("No changes").waitFor();
    await toast("There are no unsaved changes to save.").waitFor();
  });

  it("saves an edited Farsi text: it shows on an open /fa page without a reload, English unchanged", async () => {
    await search().fill("hero-headline");
    await remember("Hero headline", "hero-headline");
    const english = originals.get("hero-headline")!.content;

    // The public page is open before the change, in its own tab.
    const publicPage = await context.newPage();
    const publicErrors = watchConsole(publicPage);
    await publicPage.goto(`${baseUrl}/fa`);
    const h1 = publicPage.getByRole("heading", { level: 1 });
    expect(await h1.textContent()).toBe(originals.get("hero-headline")!.contentFa);
    await publicPage.evaluate(() => ((window as unknown as { marker: string }).marker = "still the same page"));
    // Read further down: the update keeps the place.
    await publicPage.evaluate(() => scrollTo({ top: 600, behavior: "instant" }));

    const headline = `وکالت قابل اعتماد در ونکوور ${Date.now()}`;
    await page.bringToFront();
    await field("Hero headline", "Farsi").fill(headline);
    expect(await field("Hero headline", "Farsi").getAttribute("dir")).toBe("rtl");
    expect(await field("Hero headline", "Farsi").getAttribute("lang")).toBe("fa");
    await entry("Hero headline").getByText("Unsaved", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Save All (1)" }).waitFor();
    await entry("Hero headline").getByRole("button", { name: "Save Changes" }).click();
    await toast("Content updated successfully").waitFor();
    await page.getByRole("button", { name: "Save All (0)" }).waitFor();
    expect(await entry("Hero headline").getByText("Unsaved", { exact: true }).count()).toBe(0);

    // Realtime: the open page (no framework code: its page script) hears the change over
    // server-sent events and brings its content up to date in place.
    await publicPage.waitForFunction((text) => document.querySelector("h1")?.textContent === text, headline, { timeout: 15_000 });
    expect(await publicPage.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still the same page");
    expect(await publicPage.evaluate(() => scrollY)).toBe(600);
    await expectNoFrameworkScript(publicPage);
    expect(publicErrors).toEqual([]);
    await publicPage.close();

    // A fresh request sees it too, and English is untouched.
    const fa = await (await fetch(`${baseUrl}/fa`)).text();
    expect(fa).toContain(headline);
    const englishPage = await context.newPage();
    await englishPage.goto(`${baseUrl}/`);
    expect(await englishPage.getByRole("heading", { level: 1 }).textContent()).toBe(english);
    await englishPage.close();
  });

  it("saves two edits with Save All and shows each entry's translation status", async () => {
    await search().fill("hero-");
    await remember("Hero headline", "hero-headline");
    await remember("Hero tagline", "hero-tagline");
    expect(await entry("Hero tagline").getByText("Complete", { exact: true }).count()).toBe(1);

    // Status follows the inputs: one translation gone is Partial, both gone is English only.
    await field("Hero tagline", "Chinese").fill("");
    await entry("Hero tagline").getByText("Partial", { exact: true }).waitFor();
    await field("Hero tagline", "Farsi").fill("");
    await entry("Hero tagline").getByText("English only", { exact: true }).waitFor();
    await field("Hero tagline", "Farsi").fill("مشاوره حقوقی روشن برای هر مرحله");
    await entry("Hero tagline").getByText("Partial", { exact: true }).waitFor();

    const chineseHeadline = `值得信赖的温哥华律师 ${Date.now()}`;
    await field("Hero headline", "Chinese").fill(chineseHeadline);
    await page.getByRole("button", { name: "Save All (2)" }).click();
    await toast("All saved").waitFor();
    await page.getByRole("button", { name: "Save All (0)" }).waitFor();

    await page.reload();
    await waitForHydration(page);
    await search().fill("hero-");
    expect(await field("Hero headline", "Chinese").inputValue()).toBe(chineseHeadline);
    expect(await field("Hero tagline", "Farsi").inputValue()).toBe("مشاوره حقوقی روشن برای هر مرحله");
    expect(await field("Hero tagline", "Chinese").inputValue()).toBe("");
    await entry("Hero tagline").getByText("Partial", { exact: true }).waitFor();
    const zh = await (await fetch(`${baseUrl}/zh`)).text();
    expect(zh).toContain(chineseHeadline);
  });

  it("uses multi-line boxes for descriptions and long texts", async () => {
    await search().fill("footer-about-description");
    const description = page.locator("form", { has: page.locator("code", { hasText: /^footer-about-description$/ }) });
    await description.waitFor();
    expect(await description.locator("textarea").count()).toBe(3);
    await search().fill("hero-headline");
    await entry("Hero headline").waitFor();
    expect(await entry("Hero headline").locator("textarea").count()).toBe(0);
    expect(await entry("Hero headline").locator('input[type="text"]').count()).toBe(3);
  });

  it("refuses a text over the length limit with a message, saving nothing", async () => {
    await search().fill("hero-headline");
    await remember("Hero headline", "hero-headline");
    const before = await field("Hero headline", "English").inputValue();
    await field("Hero headline", "English").fill("x".repeat(20_001));
    await entry("Hero headline").getByRole("button", { name: "Save Changes" }).click();
    await toast("Failed to update content").waitFor();
    await toast("longer than 20,000 characters").waitFor();
    await field("Hero headline", "English").fill(before);
    await page.getByRole("button", { name: "Save All (0)" }).waitFor();
  });

  it("passes axe and logs no console errors", async () => {
    // The toaster is the dashboard's; this checks the tab itself.
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
    await search().fill("");
    await page.getByRole("button", { name: /^All Content/ }).click();
    await search().fill("contact-");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
