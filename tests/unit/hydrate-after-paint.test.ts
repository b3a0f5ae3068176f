import { describe, expect, it } from "vitest";
import { hydrateAfterPaint } from "~/document/hydrate-after-paint.server";

// The shape React Router 7's <Scripts> renders (route discovery "lazy": no manifest import).
const document = (moduleBody: string) =>
  [
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
    '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/>',
    '<link rel="modulepreload" href="/assets/react-dom-B.js" nonce="N"/>',
    '<link rel="modulepreload" href="/assets/root-C.js" nonce="N"/>',
    '<link rel="modulepreload" href="/assets/home-D.js" nonce="N"/>',
    '<link rel="stylesheet" href="/assets/app-E.css"/>',
    "</head><body><h1>Hello</h1>",
    '<script nonce="N">window.__reactRouterContext = {};</script>',
    `<script nonce="N" type="module" async="">${moduleBody}</script>`,
    '<script nonce="N">window.__reactRouterContext.streamController.close();</script>',
    "</body></html>",
  ].join("");

const routerModuleScript = [
  ";",
  'import * as route0 from "/assets/root-C.js";',
  'import * as route1 from "/assets/home-D.js";',
  '  window.__reactRouterManifest = {"url": "/assets/manifest-1.js", "price": "$&"};',
  '  window.__reactRouterRouteModules = {"root":route0,"page:/:en":route1};',
  "",
  'import("/assets/entry.client-A.js");',
].join("\n");

/** Run the rewritten module script against a minimal browser, recording what it does. */
async function run(html: string, visibility: "visible" | "hidden" = "visible", options: { paintTiming?: boolean; readyState?: string } = {}) {
  const body = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1];
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const win: Record<string, unknown> = { addEventListener: (type: string, listener: () => void) => (listeners[`window ${type}`] = listener) };
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const fakeDocument = {
    visibilityState: visibility,
    readyState: options.readyState ?? "interactive",
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    head: { append: (link: { rel: string; href: string; nonce: string }) => events.push(`${link.rel} ${link.href} ${link.nonce}`) },
    createElement: () => ({ rel: "", href: "", nonce: "" }),
  };
  const load = async (specifier: string) => {
    events.push(`import ${specifier}`);
    if (specifier.includes("entry.client")) events.push(`entry sees ${Object.keys(win.__reactRouterRouteModules as object).join(",")}`);
    return { specifier };
  };
  // Dynamic import() cannot be intercepted in a Function body, so it is renamed for the test.
  // A browser with paint timing reports the first contentful paint to an observer.
  const paintObservers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
    observe() {
      paintObservers.push(this.callback);
    }
    disconnect() {
      paintObservers.splice(paintObservers.indexOf(this.callback), 1);
    }
  }
  const paint = (name: string) => [...paintObservers].forEach((callback) => callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }));
  const script = new Function("window", "document", "requestAnimationFrame", "setTimeout", "PerformanceObserver", "load", body.replaceAll("import(", "load("));
  script(win, fakeDocument, (f: () => void) => frames.push(f), (f: () => void) => timers.push(f), options.paintTiming ? FakePerformanceObserver : undefined, load);
  // Without paint timing the script waits for a frame (and a task); the load event has fired.
  if (!options.paintTiming) listeners["window load"]?.();
  // Runs the queued tasks, and those they queue, as the event loop would.
  const runTasks = () => {
    while (timers.length) timers.shift()!();
  };
  return { events, win, frames, timers, runTasks, listeners, fakeDocument, paint, paintObservers };
}

