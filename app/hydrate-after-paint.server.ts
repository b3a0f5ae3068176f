/**
 * Start hydration after the first paint instead of before it.
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` (fetched at high priority)
 * for the entry and every route chunk into the document, and a module script whose static
 * imports fetch the route modules. On a slow phone connection that JavaScript (~120 KiB)
 * competes with the stylesheet and fonts for the first bytes, and Lighthouse counts all of it
 * as blocking the first paint. Every page is complete server-rendered HTML that works without
 * JavaScript (links are links, forms post), so nothing is lost by painting first.
 *
 * This rewrites the rendered document: the modulepreload links are removed, and the module
 * script becomes a function that, once the first contentful paint has been presented and the
 * page has loaded (or at once in a background tab, where frames never come), adds the same
 * modulepreload links a few per task, imports the route modules in parallel and then the entry,
 * in the order React Router expects. The hydration data scripts are untouched. A document that does not have the expected shape is
 * returned unchanged (it then hydrates as React Router wrote it).
 */

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const NAMESPACE_IMPORT = /^import \* as (\w+) from ("[^"\\]+");$/gm;
const BARE_IMPORT = /^(?:;)?import ("[^"\\]+");?$/gm;
const ENTRY_IMPORT = /^import\(("[^"\\]+")\);$/m;

const PRELOADS_PER_TASK = 4;

export function hydrateAfterPaint(html: string, nonce: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script || !script[2].includes("window.__reactRouterRouteModules")) return html;
  const body = script[2];
  if (!ENTRY_IMPORT.test(body)) return html;

  const preloads = [...new Set([...html.matchAll(MODULEPRELOAD)].map((m) => m[1]))];
  const modules = [...body.matchAll(NAMESPACE_IMPORT)].map(([, name, specifier]) => ({ name, specifier }));
  const sideEffects = [...body.matchAll(BARE_IMPORT)].map(([, specifier]) => specifier);
  const rest = body
    .replace(NAMESPACE_IMPORT, "")
    .replace(BARE_IMPORT, "")
    .replace(/^;$/m, "")
    .trim();

  const names = [...modules.map((m) => m.name), ...sideEffects.map((_, i) => `sideEffect${i}`)];
  const imports = [...modules.map((m) => m.specifier), ...sideEffects].map((s) => `import(${s})`);
  // Each appended <link> costs a few milliseconds on a slow phone, so they are added a few per
  // task; a tab that is (or goes) into the background, where frames never come, starts at once.
  const deferredScript = `{
const hrefs = ${JSON.stringify(preloads)};
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const preloadSome = () => {
    const batch = document.visibilityState === "hidden" ? hrefs.length : ${PRELOADS_PER_TASK};
    for (const href of hrefs.splice(0, batch)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = ${JSON.stringify(nonce)};
      document.head.append(link);
    }
    if (hrefs.length) setTimeout(preloadSome, 0);
    else hydrate();
  };
  preloadSome();
};
const hydrate = async () => {
  const [${names.join(", ")}] = await Promise.all([${imports.join(", ")}]);
  ${rest}
};
// The first contentful paint and the load event (the hero image and fonts are in) come first:
// a request started before them competes with them for a phone's connection.
let painted = false;
let loaded = document.readyState === "complete";
const startWhenReady = () => {
  if (painted && loaded) setTimeout(start, 0);
};
if (document.visibilityState === "hidden") start();
else {
  document.addEventListener("visibilitychange", start, { once: true });
  if (!loaded) window.addEventListener("load", () => { loaded = true; startWhenReady(); }, { once: true });
  const onPaint = () => { painted = true; startWhenReady(); };
  if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      onPaint();
    });
    observer.observe({ type: "paint", buffered: true });
  } else requestAnimationFrame(onPaint);
}
}`;
  const withoutPreloads = html.replace(MODULEPRELOAD, "");
  return withoutPreloads.replace(MODULE_SCRIPT, (_all, open: string, _body: string, close: string) => `${open}${deferredScript}${close}`);
}
