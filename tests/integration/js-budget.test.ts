/**
 * The JavaScript a visitor downloads for each public page (decision 0039), read from the
 * production build (BUILD_DIR or ./build; `npm test` builds first) and from the pages a running
 * build serves, gzipped as the server sends them:
 * - no public page (each in each language, and the not-found page) loads framework code: its one
 *   script is the page script, plus, on the contact page and the video consultation, the page's
 *   own module the page script imports (decision 0073); all of its JavaScript stays within 5 KiB.
 * Also: no admin code in any public page's module graph.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../../app/routes";
import { startSite, type SiteServer } from "../helpers/server";

const CONTENT_PAGE_BUDGET_BYTES = 5 * 1024;
/** The pages with a module of their own, which the page script imports (`data-page-module`). */
const PAGE_MODULES: Record<string, StandaloneName> = { "/contact": "contact-page", "/video-consultation": "video-page", "/virtual-consultation": "booking-page" };
const root = path.resolve(import.meta.dirname, "../..");
const clientDir = path.resolve(root, process.env.BUILD_DIR ?? "build", "client");

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** React Router's browser manifest (assets/manifest-{hash}.js), as the browser gets it. */
function readManifest(): Manifest {
  const assets = path.join(clientDir, "assets");
  if (!existsSync(assets)) throw new Error(`No build at ${clientDir}: run \`npm run build\` (or npm test, which builds).`);
  const files = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`No route manifest in ${assets}`);
  const text = readFileSync(files[0], "utf8").trim();
  return JSON.parse(text.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;$/, "")) as Manifest;
}

const manifest = readManifest();
const gzipCache = new Map<string, number>();
const gzipped = (file: string) => {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, file))).length;
    gzipCache.set(file, size);
  }
  return size;
};

const chain = (id: string): ManifestRoute[] => {
  const routes: ManifestRoute[] = [];
  let route: ManifestRoute | undefined = manifest.routes[id];
  while (route) {
    routes.push(route);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return routes;
};

/** The full URL pattern of a route: its parents' paths joined. */
const fullPath = (id: string) =>
  chain(id)
    .reverse()
    .map((r) => r.path ?? "")
    .filter(Boolean)
    .join("/")
    .replace(/\/+/g, "/")
    .replace(/^\/?/, "/");

/** Every JS file the browser loads for a page of this route. */
function pageScripts(id: string): Set<string> {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain(id)) {
    if (route.module) files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return new Set([...files].filter((f) => f.endsWith(".js")));
}

const readAsset = (file: string) => readFileSync(path.join(clientDir, file), "utf8");

/** The files plus every chunk they load on demand (import("./x.js")), transitively. */
function withLazyChunks(files: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readAsset(file).matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1]!));
    }
  }
  return seen;
}

type StandaloneName = "page-script" | "contact-page" | "video-page" | "booking-page";

/**
 * A script of the public pages as built: "page-script" on every page (app/document/page-script.ts),
 * the contact page's and the video consultation's own modules.
 */
function standaloneFile(name: StandaloneName): string {
  const file = readdirSync(path.join(clientDir, "assets")).find((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f));
  if (!file) throw new Error(`No ${name} script in the build`);
  return `assets/${file}`;
}

const publicIds = Object.keys(manifest.routes).filter((id) => id.startsWith("page:") || id === "routes/not-found");
const adminIds = Object.keys(manifest.routes).filter((id) => /^\/admin(\/|$)/.test(fullPath(id)));

