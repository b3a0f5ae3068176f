// Vite plugin: `import url from "./file.ts?standalone"` gives the URL of that file bundled on its
// own (esbuild: minified ES module, nothing shared with the app's chunks). The page script of the
// pages React does not hydrate is such a file (app/document/page-script.ts, decision 0039).
//
// The file name carries a hash of the bundled code, computed here rather than by Rollup, so the
// client build and the server build (which both import it) name the same file.
import { createHash } from "node:crypto";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

const QUERY = "?standalone";

export function standaloneScript(): Plugin {
  let serve = false;
  let root = "";
  let base = "/";
  return {
    name: "standalone-script",
    configResolved(config) {
      serve = config.command === "serve";
      root = config.root;
      base = config.base;
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      // Development: Vite serves and transforms the source file itself.
      if (serve) return `export default ${JSON.stringify(`/${path.relative(root, file).split(path.sep).join("/")}`)};`;
      this.addWatchFile(file);
      const result = await build({
        entryPoints: [file],
        bundle: true,
        minify: true,
        format: "esm",
        target: "es2022",
        legalComments: "none",
        write: false,
      });
      const code = result.outputFiles[0]!.text;
      const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
      const fileName = `assets/${path.basename(file).replace(/\.[cm]?[jt]s$/, "")}-${hash}.js`;
      this.emitFile({ type: "asset", fileName, source: code });
      return `export default ${JSON.stringify(`${base}${fileName}`)};`;
    },
  };
}
