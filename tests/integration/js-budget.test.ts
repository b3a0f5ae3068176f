/**
 * The JavaScript a visitor downloads for each public page (decision 0039), read from the
 * production build (BUILD_DIR or ./build; `npm test` builds first) and from the pages a running
 * build serves, gzipped as the server sends them:
 * - a page React does not hydrate (every public page but contact and the video consultation, in
 *   each language, and the not-found page) loads no framework code: its one script is the page
 *   script, and all of its JavaScript stays within 5 KiB;
 * - the pages React hydrates stay within 125 KiB: entry + every route module of the page's route
 *   chain + their static imports, and the menus' script (app/document/site-menus.ts).
 * Also: no admin code in any public page's module graph.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../../app/routes";
import { startSite, type SiteServer } from "../helpers/server";

const BUDGET_BYTES = 125 * 1024;
const CONTENT_PAGE_BUDGET_BYTES = 5 * 1024;
/** The pages whose route asks for React in the browser (`handle = HYDRATE`). */
const HYDRATED_PATHS = ["/contact", "/video-consultation"];
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

/**
 * A script of the public pages as built: "page-script" on the pages without React
 * (app/document/page-script.ts), "site-menus" on the ones React hydrates.
 */
function standaloneFile(name: "page-script" | "site-menus"): string {
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

  it(`keeps the pages React hydrates within ${BUDGET_BYTES / 1024} KiB of gzipped JavaScript`, () => {
    const hydrated = publicIds.filter((id) => HYDRATED_PATHS.some((p) => id.startsWith(`page:${p}:`)));
    expect(hydrated).toHaveLength(HYDRATED_PATHS.length * 3);
    const rows = hydrated.map((id) => {
      const files = [...pageScripts(id), standaloneFile("site-menus")];
      return { id, files: files.length, gzipKiB: files.reduce((sum, f) => sum + gzipped(f), 0) / 1024 };
    });
    const worst = [...rows].sort((a, b) => b.gzipKiB - a.gzipKiB);
    console.log(
      "gzipped JS per hydrated public page (largest first):\n" +
        worst
          .filter((row) => row.id.endsWith(":en"))
          .map((row) => `  ${row.id.padEnd(48)} ${row.gzipKiB.toFixed(1).padStart(6)} KiB in ${row.files} files`)
          .join("\n"),
    );
    const over = worst.filter((row) => row.gzipKiB * 1024 > BUDGET_BYTES).map((row) => `${row.id}: ${row.gzipKiB.toFixed(1)} KiB`);
    expect(over).toEqual([]);
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
  return { files, inline, types: tags.map((tag) => tag.type) };
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
      if (HYDRATED_PATHS.some((p) => page.endsWith(p))) continue;
      const response = await fetch(`${site.url}${page}`);
      const html = await response.text();
      const { files, inline, types } = scriptsOf(html);
      // The page script and nothing else: no entry, no route modules, no hydration data. It is
      // imported by one inline script once the page has painted, not fetched before.
      expect(files, page).toEqual([`/${standaloneFile("page-script")}`]);
      expect(inline, page).toHaveLength(1);
      expect(inline[0], page).toContain("first-contentful-paint");
      expect(html, page).not.toContain('rel="modulepreload"');
      expect(html, page).not.toContain("__reactRouter");
      expect(types.filter((type) => type === "speculationrules"), page).toHaveLength(1);
      expect(html, page).toContain('<meta name="live-version"');
      const bytes = files.reduce((sum, f) => sum + served(f), 0) + gzipSync(inline[0]!).length;
      expect(bytes, page).toBeLessThanOrEqual(CONTENT_PAGE_BUDGET_BYTES);
      rows.push(`  ${page.padEnd(48)} ${(bytes / 1024).toFixed(2).padStart(6)} KiB in ${files.length} file and its inline loader`);
      checked.push(page);
    }
    // 13 pages in 3 languages, plus two not-found pages.
    expect(checked.length).toBe((PUBLIC_PAGES.length - HYDRATED_PATHS.length) * 3 + 2);
    console.log(`gzipped JS of the pages without React (English):\n${rows.filter((row) => !/^\s+\/(fa|zh)\b/.test(row)).join("\n")}`);
  });

  it("hydrates the contact page and the video consultation with React, with the menus' script", async () => {
    for (const page of pages.filter((p) => HYDRATED_PATHS.some((h) => p.endsWith(h)))) {
      const html = await (await fetch(`${site.url}${page}`)).text();
      const { files, inline } = scriptsOf(html);
      expect(html, page).toContain("window.__reactRouterContext");
      expect(html, page).not.toContain('name="live-version"');
      // React Router's entry is imported after the first paint (decision 0039), not preloaded.
      const entry = manifest.entry.module.replace(/^\/?/, "/");
      expect(inline.some((code) => code.includes(`import("${entry}")`)), page).toBe(true);
      expect(files, page).toContain(`/${standaloneFile("site-menus")}`);
      expect(files, page).not.toContain(`/${standaloneFile("page-script")}`);
    }
  });
});