describe("JavaScript budget of public pages", () => {
  it("finds the public pages and the admin in the build", () => {
    // 15 pages in 3 languages, plus the not-found page.
    expect(publicIds.length).toBeGreaterThanOrEqual(46);
    expect(adminIds.length).toBeGreaterThanOrEqual(5);
  });

  it("has no public route that asks for React in the browser", () => {
    const hydrated = publicIds.filter((id) => /\bhydrate:\s*(!0|true)\b/.test(readAsset(manifest.routes[id]!.module.replace(/^\//, ""))));
    expect(hydrated).toEqual([]);
  });

  it("never puts an admin route module in a public page's module graph", () => {
    const adminModules = new Set(adminIds.map((id) => manifest.routes[id]!.module).filter(Boolean));
    expect(adminModules.size).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const id of publicIds) {
      for (const file of pageScripts(id)) if (adminModules.has(file)) leaks.push(`${id} loads ${file}`);
    }
    expect(leaks).toEqual([]);
  });

  it("ships no admin-only text (labels, messages, class lists) in any public page's JavaScript", () => {
    const sources = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir, { recursive: true, encoding: "utf8" })
            .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.server\.tsx?$/.test(f))
            .map((f) => path.join(dir, f))
        : [];
    const app = path.join(root, "app");
    const isAdmin = (file: string) => /[/\\](routes|components)[/\\]admin[/\\]|[/\\]app[/\\]admin[/\\]/.test(file);
    const all = sources(app);
    const adminFiles = all.filter(isAdmin);
    // Text that is not admin-only: the rest of the app, and the framework every page loads.
    const otherText = [
      ...all.filter((f) => !isAdmin(f)).map((f) => readFileSync(f, "utf8")),
      ...[manifest.entry.module, ...manifest.entry.imports].map(readAsset),
    ].join("\n");
    // Human-readable literals and JSX text found only in admin files.
    const markers = new Set<string>();
    for (const file of adminFiles) {
      const text = readFileSync(file, "utf8");
      const found = [
        ...text.matchAll(/"([^"\\\n]{16,})"/g),
        ...text.matchAll(/'([^'\\\n]{16,})'/g),
        ...text.matchAll(/>\s*([^<>{}\n]{16,}?)\s*</g),
      ].map((m) => m[1]!.trim());
      for (const literal of found) {
        const prose = /^[\x20-\x7e]+$/.test(literal) && /[a-z]{3}/i.test(literal) && literal.includes(" ") && !/[=|&;(){}<>]/.test(literal);
        if (prose && !otherText.includes(literal)) {
          markers.add(literal);
        }
      }
    }
    // Public pages' static graph and whatever they load on demand.
    const publicFiles = withLazyChunks(publicIds.flatMap((id) => [...pageScripts(id)]));
    const publicJs = [...publicFiles].map(readAsset).join("\n");
    const leaked = [...markers].filter((marker) => publicJs.includes(marker));
    expect(leaked).toEqual([]);
    if (markers.size > 0) {
      // The markers are real: the chunks only the admin loads do carry some of them.
      const adminJs = [...withLazyChunks(adminIds.flatMap((id) => [...pageScripts(id)]))]
        .filter((f) => !publicFiles.has(f))
        .map(readAsset)
        .join("\n");
      expect([...markers].some((marker) => adminJs.includes(marker))).toBe(true);
    }
  });
});

/** What a page's HTML makes the browser run: its script files and its inline scripts. */
function scriptsOf(html: string) {
  const tags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
    type: /\btype="([^"]+)"/.exec(attributes!)?.[1] ?? "text/javascript",
    src: /\bsrc="([^"]+)"/.exec(attributes!)?.[1],
    body: body!,
  }));
  // JSON-LD and Speculation Rules are data, not code.
  const code = tags.filter((tag) => tag.type === "module" || tag.type === "text/javascript");
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const inline = code.filter((tag) => !tag.src).map((tag) => tag.body);
  // What inline code imports (a page script once the page has painted, React Router's modules).
  const imported = inline.flatMap((body) => [...body.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!));
  const files = [...new Set([...code.flatMap((tag) => (tag.src ? [tag.src] : [])), ...preloads, ...imported])];
  // What the page script imports for this page (decision 0073).
  const modules = [...html.matchAll(/\bdata-page-module="([^"]+)"/g)].map((m) => m[1]!);
  return { files, modules, inline, types: tags.map((tag) => tag.type) };
}

