import { describe, expect, it } from "vitest";
import { mixedRun, queryComparison } from "./mixed";
import { writeFigures } from "./traffic";

const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
/** Each of the two runs compared for query strings. */
const QUERY_SECONDS = Number(process.env.RELIABILITY_QUERY_SECONDS ?? 30);

describe("a minute of mixed traffic", () => {
  it("answers every request without an error or a 5xx, with its latency and peak memory reported", async () => {
    const run = await mixedRun(SECONDS, 1000, process.env.RELIABILITY_NODE_OPTIONS ? { NODE_OPTIONS: process.env.RELIABILITY_NODE_OPTIONS } : {});
    const { samples, ...figures } = run;
    writeFigures("load", { ...figures, rssEverySecondMb: samples.map(([, rss]) => rss) });
    expect(run.requests).toBeGreaterThan(0);
    expect(run.byKind.contact).toBeGreaterThan(0);
    expect(run.byKind.save).toBeGreaterThan(0);
    expect(run.statuses).toEqual({ 200: run.requests });
    expect(run.errors).toBe(0);
    expect(run.serverErrors).toBe(0);
    // The batch job ran all along, and the outbox mailed the contact posts.
    expect(run.batch.done).toBeGreaterThan(0);
    expect(run.batch.failed).toBe(0);
    expect(run.mailsSent).toBeGreaterThan(0);
  });
});

describe("public pages with random query strings", () => {
  it("answers a fifth of the requests carrying random query strings with a p99 within 2x of the same traffic without them", async () => {
    const run = await queryComparison(QUERY_SECONDS);
    writeFigures("load-queries", run);
    for (const stats of [run.plain, run.queries]) {
      expect(stats.errors).toBe(0);
      expect(stats.serverErrors).toBe(0);
      expect(stats.statuses).toEqual({ 200: stats.requests });
    }
    expect(run.plain.byKind.query).toBe(0);
    expect(run.queries.byKind.contact + run.queries.byKind.save).toBe(0);
    // One request in five: the roll of each request's number, so a fifth up to the workers' last round.
    expect(run.queries.byKind.query / run.queries.requests).toBeGreaterThan(0.19);
    // Each random query rendered the page on main (19.6 requests/s, p99 5 s at 50 connections).
    expect(run.queries.p99).toBeLessThanOrEqual(2 * run.plain.p99);
  });
});
