import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * The first rules every request meets, before any router, path rule or page renderer: a request
 * no browser of a visitor would send is answered here in microseconds with a plain 4xx.
 *
 * - Methods: the site reads (GET, HEAD) and posts forms (POST); anything else is 405.
 * - Length: React Router's route matching grows with the square of a path's segment count (about
 *   5 s for 7,000 segments), so a path over MAX_PATH_BYTES is 414 and one with more than
 *   MAX_SEGMENTS segments is 404: no page of the site is deeper than 5.
 * - One spelling per URL, so that every rule keyed on a path prefix (the admin gate, `no-store`,
 *   the page cache, the language of a page) sees the path the router serves: upper-case letters
 *   and percent-encoded letters or digits are redirected (301) to the lower-case, decoded form
 *   for a GET and refused (404) otherwise; hashed asset names keep their case. Paths the router
 *   would read differently from the raw text (dot segments, backslashes, empty segments, NUL or
 *   other control characters, broken percent-encoding) are 400, as is a NUL in the query.
 * - Host: a request without a Host header, with an empty one, with two (RFC 9112 section 3.2) or
 *   one that is not a host name or address (with an optional port) is 400, whatever its HTTP
 *   version, as is such an X-Forwarded-Host: React Router builds the request's URL from them
 *   (decision 0051).
 */
export const MAX_PATH_BYTES = 1024;
/** Above React Router's own 7,680 for its route-discovery requests, which it checks itself. */
export const MAX_URL_BYTES = 8192;
export const MAX_SEGMENTS = 16;
export const ALLOWED_METHODS = "GET, HEAD, POST";

/** Hashed build files: their names are case-sensitive and never typed by a person. */
const CASE_SENSITIVE_PREFIX = "/assets/";
const UNRESERVED = /[A-Za-z0-9\-._~]/;

export type PathVerdict = { ok: true } | { ok: false; status: 400 | 404 | 414 } | { ok: false; status: 301; location: string };

/**
 * Paths that pass every rule below at a glance: lower-case letters, digits, "-", "_" and "~" in
 * segments that start with none of "." (so no dot segment), no escape, no empty inner segment (a
 * trailing slash is the router's). A flood of random paths is mostly these: the full check below
 * builds the canonical spelling character by character.
 */
const PLAIN_PATH = /^(?:\/[a-z0-9_~-][a-z0-9._~-]*)*\/?$/;

/** What the guard does with a raw request path (no query string). */
export function judgePath(rawPath: string, method: string): PathVerdict {
  if (rawPath.length > MAX_PATH_BYTES) return { ok: false, status: 414 };
  if (!rawPath.startsWith("/")) return { ok: false, status: 400 };
  if (PLAIN_PATH.test(rawPath)) return rawPath.split("/").length - 1 > MAX_SEGMENTS ? { ok: false, status: 404 } : { ok: true };
  const segments = rawPath.split("/");
  if (segments.length - 1 > MAX_SEGMENTS) return { ok: false, status: 404 };

  let canonical = "";
  for (let i = 0; i < rawPath.length; i++) {
    const char = rawPath[i];
    if (char === "%") {
      const hex = rawPath.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return { ok: false, status: 400 };
      const code = parseInt(hex, 16);
      const decoded = String.fromCharCode(code);
      // An encoded letter or digit is the same URL spelled twice; other escapes stay encoded.
      canonical += code < 0x80 && UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      if (code < 0x20 || code === 0x7f || decoded === "/" || decoded === "\\") return { ok: false, status: 400 };
      i += 2;
    } else {
      const code = char.charCodeAt(0);
      if (code < 0x20 || code === 0x7f || char === "\\") return { ok: false, status: 400 };
      canonical += char;
    }
  }
  if (!rawPath.startsWith(CASE_SENSITIVE_PREFIX)) canonical = lowerOutsideEscapes(canonical);
  try {
    decodeURIComponent(canonical);
  } catch {
    return { ok: false, status: 400 };
  }
  const canonicalSegments = canonical.split("/").slice(1);
  // "/" alone is the one empty segment allowed; a trailing slash is left to the router.
  const inner = canonicalSegments.slice(0, -1);
  if (inner.some((s) => s === "" || s === "." || s === "..") || canonicalSegments.at(-1) === "." || canonicalSegments.at(-1) === "..") {
    return { ok: false, status: 400 };
  }
  if (canonical === rawPath) return { ok: true };
  if (method === "GET" || method === "HEAD") return { ok: false, status: 301, location: canonical };
  return { ok: false, status: 404 };
}

function lowerOutsideEscapes(path: string): string {
  return path.replace(/(%[0-9A-F]{2})|[A-Z]+/g, (match, escape: string | undefined) => (escape ? match : match.toLowerCase()));
}

/** A DNS name or IPv4 address, or an IPv6 address in brackets; then an optional port. */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/**
 * Whether a request's Host (and X-Forwarded-Host, when sent) names a host the request's URL can
 * be built from. Express reads the first of several forwarded hosts; an empty one is ignored.
 */
export function judgeHost(host: string | undefined, forwardedHost?: string | string[]): boolean {
  if (host === undefined || !HOST.test(host)) return false;
  if (forwardedHost === undefined || forwardedHost === "") return true;
  const first = (Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost).split(",")[0].trim();
  return HOST.test(first);
}

/**
 * judgeHost for a request as it arrived: Node keeps only the first of several Host headers, so
 * they are counted in the raw list (a request with two is 400, RFC 9112 section 3.2).
 */
export function judgeHostOf(req: Pick<IncomingMessage, "headers" | "rawHeaders">): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].length === 4 && req.rawHeaders[i].toLowerCase() === "host") hosts++;
  return hosts === 1 && judgeHost(req.headers.host, req.headers["x-forwarded-host"]);
}

const PLAIN: Record<number, string> = {
  400: "Bad request",
  404: "Not found",
  405: "Method not allowed",
  414: "The address is too long",
};

function refuse(res: Response, status: number, headers: Record<string, string> = {}) {
  res.status(status).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8", ...headers }).send(PLAIN[status]);
}

/** What the guard does with a request, from its method and raw URL alone (no state, no I/O). */
export function judgeRequest(method: string | undefined, url: string): RequestVerdict {
  if (method !== "GET" && method !== "HEAD" && method !== "POST") return { ok: false, status: 405 };
  if (url.length > MAX_URL_BYTES) return { ok: false, status: 414 };
  const queryAt = url.indexOf("?");
  // A NUL in a query value reaches the database as text, which PostgreSQL refuses.
  if (queryAt !== -1 && /%00/.test(url.slice(queryAt))) return { ok: false, status: 400 };
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const verdict = judgePath(rawPath, method);
  if (verdict.ok || verdict.status !== 301) return verdict;
  return { ...verdict, location: verdict.location + (queryAt === -1 ? "" : url.slice(queryAt)) };
}

export type RequestVerdict = PathVerdict | { ok: false; status: 405 };

export function requestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!judgeHostOf(req)) return refuse(res, 400);
    const verdict = judgeRequest(req.method, req.originalUrl);
    if (verdict.ok) return next();
    if (verdict.status === 301) {
      res.status(301).set("Cache-Control", "no-store").location(verdict.location).end();
      return;
    }
    refuse(res, verdict.status, verdict.status === 405 ? { Allow: ALLOWED_METHODS } : {});
  };
}