describe("JavaScript of the pages as served", () => {
  let site: SiteServer;
  let pages: string[];
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: "true" });
    const feed = await (await fetch(`${site.url}/rss.xml`)).text();
    const post = new URL(/<item>[\s\S]*?<link>([^<]+)<\/link>/.exec(feed)![1]!).pathname;
    const paths = PUBLIC_PAGES.map(([p]) => (p === "/blog/:slug" ? post : p));
    pages = [...["", "/fa", "/zh"].flatMap((prefix) => paths.map((p) => (p === "/" ? prefix || "/" : `${prefix}${p}`))), "/no-such-page", "/fa/no-such-page"];
  });
  afterAll(async () => {
    await site?.stop();
  });

  const served = (file: string) => gzipped(file.replace(/^\//, ""));

  it(`sends no framework code to a page React does not hydrate, and at most ${CONTENT_PAGE_BUDGET_BYTES / 1024} KiB of JavaScript`, async () => {
    const rows: string[] = [];
    const checked: string[] = [];
    for (const page of pages) {
      const response = await fetch(`${site.url}${page}`);
      const html = await response.text();
      const { files, modules, inline, types } = scriptsOf(html);
      const own = Object.entries(PAGE_MODULES).find(([p]) => page.endsWith(p))?.[1];
      expect(modules, page).toEqual(own ? [`/${standaloneFile(own)}`] : []);
      // The page script and nothing else: no entry, no route modules, no hydration data. It is
      // imported by one inline script once the page has painted, not fetched before.
      expect(files, page).toEqual([`/${standaloneFile("page-script")}`]);
      // Chinese pages also have the head script that adds a cached Noto Sans SC before the first
      // paint (decision 0077): no import, no framework.
      const chinese = page === "/zh" || page.startsWith("/zh/");
      expect(inline, page).toHaveLength(chinese ? 2 : 1);
      expect(inline.filter((body) => body.includes("first-contentful-paint")), page).toHaveLength(1);
      const others = inline.filter((body) => !body.includes("first-contentful-paint"));
      expect(others.map((body) => body.includes("font-sheet-cached") && !/\bimport\(/.test(body)), page).toEqual(chinese ? [true] : []);
      expect(html, page).not.toContain('rel="modulepreload"');
      expect(html, page).not.toContain("__reactRouter");
      expect(types.filter((type) => type === "speculationrules"), page).toHaveLength(1);
      expect(html, page).toContain('<meta name="live-version"');
      const bytes = [...files, ...modules].reduce((sum, f) => sum + served(f), 0) + inline.reduce((sum, body) => sum + gzipSync(body).length, 0);
      expect(bytes, page).toBeLessThanOrEqual(CONTENT_PAGE_BUDGET_BYTES);
      rows.push(`  ${page.padEnd(48)} ${(bytes / 1024).toFixed(2).padStart(6)} KiB in ${files.length + modules.length} file(s) and the inline loader`);
      checked.push(page);
    }
    // Every public page in 3 languages, plus two not-found pages.
    expect(checked.length).toBe(PUBLIC_PAGES.length * 3 + 2);
    console.log(`gzipped JS of the pages without React (English):\n${rows.filter((row) => !/^\s+\/(fa|zh)\b/.test(row)).join("\n")}`);
  });

  it("loads the contact form's schema only when the visitor starts on the form, within the budget too", async () => {
    const html = await (await fetch(`${site.url}/contact`)).text();
    const schema = /\bdata-schema="([^"]+)"/.exec(html)?.[1];
    expect(schema).toMatch(/^\/assets\/schema-[\w-]+\.js$/);
    const { files, modules, inline } = scriptsOf(html);
    const all = [...files, ...modules, schema!].reduce((sum, f) => sum + served(f), 0) + inline.reduce((sum, body) => sum + gzipSync(body).length, 0);
    console.log(`contact page with the schema: ${(all / 1024).toFixed(2)} KiB`);
    expect(all).toBeLessThanOrEqual(10 * 1024);
  });
});
