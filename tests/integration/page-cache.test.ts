import { randomBytes } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import compression from "compression";
import express from "express";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChangeKind } from "../../core/events";
import { PUBLIC_CACHE_CONTROL, PageCache, makeEntry, pageCache, pageCacheKey } from "../../server/page-cache";
import { judgeRequest, requestGuard } from "../../server/request-guard";
import { rawGet } from "../helpers/raw-http";

/**
 * The app.ts order: security headers (fresh nonce) -> request guard -> compression -> page cache
 * -> renderer; and, as the server's first listener, the page cache's answer before all of it.
 */
function makeApp() {
  const handlers = new Set<(kind: ChangeKind) => void>();
  const events = {
    on(handler: (kind: ChangeKind) => void) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    emit(kind: ChangeKind) {
      for (const handler of handlers) handler(kind);
    },
  };
  const state = { renders: 0, version: 1, gate: null as Promise<void> | null, express: 0, guardRefuses: false };
  const securityHeaders = (nonce: string, path: string): Array<[string, string]> => [
    ["Content-Security-Policy", `script-src 'nonce-${nonce}'`],
    ["X-Content-Type-Options", "nosniff"],
    ["Cross-Origin-Resource-Policy", path.startsWith("/media/") ? "cross-origin" : "same-origin"],
  ];
  const app = express();
  app.disable("x-powered-by");
  app.use((req, res, next) => {
    state.express++;
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    for (const [name, value] of securityHeaders(nonce, req.path)) res.setHeader(name, value);
    next();
  });
  app.use(requestGuard());
  app.use(compression());
  const pages = pageCache({
    events,
    csp: (nonce) => `script-src 'nonce-${nonce}'`,
    maxEntries: 3,
    before: { securityHeaders, guard: (method, url) => !state.guardRefuses && judgeRequest(method, url).ok },
  });
  app.use(pages.serve);
  // What app.ts has between the two: routes that answer before the pages (a health check here).
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.use(pages.capture);
  app.use(async (req, res) => {
    state.renders++;
    const version = state.version;
    if (state.gate) await state.gate;
    const nonce = res.locals.nonce as string;
    if (req.path === "/with-cookie") res.setHeader("Set-Cookie", "flash=1; Path=/");
    if (req.path === "/private") res.setHeader("Cache-Control", "private");
    if (req.path === "/missing") res.status(404);
    // As app/root.tsx: an English page asked for in another language redirects, its query kept.
    const asked = new URL(req.originalUrl, "http://x").searchParams.get("lang");
    if (asked === "fa" || asked === "zh") {
      const query = new URLSearchParams(req.originalUrl.split("?")[1]);
      query.delete("lang");
      return void res.redirect(302, `/${asked}${req.path}${query.size ? `?${query}` : ""}`);
    }
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // Big enough to be compressed, and the nonce both in an attribute and in inline data.
    res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">window.ctx=${JSON.stringify({ nonce })}</script></head>`);
    res.end(`<body><p>${req.method} ${req.path} version ${version}</p><p>url ${req.originalUrl}</p>${"<p>filler text</p>".repeat(200)}</body></html>`);
  });
  const listener = createServer((req, res) => {
    if (!pages.answer(req, res)) app(req, res);
  });
  return { app, listener, events, state, cache: pages.cache };
}

let server: Server;
let base: string;
/** The same app and cache behind the answer before Express. */
let fastBase: string;
let ctx: ReturnType<typeof makeApp>;

async function listen(target: Server): Promise<string> {
  target.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => target.once("listening", () => resolve()));
  const address = target.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

beforeAll(async () => {
  ctx = makeApp();
  server = createServer(ctx.app);
  base = await listen(server);
  fastBase = await listen(ctx.listener);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => ctx.listener.close(() => resolve()));
});

beforeEach(() => {
  ctx.cache.clear();
  ctx.state.renders = 0;
  ctx.state.gate = null;
  ctx.state.guardRefuses = false;
});

const bodyNonce = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
const headerNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  return { response, body: await response.text() };
}

