import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../../core/config";
import { DownloadFailed, DownloadTooLarge, fetchPublicResource, isAllowedAddress, type PublicFetchOptions, type PublicResource } from "../../core/outside/guarded-fetch";
import { refusedUrl } from "../fakes/http";
import { startBigServer, type BigServer } from "../fakes/big-answer";

/**
 * The guarded fetcher (decision 0052) against loopback servers: the one public-looking host is a
 * server on 127.0.0.2 that the test's address rule treats as public, while 127.0.0.1 keeps the
 * real rule, so "a redirect from a public host to loopback" is tested without leaving the machine.
 */

const MB = 1024 * 1024;
let png: Buffer;
let local: BigServer; // 127.0.0.1: internal for the real rule
let pub: BigServer; // 127.0.0.2: "public" for the test's rule

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } }).png().toBuffer();
  local = await startBigServer(png);
  pub = await startBigServer(png, "127.0.0.2");
});
afterAll(async () => {
  await local?.close();
  await pub?.close();
});
beforeEach(() => {
  local.reset();
  pub.reset();
});

/** http is only for the tests' flag; the rule: 127.0.0.2 stands for a public host, the rest is the real rule. */
const asPublic: Partial<PublicFetchOptions> = { allowLoopback: true, allowAddress: (a) => a === "127.0.0.2" || isAllowedAddress(a) };
/** The resource, or the error it failed with. */
const get = (url: string, options: Partial<PublicFetchOptions> = {}): Promise<PublicResource & Error> =>
  fetchPublicResource(url, { maxBytes: 20 * MB, timeoutMs: 10_000, ...options }).then(
    (r) => r as PublicResource & Error,
    (e: unknown) => e as PublicResource & Error,
  );

describe("downloads from an allowed address", () => {
  it("gives the bytes and type, through up to 3 redirects", async () => {
    const direct = await get(`${pub.origin}/png`, asPublic);
    expect(direct).not.toBeInstanceOf(Error);
    expect((direct as { bytes: Buffer }).bytes.equals(png)).toBe(true);
    const redirected = await get(`${pub.origin}/redirect/3/png`, asPublic);
    expect((redirected as { bytes: Buffer; contentType: string }).bytes.equals(png)).toBe(true);
    expect(pub.paths).toEqual(["/png", "/redirect/3/png", "/redirect/2/png", "/redirect/1/png", "/png"]);
  });

  it("a host name is resolved once per hop, and the connection goes to the address that was checked (no rebinding)", async () => {
    const answers = ["127.0.0.2", "127.0.0.1"];
    const resolve = vi.fn(async () => [{ address: answers.shift() ?? "127.0.0.1", family: 4 as const }]);
    const port = new URL(pub.origin).port;
    const result = await get(`http://images.example.test:${port}/png`, { ...asPublic, resolve });
    expect(result.bytes.equals(png)).toBe(true);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(pub.paths).toEqual(["/png"]);
    expect(local.connections).toBe(0);
  });

  it("the tests' flag is refused in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", OUTSIDE_FETCH_ALLOW_LOOPBACK: "1" })).toThrow(/OUTSIDE_FETCH_ALLOW_LOOPBACK: it is for tests only/);
    expect(() => parseEnv({ OUTSIDE_FETCH_ALLOW_LOOPBACK: "1" })).toThrow(/tests only/);
    expect(parseEnv({ NODE_ENV: "test", OUTSIDE_FETCH_ALLOW_LOOPBACK: "1" }).OUTSIDE_FETCH_ALLOW_LOOPBACK).toBe(true);
    expect(parseEnv({ NODE_ENV: "production" }).OUTSIDE_FETCH_ALLOW_LOOPBACK).toBe(false);
  });
});

