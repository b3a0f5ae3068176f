import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { withAdminPage } from "../helpers/admin";
import { expectNoAxeViolations, recordedToast, recordToasts, toastText, waitForHydration } from "../helpers/browser";
import { HTTP_IMAGE_REFUSED } from "~/blog/post-schema";
import { firmClock } from "../../core/firm-clock.server";

const baseUrl = inject("baseUrl");
const run = randomBytes(3).toString("hex");
const SLUG = `tenant-rights-in-british-columbia-${run}`;
const TITLE = `Tenant rights in British Columbia ${run}`;
const TITLE_FA = `حقوق مستأجران در بریتیش کلمبیا ${run}`;
const TITLE_ZH = `不列颠哥伦比亚省租户权利 ${run}`;
const SLUG_MESSAGE = "Use only lowercase letters, digits and single hyphens between words (for example: tenant-rights-2026).";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let postId = "";

/** Wait until no toast is showing, so the next expected toast cannot be an old one. */
async function noToasts(): Promise<void> {
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
}

const field = (label: string) => page.getByLabel(label, { exact: true });

async function openEditor(): Promise<void> {
  await page.goto(`${baseUrl}/admin/dashboard/blog/${postId}`, { waitUntil: "networkidle" });
  await field("Title").waitFor();
  // A click before React has hydrated the form would post it without script (no toast).
  await waitForHydration(page);
}

async function save(): Promise<void> {
  await page.getByRole("button", { name: "Save Post" }).click();
}

function todayInVancouver(): string {
  return firmClock.dayOf(new Date());
}

// The tests always mean to leave an editor with unsaved changes.
withAdminPage((admin) => ({ browser, context, page, errors } = admin), { leaveWithoutAsking: true });

