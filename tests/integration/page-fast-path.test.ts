import { request as httpRequest } from "node:http";
import { rmSync } from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { rawRequest } from "../helpers/raw-http";

/**
 * Stored pages are answered before Express (server/page-cache.ts `answer`). Against the built
 * site: the same answers as the Express path, which PAGE_CACHE_FAST_PATH=false takes for every
 * request, and the request guard's rules for every other spelling of a stored page's URL.
 * (tests/integration/page-cache.test.ts compares the two paths on one stored page, nonce and all.)
 */

// The same in both runs, so the pages are the same; https, so HSTS is among the headers.
const SITE_URL = "https://www.example-law.test";
const PAGES = ["/", "/fa/practice-areas/immigration", "/zh/team"];
const CASES: Array<[method: string, headers: Record<string, string>]> = [
  ["GET", { "Accept-Encoding": "gzip, deflate, br, zstd" }],
  ["GET", { "Accept-Encoding": "gzip" }],
  ["GET", {}],
  ["HEAD", { "Accept-Encoding": "br" }],
];

interface Exchange {
  status: number;
  /** Header lines as sent, names' case and order kept. */
  lines: string[];
  body: Buffer;
}

function exchange(base: string, path: string, method: string, headers: Record<string, string>): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    httpRequest(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const lines: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        resolve({ status: response.statusCode ?? 0, lines, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end();
  });
}

const header = (answer: Exchange, name: string) => answer.lines.find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}: `))?.slice(name.length + 2);

interface Recorded {
  request: string;
  /** Status and header lines. */
  head: string;
  /** The page as sent, decompressed. */
  page: string;
}

/**
 * Each page's answers to CASES and to a matching If-None-Match, in which what differs from one
 * process to the next (the render's nonce, the instance's live-update version, so the page's hash
 * and its compressed copies' lengths, and the date) is named, not given.
 */
async function answers(site: SiteServer): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for (const page of PAGES) {
    await exchange(site.url, page, "GET", {});
    // The stored copies are made in the background after the first render.
    for (let i = 0; ; i++) {
      const hit = await exchange(site.url, page, "GET", { "Accept-Encoding": "br" });
      // Until then a hit is compressed per response, its length unknown in advance.
      if (header(hit, "content-encoding") === "br" && header(hit, "content-length")) break;
      if (i > 100) throw new Error(`${page}: no Brotli copy after 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const first = await exchange(site.url, page, "GET", {});
    const etag = header(first, "etag")!;
    const [, hash, nonce] = /^"([0-9a-f]+)-(.+)"$/.exec(etag)!;
    // Pages without React carry it in a meta tag; the pages React hydrates, in its context.
    const body = first.body.toString();
    const version = (/<meta name="live-version" content="([^"]+)"/.exec(body) ?? /\\"liveVersion\\",\\"([^\\]+)\\"/.exec(body))?.[1];
    expect(version, page).toBeTruthy();
    const named = (text: string) => text.replaceAll(nonce, "NONCE").replaceAll(hash, "HASH").replaceAll(version!, "VERSION");
    const revalidation: [string, Record<string, string>] = ["GET", { "If-None-Match": etag }];
    for (const [method, headers] of [...CASES, revalidation]) {
      const answer = await exchange(site.url, page, method, headers);
      const encoding = header(answer, "content-encoding");
      const raw = answer.body;
      const body = raw.length === 0 ? raw : encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
      if (method === "GET" && answer.status === 200) expect(header(answer, "content-length"), `${method} ${page}`).toBe(String(raw.length));
      const lines = answer.lines
        .filter((line) => !line.startsWith("Date: "))
        .map((line) => (encoding && line.startsWith("Content-Length: ") ? "Content-Length: (the copy's)" : named(line)));
      out.push({ request: named(`${method} ${page} ${JSON.stringify(headers)}`), head: [answer.status, ...lines].join("\n"), page: named(body.toString()) });
    }
  }
  return out;
}