describe("every refusal is the same failure, and internal addresses are never connected to", () => {
  const SAME = "The resource could not be downloaded.";

  it("loopback in every spelling, without the tests' flag: no connection reaches the server", async () => {
    const port = new URL(local.origin).port;
    const urls = [`http://127.0.0.1:${port}/png`, `http://2130706433:${port}/png`, `http://0x7f000001:${port}/png`, `http://017700000001:${port}/png`, `http://127.1:${port}/png`, `http://[::1]:${port}/png`, `http://[::ffff:127.0.0.1]:${port}/png`, `https://127.0.0.1:${port}/png`];
    const log = { warn: vi.fn() };
    for (const url of urls) {
      const error = await get(url, { log });
      expect(error, url).toBeInstanceOf(DownloadFailed);
      expect(error.message).toBe(SAME);
    }
    expect(local.connections).toBe(0);
    // The real reason is logged on the server, never in the message.
    expect(log.warn).toHaveBeenCalledTimes(urls.length);
    expect(log.warn.mock.calls.map(([details]) => (details as { reason: string }).reason)).toContain("scheme http: refused");
  });

  it("a 302 from a public host to loopback, metadata or a private address is refused at that hop", async () => {
    const connects = vi.spyOn(net.Socket.prototype, "connect");
    try {
      for (const target of [`${local.origin}/png`, "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://192.168.1.1/", `http://[::1]:${new URL(local.origin).port}/png`]) {
        const error = await get(`${pub.origin}/to?url=${encodeURIComponent(target)}`, asPublic);
        expect(error, target).toBeInstanceOf(DownloadFailed);
        expect(error.message).toBe(SAME);
      }
      // One connection per first hop, to the public host only.
      expect(connects).toHaveBeenCalledTimes(5);
    } finally {
      connects.mockRestore();
    }
    expect(local.connections).toBe(0);
    expect(pub.paths).toHaveLength(5);
  });

  it("more than 3 redirects, a 404, a 500, a closed port and a host that does not resolve: the same failure", async () => {
    const closed = await refusedUrl("/png");
    const cases: [string, Partial<PublicFetchOptions>][] = [
      [`${pub.origin}/redirect/4/png`, asPublic],
      [`${pub.origin}/status/404`, asPublic],
      [`${pub.origin}/status/500`, asPublic],
      [closed, { allowLoopback: true }],
      // The resolver is handed in: no DNS query leaves the machine.
      ["http://no-such-host.invalid/png", { allowLoopback: true, resolve: () => Promise.reject(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" })) }],
    ];
    for (const [url, options] of cases) {
      const error = await get(url, options);
      expect(error, url).toBeInstanceOf(DownloadFailed);
      expect(error.message).toBe(SAME);
    }
    // Four requests for the redirect chain: the fourth redirect is not followed.
    expect(pub.paths.filter((p) => p.startsWith("/redirect"))).toHaveLength(4);
  });

  it("http is refused without the tests' flag, even to an allowed address (production is https only)", async () => {
    const error = await get(`${pub.origin}/png`, { allowAddress: asPublic.allowAddress });
    expect(error).toBeInstanceOf(DownloadFailed);
    expect(pub.connections).toBe(0);
  });
});

describe("size caps", () => {
  it("a 300 MB image, streamed without Content-Length, stops at 20 MB: never more than the cap read", async () => {
    const before = process.memoryUsage();
    const error = await get(`${pub.origin}/undeclared/${300 * MB}`, asPublic);
    expect(error).toBeInstanceOf(DownloadTooLarge);
    expect(error.message).toBe("The resource is larger than 20 MB.");
    // The server could write only what the client read plus the socket buffers.
    expect(pub.sent).toBeLessThan(32 * MB);
    expect(process.memoryUsage().heapUsed - before.heapUsed).toBeLessThan(40 * MB);
  });

  it("a declared Content-Length over the cap is refused before the body is read", async () => {
    const error = await get(`${pub.origin}/size/${300 * MB}`, asPublic);
    expect(error).toBeInstanceOf(DownloadTooLarge);
    expect(pub.sent).toBeLessThan(10 * MB);
  });

  it("an answer just under the cap is whole", async () => {
    const answer = await get(`${pub.origin}/size/${MB}`, { ...asPublic, maxBytes: MB });
    expect((answer as { bytes: Buffer }).bytes.byteLength).toBe(MB);
  });
});