describe("hydrateAfterPaint", () => {
  it("removes the modulepreload links from the document and keeps everything else", () => {
    const html = hydrateAfterPaint(document(routerModuleScript), "N");
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-E.css"/>');
    expect(html).toContain("<h1>Hello</h1>");
    expect(html).toContain("window.__reactRouterContext.streamController.close();");
    expect(html).not.toMatch(/^import \* as/m);
  });

  it("rewrites React Router's script, not a module script of the site's own with a src", () => {
    const own = '<script type="module" src="/assets/site-menus-F.js" nonce="N"></script>';
    const html = hydrateAfterPaint(document(routerModuleScript).replace("<h1>Hello</h1>", `<h1>Hello</h1>${own}`), "N");
    expect(html).toContain(own);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/^import \* as/m);
  });

  it("waits for the first painted frame, then preloads, imports the routes, and only then the entry", async () => {
    const { events, win, frames, runTasks } = await run(hydrateAfterPaint(document(routerModuleScript), "N"));
    expect(events).toEqual([]);
    frames.shift()!();
    expect(events).toEqual([]);
    runTasks();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([
      "modulepreload /assets/entry.client-A.js N",
      "modulepreload /assets/react-dom-B.js N",
      "modulepreload /assets/root-C.js N",
      "modulepreload /assets/home-D.js N",
      "import /assets/root-C.js",
      "import /assets/home-D.js",
      "import /assets/entry.client-A.js",
      "entry sees root,page:/:en",
    ]);
    expect(win.__reactRouterRouteModules).toEqual({ root: { specifier: "/assets/root-C.js" }, "page:/:en": { specifier: "/assets/home-D.js" } });
    // Replacement patterns in the script text are not interpreted.
    expect((win.__reactRouterManifest as { price: string }).price).toBe("$&");
  });

  it("hydrates at once in a background tab, where no frame is painted", async () => {
    const { events, frames } = await run(hydrateAfterPaint(document(routerModuleScript), "N"), "hidden");
    await new Promise((resolve) => setImmediate(resolve));
    expect(frames).toEqual([]);
    expect(events).toContain("import /assets/entry.client-A.js");
  });

  it("adds many preload links one per task, so no single task is long", async () => {
    const many = Array.from({ length: 9 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="N"/>`).join("");
    const html = hydrateAfterPaint(document(routerModuleScript).replace("<link rel=\"stylesheet\"", `${many}<link rel="stylesheet"`), "N");
    const { events, frames, timers } = await run(html);
    const preloads = () => events.filter((e) => e.startsWith("modulepreload"));
    frames.shift()!();
    timers.shift()!();
    expect(preloads()).toHaveLength(1);
    timers.shift()!();
    expect(preloads()).toHaveLength(2);
    expect(events.some((e) => e.startsWith("import"))).toBe(false);
    let tasks = 2;
    while (timers.length) {
      timers.shift()!();
      tasks++;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks).toBe(13);
    expect(preloads()).toHaveLength(13);
    expect(events.at(-2)).toBe("import /assets/entry.client-A.js");
  });

  it("starts when a visible tab goes to the background before its first frame, and only once", async () => {
    const { events, frames, timers, listeners, fakeDocument } = await run(hydrateAfterPaint(document(routerModuleScript), "N"));
    fakeDocument.visibilityState = "hidden";
    listeners.visibilitychange();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.filter((e) => e.startsWith("import /assets/entry.client"))).toHaveLength(1);
    frames.shift()!();
    timers.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.filter((e) => e.startsWith("import /assets/entry.client"))).toHaveLength(1);
  });

  it("keeps a side-effect import (the manifest, when route discovery is off)", async () => {
    const withManifest = routerModuleScript.replace(/^;$/m, 'import "/assets/manifest-1.js";');
    const { events, runTasks, frames } = await run(hydrateAfterPaint(document(withManifest), "N"));
    frames.shift()!();
    runTasks();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toContain("import /assets/manifest-1.js");
    expect(events.at(-2)).toBe("import /assets/entry.client-A.js");
  });

  it("with paint timing, waits for both the first contentful paint and the load event", async () => {
    const { events, frames, timers, runTasks, listeners, paint, paintObservers } = await run(hydrateAfterPaint(document(routerModuleScript), "N"), "visible", { paintTiming: true });
    paint("first-paint");
    expect(timers).toEqual([]);
    paint("first-contentful-paint");
    expect(paintObservers).toEqual([]);
    expect(timers).toEqual([]);
    listeners["window load"]();
    expect(frames).toEqual([]);
    runTasks();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.at(-2)).toBe("import /assets/entry.client-A.js");
  });

  it("with paint timing, starts after the paint alone when the page had already loaded", async () => {
    const { events, timers, runTasks, paint } = await run(hydrateAfterPaint(document(routerModuleScript), "N"), "visible", { paintTiming: true, readyState: "complete" });
    expect(timers).toEqual([]);
    paint("first-contentful-paint");
    runTasks();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toContain("import /assets/entry.client-A.js");
  });

  it("leaves a document of another shape untouched", () => {
    const other = '<html><head><link rel="modulepreload" href="/x.js"/></head><body><script type="module">import "/y.js";</script></body></html>';
    expect(hydrateAfterPaint(other, "N")).toBe(other);
  });
});
