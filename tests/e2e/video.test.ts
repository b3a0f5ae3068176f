import type { Browser, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { LANGUAGES, localizePath, type Lang } from "~/i18n/languages";
import { expectNoAxeViolations, watchConsole, withBrowser } from "../helpers/browser";
import { escapeHtml, expectLanguage, fetchHtml, horizontalOverflow, rawKeyTexts, text } from "../helpers/page-checks";
import { freePort, startSite } from "../helpers/server";

const baseUrl = inject("baseUrl");
const meetUrl = inject("meetUrl");

const TOOLBAR_BUTTONS = [
  "microphone",
  "camera",
  "chat",
  "recording",
  "desktop",
  "hangup",
  "raisehand",
  "tileview",
  "fullscreen",
  "fodeviceselection",
  "profile",
  "settings",
  "videoquality",
  "filmstrip",
  "participants-pane",
  "select-background",
  "toggle-camera",
];
const JITSI_LANG: Record<Lang, string> = { en: "en", fa: "fa", zh: "zhCN" };

interface JitsiRecord {
  loads: number;
  disposed: number;
  instances: Array<{ domain: string; options: Record<string, unknown>; disposed: boolean; parentIsElement: boolean }>;
}

let browser: Browser;
withBrowser((launched) => (browser = launched));

const serverLoads = async () => ((await (await fetch(`${meetUrl}/__loads`)).json()) as { loads: number }).loads;
const jitsi = (page: Page) => page.evaluate(() => (window as unknown as { __jitsi?: JitsiRecord }).__jitsi ?? null);
const fire = (page: Page, event: string) => page.evaluate((name) => (window as unknown as { __jitsiFire(e: string): boolean }).__jitsiFire(name), event);

async function openVideoPage(site: string, lang: Lang): Promise<{ page: Page; errors: string[]; alerts: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const errors = watchConsole(page);
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  const response = await page.goto(`${site}${localizePath("/video-consultation", lang)}`, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  // The page's own module has taken the join form over (decision 0073).
  await page.locator("form[data-video-form][data-ready]").waitFor({ state: "attached" });
  return { page, errors, alerts };
}

const joinButton = (page: Page, lang: Lang) => page.getByRole("button", { name: text("videoConsultation.joinButton", lang) });
const endButton = (page: Page, lang: Lang) => page.getByRole("button", { name: text("videoConsultation.endMeeting", lang) });
const meetingFrames = (page: Page) => page.locator('[data-testid="meeting-container"] iframe');

async function join(page: Page, lang: Lang, room: string, name = "") {
  await page.getByLabel(text("videoConsultation.nameLabel", lang)).fill(name);
  await page.getByLabel(text("videoConsultation.roomLabel", lang)).fill(room);
  await joinButton(page, lang).click();
  await endButton(page, lang).waitFor();
}

/** Back at the form: the join form shown, no meeting frame, the newest meeting disposed. */
async function expectBackAtForm(page: Page, lang: Lang) {
  await joinButton(page, lang).waitFor();
  expect(await endButton(page, lang).isVisible()).toBe(false);
  expect(await meetingFrames(page).count()).toBe(0);
  expect((await jitsi(page))!.instances.at(-1)!.disposed).toBe(true);
}

describe.each(LANGUAGES)("video consultation (%s)", (lang) => {
  it("arrives from the server with the hero, three features, the join form, four steps and the note", async () => {
    const { status, html } = await fetchHtml(`${baseUrl}${localizePath("/video-consultation", lang)}`);
    expect(status).toBe(200);
    expect(html).toContain(`${escapeHtml(text("videoConsultation.heroTitle", lang))}</h1>`);
    for (const key of [
      "videoConsultation.heroSubtitle",
      "videoConsultation.secureTitle",
      "videoConsultation.flexibleTitle",
      "videoConsultation.directTitle",
      "videoConsultation.joinTitle",
      "videoConsultation.step1Title",
      "videoConsultation.step4Text",
      "videoConsultation.note",
    ]) {
      expect(html, key).toContain(escapeHtml(text(key, lang)));
    }
    expect(html).not.toContain("external_api.js");
  });

  it("loads the meeting script only on joining, once, and passes the spec's options", async () => {
    const before = await serverLoads();
    const { page, errors, alerts } = await openVideoPage(baseUrl, lang);
    await expectLanguage(page, lang);
    expect(await page.title()).toBe(`${text("videoConsultation.pageTitle", lang)} | ${text("firm-name", lang)}`);
    const steps = page.getByRole("region", { name: text("videoConsultation.instructionsTitle", lang) });
    expect(await steps.locator("ol > li h3").allTextContents()).toEqual([1, 2, 3, 4].map((n) => text(`videoConsultation.step${n}Title`, lang)));
    expect(await steps.textContent()).toContain(text("videoConsultation.note", lang));
    expect(await page.locator("main h2").allTextContents()).toEqual(
      expect.arrayContaining(["secure", "flexible", "direct"].map((k) => text(`videoConsultation.${k}Title`, lang))),
    );
    expect(await jitsi(page)).toBeNull();
    expect(await serverLoads()).toBe(before);
    expect(await rawKeyTexts(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // An empty (or blank) room name is refused before anything loads.
    await page.getByLabel(text("videoConsultation.roomLabel", lang)).fill("   ");
    await joinButton(page, lang).click();
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toBe(text("videoConsultation.emptyRoom", lang));
    expect(await jitsi(page)).toBeNull();
    expect(await serverLoads()).toBe(before);

    await join(page, lang, "  consult-room-42  ", "  Ana Example  ");
    const first = (await jitsi(page))!;
    expect(first.loads).toBe(1);
    expect(first.instances).toHaveLength(1);
    expect(first.instances[0].domain).toBe(new URL(meetUrl).host);
    expect(first.instances[0].parentIsElement).toBe(true);
    expect(first.instances[0].options).toEqual({
      roomName: "consult-room-42",
      width: "100%",
      height: 700,
      userInfo: { displayName: "Ana Example" },
      lang: JITSI_LANG[lang],
      configOverwrite: {
        startWithAudioMuted: false,
        startWithVideoMuted: false,
        prejoinPageEnabled: false,
        prejoinConfig: { enabled: false },
        enableWelcomePage: false,
        requireDisplayName: false,
      },
      interfaceConfigOverwrite: { TOOLBAR_BUTTONS },
    });
    const frame = meetingFrames(page);
    expect(await frame.count()).toBe(1);
    const box = (await frame.boundingBox())!;
    expect(box.height).toBe(700);
    const container = (await page.locator('[data-testid="meeting-container"]').boundingBox())!;
    expect(box.width).toBe(container.width);
    expect(await joinButton(page, lang).isVisible()).toBe(false);
    // Focus moves to the meeting's own control.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text("videoConsultation.endMeeting", lang));

    // End Meeting tears it down.
    await endButton(page, lang).click();
    await expectBackAtForm(page, lang);
    expect((await jitsi(page))!.disposed).toBe(1);

    // A second join reuses the loaded script; no name means the default one.
    await join(page, lang, "second-room");
    const second = (await jitsi(page))!;
    expect(second.loads).toBe(1);
    expect(second.instances).toHaveLength(2);
    expect(second.instances[1].options.userInfo).toEqual({ displayName: text("videoConsultation.guest", lang) });
    expect(await serverLoads()).toBe(before + 1);

    // Jitsi's own hang-up events tear it down too.
    expect(await fire(page, "readyToClose")).toBe(true);
    await expectBackAtForm(page, lang);
    await join(page, lang, "third-room");
    expect(await fire(page, "videoConferenceLeft")).toBe(true);
    await expectBackAtForm(page, lang);
    expect((await jitsi(page))!.disposed).toBe(3);

    // Leaving the page during a meeting ends it: the next page is a new document (decision 0039),
    // so the meeting's frame and script go with the old one.
    await join(page, lang, "fourth-room");
    await page.locator("header").getByRole("link", { name: text("nav-contact", lang), exact: true }).first().click();
    await page.waitForURL(`**${localizePath("/contact", lang)}`);
    await page.waitForLoadState("load");
    expect(await jitsi(page)).toBeNull();
    expect(await meetingFrames(page).count()).toBe(0);
    expect(await serverLoads()).toBe(before + 1);

    expect(alerts).toHaveLength(1);
    // No CSP or other errors: the script, the frame and the page all allowed.
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

it("fits a 360 px wide phone screen", async () => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await page.goto(`${baseUrl}/fa/video-consultation`);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.context().close();
});

describe("when the meeting script cannot be loaded", () => {
  it("alerts with the reason and returns to the form", async () => {
    // Nothing listens on this port, so external_api.js fails to load.
    const closed = await freePort();
    const site = await startSite({ SEED_DEMO: "false", MEET_HOST: `http://127.0.0.1:${closed}` });
    try {
      for (const lang of ["en", "zh"] as const) {
        const { page, alerts } = await openVideoPage(site.url, lang);
        await page.getByLabel(text("videoConsultation.roomLabel", lang)).fill("room");
        await joinButton(page, lang).click();
        await expect.poll(() => alerts.length).toBe(1);
        expect(alerts[0]).toBe(
          text("videoConsultation.startFailed", lang).replace("{reason}", text("videoConsultation.loadFailed", lang)),
        );
        expect(await joinButton(page, lang).isEnabled()).toBe(true);
        expect(await endButton(page, lang).isVisible()).toBe(false);
        expect(await page.locator(`script[src="http://127.0.0.1:${closed}/external_api.js"]`).count()).toBe(0);
        await page.context().close();
      }
    } finally {
      await site.stop();
    }
  });
});

describe("without JavaScript", () => {
  it.each(LANGUAGES)("in a browser with scripts off (%s), the join form opens the room on the meeting host, and a blank room says why", async (lang) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    // The meeting host's page is not loaded: where the browser goes is what counts.
    const host = new URL(meetUrl).origin;
    await context.route(
      (url) => url.origin === host,
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>meeting</title>" }),
    );
    const page = await context.newPage();
    const videoUrl = `${baseUrl}${localizePath("/video-consultation", lang)}`;
    await page.goto(videoUrl);
    await page.getByLabel(text("videoConsultation.nameLabel", lang)).fill("Ana Example");
    await page.getByLabel(text("videoConsultation.roomLabel", lang)).fill("consult-room-42");
    // The site answers 303 to the host, which the page's CSP (form-action) lets the browser follow.
    await Promise.all([page.waitForURL((url) => url.origin === host), joinButton(page, lang).click()]);
    const room = new URL(page.url());
    expect(room.pathname).toBe("/consult-room-42");
    expect(new URLSearchParams(room.hash.slice(1)).get("userInfo.displayName")).toBe('"Ana Example"');

    await page.goto(videoUrl);
    await page.getByLabel(text("videoConsultation.roomLabel", lang)).fill("   ");
    const [blank] = await Promise.all([page.waitForNavigation(), joinButton(page, lang).click()]);
    expect(blank?.status()).toBe(400);
    expect(await page.getByText(text("videoConsultation.emptyRoom", lang)).first().isVisible()).toBe(true);
    await context.close();
  });

  it("sends the join form's visitor to the room on the meeting host, and refuses a blank room", async () => {
    for (const lang of LANGUAGES) {
      const url = `${baseUrl}${localizePath("/video-consultation", lang)}`;
      const post = (fields: Record<string, string>) => fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
      const joined = await post({ displayName: "  Ana Example ", roomName: " consult room 42 " });
      expect(joined.status).toBe(303);
      const location = new URL(joined.headers.get("location")!);
      expect(location.origin).toBe(new URL(meetUrl).origin);
      expect(decodeURIComponent(location.pathname)).toBe("/consult room 42");
      expect(new URLSearchParams(location.hash.slice(1)).get("userInfo.displayName")).toBe('"Ana Example"');
      // The CSP lets the form go there.
      const csp = (await fetch(url)).headers.get("content-security-policy") ?? "";
      expect(csp).toContain(`form-action 'self' ${new URL(meetUrl).origin}`);

      const blank = await post({ displayName: "Ana", roomName: "   " });
      expect(blank.status).toBe(400);
      expect(await blank.text()).toContain(escapeHtml(text("videoConsultation.emptyRoom", lang)));
    }
  });
});