describe("Blog Posts tab", () => {
  it("lists every post, newest first, with its status, and passes axe", async () => {
    await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Blog Posts", level: 2 }).waitFor();
    const items = page.locator("main li").filter({ has: page.getByRole("heading", { level: 3 }) });
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByText("Published", { exact: true }).count()).toBeGreaterThanOrEqual(3);
    for (const name of ["Translate All Posts", "Regenerate All with AI"]) expect(await page.getByRole("button", { name }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "New Post" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it("New Post opens an editor for an unsaved post with the spec's values; Cancel stores nothing", async () => {
    const items = page.locator("main li").filter({ has: page.getByRole("heading", { level: 3 }) });
    const before = await items.count();
    await page.getByRole("link", { name: "New Post" }).click();
    await page.waitForURL(/\/admin\/dashboard\/blog\/new$/);
    await field("Title").waitFor();
    await page.getByRole("heading", { name: "New post", level: 2 }).waitFor();
    expect(await field("Title").inputValue()).toBe("New Blog Post");
    expect(await field("Slug (URL)").inputValue()).toMatch(/^new-post-\d{13}$/);
    expect(await field("Publication Date").inputValue()).toBe(todayInVancouver());
    expect(await field("Excerpt").inputValue()).toBe("");
    expect(await field("Content").inputValue()).toBe("");
    expect(await page.getByRole("switch", { name: "Published", exact: true }).getAttribute("aria-checked")).toBe("false");
    await expectNoAxeViolations(page);

    // Cancel: back to the list, and no empty draft was left behind.
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Blog Posts", level: 2 }).waitFor();
    await page.reload({ waitUntil: "networkidle" });
    expect(await items.count()).toBe(before);
    expect(await page.getByRole("heading", { name: "New Blog Post", level: 3 }).count()).toBe(0);
  });

  it("the first Save stores the new post, says 'Saved!' and opens the stored post's editor", async () => {
    await page.getByRole("link", { name: "New Post" }).click();
    await page.waitForURL(/\/admin\/dashboard\/blog\/new$/);
    await field("Title").waitFor();
    await noToasts().catch(() => {});
    await save();
    expect(await toastText(page, "Saved!")).toContain("Blog post saved successfully.");
    await page.waitForURL(/\/admin\/dashboard\/blog\/\d+$/);
    postId = page.url().split("/").pop()!;
    await page.getByRole("heading", { name: "Edit post", level: 2 }).waitFor();
    expect(await field("Title").inputValue()).toBe("New Blog Post");

    // The new draft is first in the list, marked as a draft.
    await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
    const first = page.locator("main li").first();
    expect(await first.getByRole("heading", { level: 3 }).textContent()).toBe("New Blog Post");
    expect(await first.getByText("Draft", { exact: true }).isVisible()).toBe(true);
  });

  it("without JavaScript, New Post's editor stores the post on its first save and goes to its editor", async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
    const plain = await noScript.newPage();
    await plain.goto(`${baseUrl}/admin/dashboard`);
    await plain.getByRole("link", { name: "New Post" }).click();
    await plain.waitForURL(/\/admin\/dashboard\/blog\/new$/);
    await plain.getByLabel("Title", { exact: true }).fill(`No script ${run}`);
    await plain.getByRole("button", { name: "Save Post" }).click();
    await plain.waitForURL(/\/admin\/dashboard\/blog\/\d+$/);
    expect(await plain.getByLabel("Title", { exact: true }).inputValue()).toBe(`No script ${run}`);
    // Tidy: the test's post goes again.
    const id = plain.url().split("/").pop()!;
    const gone = await plain.request.post(`${baseUrl}/admin/dashboard?index`, { form: { intent: "delete", id }, headers: { Origin: baseUrl } });
    expect(gone.status()).toBe(200);
    await noScript.close();
  });

  it("explains an invalid slug, keeps what was typed and saves nothing", async () => {
    await openEditor();
    await field("Title").fill(TITLE);
    await field("Slug (URL)").fill("Tenant Rights!");
    await save();
    expect(await toastText(page, "Error saving")).toContain("Please correct the highlighted fields.");
    await page.getByText(SLUG_MESSAGE).waitFor();
    expect(await field("Slug (URL)").getAttribute("aria-invalid")).toBe("true");
    // The message is tied to the field for screen readers.
    const describedBy = (await field("Slug (URL)").getAttribute("aria-describedby"))!.split(" ");
    const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(descriptions).toContain(SLUG_MESSAGE);
    expect(await field("Slug (URL)").inputValue()).toBe("Tenant Rights!");
    expect(await field("Title").inputValue()).toBe(TITLE);

    for (const bad of ["double--hyphen", "-leading", "a".repeat(201)]) {
      await field("Slug (URL)").fill(bad);
      await save();
      await page.locator("p.text-red-700").filter({ hasText: /lowercase letters|at most 200/ }).first().waitFor();
    }

    // The server checks again on its own: a hand-made request with a bad slug is refused.
    const response = await page.request.post(`${baseUrl}/admin/dashboard/blog/${postId}`, {
      form: { title: "Sneaky", slug: "Not A Slug", author: "", publishedAt: "", featuredImage: "javascript:alert(1)", excerpt: "", content: "" },
      headers: { Origin: baseUrl },
    });
    expect(response.status()).toBe(400);
    await openEditor();
    expect(await field("Title").inputValue()).toBe("New Blog Post");
  });

  it("refuses a slug that another post already uses, with a clear message", async () => {
    await noToasts();
    await field("Slug (URL)").fill("bc-limitation-act-two-year-limitation-period-civil-claims");
    await save();
    expect(await toastText(page, "Error saving")).toContain("This slug is already used by another post.");
    await field("Slug (URL)").locator("xpath=..").getByText("This slug is already used by another post.").waitFor();
    expect(await field("Slug (URL)").inputValue()).toBe("bc-limitation-act-two-year-limitation-period-civil-claims");
  });

  it("saves every field with Farsi and Chinese variants, with a live Markdown preview", async () => {
    await openEditor();
    await field("Title").fill(TITLE);
    await page.getByRole("button", { name: "Slug from title" }).click();
    expect(await field("Slug (URL)").inputValue()).toBe(SLUG);
    await field("Author").fill("Jane Doe");
    await field("Publication Date").fill("2026-03-15");
    await field("Excerpt").fill("What a landlord may and may not do.");
    await field("Content").fill("## Your rights\n\nA landlord must give **written notice**.\n\n- Deposit\n- Repairs\n\n[Residential Tenancy Branch](https://www2.gov.bc.ca/)");
    const preview = page.getByRole("region", { name: "Content preview" });
    await preview.getByRole("heading", { name: "Your rights" }).waitFor();
    expect(await preview.locator("strong").textContent()).toBe("written notice");
    expect(await preview.getByRole("link", { name: "Residential Tenancy Branch" }).getAttribute("href")).toBe("https://www2.gov.bc.ca/");
    // Raw HTML in an article stays text, and a javascript: link loses its target.
    await field("Content").fill('<img src=x onerror="alert(1)"> [click](javascript:alert(1))');
    await preview.getByText("click").waitFor();
    expect(await preview.locator("img").count()).toBe(0);
    expect(await preview.locator("a").count()).toBe(0);
    await field("Content").fill("## Your rights\n\nA landlord must give **written notice**.");
    await field("Meta description").fill("Tenant rights in BC explained.");
    await field("Image alt text").fill("Keys on a table");

    await page.getByRole("tab", { name: /Farsi/ }).click();
    const titleFa = field("Title (Farsi)");
    expect(await titleFa.getAttribute("dir")).toBe("rtl");
    expect(await titleFa.getAttribute("lang")).toBe("fa");
    await titleFa.fill(TITLE_FA);
    await field("Excerpt (Farsi)").fill("آنچه صاحب‌خانه می‌تواند و نمی‌تواند انجام دهد.");
    await field("Content (Farsi)").fill("## حقوق شما\n\nصاحب‌خانه باید **اخطار کتبی** بدهد.");
    const previewFa = page.getByRole("region", { name: "Content (Farsi) preview" });
    await previewFa.getByRole("heading", { name: "حقوق شما" }).waitFor();
    expect(await previewFa.getAttribute("dir")).toBe("rtl");
    expect(await previewFa.evaluate((el) => getComputedStyle(el).fontFamily)).toContain("Vazirmatn");
    await field("Meta description (Farsi)").fill("حقوق مستأجران در بریتیش کلمبیا.");
    await field("Image alt text (Farsi)").fill("کلیدها روی میز");

    await page.getByRole("tab", { name: /Chinese/ }).click();
    expect(await field("Title (Chinese)").getAttribute("lang")).toBe("zh");
    await field("Title (Chinese)").fill(TITLE_ZH);
    await field("Excerpt (Chinese)").fill("房东可以做什么、不可以做什么。");
    await field("Content (Chinese)").fill("## 您的权利\n\n房东必须发出**书面通知**。");
    // The previews render in the fonts the public zh and fa pages use.
    const previewZh = page.getByRole("region", { name: "Content (Chinese) preview" });
    const heading = previewZh.getByRole("heading", { name: "您的权利" });
    await heading.waitFor();
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toContain("Noto Sans SC");
    expect(await field("Title (Chinese)").evaluate((el) => getComputedStyle(el).fontFamily)).toContain("Noto Sans SC");

    await expectNoAxeViolations(page);
    await noToasts().catch(() => {});
    await save();
    expect(await toastText(page, "Saved!")).toContain("Blog post saved successfully.");

    // Stored: a reload shows the same values.
    await openEditor();
    expect(await field("Title").inputValue()).toBe(TITLE);
    expect(await field("Slug (URL)").inputValue()).toBe(SLUG);
    expect(await field("Author").inputValue()).toBe("Jane Doe");
    expect(await field("Publication Date").inputValue()).toBe("2026-03-15");
    expect(await field("Title (Farsi)").inputValue()).toBe(TITLE_FA);
    expect(await field("Title (Chinese)").inputValue()).toBe(TITLE_ZH);
    expect(await field("Content (Chinese)").inputValue()).toBe("## 您的权利\n\n房东必须发出**书面通知**。");

    // Still a draft: the public blog does not show it.
    const hidden = await fetch(`${baseUrl}/blog/${SLUG}`);
    expect(hidden.status).toBe(404);
  });

  it("publishes the post: visible on /blog and, with the Farsi title, on /fa/blog", async () => {
    await page.getByRole("switch", { name: "Published", exact: true }).click();
    await noToasts().catch(() => {});
    await save();
    expect(await toastText(page, "Saved!")).toContain("Blog post saved successfully.");
    await page.getByRole("link", { name: /View on site/ }).waitFor();

    const visitor = await browser.newPage();
    await visitor.goto(`${baseUrl}/blog`, { waitUntil: "networkidle" });
    await visitor.getByText(TITLE).first().waitFor();
    await visitor.goto(`${baseUrl}/fa/blog`, { waitUntil: "networkidle" });
    await visitor.getByText(TITLE_FA).first().waitFor();
    await visitor.goto(`${baseUrl}/zh/blog`, { waitUntil: "networkidle" });
    await visitor.getByText(TITLE_ZH).first().waitFor();
    const article = await visitor.goto(`${baseUrl}/fa/blog/${SLUG}`, { waitUntil: "networkidle" });
    expect(article!.status()).toBe(200);
    await visitor.getByRole("heading", { name: "حقوق شما" }).waitFor();
    await visitor.close();
  });
});

describe("featured image", () => {
  it("uploads a JPEG, fills the field and previews it; the file is served as WebP", async () => {
    await openEditor();
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 22, g: 61, b: 98 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: "E2E camera" } } })
      .toBuffer();
    await page.getByLabel("Upload image").setInputFiles({ name: "office.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await toastText(page, "Image uploaded");
    const url = await field("Featured Image URL").inputValue();
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    const preview = page.getByRole("img", { name: "Keys on a table" });
    await preview.waitFor();
    await page.waitForFunction((src) => {
      const img = [...document.images].find((i) => i.getAttribute("src") === src);
      return Boolean(img && img.complete && img.naturalWidth > 0);
    }, url);

    const served = await fetch(`${baseUrl}${url}`, { headers: { Accept: "image/webp" } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1600);
    expect(meta.exif).toBeUndefined();

    await noToasts().catch(() => {});
    await save();
    await toastText(page, "Saved!");
    const visitor = await browser.newPage();
    await visitor.goto(`${baseUrl}/blog/${SLUG}`, { waitUntil: "networkidle" });
    const hero = visitor.locator(`img[src^="/media/${url.split("/").pop()}"]`).first();
    await hero.waitFor();
    expect(await hero.getAttribute("alt")).toBe("Keys on a table");
    await visitor.close();
  });

  it("offers 'Post to Instagram' only while the post is published and has a featured image", async () => {
    const row = () => page.locator("main li").filter({ has: page.getByRole("heading", { name: TITLE, level: 3 }) });
    const postButton = () => row().getByRole("button", { name: /^Post .* to Instagram$/ });
    await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
    await row().getByText("Published", { exact: true }).waitFor();
    expect(await postButton().count()).toBe(1);

    // A draft with the same image: not offered (its caption's link would lead nowhere).
    await openEditor();
    await page.getByRole("switch", { name: "Published", exact: true }).click();
    await noToasts().catch(() => {});
    await save();
    await toastText(page, "Saved!");
    await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
    await row().getByText("Draft", { exact: true }).waitFor();
    expect(await postButton().count()).toBe(0);
    await expectNoAxeViolations(page);

    await openEditor();
    await page.getByRole("switch", { name: "Published", exact: true }).click();
    await noToasts().catch(() => {});
    await save();
    await toastText(page, "Saved!");
  });

  it("refuses a text file named .png, says why, and keeps the field as it was", async () => {
    await openEditor();
    const before = await field("Featured Image URL").inputValue();
    await page.getByLabel("Upload image").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("this is plain text, not a picture") });
    await page.getByRole("alert").filter({ hasText: "The file is not an image." }).waitFor();
    expect(await toastText(page, "Failed to upload image")).toContain("The file is not an image.");
    expect(await field("Featured Image URL").inputValue()).toBe(before);
    // The server answers the same to a direct request, and nothing is stored under a new id.
    const direct = await page.request.post(`${baseUrl}/admin/media`, {
      multipart: { file: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("still text") } },
      headers: { Origin: baseUrl },
    });
    expect(direct.status()).toBe(400);
    expect(await direct.json()).toEqual({ error: "The file is not an image." });
  });

  it("refuses an upload without an admin session", async () => {
    const form = new FormData();
    form.set("file", new Blob([await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).png().toBuffer()]), "a.png");
    const response = await fetch(`${baseUrl}/admin/media`, { method: "POST", body: form });
    expect(response.status).toBe(401);
  });

  it("refuses an http:// featured image on save with the reason, and stores nothing", async () => {
    await openEditor();
    const before = await field("Featured Image URL").inputValue();
    await field("Featured Image URL").fill("http://images.example.com/keys.jpg");
    // Leaving the field shows its reason at once; Save then finds the form as it will stay.
    await field("Featured Image URL").blur();
    await field("Featured Image URL").locator("xpath=..").getByText(HTTP_IMAGE_REFUSED).waitFor();
    await noToasts().catch(() => {});
    await recordToasts(page);
    await save();
    expect(await recordedToast(page, "Error saving")).toContain("Please correct the highlighted fields.");
    await field("Featured Image URL").locator("xpath=..").getByText(HTTP_IMAGE_REFUSED).waitFor();
    // The server refuses it on its own too.
    const response = await page.request.post(`${baseUrl}/admin/dashboard/blog/${postId}`, {
      form: { title: TITLE, slug: SLUG, author: "", publishedAt: "", featuredImage: "http://images.example.com/keys.jpg", excerpt: "", content: "" },
      headers: { Origin: baseUrl },
    });
    expect(response.status()).toBe(400);
    await openEditor();
    expect(await field("Featured Image URL").inputValue()).toBe(before);
  });

  it("shows 'Failed to load image' for a URL that does not load", async () => {
    await field("Featured Image URL").fill("/media/00000000-0000-0000-0000-000000000000");
    await page.getByText("Failed to load image").waitFor();
    await field("Featured Image URL").fill("https://127.0.0.1:9/missing.jpg");
    await page.getByText("Failed to load image").waitFor();
    await field("Featured Image URL").fill("not a url");
    await field("Featured Image URL").blur();
    await page.getByText("Enter an https:// address or an uploaded image path (/media/...).").waitFor();
  });
});

describe("deleting", () => {
  it("asks first, then removes the post from the list and the public blog", async () => {
    await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
    const row = page.locator("main li").filter({ has: page.getByRole("heading", { name: TITLE, level: 3 }) });
    await row.waitFor();
    await row.getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Are you sure you want to delete this post?").waitFor();
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await row.count()).toBe(1);

    await row.getByRole("button", { name: /^Delete/ }).click();
    await noToasts().catch(() => {});
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    expect(await toastText(page, "Deleted!")).toContain("Blog post removed.");
    await row.waitFor({ state: "detached" });

    const list = await fetch(`${baseUrl}/blog`);
    expect(await list.text()).not.toContain(TITLE);
    expect((await fetch(`${baseUrl}/blog/${SLUG}`)).status).toBe(404);
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    const serious = errors.filter((e) => /Content Security Policy|Uncaught|TypeError|ReferenceError|Hydration|Minified React error/i.test(e));
    expect(serious).toEqual([]);
  });
});
