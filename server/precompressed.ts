import { existsSync } from "node:fs";
import path from "node:path";
import express, { type Request, type RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { COMPRESSIBLE } from "../core/compression";

/** Content types of the compressible build files, by extension. */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** Brotli when the browser takes it and a copy exists, else gzip (negotiation alone follows the header's order). */
export function preferredEncoding(req: Request, copies: { br: boolean; gzip: boolean }): "br" | "gzip" | undefined {
  if (copies.br && req.acceptsEncodings("br")) return "br";
  if (copies.gzip && req.acceptsEncodings("gzip")) return "gzip";
  return undefined;
}

/** Negotiated answers by Accept-Encoding value: browsers send a handful of distinct ones. */
const negotiated = new LRUCache<string, { encoding: "br" | "gzip" | undefined }>({ max: 64 });

/**
 * `preferredEncoding` with both copies at hand, for a request Express has not seen (the page
 * cache's answer before Express): Express's own `req.acceptsEncodings` runs on a request that
 * carries just this header, so both paths negotiate alike; the answer is kept per value.
 */
export function storedEncodingFor(acceptEncoding: string): "br" | "gzip" | undefined {
  let known = negotiated.get(acceptEncoding);
  if (!known) {
    const request = Object.create(express.request, { headers: { value: { "accept-encoding": acceptEncoding } } }) as Request;
    known = { encoding: preferredEncoding(request, { br: true, gzip: true }) };
    negotiated.set(acceptEncoding, known);
  }
  return known.encoding;
}

/**
 * Hashed build files in the Brotli or gzip copy the build wrote (scripts/build/precompress.ts),
 * when the browser accepts it; otherwise the next handler serves the file as it is.
 * Which copies exist is looked up once per file of the build (the folder never changes while
 * running).
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const known = new Map<string, { br: boolean; gzip: boolean }>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = path.basename(req.path);
    if (name !== req.path.slice(1) || !COMPRESSIBLE.test(name)) return next();
    let copies = known.get(name);
    if (!copies) {
      const file = path.join(assetsDir, name);
      // Only names of real files are remembered: made-up ones must not grow the map.
      if (!existsSync(file)) return next();
      copies = { br: existsSync(`${file}.br`), gzip: existsSync(`${file}.gz`) };
      known.set(name, copies);
    }
    res.vary("Accept-Encoding");
    const encoding = preferredEncoding(req, copies);
    if (!encoding) return next();
    // Set before sendFile, which would otherwise give the type of a .br/.gz file.
    res.set({ "Content-Encoding": encoding, "Content-Type": TYPES[path.extname(name)] });
    res.sendFile(`${name}.${encoding === "br" ? "br" : "gz"}`, { root: assetsDir, immutable: true, maxAge: "1y" }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
