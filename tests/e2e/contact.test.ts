import { rmSync } from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LANGUAGES, localizePath, type Lang } from "~/i18n/languages";
import { openDatabase } from "../../db/client";
import { contactSubmissions } from "../../db/schema";
import { openField } from "../../core/sealing.server";
import { expectNoAxeViolations, watchConsole, withBrowser } from "../helpers/browser";
import { escapeHtml, expectLanguage, fetchHtml, horizontalOverflow, rawKeyTexts, text } from "../helpers/page-checks";
import { startSite, tempDir, type SiteServer } from "../helpers/server";

const baseUrl = inject("baseUrl");

let browser: Browser;
withBrowser((launched) => (browser = launched));

/**
 * A browser context that looks like one visitor's address (the site trusts X-Forwarded-For
 * from loopback, as behind a local proxy) and that never reaches outside the machine.
 */
async function visitor(site: string, ip: string, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": ip }, ...options });
  const origin = new URL(site).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return context;
}

async function openContact(context: BrowserContext, site: string, lang: Lang = "en"): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchConsole(page);
  const response = await page.goto(`${site}${localizePath("/contact", lang)}`);
  expect(response?.status()).toBe(200);
  // The page's own module has taken the form over (decision 0073): it now answers in place.
  await page.locator("form[data-contact-form][data-ready]").waitFor({ state: "attached" });
  return { page, errors };
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const submit = (page: Page, lang: Lang) => page.getByRole("button", { name: text("contact-form-submit", lang) });
const toast = (page: Page, message: string, type: "error" | "success") =>
  page.locator(`[data-toast][data-type="${type}"]`, { hasText: message }).first();

