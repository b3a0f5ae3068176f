import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DownloadFailed, fetchPublicResource, isAllowedAddress, type Resolve } from "../../core/outside/guarded-fetch";

/**
 * The address rule of the guarded fetcher (decision 0052), and refusals that happen before any
 * connection: no test here sends a packet anywhere (a spy on net.Socket's connect proves it).
 */

describe("the address rule", () => {
  const refused = [
    "127.0.0.1", "127.255.0.9", "0.0.0.0", "10.0.0.5", "172.16.3.4", "172.31.255.255", "192.168.1.20", "169.254.169.254",
    "100.64.0.1", "100.100.100.200", "192.0.0.170", "192.0.2.1", "198.18.0.1", "198.51.100.7", "203.0.113.9", "224.0.0.251",
    "239.255.255.250", "240.0.0.1", "255.255.255.255",
    "::", "::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:8.8.8.8", "::127.0.0.1", "64:ff9b::7f00:1", "fc00::1", "fd00:ec2::254",
    "fe80::1", "ff02::1", "2001:db8::1", "2002:7f00:1::1", "2001:0:4136:e378::1",
    "localhost", "example.com", "",
  ];
  it.each(refused)("refuses %s", (address) => {
    expect(isAllowedAddress(address)).toBe(false);
  });

  const allowed = ["8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001:81b::200e"];
  it.each(allowed)("allows the public address %s", (address) => {
    expect(isAllowedAddress(address)).toBe(true);
  });

  it("the tests' flag lets loopback through, and nothing else", () => {
    expect(isAllowedAddress("127.0.0.1", true)).toBe(true);
    expect(isAllowedAddress("::1", true)).toBe(true);
    for (const address of ["10.0.0.5", "169.254.169.254", "::ffff:127.0.0.1", "fd00:ec2::254", "192.168.1.20"]) expect(isAllowedAddress(address, true)).toBe(false);
  });

  it("numeric spellings of 127.0.0.1 are made plain by the URL parser, so the rule sees them", () => {
    for (const host of ["2130706433", "0x7f000001", "017700000001", "127.1", "0177.0.0.1"]) expect(new URL(`https://${host}/x.png`).hostname).toBe("127.0.0.1");
  });
});

describe("refusals come before any connection", () => {
  let connects: ReturnType<typeof vi.spyOn>;
  const start = () => (connects = vi.spyOn(net.Socket.prototype, "connect"));
  afterEach(() => connects?.mockRestore());

  const attempt = (url: string, resolve?: Resolve, allowLoopback = false) =>
    fetchPublicResource(url, { maxBytes: 1024, timeoutMs: 2_000, resolve, allowLoopback }).then(
      () => null,
      (error: unknown) => error,
    );

  it("private, loopback, metadata and mapped addresses, in every spelling, all fail the same way", async () => {
    start();
    const urls = [
      "https://127.0.0.1/a.png", "https://2130706433/a.png", "https://0x7f000001/a.png", "https://017700000001/a.png", "https://127.1/a.png",
      "https://[::1]/a.png", "https://[::ffff:127.0.0.1]/a.png", "https://169.254.169.254/latest/meta-data/", "https://[fd00:ec2::254]/",
      "https://10.1.2.3/a.png", "https://192.168.0.10/a.png", "https://172.20.0.1/a.png", "https://0.0.0.0/a.png",
    ];
    for (const url of urls) {
      const error = await attempt(url);
      expect(error, url).toBeInstanceOf(DownloadFailed);
      expect((error as Error).message).toBe("The resource could not be downloaded.");
    }
    expect(connects).not.toHaveBeenCalled();
  });

  it("a host name is refused when ANY of its addresses is internal (DNS resolved here, every answer checked)", async () => {
    start();
    const resolve = vi.fn<Resolve>(async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ]);
    const error = await attempt("https://images.example.com/a.png", resolve);
    expect(error).toBeInstanceOf(DownloadFailed);
    expect((error as DownloadFailed).reason).toMatch(/10\.0\.0\.7/);
    expect(resolve).toHaveBeenCalledWith("images.example.com");
    expect(connects).not.toHaveBeenCalled();
  });

  it("http, ftp, file and data addresses are refused without the tests' flag, before resolving", async () => {
    start();
    const resolve = vi.fn<Resolve>(async () => [{ address: "93.184.216.34", family: 4 }]);
    for (const url of ["http://images.example.com/a.png", "ftp://images.example.com/a.png", "file:///etc/passwd", "data:image/png;base64,AAAA", "not an address"]) {
      const error = await attempt(url, resolve);
      expect(error, url).toBeInstanceOf(DownloadFailed);
      expect((error as Error).message).toBe("The resource could not be downloaded.");
    }
    expect(resolve).not.toHaveBeenCalled();
    expect(connects).not.toHaveBeenCalled();
  });

  it("a failed DNS look-up is the same failure", async () => {
    start();
    const error = await attempt("https://no-such-host.example/a.png", async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    });
    expect(error).toBeInstanceOf(DownloadFailed);
    expect((error as Error).message).toBe("The resource could not be downloaded.");
    expect(connects).not.toHaveBeenCalled();
  });
});
