import { LRUCache } from "lru-cache";

/** Addresses whose counts one instance keeps by default (the least recently seen are forgotten first). */
export const TRACKED_ADDRESSES = 10_000;

/**
 * Requests per address per window, counted in this instance's memory: for reads that answer
 * advice (free slots, the booking pages), where a limit shared between instances is not worth a
 * database write per request. Bounded: at most `tracked` addresses are remembered.
 */
export class AddressLimiter {
  private readonly counts: LRUCache<string, { windowStart: number; count: number }>;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    tracked = TRACKED_ADDRESSES,
  ) {
    this.counts = new LRUCache({ max: tracked });
  }

  /** Counts one request from `address`; false once it is past the limit in the current window. */
  allow(address: string, now: number): boolean {
    const entry = this.counts.get(address);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      this.counts.set(address, { windowStart: now, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }
}
