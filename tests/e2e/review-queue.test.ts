/**
 * The review queue in Chromium (issue 41, decision 0089): an editor's AI rewrite of a live post and
 * an editor's plain change of another wait in the queue, counted beside its link; the reviewer
 * discards one from the queue (a dialog naming it, with a comment), reads the AI rewrite rendered
 * side by side (Markdown as visitors see it, the image as a thumbnail, changed paragraphs marked,
 * one tab per language, stacked on a narrow screen) and publishes it. A Farsi subscriber gets the
 * Farsi mail only once the Farsi version is published from the queue (which says so first). axe on
 * every page visited.
 */
import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAdminPage } from "../helpers/admin";
import { dataDirWithAdmin, formPost, get, signInHttp } from "../helpers/admin-http";
import { expectNoAxeViolations, launchBrowser, waitForHydration } from "../helpers/browser";
import { escapeHtml, fetchHtml } from "../helpers/page-checks";
import { startSite, type SiteServer } from "../helpers/server";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";
import { newToken } from "~/newsletter/subscribers.server";
import { newsletterSubscribers } from "../../db/schema";

const ADMIN = { email: "queue-admin@example.test", password: "a long enough admin password" };
const EDITOR = { email: "queue-editor@example.test", password: "a long enough editor password", name: "Eve Editor" };
const REVIEWER = { email: "queue-reviewer@example.test", password: "a long enough reviewer password", name: "Rob Reviewer" };
const READERS = { en: "english.reader@example.test", fa: "farsi.reader@example.test" };

const LIVE_BODY = [
  "## Notice periods",
  "A landlord must give written notice before ending a tenancy in British Columbia.",
  "- Two months for the landlord's own use\n- Four months for demolition",
  "Read the [Residential Tenancy Act](https://www.bclaws.gov.bc.ca/) for the details.",
].join("\n\n");
// The AI rewrite: one paragraph edited, one added; the rest unchanged.
const PROPOSED_BODY = [
  "## Notice periods",
  "A landlord must give written notice on the approved form before ending a tenancy in British Columbia.",
  "- Two months for the landlord's own use\n- Four months for demolition",
  "Read the [Residential Tenancy Act](https://www.bclaws.gov.bc.ca/) for the details.",
  "Tenants can dispute a notice through the Residential Tenancy Branch.",
].join("\n\n");

