import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { LRUCache } from "lru-cache";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { brotliBest, GZIP_BEST } from "../core/compression";
import type { ChangeKind } from "../core/events";
import { preferredEncoding, storedEncodingFor } from "./precompressed";
import routeConfig, { PAGE_QUERY_PARAMETERS, PUBLIC_PAGES } from "../app/routes";
import { LANGUAGES, langFromPath, localizePath, stripLangPrefix } from "../app/i18n/languages";
import { isAdminPath } from "./admin-path";

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Rendered public HTML, kept in memory per URL (the URL's prefix says the language).
 *
 * - Only anonymous GETs are served from or stored in the cache: a request with a Cookie or
 *   Authorization header may be personal, so it always renders.
 * - A page is stored under its path plus only the query parameters that change it, as the route
 *   table declares them (PAGE_QUERY_PARAMETERS in app/routes.ts, decision 0053): `?utm_source=x`
 *   or `?q=<random>` on a public page is answered from the stored page, and the render that
 *   fills the cache sees the same URL as its key, so no ignored parameter is echoed into a page.
 *   A query string on anything but a public page (a newsletter link's token, `.data`,
 *   `/__manifest`) is never keyed, so never cached. A redirect a declared parameter makes
 *   (`/about?lang=fa`) is stored too, answered on the Express path with the request's other
 *   parameters carried over to its Location.
 * - Only a 200 text/html response without Set-Cookie is stored; a page that varies by
 *   visitor sends `Cache-Control: private` or `no-store` and is left alone.
 * - Every content, team or blog change event (which reaches every instance) empties it.
 * - CSP nonces: each render gets its own fresh nonce, which the stored page keeps and every
 *   copy served from it carries, in the body and in the CSP header, as a CDN serves one copy
 *   to everyone (decision 0022: the page holds no visitor input, and its content is fixed
 *   before the nonce is drawn, so no injected markup can know it).
 * - So the page is compressed once, in the background after it is stored: Brotli at quality
 *   11 and gzip at level 9, ~10% smaller than per-response compression could afford, which
 *   keeps the longest pages within a slow connection's first round trip.
 * - The ETag is `"{hash}-{nonce}"`, the hash taken with the nonce left out. A matching
 *   If-None-Match gets a 304 whose CSP header carries the nonce of the copy the client
 *   (or a CDN) already holds, so its scripts keep running after a re-render.
 * - A hit is answered before Express (`answer`, the server's first request listener): the
 *   page's complete headers are put together once per encoding and sent with its stored bytes,
 *   the same headers, in the same order, as the Express path (`serve`) sends (decision 0042).
 */

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** Headers the cache itself decides; a stored page keeps the route's other headers. */
const MANAGED_HEADERS = new Set(["content-length", "etag", "cache-control", "x-cache", "set-cookie", "content-encoding", "vary"]);

const NONCE_SHAPE = /^[A-Za-z0-9+/]{16,64}={0,2}$/;

export interface CachedPage {
  /** 200, or a redirect's status (its Location among `headers`); only a 200 has a body, an ETag and copies. */
  status?: number;
  /** The page as rendered, with its nonce. */
  body: Buffer;
  /** The nonce in the body, for the CSP header of every copy. */
  nonce: string;
  /** Hash of the page with its nonce left out: equal pages hash equal on every instance. */
  hash: string;
  bytes: number;
  /** The route's own response headers (content type and the like). */
  headers: Array<[string, string | number | string[]]>;
  /** The Brotli and gzip copies, once made. */
  compressed?: { br: Buffer; gzip: Buffer };
  /** Complete responses for `answer`, made at its first hit per encoding. */
  prepared?: Partial<Record<Variant, PreparedResponse>>;
  /** A not-found page's complete headers, by encoding and kind of path (`answerNotFound`). */
  preparedNotFound?: Map<string, string[]>;
  /** The request guard passed a GET or HEAD of this URL: it always will (its verdict depends on nothing else). */
  guardPassed?: boolean;
}

type Variant = "br" | "gzip" | "identity";

interface PreparedResponse {
  /** Header names and values in turn, as `writeHead` takes them. */
  head: string[];
  body: Buffer;
}

/** A least-recently-used map bounded by entry count and total bytes (lru-cache does the bookkeeping). */
export class PageCache {
  private entries: LRUCache<string, CachedPage>;
  /** Bumped by clear(): a render that started before a change must not be stored after it. */
  generation = 0;

  constructor(
    readonly maxEntries = 500,
    readonly maxBytes = 50 * 1024 * 1024,
  ) {
    // lru-cache refuses a size of 0 (it throws), so an empty page counts as one byte.
    this.entries = new LRUCache<string, CachedPage>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  /** Store a page; one larger than the whole budget is not kept. */
  set(key: string, entry: CachedPage): void {
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
  }

  /** Attach an entry's compressed copies, if it is still the one stored under `key`. */
  addCompressed(key: string, entry: CachedPage, compressed: NonNullable<CachedPage["compressed"]>): void {
    if (this.entries.peek(key) !== entry) return;
    entry.compressed = compressed;
    entry.bytes += compressed.br.length + compressed.gzip.length;
    // Stored again so its new size counts (and may push the oldest pages out); lru-cache keeps
    // the old size when the same object is set again, hence the delete first.
    this.entries.delete(key);
    this.set(key, entry);
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }
}

/** A rendered page: the placeholder replaced by its nonce, hashed without it. */
export function makeEntry(rendered: Buffer, placeholder: string, nonce: string, headers: CachedPage["headers"]): CachedPage {
  const parts: Buffer[] = [];
  const marker = Buffer.from(placeholder);
  let from = 0;
  for (let at = rendered.indexOf(marker, from); at !== -1; at = rendered.indexOf(marker, from)) {
    parts.push(rendered.subarray(from, at));
    from = at + marker.length;
  }
  parts.push(rendered.subarray(from));
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\u0000");
  const value = Buffer.from(nonce);
  const body = Buffer.concat(parts.flatMap((part, index) => (index > 0 ? [value, part] : [part])));
  return { body, nonce, hash: hash.digest("hex").slice(0, 32), bytes: body.length, headers };
}

/** The build's settings for copies made once (Brotli 11, gzip 9), once per stored page, off the main thread. */
export async function compressPage(body: Buffer): Promise<NonNullable<CachedPage["compressed"]>> {
  const [br, gz] = await Promise.all([brotliCompress(body, brotliBest(body.length)), gzip(body, GZIP_BEST)]);
  return { br, gzip: gz };
}

export const etagFor = (entry: CachedPage, nonce: string) => `"${entry.hash}-${nonce}"`;

/** The nonce of the client's copy when one of its If-None-Match tags names this page. */
export function matchingNonce(ifNoneMatch: string | undefined, hash: string): string | null {
  if (!ifNoneMatch) return null;
  for (const raw of ifNoneMatch.split(",")) {
    const tag = raw.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    const dash = tag.indexOf("-");
    if (dash <= 0 || tag.slice(0, dash) !== hash) continue;
    const nonce = tag.slice(dash + 1);
    if (NONCE_SHAPE.test(nonce)) return nonce;
  }
  return null;
}

export interface PageCacheOptions {
  events: { on(handler: (kind: ChangeKind) => void): () => void };
  /** The CSP header for a nonce (server/security.ts contentSecurityPolicy). */
  csp: (nonce: string) => string;
  /** False in development: pages are rendered fresh, only the no-store rule applies. */
  enabled?: boolean;
  /**
   * For `answer`, which runs before Express: the security headers a page's response starts
   * with (server/security.ts securityHeaderList), and whether the request guard
   * (server/request-guard.ts) lets a request through untouched. Without them `answer` declines.
   */
  before?: {
    securityHeaders: (nonce: string, path: string) => Array<[string, string]>;
    guard: (method: string, url: string) => boolean;
    /** Paths Express answers before React Router (media, the slots API, /healthz, the event stream): never "unknown". */
    expressPath?: (path: string) => boolean;
    /** What of a path `securityHeaders` depends on (server/security.ts securityHeaderKind): the not-found page's headers are made once per kind. */
    securityKind?: (path: string) => string;
  };
  maxEntries?: number;
  maxBytes?: number;
  /**
   * Whether React Router answers a path with its not-found page (the server passes
   * isUnknownPath): such paths get one stored page per language, rendered once (issue 44).
   */
  unknownPath?: (pathname: string) => boolean;
}

/** Each public page's path pattern (":slug" for one segment, a trailing slash allowed), by its unprefixed path. */
const PUBLIC_PAGE_PATTERNS: ReadonlyArray<[page: string, pattern: RegExp]> = PUBLIC_PAGES.map(([page]) => [
  page,
  new RegExp(`^${page === "/" ? "" : page.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[^/]+/g, "[^/]+")}/?$`),
]);

/** The unprefixed route-table path of a public page's address ("/fa/blog/x" is "/blog/:slug"), or null. */
export function publicPageOf(pathname: string): string | null {
  const bare = stripLangPrefix(pathname);
  for (const [page, pattern] of PUBLIC_PAGE_PATTERNS) if (pattern.test(bare)) return page;
  return null;
}

/** The declared parameters each public page reads in each language, sorted by name: made once, read per request. */
const DECLARED_PARAMETERS = new Map<string, string[]>(
  PUBLIC_PAGES.flatMap(([page]) =>
    LANGUAGES.map((lang): [string, string[]] => [
      `${lang} ${page}`,
      Object.keys(PAGE_QUERY_PARAMETERS)
        .sort()
        .filter((name) => {
          const rule = PAGE_QUERY_PARAMETERS[name];
          return (rule.pages === "*" || rule.pages.includes(page)) && rule.languages.includes(lang);
        }),
    ]),
  ),
);

/** The declared parameters a public page's address reads, sorted by name. */
const declaredParameters = (path: string, page: string): string[] => DECLARED_PARAMETERS.get(`${langFromPath(path)} ${page}`) ?? [];

/**
 * Where a stored redirect sends this request: its Location with the request's parameters that
 * are not in the key carried over (as app/root.tsx's `?lang=` redirect keeps the rest of the query).
 */
function redirectLocation(location: string, url: string): string {
  const queryAt = url.indexOf("?");
  const page = queryAt === -1 ? null : publicPageOf(url.slice(0, queryAt));
  if (page === null) return location;
  const rest = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of declaredParameters(url.slice(0, queryAt), page)) rest.delete(name);
  const query = rest.toString();
  return query ? `${location}${location.includes("?") ? "&" : "?"}${query}` : location;
}

/**
 * The cache key of a GET's raw URL: the path, plus the declared parameters the page reads
 * (sorted by name, values as their reader takes them; one a reader ignores is left out). A URL
 * without a query string is its own key; one with a query string on anything but a public page
 * has none (null: not cached).
 */
export function pageCacheKey(url: string): string | null {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  const page = publicPageOf(path);
  if (page === null) return null;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const kept: string[] = [];
  for (const name of declaredParameters(path, page)) {
    const rule = PAGE_QUERY_PARAMETERS[name];
    // The first value, as URLSearchParams.get gives it to the loader.
    const raw = query.get(name);
    const value = raw === null ? null : rule.value(raw);
    if (value !== null) kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return kept.length > 0 ? `${path}?${kept.join("&")}` : path;
}

/** The cache key of a request that may be answered from, and stored into, the page cache; null when it may not. */
export function cacheKeyFor(req: Request): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.headers.cookie || req.headers.authorization) return null;
  const path = req.path;
  // Pages have no dots (.data, .xml, .txt and files are not pages); the admin and APIs never come from here.
  if (path.includes(".") || isAdminPath(path) || path.startsWith("/api/")) return null;
  return pageCacheKey(req.originalUrl);
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/**
 * Every route's full path but the catch-all, as a pattern (":name" one segment, a trailing slash
 * allowed), by its first segment in lower case ("" for a first segment that is a parameter, or
 * none): a path is tested against its own first segment's few patterns and those; made once.
 */
const ROUTE_PATTERNS: Map<string, RegExp[]> = (() => {
  const byFirst = new Map<string, RegExp[]>();
  (function flatten(entries: RouteEntry[], base: string) {
    for (const entry of entries) {
      const full = [base, entry.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
      if (entry.path === "*") continue;
      if (entry.path !== undefined || entry.index) {
        const bare = full.replace(/^\//, "");
        const source = bare.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[^/]+/g, "[^/]+");
        const first = bare.split("/")[0]!;
        const group = first.startsWith(":") ? "" : first.toLowerCase();
        byFirst.set(group, [...(byFirst.get(group) ?? []), new RegExp(`^/${source}/?$`, "i")]);
      }
      if (entry.children) flatten(entry.children, full);
    }
  })(routeConfig as unknown as RouteEntry[], "");
  return byFirst;
})();
const NO_PATTERNS: RegExp[] = [];

/**
 * True when React Router would answer a path with the not-found page (no route but "*"
 * matches). Such a path reaches React Router only after every Express route (media, the slots
 * API, /healthz, files) has passed it on. Patterns made once: React Router's matchRoutes ranks
 * every route on each call, which cost a millisecond per request.
 */
export function isUnknownPath(pathname: string): boolean {
  // The admin's own not-found answers keep the admin's headers (noindex, no-store).
  if (isAdminPath(pathname)) return false;
  // React Router's route discovery (the links of a hydrated page ask it for their routes).
  if (pathname === "/__manifest") return false;
  const slash = pathname.indexOf("/", 1);
  const first = (slash === -1 ? pathname.slice(1) : pathname.slice(1, slash)).toLowerCase();
  for (const pattern of ROUTE_PATTERNS.get(first) ?? NO_PATTERNS) if (pattern.test(pathname)) return false;
  if (first !== "") for (const pattern of ROUTE_PATTERNS.get("") ?? NO_PATTERNS) if (pattern.test(pathname)) return false;
  return true;
}

/** Where the stored not-found page of a language is kept, and the one URL it is rendered at. */
const notFoundKey = (lang: string) => `404 ${lang}`;
const NOT_FOUND_RENDER_PATH = "/404";

type WriteArgs = [chunk?: unknown, encoding?: unknown, callback?: unknown];

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}

/**
 * Two middlewares: `serve` answers from the cache and goes early (right after the security
 * headers and compression), so a hit skips static-file lookups and routing; `capture`
 * renders and stores and goes just before the React Router request handler. `serve` also
 * marks every response to a non-GET request (a form POST) `no-store`. Only pages ever enter
 * the cache, so an early hit is always a page.
 */
export function pageCache(options: PageCacheOptions) {
  const cache = new PageCache(options.maxEntries, options.maxBytes);
  // Letters and digits only, so no escaping anywhere in the page can change it.
  const placeholder = `nonce${randomBytes(16).toString("hex")}`;
  options.events.on(() => cache.clear());

  const notModified = (res: Response, entry: CachedPage, nonce: string) => {
    res.setHeader("Content-Security-Policy", options.csp(nonce));
    res.setHeader("ETag", etagFor(entry, nonce));
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.removeHeader("Content-Length");
    res.removeHeader("Content-Type");
    res.status(304).end();
  };

  const serve = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Cache-Control", "no-store");
      return next();
    }
    const key = options.enabled === false ? null : cacheKeyFor(req);
    if (key === null) return next();

    const hit = cache.get(key);
    if (!hit) return next();
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    res.setHeader("X-Cache", "HIT");
    if (hit.status !== undefined && hit.status !== 200) {
      res.setHeader("Location", redirectLocation(String(res.getHeader("location")), req.originalUrl));
      res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
      res.status(hit.status).end();
      return;
    }
    const theirs = matchingNonce(req.headers["if-none-match"], hit.hash);
    if (theirs) return notModified(res, hit, theirs);
    res.setHeader("Content-Security-Policy", options.csp(hit.nonce));
    res.setHeader("ETag", etagFor(hit, hit.nonce));
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    sendStored(req, res, hit, 200);
  };

  /** The headers `serve` sends with a hit: the security headers, the route's, then the cache's. */
  const hitHead = (entry: CachedPage, path: string, nonce: string, encoding: Variant | 304, length: number): string[] => {
    const head: string[] = [];
    for (const [name, value] of options.before!.securityHeaders(nonce, path)) head.push(name, value);
    for (const [name, value] of entry.headers) {
      // A 304 has no body, so no type (notModified removes it).
      if (encoding === 304 && name === "content-type") continue;
      if (Array.isArray(value)) for (const one of value) head.push(name, one);
      else head.push(name, String(value));
    }
    head.push("X-Cache", "HIT", "ETag", etagFor(entry, nonce), "Cache-Control", PUBLIC_CACHE_CONTROL);
    if (encoding === 304) return head;
    head.push("Vary", "Accept-Encoding");
    if (encoding !== "identity") head.push("Content-Encoding", encoding);
    head.push("Content-Length", String(length));
    return head;
  };

  /** Which stored bytes `serve` (with the compression middleware after it) would send, or null to leave it to Express. */
  const variantFor = (entry: CachedPage, acceptEncoding: string | undefined): Variant | null => {
    // Without the header the compression middleware sends the page as it is, and so does this.
    if (!acceptEncoding) return "identity";
    const encoding = entry.compressed && storedEncodingFor(acceptEncoding);
    // Otherwise (copies not made yet, or only deflate or identity taken) the middleware decides per response.
    return encoding || null;
  };

  /**
   * A hit answered from the server's first request listener, before Express: true when answered.
   * Only GET and HEAD without cookies or credentials, at a URL whose key (pageCacheKey: the
   * path and its declared parameters) is a stored page's, that the request guard passes
   * untouched. A stored redirect is left to the Express path.
   */
  /** The stored not-found page of an unknown path's language, before Express (as `sendNotFound` sends it). */
  const answerNotFound = (req: IncomingMessage, res: ServerResponse, url: string): boolean => {
    if (!options.unknownPath || !options.before?.expressPath) return false;
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (path.includes(".") || options.before.expressPath(path) || !options.unknownPath(path)) return false;
    const entry = cache.get(notFoundKey(langFromPath(path)));
    if (!entry || !options.before.guard(req.method!, url)) return false;
    const variant = variantFor(entry, req.headers["accept-encoding"]);
    if (!variant) return false;
    const body = variant === "identity" ? entry.body : entry.compressed![variant];
    // Made once per encoding and kind of path (a flood of random paths is one kind), like a stored page's.
    const kind = options.before.securityKind?.(path);
    const prepared = kind === undefined ? undefined : (entry.preparedNotFound ??= new Map());
    let head = prepared?.get(`${variant} ${kind}`);
    if (!head) {
      head = [];
      for (const [name, value] of options.before.securityHeaders(entry.nonce, path)) head.push(name, value);
      for (const [name, value] of entry.headers) {
        if (Array.isArray(value)) for (const one of value) head.push(name, one);
        else head.push(name, String(value));
      }
      head.push("X-Cache", "HIT", "Cache-Control", "no-store", "Vary", "Accept-Encoding");
      if (variant !== "identity") head.push("Content-Encoding", variant);
      head.push("Content-Length", String(body.length));
      prepared?.set(`${variant} ${kind}`, head);
    }
    res.writeHead(404, head);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };

  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    const url = req.url;
    if (options.enabled === false || !options.before || (method !== "GET" && method !== "HEAD") || !url) return false;
    const headers = req.headers;
    if (headers.cookie || headers.authorization) return false;
    const key = pageCacheKey(url);
    const hit = key === null ? undefined : cache.get(key);
    if (!hit) return answerNotFound(req, res, url);
    if (key === null || (hit.status !== undefined && hit.status !== 200)) return false;
    if (key === url) {
      if (!hit.guardPassed && !(hit.guardPassed = options.before.guard(method, url))) return false;
      // The guard reads the query too (its length, a NUL): asked for each URL that has one.
    } else if (!options.before.guard(method, url)) return false;
    const theirs = matchingNonce(headers["if-none-match"], hit.hash);
    if (theirs) {
      res.writeHead(304, hitHead(hit, url, theirs, 304, 0));
      res.end();
      return true;
    }
    const variant = variantFor(hit, headers["accept-encoding"]);
    if (!variant) return false;
    const prepared = (hit.prepared ??= {});
    let response = prepared[variant];
    if (!response) {
      const body = variant === "identity" ? hit.body : hit.compressed![variant];
      response = prepared[variant] = { head: hitHead(hit, url, hit.nonce, variant, body.length), body };
    }
    res.writeHead(200, response.head);
    res.end(method === "HEAD" ? undefined : response.body);
    return true;
  };

  /**
   * A stored page's body with its status: the stored copies when the browser takes one (Brotli
   * first); otherwise the compression middleware compresses the body as it would any response.
   */
  const sendStored = (req: Request, res: Response, entry: CachedPage, status: 200 | 404) => {
    res.vary("Accept-Encoding");
    const encoding = entry.compressed && preferredEncoding(req, { br: true, gzip: true });
    const body = encoding ? entry.compressed![encoding] : entry.body;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.status(status).end(req.method === "HEAD" ? undefined : body);
  };

  /** A stored not-found page, the same bytes for every unknown path of its language (status 404). */
  const sendNotFound = (req: Request, res: Response, entry: CachedPage) => {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Cache", "HIT");
    res.setHeader("Content-Security-Policy", options.csp(entry.nonce));
    // Not stored by browsers or shared caches: the path may become a page.
    res.setHeader("Cache-Control", "no-store");
    sendStored(req, res, entry, 404);
  };

  const capture = (req: Request, res: Response, next: NextFunction) => {
    const anonymousRead = options.enabled !== false && (req.method === "GET" || req.method === "HEAD") && !req.headers.cookie && !req.headers.authorization;
    // An unknown path: one stored page per language instead of a render per path (issue 44).
    if (anonymousRead && options.unknownPath && !req.path.includes(".") && options.unknownPath(req.path)) {
      const lang = langFromPath(req.path);
      const stored = cache.get(notFoundKey(lang));
      if (stored) return sendNotFound(req, res, stored);
      if (req.method === "HEAD") return next();
      // Rendered at one fixed URL, so no part of the page (canonical, language links) echoes the path asked for.
      req.url = req.originalUrl = localizePath(NOT_FOUND_RENDER_PATH, lang as Parameters<typeof localizePath>[1]);
      return store(req, res, next, notFoundKey(lang), req.originalUrl, 404);
    }
    // A HEAD renders no body, so there is nothing to store.
    const key = options.enabled === false || req.method !== "GET" ? null : cacheKeyFor(req);
    if (key === null) return next();
    return store(req, res, next, key, req.originalUrl, 200);
  };

  /** Render, and store the answer under `key` when it is a `status` HTML page that varies by nobody. */
  const store = (req: Request, res: Response, next: NextFunction, key: string, asked: string, status: 200 | 404) => {
    // The render sees the URL it is stored under: nothing in the page (canonical, language links,
    // anything a component reads from the location) can echo a parameter the key leaves out.
    if (status === 200 && asked !== key) req.url = req.originalUrl = key;
    // This render's nonce (already in the CSP header) stays with the page while it is stored.
    const nonce = res.locals.nonce as string;

    const generation = cache.generation;
    const earlierHeaders = new Set(Object.keys(res.getHeaders()));
    res.locals.nonce = placeholder;
    const chunks: Buffer[] = [];
    const write = res.write;
    const end = res.end;
    const patched = res as unknown as { write: (...args: WriteArgs) => boolean; end: (...args: WriteArgs) => Response };
    patched.write = (chunk, encoding, callback) => {
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
      const done = typeof encoding === "function" ? encoding : callback;
      if (typeof done === "function") process.nextTick(done as () => void);
      return true;
    };
    patched.end = (chunk, encoding, callback) => {
      res.write = write;
      res.end = end;
      const done = [chunk, encoding, callback].find((a) => typeof a === "function") as (() => void) | undefined;
      if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
      const send = (out?: Buffer) => (end as (this: Response, ...args: unknown[]) => Response).call(res, out, done);

      const type = String(res.getHeader("content-type") ?? "");
      const routeCacheControl = String(res.getHeader("cache-control") ?? "");
      const personal = res.headersSent || !!res.getHeader("set-cookie") || /\b(private|no-store|no-cache)\b/i.test(routeCacheControl);
      const storable = !personal && res.statusCode === status && /^text\/html\b/i.test(type);
      const rendered = Buffer.concat(chunks);
      // A redirect (`/about?lang=fa`), stored by status and headers, so a declared parameter with
      // random others beside it costs one render per key, not one per request.
      if (status === 200 && !personal && REDIRECT.has(res.statusCode) && res.getHeader("location") && cache.generation === generation) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name]) => !earlierHeaders.has(name) && !MANAGED_HEADERS.has(name))
          .map(([name, value]): [string, string | number | string[]] => [name, value as string | number | string[]]);
        cache.set(key, { status: res.statusCode, body: Buffer.alloc(0), nonce, hash: "", bytes: 1, headers });
        res.setHeader("Location", redirectLocation(String(res.getHeader("location")), asked));
        res.setHeader("X-Cache", "MISS");
        res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
      }
      const entry = makeEntry(
        rendered,
        placeholder,
        nonce,
        Object.entries(res.getHeaders())
          .filter(([name]) => !earlierHeaders.has(name) && !MANAGED_HEADERS.has(name))
          .map(([name, value]) => [name, value as string | number | string[]]),
      );
      if (!storable) {
        // Not stored (an error page, a redirect, a personal page), but it was rendered with the placeholder.
        if (!res.headersSent && rendered.includes(placeholder)) res.setHeader("Content-Length", entry.body.length);
        return send(entry.body);
      }
      // Stored unless the content changed while it rendered; until the compressed copies are made,
      // hits are compressed per response like this one.
      if (cache.generation === generation) {
        cache.set(key, entry);
        compressPage(entry.body).then(
          (compressed) => cache.addCompressed(key, entry, compressed),
          () => undefined,
        );
      }
      res.setHeader("X-Cache", "MISS");
      if (status === 404) {
        res.setHeader("Cache-Control", "no-store");
        res.setHeader("Content-Length", entry.body.length);
        return send(entry.body);
      }
      const theirs = matchingNonce(req.headers["if-none-match"], entry.hash);
      if (theirs) {
        notModified(res, entry, theirs);
        return res;
      }
      res.setHeader("ETag", etagFor(entry, nonce));
      res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
      res.setHeader("Content-Length", entry.body.length);
      return send(entry.body);
    };
    next();
  };
  return { answer, serve, capture, cache };
}
