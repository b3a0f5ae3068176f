/**
 * The post editor's 'Generate with AI' (it asks for the topic), the slug that follows the title
 * until the post is first published, and job cards whose items failed, in Chromium against the
 * fake OpenAI-compatible server. A server of its own: Regenerate All rewrites every post.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withAdminSite } from "../helpers/admin-site";
import { expectNoAxeViolations } from "../helpers/browser";
import type { SiteServer } from "../helpers/server";
import { startFakeAi, type FakeAi } from "../fakes/openai";

const admin = { email: "editor-ai-admin@example.test", password: "a long enough test password" };
const TOPIC = "What happens to tenants when a landlord sells the house";
const REFUSED = "Invalid request: the model is not available.";

describe("admin: the editor's AI topic, the following slug, and failed job cards", () => {
  let fake: FakeAi;
  let site: SiteServer;
  let page: Page;
  let errors: string[];
  let editorUrl = "";
  // The tests always mean to leave an editor with unsaved changes.
  withAdminSite(
    { prefix: "editor-ai-e2e-", admin, startFake: startFakeAi, env: (ai) => ({ SEED_DEMO: "true", AI_BASE_URL: ai.url, AI_API_KEY: "test-key", TRANSLATE_DELAY_MS: "0" }), leaveWithoutAsking: true },
    (opened) => ({ fake, site, page, errors } = opened),
  );

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  const topicDialog = () => page.getByRole("dialog", { name: "Generate with AI" });
  const topicField = () => topicDialog().getByLabel("What should the article be about?");

  it("Generate with AI asks what the article should be about, refuses an empty topic, and fills the form from it, unsaved", async () => {
    await page.goto(`${site.url}/admin/dashboard`);
    await page.getByRole("link", { name: "New Post" }).click();
    await field("Title").waitFor();
    editorUrl = page.url();
    expect(await field("Title").inputValue()).toBe("New Blog Post");

    await page.getByRole("button", { name: "Generate with AI" }).click();
    await topicDialog().waitFor();
    // The default title is no topic: the field starts empty, and an empty topic is refused.
    expect(await topicField().inputValue()).toBe("");
    expect(await topicField().getAttribute("maxlength")).toBe("300");
    fake.reset();
    await topicDialog().getByRole("button", { name: "Generate" }).click();
    await topicDialog().getByText("Say what the article should be about.").waitFor();
    expect(await topicField().getAttribute("aria-invalid")).toBe("true");
    expect(fake.chatCalls()).toHaveLength(0);
    await expectNoAxeViolations(page);

    await topicField().fill(TOPIC);
    await topicDialog().getByRole("button", { name: "Generate" }).click();
    await toast("Article generated").waitFor({ timeout: 30_000 });
    expect(await topicDialog().count()).toBe(0);

    // The fake was asked for an article on that topic.
    const asked = fake.chatCalls().map((body) => JSON.stringify(body.messages));
    expect(asked.some((messages) => messages.includes(TOPIC))).toBe(true);
    // The form holds the article (the fake titles it with the topic), not saved yet; the slug followed.
    expect(await field("Title").inputValue()).toBe(TOPIC);
    expect((await field("Content").inputValue()).length).toBeGreaterThan(1000);
    expect(await field("Slug (URL)").inputValue()).toBe("what-happens-to-tenants-when-a-landlord-sells-the-house");
    await page.getByText("Unsaved changes").first().waitFor();
  });

  it("the slug follows the title until the person types a slug, and not once the post was published; the topic starts from the title", async () => {
    await page.goto(editorUrl);
    await field("Title").waitFor();
    await field("Title").fill("Selling a rented house");
    expect(await field("Slug (URL)").inputValue()).toBe("selling-a-rented-house");

    // A slug of the person's own stays while the title changes.
    await field("Slug (URL)").fill("my-own-address");
    await field("Title").fill("Selling a rented house in Vancouver");
    expect(await field("Slug (URL)").inputValue()).toBe("my-own-address");
    // 'Slug from title' puts it back in step, and then it follows again.
    await page.getByRole("button", { name: "Slug from title" }).click();
    await field("Title").fill("Selling a rented home in Vancouver");
    expect(await field("Slug (URL)").inputValue()).toBe("selling-a-rented-home-in-vancouver");

    // A changed title is the topic the dialog starts from.
    await page.getByRole("button", { name: "Generate with AI" }).click();
    expect(await topicField().inputValue()).toBe("Selling a rented home in Vancouver");
    await topicDialog().getByRole("button", { name: "Cancel" }).click();

    // Published: its address is out in the world, the slug stays put.
    await page.getByRole("switch", { name: "Published", exact: true }).click();
    await page.getByRole("button", { name: "Save Post" }).click();
    await toast("Saved!").waitFor();
    // The first save stored the new post and moved to its editor (decision 0065).
    await page.waitForURL(/\/admin\/dashboard\/blog\/\d+$/);
    await page.reload();
    await field("Title").waitFor();
    await field("Title").fill("Selling a rented home in Vancouver: a guide");
    expect(await field("Slug (URL)").inputValue()).toBe("selling-a-rented-home-in-vancouver");
  });

  it("a run whose items all failed shows a red Failed badge with each reason; one with some failures says how many; cards can be dismissed", async () => {
    await page.goto(`${site.url}/admin/dashboard`);
    await page.getByRole("heading", { name: "Blog Posts" }).waitFor();
    fake.reset();
    // Every article request is refused for good (400).
    fake.script(...Array.from({ length: 20 }, () => ({ type: "status" as const, status: 400, message: REFUSED })));
    await page.getByRole("button", { name: "Regenerate All with AI" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Continue" }).click();
    const card = page.getByRole("article", { name: "Regenerate all posts with AI" }).first();
    await card.getByText("Failed", { exact: true }).waitFor({ timeout: 60_000 });
    expect(await card.getByText("Finished", { exact: true }).count()).toBe(0);
    const badgeClass = await card.getByText("Failed", { exact: true }).evaluate((el) => el.closest("span[class*='bg-']")?.className ?? "");
    expect(badgeClass).toContain("bg-red-");
    // Each failed post with its reason.
    const reasons = card.getByRole("listitem");
    expect(await reasons.count()).toBeGreaterThanOrEqual(3);
    expect(await reasons.first().textContent()).toContain(REFUSED);
    await expectNoAxeViolations(page);

    await card.getByRole("button", { name: "Dismiss this card" }).click();
    await expect.poll(() => page.getByRole("article", { name: "Regenerate all posts with AI" }).count()).toBe(0);
    await page.reload();
    await page.getByRole("heading", { name: "Blog Posts" }).waitFor();
    expect(await page.getByRole("article", { name: "Regenerate all posts with AI" }).count()).toBe(0);

    // One refusal, the rest written.
    fake.reset();
    fake.script({ type: "status", status: 400, message: REFUSED });
    await page.getByRole("button", { name: "Regenerate All with AI" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Continue" }).click();
    const partial = page.getByRole("article", { name: "Regenerate all posts with AI" }).first();
    await partial.getByText("Finished with 1 failure", { exact: true }).waitFor({ timeout: 60_000 });
    expect(await partial.getByRole("listitem").count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
