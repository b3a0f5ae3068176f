/**
 * Downloads of an address that came from data (a post's featured image URL, the AI's image URL),
 * never from the operator's configuration (decision 0052). Such an address may point anywhere,
 * so before each connection:
 * - the scheme must be https (http only with the tests' loopback flag);
 * - the host is resolved here and EVERY address it resolves to must be public: not loopback,
 *   private, link-local (cloud metadata 169.254.169.254), CGNAT, unique-local (fd00:ec2::254),
 *   multicast, unspecified, documentation or reserved; IPv6 must be global unicast (2000::/3),
 *   so IPv4-mapped, NAT64, 6to4 and Teredo forms of an inner address are refused too;
 * - the connection goes to the address that was checked (the request's `lookup` answers it), so
 *   a second DNS answer (rebinding) cannot change where it goes;
 * - redirects are followed by hand, each hop checked the same way, at most 3;
 * - the body is counted as it arrives and the download stops past maxBytes (a declared
 *   Content-Length over it is refused before reading); nothing is decompressed.
 * Every refusal and failure before a complete 2xx answer is the same DownloadFailed, so an
 * answer cannot tell a closed port from a refused address; the real reason goes to the log.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { formatBytes } from "./capped-body";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The resolver: every address of a host name. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface PublicFetchOptions {
  maxBytes: number;
  /** The whole download, all redirects included. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Tests only (OUTSIDE_FETCH_ALLOW_LOOPBACK): http, and loopback addresses (127/8, ::1). Never other private ranges. */
  allowLoopback?: boolean;
  /** Tests hand in a resolver; by default the system's (dns.lookup, all addresses). */
  resolve?: Resolve;
  /** Tests hand in the address rule (to let one loopback address stand for a public host); by default isAllowedAddress. */
  allowAddress?: (address: string) => boolean;
  /** The real reason of a refusal or failure, for the server's log (never for the browser). */
  log?: { warn(details: Record<string, unknown>, message: string): void };
  /** What the request accepts, e.g. "image/*". */
  accept?: string;
}

export interface PublicResource {
  bytes: Buffer;
  contentType: string | null;
  /** The address the bytes came from, after redirects. */
  url: string;
}

/**
 * What went wrong, for a caller that tells its own user what to do (a lawyer's calendar, decision
 * 0105): "refused" (scheme, credentials, an address that is not public: decided before any
 * connection, so it maps nothing inside), "unreachable" (DNS, connection), "status" (a non-2xx
 * answer, `status`), "timeout", "cut-off" (the answer stopped early). Featured and AI images keep
 * one sentence for all (decision 0052).
 */
export type DownloadFailure = "refused" | "unreachable" | "status" | "timeout" | "cut-off";

/** Any refusal or failure to download; `reason` is for the log only. */
export class DownloadFailed extends Error {
  constructor(
    readonly reason: string,
    readonly kind: DownloadFailure = "refused",
    readonly status?: number,
  ) {
    super("The resource could not be downloaded.");
    this.name = "DownloadFailed";
  }
}

