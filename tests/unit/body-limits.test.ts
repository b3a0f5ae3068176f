import { describe, expect, it } from "vitest";
import routeConfig, { NEWSLETTER_LINK_PAGES, PUBLIC_PAGES } from "../../app/routes";
import { LIMITS as POST_LIMITS } from "../../app/blog/post-schema";
import { CONTACT_LIMITS } from "../../app/contact/fields";
import { clipContactValues } from "../../app/contact/contact.server";
import { PASSWORD_MAX } from "../../app/auth/forms";
import { UPLOAD_BODY_LIMIT } from "../../core/upload-limit";
import { isAdminPath, routePathOf } from "../../server/admin-path";
import {
  ADMIN_BODY_LIMITS,
  ADMIN_DEFAULT_BODY_LIMIT,
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  PAGE_BODY_LIMITS,
} from "../../server/body-limits";
import { judgeHost } from "../../server/request-guard";

const KiB = 1024;

interface Entry {
  path?: string;
  index?: boolean;
  children?: Entry[];
}

function routePaths(entries: Entry[], base = ""): string[] {
  return entries.flatMap((entry) => {
    const full = `/${[base, entry.path ?? ""].filter(Boolean).join("/")}`.replace(/\/+/g, "/");
    return [...(entry.path !== undefined || entry.index ? [full] : []), ...routePaths(entry.children ?? [], full)];
  });
}

/** A urlencoded body of fields each filled to `length` characters of `char`. */
const encodedLength = (fields: Record<string, number>, char: string) =>
  new URLSearchParams(Object.entries(fields).map(([name, length]) => [name, char.repeat(length)])).toString().length;

