import { request as httpRequest } from "node:http";
import { rmSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type SiteServer } from "../helpers/server";
import { dataDirWithAdmin, formPost, get, signInHttp } from "../helpers/admin-http";
import { rawRequest } from "../helpers/raw-http";

/**
 * Regression tests for a black-box probe's findings, over real HTTP against the built server:
 * pathological paths, one spelling per URL, methods, bodies that are not forms, damaged images,
 * a streamed upload over the limit, and the cross-origin headers.
 */

const ADMIN = { email: "hardening-admin@example.test", password: "hardening admin passphrase" };

const elapsed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
};

describe("hardening against malformed and hostile requests", () => {
  let dataDir: string;
  let site: SiteServer;
  let cookie = "";

  beforeAll(async () => {
    dataDir = await dataDirWithAdmin("hardening-", ADMIN);
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a path of thousands of segments at once, and /healthz is not held up meanwhile", async () => {
    const long = "/x".repeat(7000);
    const deep = "/x".repeat(40);
    // Warm up both paths once so the comparison is about the work, not the first request.
    await rawRequest(site.url, "GET", "/healthz");
    const [[longAnswer, deepAnswer, health], total] = await elapsed(() =>
      Promise.all([rawRequest(site.url, "GET", long), rawRequest(site.url, "GET", deep), elapsed(() => rawRequest(site.url, "GET", "/healthz"))]),
    );
    expect(longAnswer.status).toBe(414);
    expect(deepAnswer.status).toBe(404);
    expect(deepAnswer.body).toBe("Not found");
    expect(health[0].status).toBe(200);
    // Before the guard the long path took seconds and /healthz waited behind it; now neither
    // takes longer than rendering an ordinary not-found page does.
    const [, notFoundPage] = await elapsed(() => rawRequest(site.url, "GET", "/no-such-page"));
    expect(total).toBeLessThan(Math.max(notFoundPage * 10, 500));
  });

  it("redirects upper-case and percent-encoded spellings to the one lower-case URL before any rule runs", async () => {
    for (const [path, location] of [
      ["/ADMIN/LOGIN", "/admin/login"],
      ["/FA/contact", "/fa/contact"],
      ["/ZH", "/zh"],
      ["/Blog?page=2", "/blog?page=2"],
      ["/%61dmin/login", "/admin/login"],
      ["/ADMIN/DASHBOARD/INBOX/EXPORT/submissions", "/admin/dashboard/inbox/export/submissions"],
    ]) {
      const answer = await rawRequest(site.url, "GET", path, { Cookie: cookie });
      expect(answer.status, path).toBe(301);
      expect(answer.headers.location, path).toBe(location);
      expect(answer.body, path).toBe("");
    }
    // The CSV itself is only at its canonical address, with its headers.
    const csv = await get(`${site.url}/admin/dashboard/inbox/export/submissions`, cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("cache-control")).toContain("no-store");
    // A form sent to an upper-case address is not followed anywhere.
    const post = await rawRequest(site.url, "POST", "/ADMIN/LOGIN", { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url }, "email=a%40b.c&password=x");
    expect(post.status).toBe(404);
    // The Farsi page is Farsi at its own address; the upper-case one never renders English.
    const farsi = await get(`${site.url}/fa/contact`);
    expect(await farsi.text()).toContain('lang="fa"');
    // The upper-case login page was never rendered, so it cannot be in the public page cache.
    const again = await rawRequest(site.url, "GET", "/ADMIN/LOGIN");
    expect(again.status).toBe(301);
    expect(again.headers["x-cache"]).toBeUndefined();
  });

  it("refuses paths the router would read differently from their text", async () => {
    for (const path of ["/blog/%00", "/blog?x=%00", "//admin/login", "/blog/../admin/login", "/blog/%2e%2e/admin", "/a\\b", "/blog/%zz", "/a%2fb"]) {
      const answer = await rawRequest(site.url, "GET", path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toBe("Bad request");
    }
    // Hashed asset names keep their case: no redirect, just not found.
    expect((await rawRequest(site.url, "GET", "/assets/NoSuchFile-AbC.js")).status).toBe(404);
  });

  it("answers methods the site does not use with 405 and the methods it does", async () => {
    for (const method of ["TRACE", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const path of ["/", "/contact", "/admin/login", "/admin/dashboard/team"]) {
        const answer = await rawRequest(site.url, method, path, { Cookie: cookie, Origin: site.url });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST");
      }
    }
  });

  it("answers 415 or 400 to page actions whose body is not a readable form", async () => {
    const targets = ["/contact", "/fa/contact", "/admin/login", "/admin/dashboard/content", "/admin/dashboard/team", "/admin/dashboard/blog/1", "/admin/dashboard?index"];
    const bodies: Array<[string, string | undefined, string, number]> = [
      ["JSON", "application/json", '{"email":"a@b.c"}', 415],
      ["text", "text/plain", "email=a@b.c", 415],
      ["no body", undefined, "", 415],
      ["broken multipart", "multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated", 400],
      ["NUL in a field", "application/x-www-form-urlencoded", "intent=create&name=a%00b&email=a%40b.c&subject=s&message=m", 400],
    ];
    for (const target of targets) {
      for (const [label, type, body, status] of bodies) {
        const headers: Record<string, string> = { Origin: site.url, Cookie: cookie, "Content-Length": String(Buffer.byteLength(body)) };
        if (type) headers["Content-Type"] = type;
        const answer = await rawRequest(site.url, "POST", target, headers, body);
        expect(answer.status, `${label} to ${target}`).toBe(status);
        expect(answer.body, `${label} to ${target}`).not.toMatch(/\n\s+at |node_modules|\/work\//);
      }
    }
  });

  it("refuses a truncated JPEG and a 1 x 60000 PNG with the reason, storing nothing", async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366aa" } })
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const strip = await sharp({ create: { width: 1, height: 60000, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    for (const [name, bytes, reason] of [
      ["truncated.jpg", truncated, /damaged or incomplete/],
      ["strip.png", strip, /1 x 60000 pixels/],
    ] as const) {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(bytes)]), name);
      const response = await fetch(`${site.url}/admin/media`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: site.url } });
      expect(response.status, name).toBe(400);
      expect((await response.json()).error, name).toMatch(reason);
    }
  });

  it("answers an oversized upload sent in chunks with the 413 message, not a reset", async () => {
    const boundary = "hardening-boundary";
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const { hostname, port } = new URL(site.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { hostname, port, agent: false, method: "POST", path: "/admin/media", headers: { Cookie: cookie, Origin: site.url, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Transfer-Encoding": "chunked" } },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      // 12 MB, streamed without a declared length.
      for (let i = 0; i < 12; i++) req.write(chunk);
      req.end(`\r\n--${boundary}--\r\n`);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toBe("The image is larger than 8 MB.");
  });

  it("lets no other site embed its pages, scripts or fonts, and lets mail and feed readers show its media", async () => {
    for (const path of ["/", "/fa/team", "/favicon.svg", "/healthz", "/admin/login"]) {
      const answer = await rawRequest(site.url, "GET", path);
      expect(answer.headers["cross-origin-resource-policy"], path).toBe("same-origin");
    }
    const missingMedia = await rawRequest(site.url, "GET", "/media/00000000-0000-0000-0000-000000000000");
    expect(missingMedia.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("keeps a form post with a line break in the subject to one line in the stored message", async () => {
    const answer = await formPost(`${site.url}/contact`, {
      name: "Line\r\nBreaker",
      email: "line@example.test",
      phone: "",
      subject: "First\r\nSecond,=1+1",
      message: "Body text of the message.",
    });
    expect(answer.status).toBe(200);
    const csv = await (await get(`${site.url}/admin/dashboard/inbox/export/submissions`, cookie)).text();
    const row = csv.split("\r\n").find((line) => line.includes("line@example.test"));
    expect(row).toBeDefined();
    expect(row).toContain("Line Breaker");
    expect(row).toContain(',"First Second,=1+1",Body text of the message.,');
  });
});
