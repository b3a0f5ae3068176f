// Vite plugin: writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to each
// compressible file of the client build. The server sends them as they are
// (server/precompressed.ts), so hashed assets cost no compression per request and arrive
// smaller than on-the-fly compression makes them (the stylesheet: 12.3 -> 10.6 KB).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { brotliBest, COMPRESSIBLE, GZIP_BEST } from "../../core/compression.ts";

/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

export function precompressFiles(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, brotliBest(bytes.length)));
    writeFileSync(`${file}.gz`, gzipSync(bytes, GZIP_BEST));
    written++;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: "post",
      handler() {
        precompressFiles(path.join(outDir, "assets"));
      },
    },
  };
}