describe("the review queue: a reviewer discards one change and publishes an AI rewrite after reading it", () => {
  let site: SiteServer;
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let smtp: SmtpFake;
  const cookies = { admin: "", editor: "" };
  let errors: string[] = [];

  beforeAll(async () => {
    const reader = (email: string, language: string) => ({ email, language, confirmToken: newToken(), unsubscribeToken: newToken(), confirmedAt: new Date() });
    dataDir = await dataDirWithAdmin("review-queue-e2e-", ADMIN, {
      demo: true,
      staff: [[EDITOR, "editor"], [REVIEWER, "lawyer"]],
      prepare: (db) => db.insert(newsletterSubscribers).values([reader(READERS.en, "en"), reader(READERS.fa, "fa")]),
    });
    smtp = await startSmtpFake();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true", SMTP_URL: smtp.url, MAIL_FROM: "Firm <news@firm.example>", MAIL_RATE_PER_MINUTE: "6000" });

    // Two published posts (the seeded team photos as their images), and the editor's proposals.
    const admin = (cookies.admin = await signInHttp(site.url, ADMIN.email, ADMIN.password));
    const editor = (cookies.editor = await signInHttp(site.url, EDITOR.email, EDITOR.password));
    const photos = [...(await (await get(`${site.url}/team`)).text()).matchAll(/src="(\/media\/[^"]+)"/g)].map((m) => m[1]);
    expect(photos.length).toBeGreaterThanOrEqual(2);
    const post = async (values: Record<string, string>) => {
      const created = await formPost(`${site.url}/admin/dashboard/blog/new`, { intent: "save", author: "The firm", publishedAt: "2026-11-20", excerpt: "Short.", published: "on", ...values }, { cookie: admin });
      expect(created.status).toBe(302);
      return { url: new URL(created.headers.get("location")!, site.url).href, values };
    };
    const tenancy = await post({ title: "Ending a tenancy", slug: "ending-a-tenancy", content: LIVE_BODY, featuredImage: photos[0], imageAltText: "A lawyer" });
    const fees = await post({ title: "Our fees", slug: "our-fees", content: "We bill by the hour." });
    const propose = async (target: { url: string; values: Record<string, string> }, change: Record<string, string>) => {
      const saved = await formPost(`${target.url}.data`, { intent: "save", author: "The firm", publishedAt: "2026-11-20", excerpt: "Short.", published: "on", ...target.values, ...change, version: "1" }, { cookie: editor });
      expect(saved.status).toBe(200);
    };
    // Written with the editor's AI (its machineText field): a proposal made by AI writing.
    await propose(tenancy, { content: PROPOSED_BODY, featuredImage: photos[1], machineText: "1" });
    await propose(fees, { content: "We bill by the hour, or a fixed fee." });

    browser = await launchBrowser();
    ({ page, errors } = await openAdminPage(browser, site.url, REVIEWER));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await smtp?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  const queueLink = () => page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: /^Review queue/ });

  it("lists both, discards one from the queue, renders the AI rewrite side by side and publishes it", async () => {
    await page.goto(`${site.url}/admin/dashboard`);
    await expect.poll(async () => (await queueLink().textContent()) ?? "").toMatch(/Review queue\s*,?\s*2/);
    await queueLink().click();
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    await waitForHydration(page);
    const rows = page.getByTestId("queue-item");
    expect(await rows.count()).toBe(2);
    const tenancyRow = rows.filter({ hasText: "Ending a tenancy" });
    expect(await tenancyRow.textContent()).toContain("AI writing");
    expect(await tenancyRow.textContent()).toContain(EDITOR.name);
    expect(await rows.filter({ hasText: "Our fees" }).textContent()).toContain("Saved by a person");
    await expectNoAxeViolations(page);

    // Discard "Our fees" from the queue: the dialog names it and takes a comment.
    await page.getByRole("button", { name: "Discard the blog post “Our fees”" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Discard this change?" });
    expect(await dialog.textContent()).toContain("the blog post “Our fees”");
    await dialog.getByLabel("Comment for the proposer (optional)").fill("Fixed fees need the partners' approval first.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Discard change" }).click();
    await toast("Discarded").waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(async () => (await queueLink().textContent()) ?? "").toMatch(/Review queue\s*,?\s*1/);

    // Open the AI rewrite: rendered as visitors see it, side by side on a wide screen.
    await page.getByRole("link", { name: "Review the blog post “Ending a tenancy”" }).click();
    await page.getByRole("heading", { name: "Review “Ending a tenancy”" }).waitFor();
    await waitForHydration(page);
    const english = page.getByRole("tabpanel", { name: /English/ });
    expect(await english.getByRole("heading", { name: "Notice periods" }).count()).toBeGreaterThan(0);
    // An unchanged paragraph is read and focused once: the live copy beside it is inert.
    expect(await english.locator("[inert]").filter({ hasText: "Notice periods" }).count()).toBe(1);
    expect(await english.getByRole("listitem").filter({ hasText: "Four months for demolition" }).count()).toBeGreaterThan(0);
    expect(await english.getByRole("link", { name: "Residential Tenancy Act" }).count()).toBeGreaterThan(0);
    // The changed paragraph: word marks inside it only, announced as added.
    const changedLive = english.locator('[data-row="changed"][data-side="live"]');
    const changedProposed = english.locator('[data-row="changed"][data-side="proposed"]');
    expect(await changedProposed.count()).toBe(1);
    expect((await changedProposed.locator("ins").allTextContents()).join(" ")).toContain("added: on the approved form");
    expect(await english.locator("ins").count()).toBe(1);
    expect(await changedLive.locator("ins, del").count()).toBe(0);
    // The new paragraph is marked as added, on the proposal's side.
    expect(await english.locator('[data-row="added"][data-side="proposed"]').textContent()).toContain("Tenants can dispute a notice");
    // The image as a thumbnail on each side, not a file path.
    const thumbs = page.locator("img.review-thumb");
    expect(await thumbs.count()).toBe(2);
    expect(await page.getByText(/\/media\//).count()).toBe(0);
    const wide = { live: (await changedLive.boundingBox())!, proposed: (await changedProposed.boundingBox())! };
    expect(wide.proposed.x).toBeGreaterThan(wide.live.x + wide.live.width - 1);
    expect(Math.abs(wide.proposed.y - wide.live.y)).toBeLessThan(2);
    await expectNoAxeViolations(page);

    // One tab per language, by keyboard.
    await page.getByRole("tab", { name: /English/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByRole("tab", { name: /Farsi/ }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tabpanel", { name: /Farsi/ }).getAttribute("dir")).toBe("rtl");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => page.getByRole("tab", { name: /English/ }).getAttribute("aria-selected")).toBe("true");

    // Stacked on a narrow screen: the live paragraph above the proposed one.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await changedProposed.boundingBox())!.y).toBeGreaterThan((await changedLive.boundingBox())!.y);
    const narrow = { live: (await changedLive.boundingBox())!, proposed: (await changedProposed.boundingBox())! };
    expect(Math.abs(narrow.proposed.x - narrow.live.x)).toBeLessThan(2);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Publish it: the public page has the new text.
    await page.getByRole("button", { name: "Publish change the blog post “Ending a tenancy”" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Publish this change?" });
    expect(await confirm.textContent()).toContain("the blog post “Ending a tenancy” goes live at once");
    await confirm.getByRole("button", { name: "Publish change" }).click();
    await toast("Published").waitFor();
    await page.getByText("This change was published by Rob Reviewer").waitFor();
    const live = (await fetchHtml(`${site.url}/blog/ending-a-tenancy`)).html;
    expect(live).toContain(escapeHtml("Tenants can dispute a notice through the Residential Tenancy Branch."));
    expect((await fetchHtml(`${site.url}/blog/our-fees`)).html).not.toContain("fixed fee");

    await page.goto(`${site.url}/admin/dashboard/review`);
    await page.getByText("Nothing is waiting for review.").waitFor();
    expect(errors).toEqual([]);
  });

  it("a Farsi subscriber gets the Farsi mail only once the Farsi version is published", async () => {
    const mailsTo = (address: string) => smtp.received.filter((m) => m.rcptTo.includes(address));
    const values = { title: "Rent increases", slug: "rent-increases", author: "The firm", publishedAt: "2026-11-22", excerpt: "Once a year.", content: "A landlord may raise the rent once a year." };
    const created = await formPost(`${site.url}/admin/dashboard/blog/new`, { intent: "save", ...values, published: "on" }, { cookie: cookies.admin });
    expect(created.status).toBe(302);
    // The English publish mails the English reader; the Farsi reader waits for the Farsi version.
    await expect.poll(() => mailsTo(READERS.en).filter((m) => m.header("Subject")?.includes("Rent increases")).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(READERS.fa)).toEqual([]);

    const url = new URL(created.headers.get("location")!, site.url).href;
    const farsi = { titleFa: "افزایش اجاره", excerptFa: "سالی یک بار.", contentFa: "موجر می‌تواند سالی یک بار اجاره را افزایش دهد." };
    const proposed = await formPost(`${url}.data`, { intent: "save", ...values, ...farsi, published: "on", version: "1" }, { cookie: cookies.editor });
    expect(proposed.status).toBe(200);

    // The reviewer publishes it from the queue, told first whom it mails.
    await page.goto(`${site.url}/admin/dashboard/review`);
    await waitForHydration(page);
    const row = page.getByTestId("queue-item").filter({ hasText: "Rent increases" });
    expect(await row.getByTestId("newsletter-audience").textContent()).toBe("This will mail 1 subscriber: 1 Farsi.");
    await expectNoAxeViolations(page);
    await row.getByRole("button", { name: "Publish the blog post “Rent increases”" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Publish this change?" });
    expect(await confirm.textContent()).toContain("This will mail 1 subscriber: 1 Farsi.");
    await confirm.getByRole("button", { name: "Publish change" }).click();
    await toast("Published").waitFor();

    await expect.poll(() => mailsTo(READERS.fa).length, { timeout: 20_000 }).toBe(1);
    const [mail] = mailsTo(READERS.fa);
    expect(mail.header("Subject")).toContain(farsi.titleFa);
    expect(mail.text).toContain(farsi.excerptFa);
    expect(mail.text).toContain("/fa/blog/rent-increases");
    // The English reader got the post once, not again.
    expect(mailsTo(READERS.en).filter((m) => m.header("Subject")?.includes("Rent increases"))).toHaveLength(1);

    // The post editor previews that mail and sends a test of it to the reviewer only.
    await page.goto(url);
    await waitForHydration(page, "form");
    await page.getByRole("button", { name: "Preview the mail" }).click();
    const farsiPreview = page.getByRole("region", { name: "Farsi subscribers" });
    expect(await farsiPreview.textContent()).toContain(mail.header("Subject")!);
    await expectNoAxeViolations(page);
    await page.getByLabel("Test in").selectOption("fa");
    await page.getByRole("button", { name: "Send a test to me" }).click();
    await toast("Test mail on its way").waitFor();
    await expect.poll(() => mailsTo(REVIEWER.email).filter((m) => m.header("Subject") === mail.header("Subject")).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(READERS.fa)).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
