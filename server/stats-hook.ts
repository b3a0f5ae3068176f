import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type Request, type Response } from "express";
import type { SiteStats } from "../app/stats/counter.server";
import { exclusionOf } from "../app/stats/normalise";
import { publicPageOf } from "./page-cache";

/** The beacon endpoint (STATS_MODE=beacon): one POST from the page script after load. */
export const BEACON_PATH = "/api/stats/hit";
/** Largest beacon body: `{"p": path and query, "r": referrer}`; longer ones are refused (413). */
export const BEACON_BODY_LIMIT = 4096;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The visitor's address as Express reads it with `trust proxy: loopback` (server/app.ts): the
 * socket's, or behind a proxy on this machine the last X-Forwarded-For entry that is not loopback.
 */
export function clientAddress(req: IncomingMessage): string {
  const socket = req.socket.remoteAddress ?? "";
  if (!LOOPBACK.test(socket)) return socket;
  const forwarded = req.headers["x-forwarded-for"];
  if (typeof forwarded !== "string") return socket;
  const hops = forwarded.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i].trim();
    if (hop && !LOOPBACK.test(hop)) return hop;
  }
  return socket;
}

const hostName = (host: string | undefined): string => (host ?? "").replace(/:\d+$/, "").replace(/^\[|\]$/g, "").toLowerCase();

/**
 * Counting at the point a public page is answered (decision 0082), for the page cache's fast path
 * and the Express path alike. `candidate` is asked before anything answers (the render may change
 * `req.url`); `count` once the status is known: only a 200 or 304 page is a view.
 */
export function pageViewCounter(stats: SiteStats, siteUrl: string) {
  const siteHost = new URL(siteUrl).hostname.toLowerCase();
  const enabled = stats.mode === "server";
  // Whether a path is a public page, remembered (few paths; emptied when full, so random ones cannot grow it).
  const pages = new Map<string, boolean>();
  const isPublicPage = (path: string): boolean => {
    let known = pages.get(path);
    if (known === undefined) {
      known = !path.includes(".") && publicPageOf(path) !== null;
      if (pages.size >= 2_000) pages.clear();
      pages.set(path, known);
    }
    return known;
  };

  /** The URL to count, or null: only GETs of public pages that no exclusion rules out. */
  const candidate = (req: IncomingMessage): string | null => {
    if (!enabled || req.method !== "GET") return null;
    const url = req.url;
    if (!url) return null;
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    // Assets, feeds, /healthz, the admin and the APIs are no public page.
    if (!isPublicPage(path)) return null;
    return exclusionOf(req.headers) ? null : url;
  };

  const count = (req: IncomingMessage, url: string, status: number) => {
    if (status !== 200 && status !== 304) return;
    stats.view({
      url,
      referer: req.headers.referer,
      userAgent: req.headers["user-agent"] ?? "",
      address: clientAddress(req),
      ownHosts: [siteHost, hostName(req.headers.host)],
    });
  };

  return {
    enabled,
    /** Wrap the server's listener: `answer` is the fast path (true when it answered), `rest` everything else. */
    listener(answer: (req: IncomingMessage, res: ServerResponse) => boolean, rest: (req: IncomingMessage, res: ServerResponse) => void) {
      return (req: IncomingMessage, res: ServerResponse) => {
        const url = candidate(req);
        if (url === null) {
          if (!answer(req, res)) rest(req, res);
          return;
        }
        if (answer(req, res)) return count(req, url, res.statusCode);
        res.once("finish", () => {
          if (/^text\/html\b/.test(String(res.getHeader("content-type") ?? "")) || res.statusCode === 304) count(req, url, res.statusCode);
        });
        rest(req, res);
      };
    },
  };
}

/**
 * POST /api/stats/hit (STATS_MODE=beacon): the page script's one beacon. Same exclusions, caps
 * and normalisation as the server's count; only a public page's address from this site's own
 * pages (Origin or Sec-Fetch-Site), and never a cookie: 204 whether counted or not, 400 for a
 * body that is not a beacon.
 */
export function beaconRoute(stats: SiteStats, siteUrl: string) {
  const siteHost = new URL(siteUrl).hostname.toLowerCase();
  const router = express.Router();
  router.post(BEACON_PATH, express.text({ type: () => true, limit: BEACON_BODY_LIMIT }), (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (stats.mode !== "beacon") return void res.status(404).type("text/plain").send("Statistics beacons are off (STATS_MODE).");
    let hit: { p?: unknown; r?: unknown };
    try {
      hit = JSON.parse(typeof req.body === "string" ? req.body : "") as { p?: unknown; r?: unknown };
    } catch {
      return void res.status(400).type("text/plain").send("A beacon is JSON: {\"p\": path, \"r\": referrer}.");
    }
    if (typeof hit !== "object" || hit === null || typeof hit.p !== "string" || !hit.p.startsWith("/") || (hit.r !== undefined && typeof hit.r !== "string")) {
      return void res.status(400).type("text/plain").send("A beacon is JSON: {\"p\": path, \"r\": referrer}.");
    }
    const ownHosts = [siteHost, hostName(req.headers.host)];
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    let sameOrigin = fetchSite === "same-origin";
    if (!sameOrigin && typeof origin === "string") {
      try {
        sameOrigin = ownHosts.includes(new URL(origin).hostname.toLowerCase());
      } catch {
        sameOrigin = false;
      }
    }
    const queryAt = hit.p.indexOf("?");
    const path = queryAt === -1 ? hit.p : hit.p.slice(0, queryAt);
    if (sameOrigin && !path.includes(".") && publicPageOf(path) !== null && !exclusionOf(req.headers)) {
      stats.view({
        url: hit.p.slice(0, 2048),
        referer: typeof hit.r === "string" && hit.r ? hit.r : undefined,
        userAgent: req.headers["user-agent"] ?? "",
        address: clientAddress(req),
        ownHosts,
      });
    }
    res.status(204).end();
  });
  return router;
}
