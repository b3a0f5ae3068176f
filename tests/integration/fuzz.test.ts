import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig, { PUBLIC_PAGES } from "../../app/routes";
import { startSite, type SiteServer } from "../helpers/server";
import { eq } from "drizzle-orm";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { twoFactors, users } from "../../db/schema";
import { cookiesFrom, dataDirWithAdmin, formPost, openDataDir, signInHttp, snapshotTables } from "../helpers/admin-http";
import { rawRequest, rawSocket, sendBody, type RawAnswer } from "../helpers/raw-http";

/**
 * A bounded, seeded fuzz of malformed requests over every public and admin path and method,
 * against the built server: no answer may be a 5xx, no body may show a stack trace or a file
 * path, the server may print no stack trace, and no rejected request may store a row.
 * FUZZ_SEED and FUZZ_REQUESTS change the run; a failure prints the seed and the request.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 4000);
const CONCURRENCY = 6;
const ADMIN = { email: "fuzz-admin@example.test", password: "fuzz admin passphrase" };
/** An account whose second step is on: its pending cookie takes the fuzz to the passkey step's action. */
const TWO_STEP = { email: "fuzz-two-step@example.test", password: "fuzz two step passphrase" };
const ROOT = path.resolve(import.meta.dirname, "../..");

/** mulberry32: small, fast and repeatable for one seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const text = (length: number) => {
    const alphabet = ["a", "Z", "0", " ", "=", "+", "-", "@", "%", "&", ";", "\"", "'", "<", ">", "\u0641", "\u4e2d", "\u202e", "\ud83d\ude00", "\r", "\n", "\t", "\\", "/", ","];
    let out = "";
    for (let i = 0; i < length; i++) out += pick(alphabet);
    return out;
  };
  return { next, pick, chance, text };
}

interface Entry {
  path?: string;
  index?: boolean;
  children?: Entry[];
}

/** Every route of app/routes.ts, with sample values for parameters. */
function routePaths(entries: Entry[], base = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const full = `/${[base, entry.path ?? ""].filter(Boolean).join("/")}`.replace(/\/+/g, "/");
    if (entry.path !== undefined || entry.index) out.push(full.replace(/:(\w+)\??/g, (_, name: string) => (name === "kind" ? "submissions" : name === "id" ? "1" : "sample")).replace(/\*$/, "no-such-page") + (entry.index && full.startsWith("/admin/dashboard") ? "?index" : ""));
    if (entry.children) out.push(...routePaths(entry.children, full));
  }
  return out;
}

const PATHS = [
  ...new Set([
    ...routePaths(routeConfig as unknown as Entry[]),
    ...PUBLIC_PAGES.flatMap(([page]) => ["", "/fa", "/zh"].map((prefix) => (page === "/" ? prefix || "/" : `${prefix}${page}`))),
    "/healthz",
    "/media/00000000-0000-0000-0000-000000000000",
    // Widths past the database's integer, zero and absurd (once a 500).
    "/media/00000000-0000-0000-0000-000000000000/2147483648.webp",
    "/media/00000000-0000-0000-0000-000000000000/0.jpeg",
    "/media/00000000-0000-0000-0000-000000000000/99999999999999999999.avif",
    "/assets/missing.js",
    "/favicon.svg",
    "/__manifest?version=1&paths=/,/blog",
  ]),
].map((p) => p.replace(/:slug/, "sample"));

/** Where forms are posted: most POSTs go here, so the routes' own form reading is reached. */
const ACTION_PATHS = [
  ...["", "/fa", "/zh"].flatMap((prefix) => [`${prefix}/contact`, `${prefix}/blog`]),
  "/admin/login",
  "/admin/login/verify",
  "/admin/setup",
  "/admin/logout",
  "/admin/media",
  "/admin/dashboard?index",
  "/admin/dashboard/blog/1",
  "/admin/dashboard/content",
  "/admin/dashboard/team",
  "/admin/dashboard/inbox",
  "/admin/dashboard/automation",
  ...PATHS.filter((p) => p.startsWith("/newsletter/")),
];

