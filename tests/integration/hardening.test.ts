import { request as httpRequest } from "node:http";
import { readFileSync, rmSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type SiteServer } from "../helpers/server";
import { dataDirWithAdmin, formPost, get, signInHttp } from "../helpers/admin-http";
import { rawRequest, rawSocket, sendBody } from "../helpers/raw-http";

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

const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

const MiB = 1024 * 1024;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("body limits at the door, the Host rule and the admin's data requests", () => {
  let dataDir: string;
  let site: SiteServer;

  beforeAll(async () => {
    dataDir = await dataDirWithAdmin("door-", ADMIN);
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false" });
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const healthy = async () => expect((await rawRequest(site.url, "GET", "/healthz")).status).toBe(200);

  it("answers an 8 MiB urlencoded contact form 413 at once, and stays up", async () => {
    const answer = await sendBody(site.url, "/contact", FORM, 8 * MiB, { declared: true, prefix: "name=a&email=a%40b.c&subject=s&message=" });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("The request is too large.");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    await healthy();
  });

  it("answers six parallel 4 MB posts 413, and stays up", async () => {
    const answers = await Promise.all(
      ["/contact", "/fa/contact", "/zh/contact", "/blog", "/newsletter/confirm", "/admin/login"].map((path) => sendBody(site.url, path, FORM, 4_000_000, { declared: true, prefix: "message=" })),
    );
    expect(answers.map((a) => a.status)).toEqual([413, 413, 413, 413, 413, 413]);
    await healthy();
  });

  it("answers a chunked 2 MB contact form 413 once it passes the limit, storing nothing", async () => {
    const answer = await sendBody(site.url, "/contact", FORM, 2 * MiB, { declared: false, prefix: "name=Chunked&email=chunked%40example.test&subject=s&message=hello&junk=" });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("The request is too large.");
    // Through the JavaScript form's data request too.
    const data = await sendBody(site.url, "/zh/contact.data", { ...FORM, Origin: site.url }, 2 * MiB, { declared: false, prefix: "name=Chunked&email=chunked%40example.test&subject=s&message=hello&junk=" });
    expect(data.status).toBe(413);
    await healthy();
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const csv = await (await get(`${site.url}/admin/dashboard/inbox/export/submissions`, cookie)).text();
    expect(csv).not.toContain("chunked@example.test");
  });

  it("refuses a 200 MB multipart body to the newsletter sign-up quickly, without the server's memory growing", async () => {
    const before = rssOf(site.process.pid!);
    const multipart = { "Content-Type": "multipart/form-data; boundary=door" };
    const prefix = '--door\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsubscribe\r\n--door\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n';
    const answers = await Promise.all([
      sendBody(site.url, "/blog", multipart, 200 * MiB, { declared: true, prefix }),
      sendBody(site.url, "/fa/blog", multipart, 200 * MiB, { declared: false, prefix }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(5000);
    }
    await healthy();
    // Before the door the server held the body: +680 MB for one such post.
    expect(rssOf(site.process.pid!) - before).toBeLessThan(64 * MiB);
  });

  it("refuses oversize JSON too: the content type does not matter at the door", async () => {
    const answer = await sendBody(site.url, "/admin/setup", { "Content-Type": "application/json" }, 1 * MiB, { declared: true, prefix: '{"email":"' });
    expect(answer.status).toBe(413);
    // Chunked, it is counted as a route reads it: one that refuses JSON unread (415) or reads
    // no body (route discovery) answers first, and the rest is dropped, never held.
    for (const path of ["/contact", "/__manifest", "/admin/login"]) {
      const chunked = await sendBody(site.url, path, { "Content-Type": "application/json" }, 1 * MiB, { declared: false, prefix: '{"email":"' });
      expect([204, 413, 415], path).toContain(chunked.status);
    }
    // A form body is read, so it is refused at the limit whatever it holds.
    const form = await sendBody(site.url, "/admin/login", FORM, 1 * MiB, { declared: false, prefix: "email=a%40b.c&password=" });
    expect(form.status).toBe(413);
    await healthy();
  });

  it("lets a form under its limit through, declared or chunked", async () => {
    const body = "name=Ana&email=ana%40example.test&phone=&subject=Visa&message=Please%20call%20me.";
    const declared = await rawRequest(site.url, "POST", "/contact", { ...FORM, "Content-Length": String(body.length) }, body);
    expect(declared.status).toBe(200);
    // No Content-Length: Node's client sends it chunked.
    const chunked = await rawRequest(site.url, "POST", "/fa/contact", FORM, body.replace("ana%40", "ana2%40"));
    expect(chunked.status).toBe(200);
  });

  it("sends a refused contact form's fields back no longer than their limits", async () => {
    const body = new URLSearchParams({ name: "n".repeat(5000), email: "not-an-address", phone: "", subject: "s".repeat(3000), message: "m".repeat(40_000) }).toString();
    const answer = await rawRequest(site.url, "POST", "/contact", { ...FORM, "Content-Length": String(body.length) }, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("n".repeat(100));
    expect(answer.body).not.toContain("n".repeat(101));
    expect(answer.body).not.toContain("s".repeat(201));
    expect(answer.body).toContain("m".repeat(5000));
    expect(answer.body).not.toContain("m".repeat(5001));
    // The newsletter sign-up likewise sends back at most 255 characters of the address.
    const signUp = `intent=subscribe&email=${"x".repeat(3000)}`;
    const refused = await rawRequest(site.url, "POST", "/blog.data", { ...FORM, "Content-Length": String(signUp.length) }, signUp);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("x".repeat(255));
    expect(refused.body).not.toContain("x".repeat(256));
  });

  it("answers a missing, empty or malformed Host with 400, never a 500", async () => {
    for (const [label, text] of [
      ["empty Host, HTTP/1.1", "GET /about HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n"],
      ["missing Host, HTTP/1.1", "GET /about HTTP/1.1\r\nConnection: close\r\n\r\n"],
      ["missing Host, HTTP/1.0", "GET /team HTTP/1.0\r\n\r\n"],
      ["empty Host on a POST", "POST /contact HTTP/1.1\r\nHost:\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 6\r\nConnection: close\r\n\r\nname=a"],
      ["malformed Host", "GET /fa/blog HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"],
      ["malformed X-Forwarded-Host", "GET /zh/about HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Host: a@b c\r\nConnection: close\r\n\r\n"],
    ]) {
      const answer = await rawSocket(site.url, text);
      expect(answer.status, label).toBe(400);
      expect(answer.body, label).not.toMatch(/\n\s+at |node_modules/);
    }
    // A stored page too: the page cache's fast path does not answer it either.
    expect((await rawRequest(site.url, "GET", "/privacy")).status).toBe(200);
    expect((await rawRequest(site.url, "GET", "/privacy")).headers["x-cache"]).toBe("HIT");
    expect((await rawSocket(site.url, "GET /privacy HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n")).status).toBe(400);
    expect(site.output()).not.toMatch(/\n\s+at \S/);
  });

  it("sends no-store and noindex with every admin response, its data requests too", async () => {
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    for (const path of ["/admin.data", "/admin/dashboard.data", "/admin/login.data", "/admin/setup.data", "/admin/dashboard/inbox.data", "/admin", "/admin/login"]) {
      for (const headers of [{}, { Cookie: cookie }] as Array<Record<string, string>>) {
        const answer = await rawRequest(site.url, "GET", path, headers);
        expect(answer.headers["cache-control"], path).toContain("no-store");
        expect(answer.headers["x-robots-tag"], path).toBe("noindex, nofollow");
      }
    }
    // Not an admin page.
    expect((await rawRequest(site.url, "GET", "/administrator")).headers["x-robots-tag"]).toBeUndefined();
  });
});
