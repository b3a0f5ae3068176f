/**
 * The Instagram tab and posting, in Chromium, against the fake Graph API v21.0: the fields,
 * switches and messages, Test Connection both ways, then Post on a post with a featured image
 * and its badge turning to Posted with the link. A server of its own (GRAPH_API_URL).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withAdminSite } from "../helpers/admin-site";
import { expectNoAxeViolations } from "../helpers/browser";
import type { SiteServer } from "../helpers/server";
import { FAKE_ACCOUNT, FAKE_TOKEN, startFakeGraph, type FakeGraph } from "../fakes/graph";

const admin = { email: "ig-e2e@example.test", password: "a long enough test password" };

describe("admin: Instagram", () => {
  let graph: FakeGraph;
  let site: SiteServer;
  let page: Page;
  let errors: string[];
  withAdminSite(
    { prefix: "ig-e2e-", admin, startFake: startFakeGraph, env: (fake) => ({ SEED_DEMO: "true", GRAPH_API_URL: fake.url }) },
    (opened) => ({ fake: graph, site, page, errors } = opened),
  );

  const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
  const token = () => page.getByLabel("Access Token", { exact: true });
  const account = () => page.getByLabel("Business Account ID", { exact: true });
  const testButton = () => page.getByRole("button", { name: "Test Connection" });

  it("shows the tab's fields, switches, instructions and image requirements; Test Connection waits for both fields", async () => {
    await page.goto(`${site.url}/admin/dashboard`);
    await page.getByRole("link", { name: "Instagram", exact: true }).click();
    await page.getByRole("heading", { name: "Instagram Settings" }).waitFor();
    expect(await token().getAttribute("type")).toBe("password");
    expect(await testButton().isDisabled()).toBe(true);
    await token().fill("something");
    expect(await testButton().isDisabled()).toBe(true);
    await account().fill(FAKE_ACCOUNT);
    expect(await testButton().isEnabled()).toBe(true);

    const enable = page.getByRole("switch", { name: /Enable integration/ });
    const autoPost = page.getByRole("switch", { name: /Auto-post New Blog Posts/ });
    expect(await enable.getAttribute("aria-checked")).toBe("false");
    expect(await autoPost.isDisabled()).toBe(true);
    await page.getByRole("heading", { name: "Setup instructions" }).waitFor();
    await page.getByText("instagram_content_publish").first().waitFor();
    for (const line of ["Public HTTPS", "JPG or PNG", "4:5 to 1.91:1", "At least 320 px wide", "At most 8 MB"]) await page.getByText(line).first().waitFor();
    await page.getByText("Not tested yet").waitFor();
    await expectNoAxeViolations(page);
  });

  it("Test Connection fails with 'Invalid credentials', then succeeds with the account's name and picture; Save keeps the token on the server", async () => {
    await token().fill("IGQ-wrong-token");
    await testButton().click();
    await toast("Connection failed").filter({ hasText: "Invalid credentials" }).waitFor();
    await page.getByText("Connection Failed: Invalid credentials").waitFor();
    // The refused test answers 502 (Instagram said no), which the browser logs; nothing else was logged.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 502 (Bad Gateway)"]);
    errors.length = 0;

    await token().fill(FAKE_TOKEN);
    await testButton().click();
    await toast("Connected").waitFor();
    await page.getByText("Connected as @vancouver.law").waitFor();

    // Keyboard: the switch turns on with Space, and auto-post becomes available.
    const enable = page.getByRole("switch", { name: /Enable integration/ });
    await enable.focus();
    await page.keyboard.press("Space");
    expect(await enable.getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("switch", { name: /Auto-post New Blog Posts/ }).isEnabled()).toBe(true);

    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast("Settings saved").waitFor();
    await expect.poll(() => token().inputValue()).toBe("");
    await page.getByText(`A token is saved (ending in ${FAKE_TOKEN.slice(-4)})`).waitFor();
    // Reloaded: the page never holds the token.
    await page.reload();
    await page.getByText(`ending in ${FAKE_TOKEN.slice(-4)}`).first().waitFor();
    expect(await page.content()).not.toContain(FAKE_TOKEN);
    await page.getByText("Connected as @vancouver.law").waitFor();
    expect(await page.getByRole("switch", { name: /Enable integration/ }).getAttribute("aria-checked")).toBe("true");
  });

  it("Post on a post with a featured image: Not Posted, then Posted with its tooltip and the link to the Instagram post", async () => {
    graph.containers("finish-after:1");
    await page.goto(`${site.url}/admin/dashboard`);
    const row = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Post .* to Instagram$/ }) }).first();
    await row.getByText("Not Posted").waitFor();
    await expectNoAxeViolations(page);
    const title = (await row.getByRole("heading").textContent())!;
    await row.getByRole("button", { name: /^Post .* to Instagram$/ }).click();
    await toast("Posting to Instagram").waitFor();
    const posted = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await posted.getByText("Posted", { exact: true }).waitFor({ timeout: 30_000 });
    await toast("Posted to Instagram").waitFor();
    expect(graph.published).toHaveLength(1);
    const link = posted.getByRole("link", { name: /Instagram post of/ });
    expect(await link.getAttribute("href")).toBe(graph.published[0].permalink);
    expect(await posted.getByRole("button", { name: /^Post .* to Instagram$/ }).count()).toBe(0);
    await posted.getByText("Posted", { exact: true }).hover();
    await page.getByRole("tooltip").filter({ hasText: "Posted to Instagram" }).waitFor();
    // Escape closes it (keyboard users can dismiss it too), and the page passes axe without it.
    await page.keyboard.press("Escape");
    await page.getByRole("tooltip").waitFor({ state: "detached" });
    await expectNoAxeViolations(page);
    // The image Instagram fetched was the site's 1080 px JPEG.
    expect(graph.created[0].image).toMatchObject({ format: "jpeg", width: 1080 });
    expect(errors).toEqual([]);
  });
});
