import { rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LANGUAGES, localizePath, type Lang } from "~/i18n/languages";
import { demoTeamTexts } from "~/i18n/defaults";
import { openDatabase } from "../../db/client";
import { bookableLawyers, contentText, teamMembers } from "../../db/schema";
import { storeImage } from "../../core/media";
import { demoTeam } from "../../db/demo";
import { expectNoAxeViolations, expectNoFrameworkScript, watchConsole, withBrowser } from "../helpers/browser";
import { escapeHtml, expectLanguage, fetchHtml, horizontalOverflow, rawKeyTexts, text } from "../helpers/page-checks";
import { startSite, tempDir, type SiteServer } from "../helpers/server";

const baseUrl = inject("baseUrl");

let browser: Browser;
withBrowser((launched) => (browser = launched));

async function openPage(url: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  const errors = watchConsole(page);
  const response = await page.goto(url, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  return { page, errors };
}

const cards = (page: Page) => page.locator('[data-testid="team-member"]');
const demoText = (key: number, field: string, lang: Lang) => demoTeamTexts.get(`team.member.${key}.${field}`)![lang];
const opacity = (image: ReturnType<Page["locator"]>) => image.evaluate((img) => Number(getComputedStyle(img).opacity));

describe.each(LANGUAGES)("team page with the demo team (%s)", (lang) => {
  const url = `${baseUrl}${localizePath("/team", lang)}`;

  it("arrives from the server with the hero, the members and their texts", async () => {
    const { status, html } = await fetchHtml(url);
    expect(status).toBe(200);
    expect(html).toContain(`<html lang="${lang}" dir="${lang === "fa" ? "rtl" : "ltr"}"`);
    expect(html).toContain(`${escapeHtml(text("team-hero-title", lang))}</h1>`);
    for (const member of demoTeam) {
      expect(html).toContain(escapeHtml(member.name));
      expect(html).toContain(escapeHtml(demoText(member.key, "bio", lang)));
    }
  });

  it("shows each active member's card in order with role, bio, education, bar admissions, badges and contact buttons", async () => {
    const { page, errors } = await openPage(url);
    await expectLanguage(page, lang);
    expect(await page.title()).toBe(`${text("team-page-title", lang)} | ${text("firm-name", lang)}`);
    await expectNoFrameworkScript(page);
    expect(await page.locator("h1").textContent()).toBe(text("team-hero-title", lang));
    expect(await page.getByRole("navigation", { name: text("breadcrumb-label", lang) }).textContent()).toContain(text("team-breadcrumb", lang));

    const hero = page.getByRole("img", { name: text("team-group-photo-alt", lang) });
    expect(await hero.getAttribute("fetchpriority")).toBe("high");
    expect(await hero.getAttribute("width")).toBe("1200");
    expect(await hero.getAttribute("height")).toBe("800");
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    expect(await cards(page).locator("h2").allTextContents()).toEqual(demoTeam.map((m) => m.name));
    for (const [index, member] of demoTeam.entries()) {
      const card = cards(page).nth(index);
      const cardText = await card.textContent();
      for (const field of ["role", "bio", "education", "bar_admissions"]) expect(cardText).toContain(demoText(member.key, field, lang));
      expect(cardText).toContain(text("team-education-label", lang));
      expect(cardText).toContain(text("team-bar-admissions-label", lang));

      // Badges: the comma-separated list split on the language's own comma (",", "،" or "，").
      const areas = demoText(member.key, "areas_of_practice", lang);
      const expected = areas.split(lang === "fa" ? "،" : lang === "zh" ? "，" : ",").map((s) => s.trim());
      expect(expected.length).toBeGreaterThan(1);
      expect(await card.locator('[data-testid="practice-area"]').allTextContents()).toEqual(expected);

      const email = card.getByRole("link", { name: `${text("team-email-button", lang)} ${member.name}` });
      expect(await email.getAttribute("href")).toBe(`mailto:${member.email}`);
      const call = card.getByRole("link", { name: `${text("team-call-button", lang)} ${member.name}` });
      expect(await call.getAttribute("href")).toBe(`tel:${member.phone.replace(/[^\d+]/g, "")}`);

      const photo = card.getByRole("img", { name: text("team-member-photo-alt", lang).replace("{name}", member.name) });
      expect(await photo.getAttribute("srcset")).toBeNull(); // the srcset sits on the <source>
      const source = card.locator('source[type="image/webp"]').first();
      expect(await source.getAttribute("srcset")).toMatch(/^\/media\/[0-9a-f-]{36}\/320\.webp 320w, \/media\/[0-9a-f-]{36}\/640\.webp 640w/);
    }

    const join = page.getByRole("region", { name: text("team-join-title", lang) });
    expect(await join.textContent()).toContain(text("team-join-text", lang));
    expect(await join.getByRole("link", { name: text("team-join-button", lang) }).getAttribute("href")).toBe(localizePath("/contact", lang));

    expect(await rawKeyTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("swaps to the black-and-white photo on hover and on keyboard focus, and back", async () => {
    const { page } = await openPage(url);
    const first = cards(page).first();
    await first.scrollIntoViewIfNeeded();
    const bwImage = first.locator(".team-photo-bw");
    // The black-and-white picture is a different image from the colour one, and it is loaded and ready.
    const colourSrc = await first.locator("img").first().evaluate((img: HTMLImageElement) => img.currentSrc);
    await expect.poll(() => bwImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await bwImage.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe(colourSrc);

    await page.mouse.move(0, 0);
    expect(await opacity(bwImage)).toBe(0);
    await first.hover();
    await expect.poll(() => opacity(bwImage)).toBe(1);
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity(bwImage)).toBe(0);

    // Keyboard: Tab into the card's first button.
    await first.getByRole("link").first().focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await first.evaluate((card) => card.contains(document.activeElement))).toBe(true);
    await expect.poll(() => opacity(bwImage)).toBe(1);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await first.evaluate((card) => card.contains(document.activeElement))).toBe(false);
    await expect.poll(() => opacity(bwImage)).toBe(0);
    await page.context().close();
  });
});

it("on a phone (no hover), shows the colour photos and downloads no black-and-white one", async () => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const images: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.push(new URL(request.url()).pathname);
  });
  await page.goto(`${baseUrl}/team`, { waitUntil: "networkidle" });
  expect(await page.evaluate(() => matchMedia("(hover: hover)").matches)).toBe(false);
  const first = cards(page).first();
  await first.scrollIntoViewIfNeeded();
  const colour = first.locator("img").first();
  await expect.poll(() => colour.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await colour.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/[0-9a-f-]{36}\/\d+\.(webp|avif)$/);
  const bwImage = first.locator(".team-photo-bw");
  expect(await bwImage.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/^data:image\/gif/);
  // The black-and-white files exist on the page (for devices that hover), and none was fetched.
  const bwFiles = await page.$$eval(".team-photo-bw", (all) =>
    all.flatMap((img) => [...img.parentElement!.querySelectorAll("source")].flatMap((source) => source.srcset.split(",").map((entry) => new URL(entry.trim().split(" ")[0], location.href).pathname))),
  );
  expect(bwFiles.length).toBeGreaterThan(0);
  expect(images.filter((file) => bwFiles.includes(file))).toEqual([]);
  // The group photo comes at the width the phone needs (412 px at 1.75x: the 800 px file), in AVIF.
  expect(await page.locator("img[fetchpriority=high]").evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/team\/group-800\.avif$/);
  const groupFile = await fetch(`${baseUrl}/images/team/group-800.avif`);
  expect(groupFile.headers.get("content-type")).toBe("image/avif");
  expect(await sharp(Buffer.from(await groupFile.arrayBuffer())).metadata()).toMatchObject({ format: "heif", width: 800, height: 533 });
  await context.close();
});