describe("the page cache", () => {
  it("renders a page once, then serves that render, its nonce in the page and the CSP header alike", async () => {
    const first = await get("/team");
    const second = await get("/team");
    const third = await get("/team");
    expect(ctx.state.renders).toBe(1);
    expect(first.response.headers.get("x-cache")).toBe("MISS");
    expect(second.response.headers.get("x-cache")).toBe("HIT");
    for (const { response, body } of [first, second, third]) {
      const nonce = bodyNonce(body)!;
      // Header and page agree, and the placeholder never leaks.
      expect(headerNonce(response)).toBe(nonce);
      expect(body).toContain(`window.ctx={"nonce":"${nonce}"}`);
      expect(body).not.toMatch(/nonce[0-9a-f]{32}/);
      expect(response.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
    // One render, one nonce: the stored page is sent as it was rendered.
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
  });

  it("gives each render its own nonce: a change event brings a new one", async () => {
    const before = await get("/team");
    ctx.events.emit("content");
    const after = await get("/team");
    await get("/team");
    const cached = await get("/team");
    expect(ctx.state.renders).toBe(2);
    expect(bodyNonce(after.body)).not.toBe(bodyNonce(before.body));
    expect(bodyNonce(cached.body)).toBe(bodyNonce(after.body));
    expect(headerNonce(cached.response)).toBe(bodyNonce(after.body));
  });

  it("sends the stored Brotli and gzip copies once made, and the page as it is to a client that takes neither", async () => {
    const rendered = (await get("/about", { "Accept-Encoding": "identity" })).body;
    await vi.waitFor(() => expect(ctx.cache.get("/about")?.compressed).toBeDefined());
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const response = await rawGet(`${base}/about`, { "Accept-Encoding": accept });
      expect(response.headers["x-cache"]).toBe("HIT");
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["vary"]).toMatch(/accept-encoding/i);
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decode(response.body).toString()).toBe(rendered);
    }
    // Compressed once, at Brotli's best quality (per response, the middleware affords less).
    const stored = ctx.cache.get("/about")!;
    const best = zlib.brotliCompressSync(stored.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    });
    expect(stored.compressed!.br.equals(best)).toBe(true);
    const plain = await rawGet(`${base}/about`, { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(rendered);
    // Before the copies exist, a hit is compressed per response like any page.
    stored.compressed = undefined;
    const early = await rawGet(`${base}/about`, { "Accept-Encoding": "gzip" });
    expect(early.headers["x-cache"]).toBe("HIT");
    expect(early.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(early.body).toString()).toBe(rendered);
  });

  it("answers a matching If-None-Match with 304 and the CSP of the copy the client holds", async () => {
    const first = await get("/contact");
    const etag = first.response.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}-[A-Za-z0-9+/=]+"$/);
    const again = await fetch(`${base}/contact`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(headerNonce(again)).toBe(bodyNonce(first.body));
    expect(again.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);

    // Another page's tag, or a changed page, gets the full page.
    const other = await fetch(`${base}/contact`, { headers: { "If-None-Match": '"0123456789abcdef0123456789abcdef-abcdefghijklmnopqrstuv=="' } });
    expect(other.status).toBe(200);
    // A tag whose nonce part is not a nonce cannot smuggle text into the CSP header.
    const hash = etag.slice(1, etag.indexOf("-"));
    const hostile = await fetch(`${base}/contact`, { headers: { "If-None-Match": `"${hash}-x' 'unsafe-inline"` } });
    expect(hostile.status).toBe(200);
    expect(hostile.headers.get("content-security-policy")).not.toContain("unsafe-inline");
  });

  it("still answers 304 after the cache was emptied when the page came out the same", async () => {
    const first = await get("/blog");
    ctx.events.emit("team");
    const again = await fetch(`${base}/blog`, { headers: { "If-None-Match": first.response.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(ctx.state.renders).toBe(2);
  });

  it("drops every page on a content, team or blog change", async () => {
    for (const kind of ["content", "team", "blog"] as const) {
      await get("/");
      await get("/fa");
      const renders = ctx.state.renders;
      ctx.state.version++;
      ctx.events.emit(kind);
      const { body } = await get("/");
      await get("/fa");
      expect(ctx.state.renders).toBe(renders + 2);
      expect(body).toContain(`version ${ctx.state.version}`);
    }
  });

  it("does not store a page whose render began before a change", async () => {
    let release!: () => void;
    ctx.state.gate = new Promise<void>((resolve) => (release = resolve));
    const pending = get("/practice-areas");
    await new Promise((r) => setTimeout(r, 50));
    ctx.events.emit("content");
    release();
    await pending;
    ctx.state.gate = null;
    const next = await get("/practice-areas");
    expect(next.response.headers.get("x-cache")).toBe("MISS");
    expect(ctx.state.renders).toBe(2);
  });

  it("evicts the least recently used page beyond its size", async () => {
    await get("/a");
    await get("/b");
    await get("/c");
    await get("/a"); // /a is now the most recent
    await get("/d"); // evicts /b
    expect(ctx.state.renders).toBe(4);
    expect((await get("/a")).response.headers.get("x-cache")).toBe("HIT");
    expect((await get("/b")).response.headers.get("x-cache")).toBe("MISS");
    expect(ctx.cache.size).toBe(3);
  });

  it.each([
    ["a query string on a page that is not public", "/newsletter/confirm?token=abc", {}],
    ["a query string on an unknown page", "/a?utm_source=x", {}],
    ["React Router's route discovery", "/__manifest?p=%2Fteam&version=1", {}],
    ["a request with cookies", "/team", { Cookie: "admin.session_token=abc" }],
    ["a request with credentials", "/team", { Authorization: "Bearer x" }],
    ["the admin", "/admin/dashboard", {}],
    ["a data request", "/team.data", {}],
    ["a data request with its routes", "/team.data?_routes=routes%2Fteam", {}],
  ])("never serves %s from the cache", async (_label, path, headers) => {
    await get(path, headers);
    const { response, body } = await get(path, headers);
    expect(ctx.state.renders).toBe(2);
    expect(response.headers.get("x-cache")).toBeNull();
    // Rendered as usual, with the response's own nonce.
    expect(bodyNonce(body)).toBe(headerNonce(response));
  });

  it.each([
    ["a page that sets a cookie", "/with-cookie"],
    ["a private page", "/private"],
    ["a not-found page", "/missing"],
  ])("never stores %s, but gives it this response's nonce", async (_label, path) => {
    const first = await get(path);
    const second = await get(path);
    expect(ctx.state.renders).toBe(2);
    expect(second.response.headers.get("etag")).toBeNull();
    expect(second.response.headers.get("cache-control") ?? "").not.toContain("public");
    for (const { response, body } of [first, second]) expect(bodyNonce(body)).toBe(headerNonce(response));
  });

  it("leaves non-page answers alone", async () => {
    await get("/healthz");
    const { response, body } = await get("/healthz");
    expect(JSON.parse(body)).toEqual({ status: "ok" });
    expect(response.headers.get("x-cache")).toBeNull();
    expect(ctx.cache.size).toBe(0);
  });

  it("marks form posts no-store and never caches them", async () => {
    const post = async () => fetch(`${base}/contact`, { method: "POST", body: new URLSearchParams({ name: "x" }) });
    const first = await post();
    const second = await post();
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("x-cache")).toBeNull();
    expect(ctx.state.renders).toBe(2);
  });

  it("answers HEAD from the cache without a body", async () => {
    await get("/team");
    const head = await fetch(`${base}/team`, { method: "HEAD", headers: { "Accept-Encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
    expect(ctx.state.renders).toBe(1);
  });
});

/** One exchange as sent: status, header lines in order with their names' case (the date left out), body bytes. */
function exchange(url: string, method = "GET", headers: Record<string, string> = {}): Promise<{ status: number; lines: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const lines: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) if (response.rawHeaders[i] !== "Date") lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        resolve({ status: response.statusCode ?? 0, lines, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end();
  });
}

describe("the page cache's answer before Express", () => {
  /** Requests that reached the Express app while `work` ran. */
  async function expressRequests(work: () => Promise<unknown>): Promise<number> {
    const before = ctx.state.express;
    await work();
    return ctx.state.express - before;
  }

  it("sends a hit without Express, with the status, headers and bytes the Express path sends", async () => {
    await get("/team");
    await vi.waitFor(() => expect(ctx.cache.get("/team")?.compressed).toBeDefined());
    const etag = (await exchange(`${base}/team`)).lines.find((line) => line.startsWith("ETag: "))!.slice("ETag: ".length);
    const cases: Array<[string, Record<string, string>]> = [
      ["GET", { "Accept-Encoding": "gzip, deflate, br, zstd" }],
      ["GET", { "Accept-Encoding": "gzip, deflate" }],
      ["GET", { "Accept-Encoding": "br;q=0, gzip" }],
      ["GET", {}],
      ["HEAD", { "Accept-Encoding": "br" }],
      ["GET", { "Accept-Encoding": "br", "If-None-Match": etag }],
      ["HEAD", { "If-None-Match": `"0123456789abcdef0123456789abcdef-abcdefghijklmnopqrstuv==", ${etag}` }],
    ];
    for (const [method, headers] of cases) {
      const label = `${method} ${JSON.stringify(headers)}`;
      let throughExpress!: Awaited<ReturnType<typeof exchange>>;
      let before!: Awaited<ReturnType<typeof exchange>>;
      expect(await expressRequests(async () => (throughExpress = await exchange(`${base}/team`, method, headers))), label).toBe(1);
      expect(await expressRequests(async () => (before = await exchange(`${fastBase}/team`, method, headers))), label).toBe(0);
      expect(before.status, label).toBe(throughExpress.status);
      expect(before.lines, label).toEqual(throughExpress.lines);
      expect(before.body.equals(throughExpress.body), label).toBe(true);
      expect(before.lines, label).toContain("X-Cache: HIT");
    }
    expect(ctx.state.renders).toBe(1);
  });

  it("leaves misses, personal requests, queries, posts, other encodings and refused URLs to Express", async () => {
    await get("/team");
    await vi.waitFor(() => expect(ctx.cache.get("/team")?.compressed).toBeDefined());
    for (const [label, path, method, headers] of [
      ["a miss", "/about", "GET", {}],
      ["a cookie", "/team", "GET", { Cookie: "admin.session_token=abc" }],
      ["credentials", "/team", "GET", { Authorization: "Bearer x" }],
      ["a query string on a page that is not public", "/a?utm=x", "GET", {}],
      ["a form post", "/team", "POST", {}],
      ["another spelling", "/TEAM", "GET", {}],
    ] as const) {
      let answer!: Awaited<ReturnType<typeof exchange>>;
      expect(await expressRequests(async () => (answer = await exchange(`${fastBase}${path}`, method, headers))), label).toBe(1);
      if (label === "another spelling") {
        // The request guard's rule, as for any request.
        expect(answer.status).toBe(301);
        expect(answer.lines).toContain("Location: /team");
      }
    }
    // Only deflate taken: the compression middleware compresses the page per response.
    let deflated!: Awaited<ReturnType<typeof exchange>>;
    expect(await expressRequests(async () => (deflated = await exchange(`${fastBase}/team`, "GET", { "Accept-Encoding": "deflate" })))).toBe(1);
    expect(deflated.lines).toContain("Content-Encoding: deflate");
    expect(deflated.lines).toContain("X-Cache: HIT");
    // Before the stored copies are made, likewise.
    const stored = ctx.cache.get("/team")!;
    const copies = stored.compressed;
    stored.compressed = undefined;
    expect(await expressRequests(() => exchange(`${fastBase}/team`, "GET", { "Accept-Encoding": "br" }))).toBe(1);
    stored.compressed = copies;
    // A URL the request guard would not pass untouched is never answered here.
    await get("/guarded");
    ctx.state.guardRefuses = true;
    expect(await expressRequests(() => exchange(`${fastBase}/guarded`))).toBe(1);
    ctx.state.guardRefuses = false;
    expect(await expressRequests(() => exchange(`${fastBase}/guarded`))).toBe(0);
  });

  it("stops answering a page the moment a change event empties the cache", async () => {
    await get("/team");
    expect(await expressRequests(() => exchange(`${fastBase}/team`))).toBe(0);
    ctx.state.version++;
    ctx.events.emit("content");
    let fresh!: Awaited<ReturnType<typeof exchange>>;
    expect(await expressRequests(async () => (fresh = await exchange(`${fastBase}/team`)))).toBe(1);
    expect(fresh.body.toString()).toContain(`version ${ctx.state.version}`);
    expect(fresh.lines).toContain("X-Cache: MISS");
    expect(ctx.state.renders).toBe(2);
    const again = await exchange(`${fastBase}/team`);
    expect(again.body.toString()).toContain(`version ${ctx.state.version}`);
  });
});

describe("query strings the page does not read (decision 0053)", () => {
  const random = () => randomBytes(6).toString("hex");
  /** Requests that reached the Express app while `work` ran. */
  async function expressRequests(work: () => Promise<unknown>): Promise<number> {
    const before = ctx.state.express;
    await work();
    return ctx.state.express - before;
  }

  it("keys a page by its path and only the declared parameters, normalised", () => {
    expect(pageCacheKey("/team")).toBe("/team");
    expect(pageCacheKey("/team?")).toBe("/team");
    expect(pageCacheKey("/team?q=abc&utm_source=x&fbclid=1&gclid=2")).toBe("/team");
    expect(pageCacheKey("/blog?page=2&utm_source=x")).toBe("/blog");
    expect(pageCacheKey("/blog/some-post?utm_medium=email")).toBe("/blog/some-post");
    expect(pageCacheKey("/fa/blog?x=1")).toBe("/fa/blog");
    expect(pageCacheKey("/zh?q=1")).toBe("/zh");
    expect(pageCacheKey("/?q=1")).toBe("/");
    expect(pageCacheKey("/about/?q=1")).toBe("/about/");
    // `lang` redirects an English page (app/root.tsx): fa and zh are kept, any other value reads as absent.
    expect(pageCacheKey("/about?utm_source=x&lang=zh")).toBe("/about?lang=zh");
    expect(pageCacheKey("/about?l%61ng=fa&z=1")).toBe("/about?lang=fa");
    expect(pageCacheKey(`/about?lang=${random()}`)).toBe("/about");
    // The first value, as the loader's searchParams.get reads it.
    expect(pageCacheKey("/about?lang=xx&lang=fa")).toBe("/about");
    // A prefixed page has its language in its path.
    expect(pageCacheKey("/fa/about?lang=zh")).toBe("/fa/about");
    // Not public pages: no key, so never cached.
    for (const url of ["/newsletter/confirm?token=abc", "/fa/newsletter/unsubscribe?token=abc", "/team.data?_routes=x", "/__manifest?p=%2Fteam", "/admin/dashboard?q=1", "/nowhere?q=1", "/practice-areas/unknown?q=1"]) {
      expect(pageCacheKey(url), url).toBeNull();
    }
  });

  it("answers ?q=<random>, utm_*, fbclid and unknown parameters from the stored page, on both paths, without a render", async () => {
    for (const path of ["/team", "/fa/blog", "/zh"]) {
      ctx.cache.clear();
      ctx.state.renders = 0;
      const stored = await get(path);
      const etag = stored.response.headers.get("etag");
      const queries = [`q=${random()}`, `utm_source=${random()}&utm_medium=email&utm_campaign=${random()}`, `fbclid=${random()}&gclid=${random()}`, `${random()}=${random()}`, `page=${random()}`];
      for (const query of queries) {
        for (const at of [base, fastBase]) {
          const response = await fetch(`${at}${path}?${query}`);
          const body = await response.text();
          expect(response.status, query).toBe(200);
          expect(response.headers.get("x-cache"), query).toBe("HIT");
          expect(response.headers.get("etag"), query).toBe(etag);
          expect(body, query).toBe(stored.body);
        }
        expect(await expressRequests(() => exchange(`${fastBase}${path}?${query}`)), query).toBe(0);
      }
      expect(ctx.state.renders, path).toBe(1);
    }
  });

  it("renders a miss as the page its key names, so no ignored parameter is echoed into the stored page", async () => {
    const first = await get("/about?utm_source=newsletter&q=%3Cscript%3E");
    expect(first.response.headers.get("x-cache")).toBe("MISS");
    expect(first.body).toContain("<p>url /about</p>");
    expect(first.body).not.toContain("utm_source");
    expect(first.body).not.toContain("script%3E");
    const plain = await get("/about");
    expect(plain.response.headers.get("x-cache")).toBe("HIT");
    expect(plain.body).toBe(first.body);
    expect(ctx.state.renders).toBe(1);
  });

  it("answers If-None-Match with 304 whatever the ignored parameters", async () => {
    const first = await get("/contact");
    for (const at of [base, fastBase]) {
      const again = await fetch(`${at}/contact?utm_source=${random()}`, { headers: { "If-None-Match": first.response.headers.get("etag")! } });
      expect(again.status).toBe(304);
      expect(headerNonce(again)).toBe(bodyNonce(first.body));
    }
    expect(ctx.state.renders).toBe(1);
  });

  it("keys a declared parameter separately, and stores the redirect it makes once for any parameters beside it", async () => {
    const first = await fetch(`${base}/about?lang=fa&q=one`, { redirect: "manual" });
    expect(first.status).toBe(302);
    // The other parameters go along, as the loader's own redirect keeps them.
    expect(first.headers.get("location")).toBe("/fa/about?q=one");
    for (const at of [base, fastBase]) {
      const q = random();
      const again = await fetch(`${at}/about?q=${q}&lang=fa&utm_source=x%20y`, { redirect: "manual" });
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe(`/fa/about?q=${q}&utm_source=x+y`);
      expect(again.headers.get("x-cache")).toBe("HIT");
    }
    expect((await fetch(`${base}/about?lang=fa`, { redirect: "manual" })).headers.get("location")).toBe("/fa/about");
    expect(ctx.state.renders).toBe(1);
    // Another declared value is another page; a value the loader ignores is the plain page.
    expect((await fetch(`${base}/about?lang=zh`, { redirect: "manual" })).headers.get("location")).toBe("/zh/about");
    expect(ctx.state.renders).toBe(2);
    await get("/about");
    for (let i = 0; i < 5; i++) {
      const page = await get(`/about?lang=${random()}`);
      expect(page.response.status).toBe(200);
      expect(page.response.headers.get("x-cache")).toBe("HIT");
    }
    expect(ctx.state.renders).toBe(3);
    // A change event drops stored redirects too.
    ctx.events.emit("content");
    expect((await fetch(`${base}/about?lang=fa`, { redirect: "manual" })).headers.get("x-cache")).toBe("MISS");
    expect(ctx.state.renders).toBe(4);
  });

  it("keeps the request guard's rules for a URL with a query string", async () => {
    await get("/team");
    expect((await exchange(`${fastBase}/team?q=%00`)).status).toBe(400);
    expect((await exchange(`${fastBase}/team?q=${"x".repeat(9000)}`)).status).toBe(414);
    // The guard is asked for each such URL, not once per stored page.
    ctx.state.guardRefuses = true;
    expect(await expressRequests(() => exchange(`${fastBase}/team?q=1`))).toBe(1);
  });
});

describe("PageCache", () => {
  it("keeps within its byte budget", () => {
    const cache = new PageCache(100, 2500);
    const page = (n: number) => makeEntry(Buffer.alloc(1000, n), "nonceX", "N", []);
    cache.set("/1", page(1));
    cache.set("/2", page(2));
    cache.set("/3", page(3));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2000);
    expect(cache.get("/1")).toBeUndefined();
    cache.set("/huge", makeEntry(Buffer.alloc(3000), "nonceX", "N", []));
    expect(cache.get("/huge")).toBeUndefined();
    // Compressed copies count too, and can push the oldest page out.
    const latest = cache.get("/3")!;
    cache.addCompressed("/3", latest, { br: Buffer.alloc(300), gzip: Buffer.alloc(400) });
    expect(cache.bytes).toBe(1700);
    expect(cache.get("/2")).toBeUndefined();
    // A page replaced meanwhile does not take copies of the old one.
    cache.set("/4", page(4));
    cache.addCompressed("/4", latest, { br: Buffer.alloc(1), gzip: Buffer.alloc(1) });
    expect(cache.get("/4")!.compressed).toBeUndefined();
  });
});
