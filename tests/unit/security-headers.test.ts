import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Request, Response } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../core/config";
import { securityHeaders } from "../../server/security";
import { judgePath } from "../../server/request-guard";

const dataDir = mkdtempSync(path.join(tmpdir(), "headers-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The headers the middleware sets for one path, on a response that records them. */
function headersFor(siteUrl: string, requestPath: string): Record<string, string> {
  const config = loadConfig({ DATA_DIR: dataDir, SITE_URL: siteUrl }, () => {});
  const set: Record<string, string> = {};
  const res = {
    locals: {},
    setHeader: (name: string, value: string) => void (set[name.toLowerCase()] = value),
    getHeader: (name: string) => set[name.toLowerCase()],
    removeHeader: (name: string) => void delete set[name.toLowerCase()],
    // on-headers wraps writeHead; nothing is written here.
    writeHead: () => res,
  } as unknown as Response;
  securityHeaders(config)({ path: requestPath } as Request, res, () => {});
  return set;
}

describe("security headers", () => {
  it("asks browsers for HTTPS only, preload included, when the site is served over https", () => {
    expect(headersFor("https://firm.example", "/")["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains; preload");
    expect(headersFor("http://localhost:3000", "/")["strict-transport-security"]).toBeUndefined();
  });

  it("keeps every response to the site's own pages except media, which mail and feed readers show", () => {
    expect(headersFor("https://firm.example", "/")["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headersFor("https://firm.example", "/admin/dashboard")["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headersFor("https://firm.example", "/media/0b6c0e0e-8a53-4c55-9a34-2c8f1e1a5a10")["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("gives the admin area and the newsletter's personal links a browsing context group of their own, not the public pages", () => {
    const coop = (p: string) => headersFor("https://firm.example", p)["cross-origin-opener-policy"];
    for (const p of ["/admin", "/admin/login", "/admin/dashboard/inbox", "/newsletter/confirm", "/fa/newsletter/unsubscribe", "/zh/newsletter/confirm"]) {
      expect(coop(p), p).toBe("same-origin");
    }
    for (const p of ["/", "/fa", "/zh/team", "/contact", "/blog/tenant-rights-2026", "/administrator", "/no-such-page", "/de/newsletter/confirm"]) {
      expect(coop(p), p).toBeUndefined();
    }
  });
});

describe("request guard's path rules", () => {
  it("lets the site's own spellings through", () => {
    for (const p of ["/", "/fa", "/zh/practice-areas/immigration", "/blog/tenant-rights-2026", "/admin/dashboard/inbox/export/submissions", "/assets/root-DDPWdjfz.js", "/blog/%D8%A7", "/blog/"]) {
      expect(judgePath(p, "GET"), p).toEqual({ ok: true });
    }
  });

  it("redirects other spellings of a URL to the lower-case, decoded one, for reads only", () => {
    expect(judgePath("/FA/Contact", "GET")).toEqual({ ok: false, status: 301, location: "/fa/contact" });
    expect(judgePath("/%41dmin/%6Cogin", "HEAD")).toEqual({ ok: false, status: 301, location: "/admin/login" });
    expect(judgePath("/blog/%d8%a7", "GET")).toEqual({ ok: false, status: 301, location: "/blog/%D8%A7" });
    expect(judgePath("/ADMIN/LOGIN", "POST")).toEqual({ ok: false, status: 404 });
  });

  it("bounds paths and refuses what the router would read differently", () => {
    expect(judgePath(`/${"a".repeat(1100)}`, "GET")).toEqual({ ok: false, status: 414 });
    expect(judgePath("/x".repeat(17), "GET")).toEqual({ ok: false, status: 404 });
    expect(judgePath("/x".repeat(16), "GET")).toEqual({ ok: true });
    for (const p of ["/blog/%00", "//evil.example", "/a/./b", "/a/../b", "/a/%2E%2E/b", "/a%2Fb", "/a%5Cb", "/a\\b", "/a%zz", "/%C0%AF"]) {
      expect(judgePath(p, "GET"), p).toEqual({ ok: false, status: 400 });
    }
  });
});