describe("body limits at the door", () => {
  it("gives each form its limit, in every language and for its data request", () => {
    for (const prefix of ["", "/fa", "/zh"]) {
      expect(bodyLimitFor(`${prefix}/contact`), prefix).toBe(64 * KiB);
      expect(bodyLimitFor(`${prefix}/contact.data`), prefix).toBe(64 * KiB);
      expect(bodyLimitFor(`${prefix}/contact/`), prefix).toBe(64 * KiB);
      expect(bodyLimitFor(`${prefix}/blog`), prefix).toBe(4 * KiB);
      expect(bodyLimitFor(`${prefix}/blog.data`), prefix).toBe(4 * KiB);
      expect(bodyLimitFor(`${prefix}/newsletter/confirm`), prefix).toBe(4 * KiB);
      expect(bodyLimitFor(`${prefix}/newsletter/unsubscribe.data`), prefix).toBe(4 * KiB);
      expect(bodyLimitFor(`${prefix}/virtual-consultation`), prefix).toBe(64 * KiB);
    }
    expect(bodyLimitFor("/admin/login")).toBe(16 * KiB);
    expect(bodyLimitFor("/admin/setup.data")).toBe(16 * KiB);
    expect(bodyLimitFor("/admin/logout")).toBe(16 * KiB);
    expect(bodyLimitFor("/admin/media")).toBeGreaterThan(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/dashboard/team.data")).toBe(bodyLimitFor("/admin/media"));
    expect(bodyLimitFor("/admin/media")).toBeLessThan(UPLOAD_BODY_LIMIT + 2 * 1024 * KiB);
    for (const path of ["/admin/dashboard/content.data", "/admin/dashboard/blog/7", "/admin/dashboard.data", "/admin.data", "/admin/no-such"]) {
      expect(bodyLimitFor(path), path).toBe(ADMIN_DEFAULT_BODY_LIMIT);
    }
  });

  it("gives everything else the small default, and no admin limit to what only looks like the admin", () => {
    for (const path of ["/", "/_root.data", "/fa.data", "/about", "/zh/team.data", "/__manifest", "/no-such-page", "/administrator", "/administrator.data", "/fa/admin/login", "/fa/fa/contact", "/contact-us", "/blog/some-post"]) {
      expect(bodyLimitFor(path), path).toBe(DEFAULT_BODY_LIMIT);
    }
    expect(DEFAULT_BODY_LIMIT).toBe(64 * KiB);
  });

  it("is keyed by paths of the route table", () => {
    const pages = new Set<string>([...PUBLIC_PAGES.map(([path]) => path), ...NEWSLETTER_LINK_PAGES]);
    for (const path of Object.keys(PAGE_BODY_LIMITS)) expect(pages.has(path), path).toBe(true);
    const routes = new Set(routePaths(routeConfig as unknown as Entry[]));
    for (const path of Object.keys(ADMIN_BODY_LIMITS)) expect(routes.has(path), path).toBe(true);
  });

  it("lets the largest valid forms through, percent-encoded in the widest script", () => {
    // Chinese: 3 bytes in UTF-8, 9 characters percent-encoded.
    expect(encodedLength(CONTACT_LIMITS, "中")).toBeLessThan(bodyLimitFor("/zh/contact"));
    expect(encodedLength({ intent: 9, email: 255, website: 0 }, "%")).toBeLessThan(bodyLimitFor("/zh/blog"));
    expect(encodedLength({ email: 255, password: PASSWORD_MAX, confirm: PASSWORD_MAX, token: 200 }, "中")).toBeLessThan(bodyLimitFor("/admin/setup"));
    // A blog post at every limit: English content as punctuation, Farsi and Chinese as their letters.
    const post =
      encodedLength({ title: POST_LIMITS.title, excerpt: POST_LIMITS.excerpt, content: POST_LIMITS.content, metaDescription: POST_LIMITS.metaDescription, imageAltText: POST_LIMITS.imageAltText, author: POST_LIMITS.author, featuredImage: POST_LIMITS.featuredImage }, "%") +
      encodedLength({ titleFa: POST_LIMITS.title, excerptFa: POST_LIMITS.excerpt, contentFa: POST_LIMITS.content, metaDescriptionFa: POST_LIMITS.metaDescription, imageAltTextFa: POST_LIMITS.imageAltText }, "ف") +
      encodedLength({ titleZh: POST_LIMITS.title, excerptZh: POST_LIMITS.excerpt, contentZh: POST_LIMITS.content, metaDescriptionZh: POST_LIMITS.metaDescription, imageAltTextZh: POST_LIMITS.imageAltText }, "中");
    expect(post).toBeLessThan(bodyLimitFor("/admin/dashboard/blog/1.data"));
  });
});

describe("the admin area", () => {
  it("is /admin, everything under it and their data requests, and nothing else", () => {
    for (const path of ["/admin", "/admin/", "/admin.data", "/admin/login", "/admin/login.data", "/admin/dashboard.data", "/admin/dashboard/inbox/export/submissions"]) {
      expect(isAdminPath(path), path).toBe(true);
    }
    for (const path of ["/administrator", "/administrator.data", "/admins/x", "/fa/admin", "/", "/_root.data", "/blog/admin"]) {
      expect(isAdminPath(path), path).toBe(false);
    }
    expect(routePathOf("/_root.data")).toBe("/");
    expect(routePathOf("/fa.data")).toBe("/fa");
  });
});

describe("the Host rule", () => {
  it("refuses a missing, empty or malformed Host or X-Forwarded-Host", () => {
    for (const host of [undefined, "", " ", "a b", "a/b", "a@b", "[::1", "example.com:port", "exa%mple.com", "example.com:123456", "-"]) {
      expect(judgeHost(host), String(host)).toBe(false);
    }
    expect(judgeHost("example.com", "a b")).toBe(false);
    expect(judgeHost("example.com", ["a@b"])).toBe(false);
  });

  it("takes the hosts a request's URL can be built from", () => {
    for (const host of ["example.com", "www.example.com:8443", "127.0.0.1:3000", "[::1]:3000", "localhost", "my_host.local", "example.com."]) {
      expect(judgeHost(host), host).toBe(true);
      expect(() => new URL(`http://${host}/contact`), host).not.toThrow();
    }
    expect(judgeHost("127.0.0.1", "")).toBe(true);
    expect(judgeHost("127.0.0.1", "example.com, proxy.local")).toBe(true);
  });
});

describe("the contact form's echo", () => {
  it("sends each field back at most at its limit", () => {
    const long = { name: "n".repeat(10_000), email: "e".repeat(10_000), phone: "1".repeat(10_000), subject: "s".repeat(10_000), message: "m".repeat(1_000_000) };
    const clipped = clipContactValues(long);
    for (const [field, max] of Object.entries(CONTACT_LIMITS)) expect(clipped[field as keyof typeof clipped].length, field).toBe(max);
    // A character pair is never cut in half.
    expect(clipContactValues({ ...long, name: `${"n".repeat(99)}😀` }).name).toBe("n".repeat(99));
    expect(clipContactValues({ name: "Ana", email: "", phone: "", subject: "Hi", message: "Text" })).toEqual({ name: "Ana", email: "", phone: "", subject: "Hi", message: "Text" });
  });
});
