import { randomBytes } from "node:crypto";
import onHeaders from "on-headers";
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../core/config";
import { meetOrigin } from "../app/video/meet";
import { stripLangPrefix } from "../app/i18n/languages";
import { NEWSLETTER_LINK_PAGES } from "../app/routes";
import { isAdminPath } from "./admin-path";

// One definition shared with the video page, so the CSP and the page agree on the meeting origin.
export { meetOrigin };

export function contentSecurityPolicy(config: Config, nonce: string): string {
  return contentSecurityPolicyFor(config)(nonce);
}

/** The policy for a nonce, its fixed parts joined once (it is built for every response). */
export function contentSecurityPolicyFor(config: Config): (nonce: string) => string {
  const meet = meetOrigin(config.MEET_HOST);
  const meetWs = meet.replace(/^http/, "ws");
  const map = new URL(config.MAP_EMBED_URL).origin;
  const before = "default-src 'none'; script-src 'nonce-";
  const after = [
    "' 'strict-dynamic'",
    // Inline style attributes (React style props, toast positioning) need 'unsafe-inline'; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${meet} ${meetWs}`,
    `frame-src ${map} ${meet}`,
    `media-src 'self' ${meet}`,
    "manifest-src 'self'",
    // The video consultation's join form, posted without JavaScript, goes on to the meeting host.
    `form-action 'self' ${meet}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
  return (nonce) => before + nonce + after;
}

/**
 * Scripts, stylesheets, fonts and raster images: a browser never renders them as a page, so the
 * policies for a document (what it may load, frame or use) say nothing there and would cost
 * ~0.8 KB on each of the ~30 responses a page makes. HTML, SVG and everything else keep them.
 */
const NEVER_A_DOCUMENT = /^(font\/|image\/(png|jpeg|webp|avif|gif|x-icon|vnd\.microsoft\.icon)|text\/css|text\/javascript|application\/javascript)/;
const DOCUMENT_POLICIES = ["Content-Security-Policy", "Cross-Origin-Opener-Policy", "X-Frame-Options", "Permissions-Policy"];

/**
 * The documents that get their own browsing context group (COOP same-origin): the admin area and
 * the newsletter's personal links, in any language (the route table's list). Public pages are the
 * same bytes for everyone and send none, because on Android Chrome isolates every site that sends
 * COOP in a process of its own, a cold renderer for each visit from another site; the staff's
 * password login isolates the site on their own phones anyway (decision 0050).
 */
function hasOwnBrowsingContextGroup(path: string): boolean {
  return isAdminPath(path) || (NEWSLETTER_LINK_PAGES as readonly string[]).includes(stripLangPrefix(path)) || isBookingManagePath(path);
}

/**
 * A consultation's cancel-or-reschedule page carries its secret in the path (decision 0079): no
 * Referer leaves the site from it at all ('same-origin'). Not 'no-referrer': browsers then post
 * its forms with `Origin: null`, which the same-origin rule refuses (as decision 0004 found).
 */
const isBookingManagePath = (path: string) => stripLangPrefix(path).startsWith("/virtual-consultation/manage/");

/** What of a path the security headers depend on: two paths of one kind get the same headers for one nonce. */
export function securityHeaderKind(path: string): { manage: boolean; media: boolean; ownGroup: boolean; key: string } {
  const manage = isBookingManagePath(path);
  const media = path.startsWith("/media/");
  const ownGroup = hasOwnBrowsingContextGroup(path);
  return { manage, media, ownGroup, key: `${+manage}${+media}${+ownGroup}` };
}

/**
 * The security headers of a response to `path` whose scripts carry `nonce`, in the order they
 * are sent: the middleware below sets them, and the page cache sends them with stored pages it
 * answers before Express (server/app.ts), so both agree byte for byte.
 */
export function securityHeaderList(config: Config): (nonce: string, path: string) => Array<[string, string]> {
  const csp = contentSecurityPolicyFor(config);
  // The meeting frame needs camera, microphone and screen sharing; nothing else does.
  const meet = `"${meetOrigin(config.MEET_HOST)}"`;
  const permissions = `camera=(self ${meet}), microphone=(self ${meet}), display-capture=(self ${meet}), geolocation=()`;
  return (nonce, path) => {
    const kind = securityHeaderKind(path);
    const headers: Array<[string, string]> = [
      ["Content-Security-Policy", csp(nonce)],
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", kind.manage ? "same-origin" : "strict-origin-when-cross-origin"],
      ["X-Frame-Options", "DENY"],
      ["Permissions-Policy", permissions],
      // Other sites' pages may not embed the site's responses, except its media: a post's image in a
      // web mail client or a web feed reader is loaded by another origin's page.
      ["Cross-Origin-Resource-Policy", kind.media ? "cross-origin" : "same-origin"],
    ];
    if (kind.ownGroup) headers.push(["Cross-Origin-Opener-Policy", "same-origin"]);
    // preload: the domain may be submitted to the browsers' HSTS preload list (two years, subdomains).
    if (config.secureCookies) headers.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload"]);
    return headers;
  };
}

/** Security headers on every response, with a fresh script nonce in res.locals.nonce. */
export function securityHeaders(config: Config) {
  const list = securityHeaderList(config);
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    for (const [name, value] of list(nonce, req.path)) res.setHeader(name, value);
    // The type is known only once the response is written.
    onHeaders(res, () => {
      if (NEVER_A_DOCUMENT.test(String(res.getHeader("Content-Type") ?? ""))) for (const name of DOCUMENT_POLICIES) res.removeHeader(name);
    });
    next();
  };
}
