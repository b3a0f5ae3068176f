/**
 * The JavaScript a visitor downloads for each public page, read from the production build
 * (BUILD_DIR or ./build; `npm test` builds first): entry + every route module of the page's
 * route chain + their static imports, gzipped as the server sends them. Budget: 125 KiB.
 * Also: no admin code in any public page's module graph.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const BUDGET_BYTES = 125 * 1024;
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

const publicIds = Object.keys(manifest.routes).filter((id) => id.startsWith("page:") || id === "routes/not-found");
const adminIds = Object.keys(manifest.routes).filter((id) => /^\/admin(\/|$)/.test(fullPath(id)));

describe("JavaScript budget of public pages", () => {
  it("finds the public pages and the admin in the build", () => {
    // 15 pages in 3 languages, plus the not-found page.
    expect(publicIds.length).toBeGreaterThanOrEqual(46);
    expect(adminIds.length).toBeGreaterThanOrEqual(5);
  });

  it(`keeps every public page within ${BUDGET_BYTES / 1024} KiB of gzipped JavaScript`, () => {
    const rows = publicIds.map((id) => {
      const files = [...pageScripts(id)];
      return { id, files: files.length, gzipKiB: files.reduce((sum, f) => sum + gzipped(f), 0) / 1024 };
    });
    const worst = [...rows].sort((a, b) => b.gzipKiB - a.gzipKiB);
    console.log(
      "gzipped JS per public page (largest first):\n" +
        worst
          .filter((row) => row.id.endsWith(":en") || row.id === "routes/not-found")
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
