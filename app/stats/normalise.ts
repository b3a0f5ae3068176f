/**
 * What one page view is made of, read from a request's headers and normalised (decision 0082):
 * bounded lengths everywhere, so a spoofed or enormous header cannot grow a row. Pure functions,
 * used by the server's counting hook and the beacon endpoint alike.
 */
import { isbot } from "isbot";

/** Longest stored path (after normalisation); a longer one is cut. */
export const MAX_PATH_LENGTH = 200;
/** Longest stored host name (DNS allows 253). */
export const MAX_HOST_LENGTH = 253;
/** Longest utm_* value kept. */
export const MAX_UTM_LENGTH = 100;
/** Longest user agent read (for the device class, the bot check and the visitor hash). */
export const MAX_UA_LENGTH = 512;

export const DEVICES = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

/** The separator of a campaign key's three parts (utm_source, utm_medium, utm_campaign). */
export const CAMPAIGN_SEPARATOR = "\u001f";

// Control characters (C0 and DEL) are never stored.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A path as stored: decoded where safe, lower-case, no trailing slash, no control characters, at most MAX_PATH_LENGTH. */
export function normalisePath(raw: string): string {
  let path = raw;
  const queryAt = path.search(/[?#]/);
  if (queryAt !== -1) path = path.slice(0, queryAt);
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape stays as it came.
  }
  path = path.replace(CONTROL, "").replace(/\/{2,}/g, "/").toLowerCase();
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (!path.startsWith("/")) path = `/${path}`;
  return path.slice(0, MAX_PATH_LENGTH);
}

/** A utm_* value as stored: trimmed, lower-case, printable, bounded; "" when absent. */
function utmValue(value: string | null): string {
  if (!value) return "";
  return value
    .replace(CONTROL, "")
    .trim()
    .toLowerCase()
    .slice(0, MAX_UTM_LENGTH);
}

/** The campaign key of a URL's query (utm_source, utm_medium, utm_campaign), or "" when it names none. */
export function campaignOf(search: string): string {
  if (!search.includes("utm_")) return "";
  const query = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const parts = [utmValue(query.get("utm_source")), utmValue(query.get("utm_medium")), utmValue(query.get("utm_campaign"))];
  return parts.some(Boolean) ? parts.join(CAMPAIGN_SEPARATOR) : "";
}

/**
 * Where a visit came from: the Referer's host (lower-case, without "www."), "direct" without
 * one (or an unreadable one), "self" for this site's own pages.
 */
export function referrerOf(referer: string | undefined, ownHosts: readonly string[]): string {
  if (!referer) return "direct";
  let host: string;
  try {
    const url = new URL(referer.slice(0, 2048));
    if (url.protocol !== "http:" && url.protocol !== "https:") return "direct";
    host = url.hostname.toLowerCase();
  } catch {
    return "direct";
  }
  if (!host) return "direct";
  if (ownHosts.includes(host)) return "self";
  if (host.startsWith("www.")) host = host.slice(4);
  return host.slice(0, MAX_HOST_LENGTH);
}

/** The path of a same-origin Referer (the page a form was sent from), or null for another site or none. */
export function sameOriginPath(referer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer.slice(0, 2048));
    return ownHosts.includes(url.hostname.toLowerCase()) ? normalisePath(url.pathname) : null;
  } catch {
    return null;
  }
}

/** Phone, tablet or desktop, from the user agent's usual markers. */
export function deviceOf(userAgent: string): Device {
  const ua = userAgent.slice(0, MAX_UA_LENGTH);
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return "phone";
  return "desktop";
}

/**
 * A user agent's verdicts (bot? which device?), remembered: isbot's pattern takes a few
 * microseconds, and a page view asks on the hot path. Browsers send few distinct strings; the
 * map is emptied when full, so invented ones cannot grow it.
 */
const agents = new Map<string, { bot: boolean; device: Device }>();
const MAX_AGENTS = 1_000;

export function agentOf(userAgent: string): { bot: boolean; device: Device } {
  let known = agents.get(userAgent);
  if (!known) {
    const ua = userAgent.slice(0, MAX_UA_LENGTH);
    known = { bot: isbot(ua), device: deviceOf(ua) };
    if (agents.size >= MAX_AGENTS) agents.clear();
    agents.set(userAgent, known);
  }
  return known;
}

type HeaderValue = string | string[] | undefined;
export type Headers = Readonly<Record<string, HeaderValue>>;

const one = (value: HeaderValue): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Why a request is not counted, or null when it is: bots, prefetches, Do Not Track / Global Privacy Control, staff sessions. */
export function exclusionOf(headers: Headers): "bot" | "prefetch" | "dnt" | "staff" | null {
  const purpose = one(headers["sec-purpose"]) ?? one(headers["purpose"]);
  // Speculation Rules prefetches and prerenders send "prefetch" (and "prefetch;prerender").
  if (purpose && /prefetch/i.test(purpose)) return "prefetch";
  if (one(headers["dnt"]) === "1" || one(headers["sec-gpc"]) === "1") return "dnt";
  const ua = one(headers["user-agent"]);
  if (!ua || agentOf(ua).bot) return "bot";
  const cookie = one(headers["cookie"]);
  if (cookie && /(?:^|;\s*)(?:__Secure-)?admin\.session_token=/.test(cookie)) return "staff";
  return null;
}

/** The language of a stored path ("/fa/..." is Farsi). */
export function langOfPath(path: string): string {
  const first = path.split("/")[1];
  return first === "fa" || first === "zh" ? first : "en";
}
