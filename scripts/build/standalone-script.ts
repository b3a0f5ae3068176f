// Vite plugin: `import url from "./file.ts?standalone"` gives the URL of that file bundled on its
// own (esbuild: minified ES module, nothing shared with the app's chunks). The page script of the
// pages React does not hydrate is such a file (app/document/page-script.ts, decision 0039).
// `import { loadAfterFirstPaint } from "./file.ts?standalone"` is the source of a classic inline
// script that imports that URL once the page has painted (app/document/after-first-paint.inline.ts):
// a module script in the HTML would be fetched and run before the first paint, which the visitor
// waits for (decision 0039, amended). Both are built here, so the server render and the client's
// hydration (which compares the inline script's text) get the same strings.
//
// The file name carries a hash of the bundled code, computed here rather than by Rollup, so the
// client build and the server build (which both import it) name the same file.
import { createHash } from "node:crypto";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

const QUERY = "?standalone";

const AFTER_FIRST_PAINT = "app/document/after-first-paint.inline.ts";

/** How each standalone file is bundled: one minified ES module, nothing shared. */
const BUNDLE = { bundle: true, minify: true, format: "esm", target: "es2022", legalComments: "none", write: false } as const;

/** The minified source of the function `afterFirstPaint`, as an expression. */
async function bundledFunction(file: string): Promise<string> {
  const contents = `import { afterFirstPaint } from ${JSON.stringify(file)}; globalThis.__f = afterFirstPaint;`;
  const result = await build({ ...BUNDLE, stdin: { contents, resolveDir: path.dirname(file), loader: "ts" } });
  // esbuild writes `function NAME(...){...}globalThis.__f=NAME;`: keep the function declaration.
  const code = result.outputFiles[0]!.text.trim();
  const match = /^(function (\w+)\([\s\S]*\})globalThis\.__f=\2;?$/.exec(code);
  if (!match) throw new Error(`Unexpected bundle of ${AFTER_FIRST_PAINT}: ${code.slice(0, 200)}`);
  return `(${match[1]})`;
}

/** The module an import of `file.ts?standalone` gets: the URL and the inline loader's source. */
function moduleFor(url: string, afterFirstPaint: string): string {
  const loader = `${afterFirstPaint}(()=>import(${JSON.stringify(url)}));`;
  return `export default ${JSON.stringify(url)};\nexport const loadAfterFirstPaint = ${JSON.stringify(loader)};`;
}

export function standaloneScript(): Plugin {
  let serve = false;
  let root = "";
  let base = "/";
  let afterFirstPaint = "";
  return {
    name: "standalone-script",
    configResolved(config) {
      serve = config.command === "serve";
      root = config.root;
      base = config.base;
    },
    async buildStart() {
      afterFirstPaint = await bundledFunction(path.join(root, AFTER_FIRST_PAINT));
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      // Development: Vite serves and transforms the source file itself.
      if (serve) return moduleFor(`/${path.relative(root, file).split(path.sep).join("/")}`, afterFirstPaint);
      this.addWatchFile(file);
      const result = await build({ ...BUNDLE, entryPoints: [file] });
      const code = result.outputFiles[0]!.text;
      const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
      const fileName = `assets/${path.basename(file).replace(/\.[cm]?[jt]s$/, "")}-${hash}.js`;
      this.emitFile({ type: "asset", fileName, source: code });
      return moduleFor(`${base}${fileName}`, afterFirstPaint);
    },
  };
}