/** Every form a visitor can post, in each language it exists in, and the admin's open forms. */
const PUBLIC_FORMS = [
  ...["", "/fa", "/zh"].flatMap((prefix) => ["/contact", "/contact.data", "/blog", "/blog.data", "/newsletter/confirm", "/newsletter/unsubscribe", "/virtual-consultation"].map((path) => `${prefix}${path}`)),
  "/admin/login",
  "/admin/setup",
];

/** Over every form's limit (server/body-limits.ts): just over the largest, and far over. */
const OVERSIZE = [256 * 1024, 8 * 1024 * 1024];

const METHODS = ["GET", "GET", "HEAD", "POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "TRACE", "OPTIONS"];
const INTENTS = ["create", "delete", "save", "subscribe", "photo", "update", "toggle", "delete-subscriber", "handled", "zz"];
const FIELDS = ["intent", "id", "email", "name", "password", "subject", "message", "title", "slug", "content", "key", "token", "file", "website", "method", "response", "challengeId"];
/** The second step's fields: a method, and answers that are no passkey's (once a 500). */
const METHOD_VALUES = ["passkey", "totp", "recovery", "zz"];
const RESPONSE_VALUES = ["null", "[]", "{}", '"x"', "1", '{"id":"a","rawId":"a","type":"public-key","response":{}}', "{"];

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

function mutatePath(rng: ReturnType<typeof random>, base: string): string {
  const [pathname, query] = base.split("?");
  let p = pathname;
  switch (Math.floor(rng.next() * 12)) {
    case 0:
      p += "%00";
      break;
    case 1:
      p = p.toUpperCase();
      break;
    case 2:
      p = `/${p}`;
      break;
    case 3:
      p = `${p}/../admin/dashboard`;
      break;
    case 4:
      p += "/x".repeat(1 + Math.floor(rng.next() * 600));
      break;
    case 5:
      p += "%ff%fe%zz";
      break;
    case 6:
      p += ".data";
      break;
    case 7:
      p += `/${encodeURIComponent(rng.text(8))}`;
      break;
    case 8:
      p = p.replace(/a/g, "%61");
      break;
    default:
      break;
  }
  const q = rng.chance(0.2) ? `${rng.pick(["index", "token=%00", "token=" + "a".repeat(400), "page=-1", "q=%E0%A4%A", "_data=root"])}` : query;
  return q ? `${p}?${q}` : p;
}

function urlencoded(fields: Array<[string, string]>): string {
  return fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

/** A body no correct form sends: each one must be refused without storing anything. */
function malformedBody(rng: ReturnType<typeof random>): { type?: string; body: Buffer } {
  const value = (name: string) =>
    name === "intent" ? rng.pick(INTENTS) : name === "method" ? rng.pick(METHOD_VALUES) : name === "response" && rng.chance(0.7) ? rng.pick(RESPONSE_VALUES) : rng.text(Math.floor(rng.next() * 40));
  const fields = (): Array<[string, string]> => FIELDS.filter(() => rng.chance(0.4)).map((name) => [name, value(name)]);
  const withNul = () => {
    const list = fields();
    list.push([rng.pick(FIELDS), `${rng.text(3)}\0${rng.text(3)}`]);
    if (!list.some(([k]) => k === "intent")) list.push(["intent", rng.pick(INTENTS)]);
    return list;
  };
  switch (Math.floor(rng.next() * 9)) {
    case 0:
      return { type: "application/json", body: Buffer.from(JSON.stringify(Object.fromEntries(fields()))) };
    case 1:
      return { type: "text/plain", body: Buffer.from(urlencoded(fields())) };
    case 2:
      return { body: Buffer.from(urlencoded(fields())) };
    case 3:
      return { type: "multipart/form-data; boundary=fuzz", body: Buffer.from(`--fuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${rng.pick(INTENTS)}`) };
    case 4:
      return { type: "multipart/form-data", body: Buffer.from("--x\r\n\r\n--x--") };
    case 5: {
      const parts = withNul().map(([k, v]) => `--fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      return { type: "multipart/form-data; boundary=fuzz", body: Buffer.from(`${parts.join("")}--fuzz--\r\n`) };
    }
    case 6:
      return { type: "application/x-www-form-urlencoded", body: Buffer.from(urlencoded(withNul())) };
    case 7:
      return { type: "application/x-www-form-urlencoded; charset=utf-16", body: Buffer.from(urlencoded(withNul()), "utf16le") };
    default:
      return { type: rng.pick(["application/xml", "image/png", "application/octet-stream", "multipart/mixed; boundary=a"]), body: Buffer.from(rng.text(64)) };
  }
}

function generate(seed: number, count: number, base: string, cookie: string, pendingCookie: string): FuzzRequest[] {
  const rng = random(seed);
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const method = rng.pick(METHODS);
    const toAction = method === "POST" && rng.chance(0.7);
    let target = toAction ? rng.pick(ACTION_PATHS) : rng.pick(PATHS);
    if (!toAction || rng.chance(0.25)) target = mutatePath(rng, target);
    // The event stream never ends by design: it is read elsewhere, never fuzzed with GET.
    if (method === "GET" && target.startsWith("/events")) target = "/events/x";
    const headers: Record<string, string> = {};
    // Two admin requests do their work with no form at all, and are left out of the session's
    // share: a POST to sign out signs out, and a CSV download is recorded in the audit log.
    const realWithoutForm = /logout/i.test(target) || (/\/export(\/|\?|\.data|$)/i.test(target) && (method === "GET" || method === "HEAD"));
    if (rng.chance(0.6) && !realWithoutForm) headers.Cookie = /^\/admin\/login\/verify/i.test(target) ? pendingCookie : cookie;
    if (rng.chance(0.85)) headers.Origin = base;
    if (rng.chance(0.2)) headers.Accept = rng.pick(["application/json", "*/*", "text/x-script", ""]);
    let body: Buffer | undefined;
    if (method !== "GET" && method !== "HEAD" && method !== "TRACE" && (method === "POST" || rng.chance(0.5))) {
      const generated = malformedBody(rng);
      body = generated.body;
      if (generated.type) headers["Content-Type"] = generated.type;
    }
    if (body) headers["Content-Length"] = String(body.byteLength);
    out.push({ method, path: target, headers, body });
  }
  return out;
}

const STACK = /\n\s+at \S|node_modules|\.tsx?:\d+|\.m?js:\d+/;

describe("fuzz: malformed requests over every path and method", () => {
  let dataDir: string;
  let site: SiteServer;
  let cookie = "";
  let pendingCookie = "";

  beforeAll(async () => {
    dataDir = await dataDirWithAdmin("fuzz-", ADMIN, { demo: true });
    const store = await openDataDir(dataDir);
    const { userId } = await createOrPromoteAdmin(store.db, TWO_STEP, { via: "test" });
    await store.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
    await store.db.insert(twoFactors).values({ id: "tf-fuzz", secret: "sealed", backupCodes: "[]", userId, verified: true });
    await store.close();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const step = await formPost(`${site.url}/admin/login`, TWO_STEP);
    expect(step.headers.get("location")).toBe("/admin/login/verify");
    pendingCookie = cookiesFrom(step);
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers ${REQUESTS} seeded malformed requests (seed ${SEED}) with no 5xx, no stack trace and no stored row`, async () => {
    // The stored rows before, read from the stopped server's database; the session survives.
    await site.stop();
    let store = await openDataDir(dataDir);
    const before = await snapshotTables(store.db, ["sessions", "rate_limits"]);
    await store.close();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    const outputBefore = site.output().length;

    const requests = generate(SEED, REQUESTS, site.url, cookie, pendingCookie);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index];
        let answer: RawAnswer;
        try {
          answer = await rawRequest(site.url, request.method, request.path, request.headers, request.body);
        } catch (error) {
          failures.push(`#${index} ${request.method} ${request.path.slice(0, 120)}: no answer (${(error as Error).message})`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const label = `#${index} ${request.method} ${request.path.slice(0, 120)} [${request.headers["Content-Type"] ?? "no type"}]`;
        if (answer.status >= 500) failures.push(`${label}: ${answer.status} ${answer.body.slice(0, 200)}`);
        if (STACK.test(answer.body) || answer.body.includes(ROOT)) failures.push(`${label}: body shows a stack trace or path`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    console.log(`fuzz seed ${SEED}: statuses`, Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    // The run reached the actions, not only the guard: forms were refused by the routes too.
    expect(statuses.get(415) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(405) ?? 0).toBeGreaterThan(50);
    // Nothing printed a stack trace: a bad request is not a server error.
    expect(site.output().slice(outputBefore)).not.toMatch(/\n\s+at \S/);

    await site.stop();
    store = await openDataDir(dataDir);
    const after = await snapshotTables(store.db, ["sessions", "rate_limits"]);
    await store.close();
    expect(after).toEqual(before);
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  }, 300_000);

  it("answers oversize bodies of every kind to every form, and requests without a usable Host, with no 5xx", async () => {
    const outputBefore = site.output().length;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const kinds: Array<[label: string, type: string, prefix: string, declared: boolean]> = [
      ["urlencoded", "application/x-www-form-urlencoded", "intent=subscribe&name=a&email=a%40b.c&subject=s&message=", true],
      ["multipart", "multipart/form-data; boundary=fuzz", '--fuzz\r\nContent-Disposition: form-data; name="message"\r\n\r\n', true],
      ["JSON", "application/json", '{"message":"', true],
      ["chunked urlencoded", "application/x-www-form-urlencoded", "intent=subscribe&email=a%40b.c&password=x&message=", false],
      ["chunked multipart", "multipart/form-data; boundary=fuzz", '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n', false],
    ];
    for (const path of PUBLIC_FORMS) {
      for (const size of OVERSIZE) {
        const answers = await Promise.all(
          kinds.map(([label, type, prefix, declared]) =>
            sendBody(site.url, path, { "Content-Type": type, Origin: site.url }, size, { declared, prefix }).then(
              (answer) => ({ label, declared, answer }),
              (error: Error) => ({ label, declared, error }),
            ),
          ),
        );
        for (const result of answers) {
          const name = `${result.label} ${size} B to ${path}`;
          if ("error" in result) {
            failures.push(`${name}: no answer (${result.error.message})`);
            continue;
          }
          const { status, body } = result.answer;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) failures.push(`${name}: ${status} ${body.slice(0, 200)}`);
          // A declared length over the limit is never read: 413 at the door, whatever the type.
          if (result.declared && status !== 413) failures.push(`${name}: ${status}, not 413`);
          if (STACK.test(body) || body.includes(ROOT)) failures.push(`${name}: body shows a stack trace or path`);
        }
      }
    }
    for (const [label, text] of [
      ["empty Host", "GET /contact HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n"],
      ["missing Host", "GET /fa/contact HTTP/1.1\r\nConnection: close\r\n\r\n"],
      ["missing Host, HTTP/1.0", "GET /zh/blog HTTP/1.0\r\n\r\n"],
      ["empty Host, POST", "POST /blog HTTP/1.1\r\nHost:\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 14\r\nConnection: close\r\n\r\nintent=subscri"],
      ["empty Host, admin", "GET /admin/login HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n"],
    ]) {
      const answer = await rawSocket(site.url, text);
      if (answer.status < 400 || answer.status >= 500) failures.push(`${label}: ${answer.status}`);
    }
    console.log("oversize statuses", Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
    expect(failures).toEqual([]);
    expect((await rawRequest(site.url, "GET", "/healthz")).status).toBe(200);
    expect(site.output().slice(outputBefore)).not.toMatch(/\n\s+at \S/);
  }, 300_000);
});