/** Wait until the toast has finished appearing (axe measures colours through its fade-in). */
async function settledToast(page: Page, message: string, type: "error" | "success") {
  const shown = toast(page, message, type);
  await shown.waitFor();
  await expect.poll(() => shown.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
}

async function fill(page: Page, values: Partial<Record<"name" | "email" | "phone" | "subject" | "message", string>>) {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

/** The field's message as the page ties it to the field (aria-invalid + aria-describedby). */
async function fieldError(page: Page, name: string): Promise<string | null> {
  const input = field(page, name);
  if ((await input.getAttribute("aria-invalid")) !== "true") return null;
  const id = await input.getAttribute("aria-describedby");
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

const VALID = { name: "Jane Doe", email: "jane@example.com", phone: "", subject: "Study permit", message: "I was refused." };

describe.each(LANGUAGES)("contact page (%s)", (lang) => {
  it("arrives from the server with its title, hero, cards, form, booking card and map", async () => {
    const { status, html } = await fetchHtml(`${baseUrl}${localizePath("/contact", lang)}`);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${escapeHtml(text("contact-page-title", lang))} | ${escapeHtml(text("firm-name", lang))}</title>`);
    expect(html).toContain(`${escapeHtml(text("contact-hero-title", lang))}</h1>`);
    expect(html).toContain('"@type":"ContactPage"');
    for (const language of ["English", "Farsi", "Chinese"]) expect(html).toContain(`"name":"${language}"`);
    expect(html).toContain('"areaServed":{"@type":"Country","name":"CA"}');
    expect(html).toMatch(/<form [^>]*method="post"/);
    // The map frame waits for the page's script; browsers without JavaScript get it from <noscript>.
    expect(html).toMatch(/<noscript><iframe src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html[^"]*" title="[^"]+" loading="lazy"/);
    for (const key of [
      "contact-hero-subtitle",
      "contact-office-address",
      "contact-hours-weekday",
      "contact-hours-weekend",
      "contact-hours-emergency",
      "contact-form-title",
      "contact-form-disclaimer",
      "contact-booking-title",
      "contact-booking-description",
    ]) {
      expect(html, key).toContain(escapeHtml(text(key, lang)));
    }
  });

  it("shows everything the spec lists, accessible, with working links", async () => {
    const context = await visitor(baseUrl, "192.0.2.10");
    const { page, errors } = await openContact(context, baseUrl, lang);
    await expectLanguage(page, lang);
    expect(await page.title()).toBe(`${text("contact-page-title", lang)} | ${text("firm-name", lang)}`);
    const crumbs = page.getByRole("navigation", { name: text("breadcrumb-label", lang) });
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe(text("contact-breadcrumb", lang));

    const main = page.locator("main");
    expect(await main.getByRole("link", { name: text("contact-phone", lang), exact: true }).getAttribute("href")).toBe("tel:+16045550100");
    expect(await main.getByRole("link", { name: text("contact-email", lang), exact: true }).getAttribute("href")).toBe(
      `mailto:${text("contact-email", lang)}`,
    );

    const message = page.getByRole("textbox", { name: text("contact-form-message-label", lang), exact: true });
    expect(await message.evaluate((el) => el.tagName)).toBe("TEXTAREA");
    expect(await message.getAttribute("rows")).toBe("6");
    for (const key of ["contact-form-name-label", "contact-form-email-label", "contact-form-phone-label", "contact-form-subject-label"]) {
      expect(await page.getByRole("textbox", { name: text(key, lang), exact: true }).isVisible(), key).toBe(true);
    }

    const booking = page.getByRole("region", { name: text("contact-booking-title", lang) }).getByRole("link");
    // Without BOOKING_URL (the end-to-end server's), the site's own booking form (decision 0078).
    expect(await booking.getAttribute("href")).toBe(`${localizePath("/virtual-consultation", lang)}#book`);
    expect(await booking.getAttribute("target")).toBeNull();
    expect(await booking.textContent()).toContain(text("contact-booking-button", lang));

    const map = page.locator("iframe");
    expect(await map.getAttribute("title")).toBe(text("contact-map-title", lang));
    expect(await map.getAttribute("loading")).toBe("lazy");
    expect(await map.getAttribute("src")).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    const box = (await map.boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 7)).toBeLessThan(0.05);

    // The honeypot is out of sight and out of reach.
    const trap = field(page, "website");
    expect(await trap.getAttribute("tabindex")).toBe("-1");
    expect(await trap.getAttribute("autocomplete")).toBe("off");
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    const hidingBox = (await trap.evaluate((el) => el.parentElement!.getBoundingClientRect().toJSON())) as DOMRect;
    expect(hidingBox.width).toBeLessThanOrEqual(1);
    expect(hidingBox.height).toBeLessThanOrEqual(1);

    expect(await rawKeyTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("checks the fields in the browser first: first message as a toast, every message at its field", async () => {
    const context = await visitor(baseUrl, "192.0.2.11");
    // The CSP forbids eval; even a caught `new Function` (Zod's JIT probe) is reported as a violation.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const { page, errors } = await openContact(context, baseUrl, lang);
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });

    await fill(page, { name: "   ", subject: " " });
    await submit(page, lang).click();
    await settledToast(page, text("contact.validation.name-required", lang), "error");
    expect(await fieldError(page, "name")).toBe(text("contact.validation.name-required", lang));
    expect(await fieldError(page, "email")).toBe(text("contact.validation.email-invalid", lang));
    expect(await fieldError(page, "phone")).toBeNull();
    expect(await fieldError(page, "subject")).toBe(text("contact.validation.subject-required", lang));
    expect(await fieldError(page, "message")).toBe(text("contact.validation.message-required", lang));
    // The first wrong field gets the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await expectNoAxeViolations(page);

    await fill(page, { name: VALID.name, email: "jane@", subject: VALID.subject, message: VALID.message });
    // Correcting a field clears its message at once.
    expect(await fieldError(page, "name")).toBeNull();
    await submit(page, lang).click();
    await toast(page, text("contact.validation.email-invalid", lang), "error").waitFor();
    expect(await fieldError(page, "email")).toBe(text("contact.validation.email-invalid", lang));

    expect(posts).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("contact form limits in the browser", () => {
  it("refuses each field one character over its maximum, before sending anything", async () => {
    const context = await visitor(baseUrl, "192.0.2.12");
    const { page } = await openContact(context, baseUrl);
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    const cases = [
      ["name", 100, "contact.validation.name-max", (n: number) => "n".repeat(n)],
      ["email", 255, "contact.validation.email-max", (n: number) => `${"e".repeat(n - 12)}@example.com`],
      ["phone", 50, "contact.validation.phone-max", (n: number) => "6".repeat(n)],
      ["subject", 200, "contact.validation.subject-max", (n: number) => "s".repeat(n)],
      ["message", 5000, "contact.validation.message-max", (n: number) => "m".repeat(n)],
    ] as const;
    for (const [name, max, key, make] of cases) {
      await fill(page, { ...VALID, [name]: make(max + 1) });
      await submit(page, "en").click();
      await toast(page, text(key, "en"), "error").waitFor();
      expect(await fieldError(page, name)).toBe(text(key, "en"));
      expect((await field(page, name).inputValue()).length).toBe(max + 1);
    }
    expect(posts).toBe(0);
    await context.close();
  });
});

describe("contact submissions (a separate site, limit 2 per hour)", () => {
  let dataDir: string;
  let site: SiteServer | undefined;
  let rows: Array<typeof contactSubmissions.$inferSelect> = [];
  beforeAll(async () => {
    dataDir = tempDir("contact-test-");
    site = await startSite({ SEED_DEMO: "false", DATA_DIR: dataDir, CONTACT_RATE_LIMIT: "2" });
  });
  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends in the background: button disabled with the loading label, success toast, form cleared", async () => {
    const context = await visitor(site!.url, "198.51.100.20");
    const { page, errors } = await openContact(context, site!.url, "fa");
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

    // Hold the request so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/contact", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await fill(page, { name: "  Sara Example ", email: " sara@example.com ", phone: " +1 604 555 0111 ", subject: " Family sponsorship ", message: " Line one\nLine two " });
    await submit(page, "fa").click();
    const sending = page.getByRole("button", { name: text("contact-form-sending", "fa") });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    await toast(page, text("contact.form.success", "fa"), "success").waitFor();
    for (const name of ["name", "email", "phone", "subject", "message"]) expect(await field(page, name).inputValue(), name).toBe("");
    expect(await submit(page, "fa").isEnabled()).toBe(true);
    expect(navigations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps what was typed and says so when the message cannot be sent", async () => {
    const context = await visitor(site!.url, "198.51.100.21");
    const { page } = await openContact(context, site!.url, "zh");
    // The send fails on the way; reloading the page's data afterwards still works.
    await page.route("**/contact", (route) => (route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue()));
    await fill(page, VALID);
    await submit(page, "zh").click();
    await toast(page, text("contact.form.error", "zh"), "error").waitFor();
    expect(await field(page, "message").inputValue()).toBe(VALID.message);
    expect(await field(page, "email").inputValue()).toBe(VALID.email);
    expect(await submit(page, "zh").isEnabled()).toBe(true);
    await context.close();
  });

  it.each([
    ["en", "198.51.100.22"],
    ["fa", "198.51.100.27"],
    ["zh", "198.51.100.28"],
  ] as const)("works without JavaScript (%s): field errors with the values kept, then a confirmation", async (lang, ip) => {
    const context = await visitor(site!.url, ip, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site!.url}${localizePath("/contact", lang)}`);
    // The map comes from <noscript>.
    expect(await page.locator("iframe").getAttribute("src")).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    await fill(page, { name: "  Lei Example  ", email: "not-an-email", subject: "", message: "Kept message text" });
    const [response] = await Promise.all([page.waitForNavigation(), submit(page, lang).click()]);
    expect(response?.status()).toBe(400);
    expect(await page.getByRole("alert").textContent()).toBe(text("contact.validation.email-invalid", lang));
    expect(await fieldError(page, "email")).toBe(text("contact.validation.email-invalid", lang));
    expect(await fieldError(page, "subject")).toBe(text("contact.validation.subject-required", lang));
    expect(await fieldError(page, "name")).toBeNull();
    expect(await field(page, "name").inputValue()).toBe("  Lei Example  ");
    expect(await field(page, "email").inputValue()).toBe("not-an-email");
    expect(await field(page, "message").inputValue()).toBe("Kept message text");

    await fill(page, { email: "lei@example.com", subject: "Separation" });
    const [ok] = await Promise.all([page.waitForNavigation(), submit(page, lang).click()]);
    expect(ok?.status()).toBe(200);
    expect(await page.getByRole("status").textContent()).toBe(text("contact.form.success", lang));
    expect(await field(page, "name").inputValue()).toBe("");
    await context.close();
  });

  it("pretends to accept a filled honeypot and stores nothing", async () => {
    const context = await visitor(site!.url, "198.51.100.23");
    const { page } = await openContact(context, site!.url);
    await fill(page, { ...VALID, name: "Honeypot Bot" });
    await field(page, "website").fill("https://spam.example", { force: true });
    await submit(page, "en").click();
    await toast(page, text("contact.form.success", "en"), "success").waitFor();
    await context.close();

    const body = new URLSearchParams({ ...VALID, name: "Honeypot Bot", website: "https://spam.example" });
    const response = await fetch(`${site!.url}/contact`, { method: "POST", body, headers: { "X-Forwarded-For": "198.51.100.24" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(escapeHtml(text("contact.form.success", "en")));
  });

  it("refuses more than the limit from one address with 429, in the browser too", async () => {
    const post = (ip: string, name: string) =>
      fetch(`${site!.url}/contact`, { method: "POST", body: new URLSearchParams({ ...VALID, name }), headers: { "X-Forwarded-For": ip } });
    expect((await post("198.51.100.25", "Limit One")).status).toBe(200);
    expect((await post("198.51.100.25", "Limit Two")).status).toBe(200);
    const third = await post("198.51.100.25", "Limit Three");
    expect(third.status).toBe(429);
    expect(await third.text()).toContain(escapeHtml(text("contact.validation.rate-limited", "en")));
    // Another address is not affected.
    expect((await post("198.51.100.26", "Other Address")).status).toBe(200);

    const context = await visitor(site!.url, "198.51.100.25");
    const { page } = await openContact(context, site!.url);
    await fill(page, { ...VALID, name: "Limit Four" });
    await submit(page, "en").click();
    await toast(page, text("contact.validation.rate-limited", "en"), "error").waitFor();
    expect(await field(page, "name").inputValue()).toBe("Limit Four");
    await context.close();
  });

  it("stored exactly the accepted messages, trimmed, in the spec's format", async () => {
    await site!.stop();
    site = undefined;
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      rows = await database.db.select().from(contactSubmissions).orderBy(asc(contactSubmissions.id));
    } finally {
      await database.close();
    }
    // The message is sealed at rest (decision 0093): opened with the test servers' key.
    expect(rows.every((row) => row.message.startsWith("v1."))).toBe(true);
    expect(rows.map(({ name, email, phone, message }) => ({ name, email, phone, message: openField(message, "contact_submissions.message") }))).toEqual([
      { name: "Sara Example", email: "sara@example.com", phone: "+1 604 555 0111", message: "Subject: Family sponsorship\n\nLine one\nLine two" },
      // The no-script posts, in English, Farsi and Chinese.
      ...["en", "fa", "zh"].map(() => ({ name: "Lei Example", email: "lei@example.com", phone: null, message: "Subject: Separation\n\nKept message text" })),
      { name: "Limit One", email: VALID.email, phone: null, message: `Subject: ${VALID.subject}\n\n${VALID.message}` },
      { name: "Limit Two", email: VALID.email, phone: null, message: `Subject: ${VALID.subject}\n\n${VALID.message}` },
      { name: "Other Address", email: VALID.email, phone: null, message: `Subject: ${VALID.subject}\n\n${VALID.message}` },
    ]);
  });
});

it("fits a 360 px wide phone screen", async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.route((url) => url.origin !== new URL(baseUrl).origin, (route) => route.abort());
  await page.goto(`${baseUrl}/fa/contact`);
  expect(await horizontalOverflow(page)).toBe(0);
  await context.close();
});
