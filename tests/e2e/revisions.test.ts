/**
 * Revisions and review (issue 30) in Chromium against the fake OpenAI-compatible server: AI
 * rewrites of published posts wait for a lawyer while /blog stays as it was, the History page's
 * diff and Restore, a stale save refused with the other person's changes, Recently deleted, the
 * editor's Translate keeping a person's translation, and the texts' batch translation proposed
 * for review. A server of its own: Regenerate All proposes rewrites of every post.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openAdminPage } from "../helpers/admin";
import { withAdminSite } from "../helpers/admin-site";
import { expectNoAxeViolations, waitForHydration } from "../helpers/browser";
import { escapeHtml, fetchHtml } from "../helpers/page-checks";
import type { SiteServer } from "../helpers/server";
import { article, startFakeAi, type FakeAi } from "../fakes/openai";

const admin = { email: "revisions-admin@example.test", password: "a long enough test password" };
const DEMO_TITLES = [
  "Refused a Canadian Study Permit, Work Permit or Visitor Visa? Your Options",
  "The Two-Year Limitation Period in BC: What It Means for Your Civil Claim",
  "Immigration Consultant Malpractice: Warning Signs and What You Can Do",
];
const STORY_P1 = "Our firm was built on a simple belief";

describe("admin: revisions, review and recovery", () => {
  let fake: FakeAi;
  let site: SiteServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  // The tests always mean to leave an editor with unsaved changes.
  withAdminSite(
    { prefix: "revisions-e2e-", admin, startFake: startFakeAi, env: (ai) => ({ SEED_DEMO: "true", AI_BASE_URL: ai.url, AI_API_KEY: "test-key", TRANSLATE_DELAY_MS: "0" }), leaveWithoutAsking: true },
    (opened) => ({ fake, site, page, errors, browser } = opened),
  );

  const field = (label: string, on: Page = page) => on.getByLabel(label, { exact: true });
  const toast = (text: string, on: Page = page) => on.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  const postRow = (title: string) => page.locator("main li").filter({ has: page.getByRole("heading", { name: title, level: 3, exact: true }) });
  const publicHtml = async (path: string) => (await fetchHtml(`${site.url}${path}`)).html;
  const revisionCount = async () => Number(/Revisions \((\d+)\)/.exec((await page.getByRole("heading", { name: /^Revisions \(/ }).textContent()) ?? "")?.[1]);

  /** The post editor, loaded and hydrated. */
  async function openEditor(url: string, on: Page = page) {
    await on.goto(url);
    await field("Title", on).waitFor();
    await waitForHydration(on, "form");
  }

  /** A new post saved through the editor; returns its editor address. */
  async function createPost(values: { title: string; slug: string; content: string; published: boolean }): Promise<string> {
    await openEditor(`${site.url}/admin/dashboard/blog/new`);
    await field("Title").fill(values.title);
    await field("Slug (URL)").fill(values.slug);
    await field("Content").fill(values.content);
    if (values.published) await page.getByRole("switch", { name: "Published", exact: true }).click();
    await page.getByRole("button", { name: "Save Post" }).click();
    await page.waitForURL(/\/admin\/dashboard\/blog\/\d+$/);
    await toast("Saved!").waitFor();
    return page.url();
  }

  it("Regenerate All keeps /blog as it was; each rewrite waits for review, and Publish or Discard decides", async () => {
    const rewrites = ["Alpha rewrite of this guide", "Bravo rewrite of this guide", "Charlie rewrite of this guide"];
    fake.reset();
    fake.script(...rewrites.map((title) => ({ type: "content" as const, content: JSON.stringify(article(title, 700)) })));
    // Each answer takes a second: the public blog can be read while the job runs.
    fake.setLatency(1000);

    await page.goto(`${site.url}/admin/dashboard`);
    await page.getByRole("heading", { name: "Blog Posts", level: 2 }).waitFor();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Regenerate All with AI" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Continue" }).click();

    // During the job: every post on /blog with its current title.
    const card = page.getByRole("article", { name: "Regenerate all posts with AI" }).first();
    await expect.poll(async () => (await card.getByTestId("job-counts").textContent().catch(() => "")) ?? "", { timeout: 30_000 }).toMatch(/^[12] of 3 done/);
    const during = await publicHtml("/blog");
    for (const title of DEMO_TITLES) expect(during).toContain(escapeHtml(title));
    expect(during).not.toContain("rewrite of this guide");

    await toast("Posts regenerated").waitFor({ timeout: 60_000 });
    fake.setLatency(0);
    const after = await publicHtml("/blog");
    for (const title of DEMO_TITLES) expect(after).toContain(escapeHtml(title));
    expect(after).not.toContain("rewrite of this guide");

    // The list: every post still published under its title, each with a change waiting.
    await page.reload();
    await page.getByRole("heading", { name: "Blog Posts", level: 2 }).waitFor();
    for (const title of DEMO_TITLES) {
      await postRow(title).getByText("Change waiting for review").waitFor();
      expect(await postRow(title).getByText("Published", { exact: true }).count()).toBe(1);
    }

    // The first post: its badge opens the History with the diff; Publish change makes it live.
    const [first, second] = DEMO_TITLES;
    await postRow(first).getByRole("link", { name: "Change waiting for review" }).click();
    await page.getByRole("heading", { name: `History of “${first}”` }).waitFor();
    const titleDiff = page.getByTestId("diff").first().locator("div", { has: page.locator("dt", { hasText: /^Title$/ }) });
    const added = (await titleDiff.locator("ins").allTextContents()).join(" ");
    expect(added).toMatch(/added: .*rewrite/);
    const newTitle = rewrites.find((title) => added.includes(title.split(" ")[0]))!;
    expect(newTitle).toBeTruthy();
    expect(await titleDiff.locator("del").count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Publish change" }).click();
    // It asks first, naming the item (decision 0087).
    await page.getByRole("alertdialog").getByRole("button", { name: "Publish change" }).click();
    await toast("Published").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Publish change" }).count()).toBe(0);
    await page.getByTestId("revision").first().getByText("Published after review").waitFor();

    const firstSlug = "refused-canadian-study-permit-work-permit-or-visitor-visa";
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${site.url}/blog/${firstSlug}`);
    expect(await visitor.locator("h1").textContent()).toBe(newTitle);

    // The second: Discard change, and the public page keeps its title.
    await page.goto(`${site.url}/admin/dashboard`);
    await postRow(second).getByRole("link", { name: "Change waiting for review" }).click();
    await page.getByRole("heading", { name: `History of “${second}”` }).waitFor();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Discard change" }).click();
    // It asks first, naming the item (decision 0087).
    await page.getByRole("alertdialog").getByRole("button", { name: "Discard change" }).click();
    await toast("Discarded").waitFor();
    await visitor.goto(`${site.url}/blog/bc-limitation-act-two-year-limitation-period-civil-claims`);
    expect(await visitor.locator("h1").textContent()).toBe(second);
    await page.goto(`${site.url}/admin/dashboard`);
    await page.getByRole("heading", { name: "Blog Posts", level: 2 }).waitFor();
    expect(await postRow(second).getByText("Change waiting for review").count()).toBe(0);
    expect(await postRow(newTitle).getByText("Change waiting for review").count()).toBe(0);
    // The third, untouched, still waits; its public page still has its own title.
    await postRow(DEMO_TITLES[2]).getByText("Change waiting for review").waitFor();
    await visitor.goto(`${site.url}/blog/immigration-consultant-malpractice-warning-signs-and-options`);
    expect(await visitor.locator("h1").textContent()).toBe(DEMO_TITLES[2]);
    await visitor.context().close();
    expect(errors).toEqual([]);
  });

  it("History compares two saves word by word; Restore brings the first back as a new revision", async () => {
    const editor = await createPost({ title: "Tenancy deposits explained", slug: "tenancy-deposits-explained", content: "A landlord must return the quick deposit within fifteen days.", published: true });
    await openEditor(editor);
    await field("Content").fill("A landlord must return the whole deposit within fifteen days.");
    await page.getByRole("button", { name: "Save Post" }).click();
    await toast("Saved!").waitFor();
    expect(await publicHtml("/blog/tenancy-deposits-explained")).toContain("return the whole deposit");

    await page.getByRole("link", { name: "History" }).click();
    await page.getByRole("heading", { name: "History of “Tenancy deposits explained”" }).waitFor();
    const diff = page.getByTestId("diff");
    expect((await diff.locator("del").allTextContents()).join("|")).toContain("quick");
    expect((await diff.locator("ins").allTextContents()).join("|")).toContain("whole");
    expect(await diff.locator("del").first().textContent()).toMatch(/^removed: /);
    const before = await revisionCount();
    expect(before).toBe(2);
    await expectNoAxeViolations(page);

    // The oldest revision is the last in the list.
    await waitForHydration(page);
    const oldest = page.getByTestId("revision").last();
    const oldestName = (await oldest.textContent())?.match(/Revision (\d+)/)?.[1];
    await oldest.getByRole("button", { name: `Restore revision ${oldestName}` }).click();
    // It asks first, naming the item (decision 0087).
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await toast("Restored").waitFor();
    await expect.poll(revisionCount).toBe(before + 1);
    // The newest revision's source is "Restore" (every row also has a Restore button, named "Restore revision N").
    const newest = page.getByTestId("revision").first();
    expect(await newest.getByText("Restore", { exact: true }).count()).toBe(1);
    expect(await page.getByTestId("revision").getByText("Restore", { exact: true }).count()).toBe(1);

    await openEditor(editor);
    expect(await field("Content").inputValue()).toBe("A landlord must return the quick deposit within fifteen days.");
    const html = await publicHtml("/blog/tenancy-deposits-explained");
    expect(html).toContain("return the quick deposit");
    expect(html).not.toContain("return the whole deposit");
  });

  it("a stale save is refused with the other person's changes; Keep my version then Save stores it", async () => {
    const editor = await createPost({ title: "Two editors at once", slug: "two-editors-at-once", content: "The first paragraph as written.", published: true });
    const { page: other } = await openAdminPage(browser, site.url, admin);
    await openEditor(editor, other);
    await openEditor(editor);

    // The first person saves a new title.
    await field("Title").fill("Two editors at once, revised");
    await page.getByRole("button", { name: "Save Post" }).click();
    await toast("Saved!").waitFor();

    // The second, from the older version, is refused.
    await field("Content", other).fill("The second person's paragraph.");
    await other.getByRole("button", { name: "Save Post" }).click();
    const conflict = other.getByRole("alert").filter({ has: other.getByRole("heading", { name: "Someone else saved this post" }) });
    await conflict.waitFor();
    expect((await conflict.getByTestId("diff").locator("ins").allTextContents()).join(" ")).toContain("revised");
    await expectNoAxeViolations(other);
    let html = await publicHtml("/blog/two-editors-at-once");
    expect(html).toContain("Two editors at once, revised");
    expect(html).not.toContain("second person");

    await conflict.getByRole("button", { name: "Keep my version" }).click();
    await other.getByRole("button", { name: "Save Post" }).click();
    await toast("Saved!", other).waitFor();
    html = await publicHtml("/blog/two-editors-at-once");
    expect(html).toContain("The second person&#x27;s paragraph.");
    await openEditor(editor);
    expect(await field("Content").inputValue()).toBe("The second person's paragraph.");
    await other.context().close();
  });

  it("a deleted post is in Recently deleted and comes back under the same address", async () => {
    const title = "A post to delete and restore";
    await createPost({ title, slug: "a-post-to-delete-and-restore", content: "Restorable words.", published: true });
    await page.goto(`${site.url}/admin/dashboard`);
    await page.getByRole("heading", { name: "Blog Posts", level: 2 }).waitFor();
    await waitForHydration(page);
    await postRow(title).getByRole("button", { name: `Delete “${title}”` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast("Deleted!").waitFor();
    await expect.poll(() => postRow(title).count()).toBe(0);
    expect(await publicHtml("/blog")).not.toContain(title);
    expect((await fetchHtml(`${site.url}/blog/a-post-to-delete-and-restore`)).status).toBe(404);

    await page.goto(`${site.url}/admin/dashboard/deleted`);
    await page.getByRole("heading", { name: "Recently deleted", level: 2 }).waitFor();
    const item = page.getByTestId("deleted-item").filter({ hasText: title });
    await item.waitFor();
    await expectNoAxeViolations(page);
    await waitForHydration(page);
    await item.getByRole("button", { name: `Restore ${title}` }).click();
    await page.getByRole("status").filter({ hasText: "Blog post restored." }).waitFor();
    await expect.poll(() => item.count()).toBe(0);

    await page.goto(`${site.url}/admin/dashboard`);
    await postRow(title).waitFor();
    const { status, html } = await fetchHtml(`${site.url}/blog/a-post-to-delete-and-restore`);
    expect(status).toBe(200);
    expect(html).toContain(title);
    expect(await publicHtml("/blog")).toContain(title);
  });

  it("Translate keeps a person's Farsi title unless ticked, and fills the empty Chinese", async () => {
    const editor = await createPost({ title: "Small claims in British Columbia", slug: "small-claims-in-bc", content: "Claims up to a limit go to the tribunal.", published: false });
    const personal = "دعاوی کوچک در بریتیش کلمبیا";
    await page.getByRole("tab", { name: /Farsi/ }).click();
    await field("Title (Farsi)").fill(personal);
    await page.getByRole("button", { name: "Save Post" }).click();
    await toast("Saved!").waitFor();
    await openEditor(editor);

    await page.getByRole("button", { name: "Translate", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Translate this post" });
    await dialog.getByText("1 translation was written or reviewed by a person.", { exact: false }).waitFor();
    expect(await dialog.getByRole("checkbox", { name: "Title (Farsi)" }).isChecked()).toBe(false);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Translate" }).click();
    await toast("Translation complete").waitFor();
    await page.getByRole("tab", { name: /Farsi/ }).click();
    expect(await field("Title (Farsi)").inputValue()).toBe(personal);
    expect(await field("Content (Farsi)").inputValue()).toBe("[fa] Claims up to a limit go to the tribunal.");
    await page.getByRole("tab", { name: /Chinese/ }).click();
    expect(await field("Title (Chinese)").inputValue()).toBe("[zh] Small claims in British Columbia");
    expect(await field("Content (Chinese)").inputValue()).toBe("[zh] Claims up to a limit go to the tribunal.");

    // Again, ticking the Farsi title: it is replaced.
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
    await page.getByRole("button", { name: "Translate", exact: true }).click();
    await dialog.waitFor();
    // The translator's unsaved output in the form is no person's translation: still one.
    await dialog.getByText("1 translation was written or reviewed by a person.", { exact: false }).waitFor();
    expect(await dialog.getByRole("checkbox").count()).toBe(1);
    await dialog.getByRole("checkbox", { name: "Title (Farsi)" }).check();
    await dialog.getByText("1 reviewed translation will be replaced.").waitFor();
    await dialog.getByRole("button", { name: "Translate" }).click();
    await toast("Translation complete").waitFor();
    await page.getByRole("tab", { name: /Farsi/ }).click();
    expect(await field("Title (Farsi)").inputValue()).toBe("[fa] Small claims in British Columbia");
  });

  it("Translate All Missing Farsi proposes the texts for review; the public Farsi page changes only on Publish", async () => {
    const entry = (key: string) => page.getByRole("form", { name: new RegExp(` ${key.replace(/[.-]/g, "\\$&")}$`) });
    await page.goto(`${site.url}/admin/dashboard/content`);
    await page.getByRole("heading", { name: "Website Content" }).waitFor();
    await waitForHydration(page);
    await page.getByLabel("Search content").fill("about-story-p1");
    await entry("about-story-p1").getByLabel("Farsi", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save All (1)" }).click();
    await toast("All saved").waitFor();
    expect(await publicHtml("/fa/about")).toContain(STORY_P1);

    await page.getByRole("button", { name: /^Translate All Missing Farsi \(\d+\)$/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Translate" }).click();
    // One text goes fast: the job card's summary, not the toast (it may end before the first poll).
    await page
      .getByRole("article", { name: "Translate all missing Farsi" })
      .getByText(/^Batch translation complete: 1 translated, 0 failed\. The translations wait for review/)
      .waitFor({ timeout: 30_000 });

    await page.reload();
    await page.getByRole("heading", { name: "Website Content" }).waitFor();
    await waitForHydration(page);
    await page.getByLabel("Search content").fill("about-story-p1");
    const badge = entry("about-story-p1").getByRole("link", { name: "Change waiting for review" });
    await badge.waitFor();
    // Still the English fallback for Farsi visitors.
    let html = await publicHtml("/fa/about");
    expect(html).toContain(STORY_P1);
    expect(html).not.toContain(`[fa] ${STORY_P1}`);

    await badge.click();
    await page.getByRole("heading", { name: /^History of / }).waitFor();
    expect((await page.getByTestId("diff").first().locator("ins").allTextContents()).join(" ")).toContain("[fa]");
    await expectNoAxeViolations(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Publish change" }).click();
    // It asks first, naming the item (decision 0087).
    await page.getByRole("alertdialog").getByRole("button", { name: "Publish change" }).click();
    await toast("Published").waitFor();
    html = await publicHtml("/fa/about");
    expect(html).toContain(`[fa] ${STORY_P1}`);
    expect(errors).toEqual([]);
  });
});