/** The answer came from a public address, and it is larger than the cap. */
export class DownloadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The resource is larger than ${formatBytes(maxBytes)}.`);
    this.name = "DownloadTooLarge";
  }
}

export const MAX_REDIRECTS = 3;

// ---------------------------------------------------------------- the address rule

function blockList(ranges: [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, type] of ranges) list.addSubnet(network, prefix, type);
  return list;
}

/** IPv4 that is not public (IANA special-purpose registry). 127/8 is separate: the tests' flag lets it through. */
const IPV4_NOT_PUBLIC = blockList([
  ["0.0.0.0", 8, "ipv4"], // "this network", unspecified
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"], // CGNAT (also Alibaba's metadata 100.100.100.200)
  ["169.254.0.0", 16, "ipv4"], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12, "ipv4"],
  ["192.0.0.0", 24, "ipv4"], // IETF protocol assignments
  ["192.0.2.0", 24, "ipv4"], // documentation
  ["192.88.99.0", 24, "ipv4"], // 6to4 relay
  ["192.168.0.0", 16, "ipv4"],
  ["198.18.0.0", 15, "ipv4"], // benchmarking
  ["198.51.100.0", 24, "ipv4"], // documentation
  ["203.0.113.0", 24, "ipv4"], // documentation
  ["224.0.0.0", 4, "ipv4"], // multicast
  ["240.0.0.0", 4, "ipv4"], // reserved, broadcast
]);
const IPV4_LOOPBACK = blockList([["127.0.0.0", 8, "ipv4"]]);
/** Only global unicast IPv6 is public: this leaves out ::, ::1, ::ffff:0:0/96, 64:ff9b::/96, fc00::/7 (fd00:ec2::254), fe80::/10, ff00::/8. */
const IPV6_GLOBAL = blockList([["2000::", 3, "ipv6"]]);
const IPV6_LOOPBACK = blockList([["::1", 128, "ipv6"]]);
const IPV6_NOT_PUBLIC = blockList([
  ["2001::", 32, "ipv6"], // Teredo (an IPv4 inside)
  ["2001:2::", 48, "ipv6"], // benchmarking
  ["2001:10::", 28, "ipv6"], // ORCHID
  ["2001:db8::", 32, "ipv6"], // documentation
  ["2002::", 16, "ipv6"], // 6to4 (an IPv4 inside)
  ["3fff::", 20, "ipv6"], // documentation
]);

/**
 * Whether a download may connect to this address: public only; loopback as well when the
 * tests' flag is on. An address that is not an IP address is refused.
 */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  const version = isIP(address);
  if (version === 4) {
    if (IPV4_LOOPBACK.check(address, "ipv4")) return allowLoopback;
    return !IPV4_NOT_PUBLIC.check(address, "ipv4");
  }
  if (version === 6) {
    if (IPV6_LOOPBACK.check(address, "ipv6")) return allowLoopback;
    return IPV6_GLOBAL.check(address, "ipv6") && !IPV6_NOT_PUBLIC.check(address, "ipv6");
  }
  return false;
}

const systemResolve: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

// ---------------------------------------------------------------- the download

/**
 * The body of a public http(s) address, at most maxBytes. Throws DownloadFailed for every
 * refusal and failure, DownloadTooLarge past the cap, and the signal's reason when it aborts.
 */
export async function fetchPublicResource(address: string, options: PublicFetchOptions): Promise<PublicResource> {
  const { signal, log } = options;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let current = address;
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkedTarget(current, options);
      const response = await send(target, options, combined);
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        response.resume();
        response.destroy();
        const location = response.headers.location;
        if (!location) throw new DownloadFailed(`redirect ${status} without a Location`);
        if (hop >= MAX_REDIRECTS) throw new DownloadFailed(`more than ${MAX_REDIRECTS} redirects`);
        try {
          current = new URL(location, target.url).href;
        } catch {
          throw new DownloadFailed("redirect to an unreadable address");
        }
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new DownloadFailed(`answered ${status}`, "status", status);
      }
      const bytes = await readCapped(response, options.maxBytes);
      const type = response.headers["content-type"];
      return { bytes, contentType: typeof type === "string" ? type : null, url: target.url.href };
    }
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (error instanceof DownloadTooLarge) throw error;
    const failed =
      error instanceof DownloadFailed
        ? error
        : timeout.aborted
          ? new DownloadFailed(`no complete answer within ${options.timeoutMs} ms`, "timeout")
          : new DownloadFailed(errorText(error), "unreachable");
    log?.warn({ url: redactUrl(address), last: redactUrl(current), reason: failed.reason }, "download refused or failed");
    throw failed;
  }
}

interface Target {
  url: URL;
  /** The checked address the connection goes to. */
  pinned: ResolvedAddress;
}

async function checkedTarget(address: string, options: PublicFetchOptions): Promise<Target> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new DownloadFailed("not an address");
  }
  // The WHATWG parser has already made 2130706433, 0x7f000001, 017700000001 and 127.1 into 127.0.0.1.
  const schemeAllowed = url.protocol === "https:" || (url.protocol === "http:" && options.allowLoopback === true);
  if (!schemeAllowed) throw new DownloadFailed(`scheme ${url.protocol} refused`);
  if (url.username || url.password) throw new DownloadFailed("credentials in the address");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch (error) {
      throw new DownloadFailed(`host name not resolved: ${errorText(error)}`, "unreachable");
    }
  }
  if (addresses.length === 0) throw new DownloadFailed("host name has no address", "unreachable");
  // Every address: a name that also resolves to an internal one is refused whole.
  const allowed = options.allowAddress ?? ((a: string) => isAllowedAddress(a, options.allowLoopback === true));
  const refused = addresses.find((a) => !allowed(a.address));
  if (refused) throw new DownloadFailed(`address ${refused.address} is not public`);
  return { url, pinned: addresses[0] };
}

function send(target: Target, options: PublicFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const { url, pinned } = target;
  // The connection's own lookup answers the checked address only: no second resolution.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "GET",
        lookup,
        signal,
        agent: false,
        headers: { Accept: options.accept ?? "*/*", "Accept-Encoding": "identity", "User-Agent": "law-site-fetch/1" },
      },
      resolve,
    );
    req.on("error", reject);
    req.end();
  });
}

/** The body, counted as it arrives: never more than maxBytes held. */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new DownloadTooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      response.destroy();
      throw new DownloadTooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  if (!response.complete) throw new DownloadFailed("the answer was cut off", "cut-off");
  return Buffer.concat(chunks, total);
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException("The operation was aborted.", "AbortError");
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${code}: ${error.message}` : error.message;
}

/** The log gets the address without its query (a signed URL's token) and without credentials. */
function redactUrl(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return address.slice(0, 200);
  }
}