it("fits a 360 px wide phone screen", async () => {
  const { page } = await openPage(`${baseUrl}/fa/team`, { width: 360, height: 740 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.context().close();
});

describe("team page with the firm's own members", () => {
  let dataDir: string;
  let site: SiteServer | undefined;
  beforeAll(async () => {
    dataDir = tempDir("team-test-");
    // First without demo content: the empty state.
    site = await startSite({ SEED_DEMO: "false", DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("says so when there are no members", async () => {
    for (const lang of LANGUAGES) {
      const { page } = await openPage(`${site!.url}${localizePath("/team", lang)}`);
      expect(await page.getByText(text("team-empty", lang), { exact: true }).isVisible()).toBe(true);
      expect(await cards(page).count()).toBe(0);
      expect(await page.getByRole("heading", { name: text("team-join-title", lang) }).isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await page.context().close();
    }
  });

  it("shows only active members, by order_index, each with its own texts and no empty sections", async () => {
    await site!.stop();
    site = undefined;
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    const ids: Record<string, number> = {};
    try {
      const { db } = database;
      const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#c9953a" } }).png().toBuffer();
      const colour = await storeImage(db, picture, { avif: false });
      const grey = await storeImage(db, picture, { greyscale: true, avif: false });
      const rows = [
        { name: "Zara Third", orderIndex: 30, active: true, email: "zara@example.com", phone: "604-555-0199", photoUrl: colour.url, photoBwUrl: null },
        { name: "Hidden Person", orderIndex: 5, active: false, email: "hidden@example.com", phone: null, photoUrl: null, photoBwUrl: null },
        { name: "Amir First", orderIndex: 1, active: true, email: null, phone: null, photoUrl: colour.url, photoBwUrl: grey.url },
        { name: "Bea Second", orderIndex: 2, active: true, email: null, phone: "+1 604 555 0142", photoUrl: null, photoBwUrl: null },
      ];
      for (const row of rows) {
        const [inserted] = await db.insert(teamMembers).values(row).returning({ id: teamMembers.id });
        ids[row.name] = inserted.id;
      }
      const member = (name: string, field: string, en: string, fa: string | null = null, zh: string | null = null) => ({
        key: `team.member.${ids[name]}.${field}`,
        label: `Team Member ${field} - ${name}`,
        content: en,
        contentFa: fa,
        contentZh: zh,
        category: "team",
      });
      await db.insert(contentText).values([
        member("Amir First", "role", "Senior Counsel", "مشاور ارشد", "高级法律顾问"),
        member("Amir First", "bio", "Amir has argued appeals for twenty years.", "امیر بیست سال است که در پرونده‌های تجدیدنظر وکالت می‌کند."),
        member("Amir First", "areas_of_practice", "Appeals,  Civil Litigation ,, Estates ,", "تجدیدنظر، دعاوی مدنی، ، ارث", "上诉，民事诉讼，，遗产"),
        member("Bea Second", "role", "Paralegal"),
        member("Bea Second", "bio", ""),
        member("Hidden Person", "bio", "This biography must never be shown."),
      ]);
    } finally {
      await database.close();
    }
    site = await startSite({ SEED_DEMO: "false", DATA_DIR: dataDir });

    const expected: Record<Lang, { role: string; areas: string[]; bio: string }> = {
      en: { role: "Senior Counsel", areas: ["Appeals", "Civil Litigation", "Estates"], bio: "Amir has argued appeals for twenty years." },
      fa: { role: "مشاور ارشد", areas: ["تجدیدنظر", "دعاوی مدنی", "ارث"], bio: "امیر بیست سال است که در پرونده‌های تجدیدنظر وکالت می‌کند." },
      // No Chinese biography: the English one stands in.
      zh: { role: "高级法律顾问", areas: ["上诉", "民事诉讼", "遗产"], bio: "Amir has argued appeals for twenty years." },
    };
    for (const lang of LANGUAGES) {
      const url = `${site.url}${localizePath("/team", lang)}`;
      const { html } = await fetchHtml(url);
      expect(html).not.toContain("Hidden Person");
      expect(html).not.toContain("This biography must never be shown.");

      const { page, errors } = await openPage(url);
      expect(await cards(page).locator("h2").allTextContents()).toEqual(["Amir First", "Bea Second", "Zara Third"]);
      const [amir, bea, zara] = [cards(page).nth(0), cards(page).nth(1), cards(page).nth(2)];
      expect(await amir.textContent()).toContain(expected[lang].role);
      expect(await amir.textContent()).toContain(expected[lang].bio);
      expect(await amir.locator('[data-testid="practice-area"]').allTextContents()).toEqual(expected[lang].areas);
      expect(await amir.getByRole("link").count()).toBe(0);
      expect(await amir.locator(".team-photo-bw").count()).toBe(1);

      // Bea: no photo (a placeholder), no texts beyond her role, a phone but no email.
      expect(await bea.locator("img").count()).toBe(0);
      expect(await bea.locator("dl").count()).toBe(0);
      expect(await bea.textContent()).toContain("Paralegal");
      expect(await bea.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(["tel:+16045550142"]);

      // Zara: a colour photo only, so nothing to swap to.
      expect(await zara.locator(".team-photo-bw").count()).toBe(0);
      expect(await zara.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
        "mailto:zara@example.com",
        "tel:6045550199",
      ]);

      expect(await rawKeyTexts(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("lets a Farsi visitor book a Farsi-speaking lawyer from the Team page's 'Book with' link (issue 46)", async () => {
    await site!.stop();
    site = undefined;
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    let darya: number;
    try {
      [{ id: darya }] = await database.db.insert(teamMembers).values({ name: "Darya Karimi", orderIndex: 40, active: true }).returning({ id: teamMembers.id });
      await database.db.insert(bookableLawyers).values({ memberId: darya, bookable: true, languages: ["fa", "en"], kinds: ["video"] });
    } finally {
      await database.close();
    }
    site = await startSite({ SEED_DEMO: "false", DATA_DIR: dataDir });

    const { page, errors } = await openPage(`${site.url}/fa/team`);
    const card = cards(page).filter({ hasText: "Darya Karimi" });
    await Promise.all([page.waitForURL(/\/fa\/virtual-consultation\?lawyer=/), card.getByRole("link", { name: text("team-book-button", "fa").replace("{name}", "Darya Karimi") }).click()]);
    await page.waitForLoadState("networkidle");
    const form = page.getByRole("region", { name: text("booking-form-title", "fa") });
    expect(await form.locator('select[name="lawyer"]').inputValue()).toBe(String(darya));
    // Darya meets by video only: a phone call shows none of her times, and video brings them back,
    // the focus staying on the way chosen (decision 0104).
    await form.getByLabel(text("booking-kind-phone", "fa"), { exact: true }).check();
    await expect.poll(() => form.locator('input[name="start"]').count()).toBe(0);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("phone");
    await form.getByLabel(text("booking-kind-video", "fa"), { exact: true }).check();
    await expect.poll(() => form.locator('input[name="start"]').count()).toBeGreaterThan(0);
    const chosen = (await form.locator('input[name="start"]').first().getAttribute("value"))!;
    await form.locator('input[name="start"]').first().check();
    await form.getByLabel(text("booking-name-label", "fa")).fill("مریم احمدی");
    await form.getByLabel(text("booking-email-label", "fa")).fill("maryam@example.com");
    await form.getByLabel(text("booking-consent-label", "fa")).check();
    await Promise.all([page.waitForURL(/\/fa\/virtual-consultation\/booked\//), form.getByRole("button", { name: text("booking-submit", "fa") }).click()]);
    expect(await page.locator("h1").textContent()).toBe(text("booking-booked-title", "fa"));
    await expectNoAxeViolations(page);
    // Darya's time is taken now: her slots no longer offer it.
    const day = new Date(chosen).toISOString().slice(0, 10);
    const answer = (await (await fetch(`${site.url}/api/consultations/slots?from=${day}&to=${day}&lawyer=${darya}`)).json()) as { slots: Array<{ start: string }> };
    expect(answer.slots.map((slot) => slot.start)).not.toContain(chosen);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
