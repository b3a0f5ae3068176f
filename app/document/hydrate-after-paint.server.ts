/**
 * Start hydration after the first paint instead of before it, on the public pages React
 * hydrates (the contact page and the video consultation; decision 0039 keeps the others free of
 * framework code).
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` (fetched at high priority)
 * for the entry and every route chunk into the document, and a module script whose static
 * imports fetch the route modules. On a slow phone connection that JavaScript (~120 KiB)
 * competes with the stylesheet and fonts for the first bytes, and Lighthouse counts all of it
 * as blocking the first paint. Every page is complete server-rendered HTML that works without
 * JavaScript (links are links, forms post), so nothing is lost by painting first.
 *
 * This rewrites the rendered document: the modulepreload links are removed, and the module
 * script becomes a function that, after the first contentful paint and the load event (see
 * `afterFirstPaint`), adds the same modulepreload links one per task, imports the route
 * modules in parallel and then the entry, in the order React Router expects. The hydration data
 * scripts are untouched. A document that does not have the expected shape is returned unchanged
 * (it then hydrates as React Router wrote it).
 */

import { afterFirstPaint } from "./after-first-paint.inline";

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
// React Router's inline module script (the site's own scripts have a src).
const MODULE_SCRIPT = /(<script\b(?![^>]*\bsrc=)[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const NAMESPACE_IMPORT = /^import \* as (\w+) from ("[^"\\]+");$/gm;
const BARE_IMPORT = /^(?:;)?import ("[^"\\]+");?$/gm;
const ENTRY_IMPORT = /^import\(("[^"\\]+")\);$/m;

const PRELOADS_PER_TASK = 1;

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
  // Each appended <link> starts a request from the main thread (2-5 ms each in a Lighthouse trace,
  // four times that on its simulated phone), so they are added one per task (all at once in a
  // background tab, where nobody waits for the main thread).
  const deferredScript = `{
const hrefs = ${JSON.stringify(preloads)};
const start = () => {
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
(${afterFirstPaint})(start);
}`;
  const withoutPreloads = html.replace(MODULEPRELOAD, "");
  return withoutPreloads.replace(MODULE_SCRIPT, (_all, open: string, _body: string, close: string) => `${open}${deferredScript}${close}`);
}
