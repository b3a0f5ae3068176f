import { describe, expect, it } from "vitest";
import { mixedRun } from "./mixed";
import { writeFigures } from "./traffic";

const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);

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
