import pino from "pino";
import { describe, expect, it } from "vitest";
import { logRefusal, REFUSAL_LOG_INTERVAL_MS } from "../../core/log";

/** A logger that keeps its lines. */
function captured() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe("refused requests in the log (issue 44, finding 7)", () => {
  it("writes one warning without a stack per client per minute, whatever the number refused", () => {
    const { log, lines } = captured();
    const start = 1_000_000;
    for (let i = 0; i < 500; i++) logRefusal(log, "203.0.113.9", "cross-site", { path: "/contact" }, start + i * 10);
    logRefusal(log, "198.51.100.4", "contact form rate limit reached", {}, start + 20);
    expect(lines.map((line) => [line.level, line.client, line.reason])).toEqual([
      [40, "203.0.113.9", "cross-site"],
      [40, "198.51.100.4", "contact form rate limit reached"],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/stack|"err"/);
    // A minute after its last line, the same client is logged again.
    logRefusal(log, "203.0.113.9", "cross-site", {}, start + REFUSAL_LOG_INTERVAL_MS - 1);
    expect(lines).toHaveLength(2);
    logRefusal(log, "203.0.113.9", "cross-site", {}, start + REFUSAL_LOG_INTERVAL_MS);
    expect(lines).toHaveLength(3);
  });

  it("remembers a bounded number of clients: a flood from many addresses cannot grow memory or the log without end", () => {
    const { log, lines } = captured();
    for (let i = 0; i < 3_000; i++) logRefusal(log, `client-${i}`, "page not found", {}, 5_000_000);
    expect(lines.length).toBe(1_000);
    // Once the minute has passed, the old entries make room.
    expect(logRefusal(log, "client-new", "page not found", {}, 5_000_000 + REFUSAL_LOG_INTERVAL_MS)).toBe(true);
  });
});
