import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from "playwright-core";
import { existsSync } from "node:fs";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * Debian's Chromium headless shell when installed (decision 0113): the same engine without the
 * browser's windowing layers, about a third less CPU per test on two cores; else Debian's Chromium.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** Debian's Chromium, headless, with nothing reaching outside the machine. */
export const browserLaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
  ],
} satisfies LaunchOptions;

/**
 * The end-to-end run's one Chromium (tests/e2e/global-setup.ts launches it) when there is one,
 * else a Chromium of the caller's own. Starting Chromium costs seconds on two cores, so the e2e
 * files share one browser; each file still works in contexts of its own (cookies, storage,
 * headers), and its `browser.close()` closes those contexts and disconnects, leaving the
 * browser to the next file.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = inject("browserWsEndpoint");
  return watchHydrationOf(shared ? await chromium.connect(shared) : await chromium.launch(browserLaunchOptions));
}

/**
 * For the tests of the file or `describe` block this is called in: launchBrowser's browser before
 * them, handed to `opened`, and let go after them.
 */
export function withBrowser(opened: (browser: Browser) => unknown): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    await opened(browser);
  });
  // A failure on a busy CI machine is seldom seen again here: say what each open page showed.
  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail" || !browser) return;
    for (const page of browser.contexts().flatMap((context) => context.pages())) console.error(`${task.name}: ${await pageState(page)}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** A sonner toast of the admin (AdminToaster). */
const TOAST = "[data-sonner-toast]";

/** The whole text of the toast with this title, once it is on screen. */
export async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator(TOAST).filter({ has: page.getByText(title, { exact: true }) });
  await toast.first().waitFor({ state: "visible", timeout: 15_000 });
  return (await toast.first().textContent()) ?? "";
}

/**
 * From now on, every toast the page shows, as its whole text (recordedToast reads them): on a busy
 * machine a toast can come and go (five seconds) before the test looks.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll(selector)) {
        const text = toast.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, TOAST);
}

/** The whole text of a toast with this title shown since recordToasts. */
export async function recordedToast(page: Page, title: string): Promise<string> {
  const found = await page.waitForFunction((t) => (window as unknown as { toastsSeen: string[] }).toastsSeen.find((text) => text.startsWith(t)), title, { timeout: 15_000 });
  return String(await found.jsonValue());
}

/** Where a page is and what it shows a person now: its address, toasts, alerts and statuses, the focused element. */
async function pageState(page: Page): Promise<string> {
  const state = await page
    .evaluate((selector) => {
      const text = (node: Element) => (node.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 160);
      const focused = document.activeElement;
      return {
        toasts: [...document.querySelectorAll(selector)].map(text),
        alerts: [...document.querySelectorAll("[role=alert], [role=status]")].map(text).filter(Boolean),
        focused: focused ? `${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ""} ${focused.getAttribute("name") ?? ""}`.trim() : null,
      };
    }, TOAST)
    .catch((error: Error) => ({ unreadable: error.message }));
  return `page ${page.url()} ${JSON.stringify(state)}`;
}

/**
 * A visitor of their own (a new context, 1280 px wide unless `width`) opening `url` until the
 * network is quiet: the page, its console errors and the answer's status.
 */
export async function openPage(browser: Browser, url: string, options: { width?: number; javaScript?: boolean } = {}): Promise<{ page: Page; errors: string[]; status: number }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const response = await page.goto(url, { waitUntil: "networkidle" });
  return { page, errors, status: response!.status() };
}

/**
 * React's words for a text the server drew differently from the browser (a hydration mismatch):
 * the production build's minified errors #418, #419, #423 and #425, and the development words.
 */
export const HYDRATION_MISMATCH = /Minified React error #(418|419|423|425)\b|Hydration failed|did not match|hydration mismatch/i;

const mismatches: string[] = [];
const watchedContexts = new WeakSet<BrowserContext>();

/**
 * The e2e suite's one hydration listener (decision 0083): every context of the browser from
 * launchBrowser records each hydration mismatch of an admin page, and tests/e2e/setup.ts fails
 * the test during which one happened (takeHydrationMismatches after each test).
 */
export function watchHydration(context: BrowserContext): void {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  const record = (text: string, url: string | undefined) => {
    if (!HYDRATION_MISMATCH.test(text)) return;
    let admin = true;
    try {
      admin = url ? new URL(url).pathname.startsWith("/admin") : true;
    } catch {
      // An address that is no URL (about:blank): count it.
    }
    if (admin) mismatches.push(`${url ?? "a page"}: ${text.slice(0, 300)}`);
  };
  context.on("console", (message) => {
    if (message.type() === "error") record(message.text(), message.page()?.url() || message.location().url);
  });
  context.on("weberror", (error) => record(`${error.error().message}\n${error.error().stack ?? ""}`, error.page()?.url()));
}

/** The mismatches recorded since the last call (and forgets them). */
export function takeHydrationMismatches(): string[] {
  return mismatches.splice(0);
}

/** The browser, with every context it makes (newContext, newPage) watched for hydration mismatches. */
function watchHydrationOf(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watchHydration(context);
    return context;
  };
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchHydration(page.context());
    return page;
  };
  return browser;
}

/**
 * Reloading or leaving an editor with unsaved changes asks first (beforeunload); tests that mean
 * to leave accept, and dismiss any other dialog.
 */
export function leaveWithoutAsking(page: Page): void {
  page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
}

/** Collect console errors and CSP violations on a page, to assert that there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * React has hydrated the page and committed it: until then a click on a server-rendered button
 * does nothing, and a value typed into a controlled field can be put back by the commit, which a
 * busy machine makes visible. The element matching `selector` has its fiber (React sets it while
 * it renders the hydration), and the root the framework hydrates (`document`) is no longer
 * dehydrated: that flag falls only when the hydration commits, after the layout effects that
 * attach the forms' listeners have run.
 */
export async function waitForHydration(page: Page, selector = "main"): Promise<void> {
  await page.waitForFunction((sel) => {
    const node = document.querySelector(sel);
    if (!node || !Object.keys(node).some((key) => key.startsWith("__reactFiber"))) return false;
    const containerKey = Object.keys(document).find((key) => key.startsWith("__reactContainer"));
    type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
    const hostRoot = containerKey ? (document as unknown as Record<string, HostRoot>)[containerKey] : undefined;
    return hostRoot?.stateNode?.current?.memoizedState?.isDehydrated === false;
  }, selector);
}

/** The address of the site's script that the page's inline loader imports. */
async function siteScriptOf(page: Page): Promise<string> {
  const url = await page.evaluate(() =>
    [...document.scripts].map((script) => /import\("(\/assets\/(?:page-script|site-menus)-[^"]+)"\)/.exec(script.textContent ?? "")?.[1]).find(Boolean),
  );
  expect(url, "the page's inline script imports the site's script").toBeTruthy();
  return url!;
}

/**
 * Waits until the site's own script (the page script, or the menus' script where React hydrates)
 * has run: the page imports it once it has painted and loaded (app/root.tsx), and a test that
 * presses Escape or switches language before then would see the plain HTML behaviour.
 */
export async function waitForPageScript(page: Page): Promise<void> {
  const url = await siteScriptOf(page);
  // The loader's moment: painted, loaded, then one task later.
  await page.waitForFunction(() => document.readyState === "complete" && performance.getEntriesByName("first-contentful-paint").length > 0);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)));
  // The same address from the module map: it resolves once the module has run.
  // (A string: a function's import() would be rewritten by the test runner's transform.)
  await page.evaluate(`import(${JSON.stringify(url)}).then(() => undefined)`);
}

/** axe-core on the page as it is: WCAG 2.1 A/AA rules and best practices. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // axe reads colours as painted: a toast still fading in is not yet in its own colours.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every(
      (toast) => getComputedStyle(toast).opacity === "1" || toast.getAttribute("data-visible") === "false" || toast.getAttribute("data-removed") === "true",
    ),
  );
  // With frames, axe merges their results in a blank page of its own; a page of one frame gets the
  // same results from axe.run in the page itself, at half the cost.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(summary).toEqual([]);
}

/**
 * The page loaded no framework code (decision 0039): React Router left no hydration data, and the
 * only script the page ran is the site's own page script (app/document/page-script.ts), imported
 * by one inline script after the first paint.
 */
export async function expectNoFrameworkScript(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    router: Object.keys(window).filter((key) => key.startsWith("__reactRouter")),
    chinese: document.documentElement.lang === "zh",
    scripts: [...document.scripts]
      .filter((s) => s.src || !s.type || s.type === "module")
      .map((s) => (s.src ? new URL(s.src).pathname : s.textContent?.includes("font-sheet-cached") ? "(inline font)" : "(inline)")),
    loaded: performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith(".js")),
  }));
  const named = (paths: string[]) => paths.map((path) => path.replace(/-[\w-]{8}\.js$/, ".js"));
  expect(found.router).toEqual([]);
  // One inline script, which imports the page script once the page has painted; on a Chinese
  // page also the head script that adds a cached Noto Sans SC before the first paint (decision 0077).
  expect(named(found.scripts).sort()).toEqual(found.chinese ? ["(inline font)", "(inline)"].sort() : ["(inline)"]);
  expect(await siteScriptOf(page)).toMatch(/^\/assets\/page-script-/);
  // Asked for only once the page had painted: nothing the first paint waits for (a copy from the
  // memory cache may leave no resource entry).
  const started = await page.evaluate(() => ({
    script: performance.getEntriesByType("resource").find((entry) => entry.name.includes("/assets/page-script-"))?.startTime,
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
  }));
  if (started.script !== undefined) expect(started.script).toBeGreaterThanOrEqual(started.paint!);
  // A copy from the memory cache may leave no resource entry; no other script may have one.
  expect(named(found.loaded).filter((path) => path !== "/assets/page-script.js")).toEqual([]);
}