describe("stored pages answered before Express", () => {
  let dataDir: string;
  let fast: Recorded[];
  let throughExpress: Recorded[];
  let site: SiteServer;

  beforeAll(async () => {
    dataDir = tempDir("fast-path-");
    const express = await startSite({ DATA_DIR: dataDir, SITE_URL, PAGE_CACHE_FAST_PATH: "false" });
    try {
      throughExpress = await answers(express);
    } finally {
      await express.stop();
    }
    site = await startSite({ DATA_DIR: dataDir, SITE_URL });
    fast = await answers(site);
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends the same status, headers (names, order, values) and page as the Express path", () => {
    expect(fast.length).toBe(PAGES.length * (CASES.length + 1));
    for (let i = 0; i < fast.length; i++) {
      expect(fast[i].request).toBe(throughExpress[i].request);
      expect(fast[i].head, fast[i].request).toBe(throughExpress[i].head);
      expect(fast[i].page === throughExpress[i].page, fast[i].request).toBe(true);
    }
    // What the comparison covers: the security headers, HSTS included, a page's copies and a 304.
    for (const line of ["Strict-Transport-Security: ", "Content-Security-Policy: ", "Permissions-Policy: ", "X-Cache: HIT", "Vary: Accept-Encoding", "Content-Encoding: br"]) {
      expect(fast[0].head).toContain(line);
    }
    // The render's nonce is in the page (on its scripts and stylesheet) and named in both answers.
    expect(fast[0].page).toContain('nonce="NONCE"');
    expect(fast.filter((answer) => answer.head.startsWith("304\n"))).toHaveLength(PAGES.length);
  });

  it("answers public pages with query parameters they do not read from the stored page, rendered without them (decision 0053)", async () => {
    const random = () => Math.random().toString(36).slice(2);
    // A miss with parameters the page does not read renders the page its key names: the canonical,
    // hreflang and language-switcher links carry none of them.
    const first = await rawRequest(site.url, "GET", `/zh/about?utm_source=campaign&fbclid=${random()}&q=%22probe%22`);
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    for (const echoed of ["utm_source", "fbclid", "probe"]) expect(first.body).not.toContain(echoed);
    expect(first.body).toContain('href="/fa/about"');
    expect(first.body).toContain(`<link rel="canonical" href="${SITE_URL}/zh/about"/>`);
    const plain = await rawRequest(site.url, "GET", "/zh/about");
    expect(plain.headers["x-cache"]).toBe("HIT");
    expect(plain.headers.etag).toBe(first.headers.etag);

    for (const page of ["/blog", "/fa/blog", "/zh/team", "/"]) {
      const stored = await rawRequest(site.url, "GET", page);
      for (const query of [`q=${random()}`, `utm_source=${random()}&utm_medium=email`, `gclid=${random()}`, `${random()}=${random()}`, "page=2", `page=${random()}`]) {
        const answer = await rawRequest(site.url, "GET", `${page}?${query}`);
        expect(answer.status, `${page}?${query}`).toBe(200);
        expect(answer.headers["x-cache"], `${page}?${query}`).toBe("HIT");
        expect(answer.headers.etag, `${page}?${query}`).toBe(stored.headers.etag);
        expect(answer.body === stored.body, `${page}?${query}`).toBe(true);
      }
    }

    // The one declared parameter: ?lang=fa|zh redirects an English page, the rest of the query
    // kept; the redirect is stored once, whatever else the query holds.
    const redirect = await rawRequest(site.url, "GET", "/about?lang=fa&utm_source=one");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe("/fa/about?utm_source=one");
    const again = await rawRequest(site.url, "GET", "/about?utm_source=two&lang=fa");
    expect(again.status).toBe(302);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.headers.location).toBe("/fa/about?utm_source=two");

    // The newsletter links' token pages are never stored.
    for (let i = 0; i < 2; i++) {
      const link = await rawRequest(site.url, "GET", `/newsletter/confirm?token=${random()}`);
      expect(link.headers["x-cache"]).toBeUndefined();
      expect(link.headers["cache-control"]).toBe("no-store");
    }
  });

  it("keeps the request guard's rules for every other spelling of a stored page's URL", async () => {
    const page = "/fa/practice-areas/immigration";
    expect(header(await exchange(site.url, page, "GET", { "Accept-Encoding": "br" }), "x-cache")).toBe("HIT");
    const upper = await rawRequest(site.url, "GET", "/FA/practice-areas/immigration");
    expect(upper.status).toBe(301);
    expect(upper.headers.location).toBe(page);
    expect((await rawRequest(site.url, "GET", "/fa/practice-areas/%69mmigration")).status).toBe(301);
    expect((await rawRequest(site.url, "GET", "/fa/practice-areas/x/../immigration")).status).toBe(400);
    expect((await rawRequest(site.url, "GET", `${page}?q=%00`)).status).toBe(400);
    expect((await rawRequest(site.url, "GET", `${page}/${"x".repeat(1100)}`)).status).toBe(414);
    const put = await rawRequest(site.url, "PUT", page);
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, HEAD, POST");
    // A request with any cookie gets the page rendered for it, not the stored one.
    const personal = await rawRequest(site.url, "GET", page, { Cookie: "theme=dark" });
    expect(personal.status).toBe(200);
    expect(personal.headers["x-cache"]).toBeUndefined();
  });
});
