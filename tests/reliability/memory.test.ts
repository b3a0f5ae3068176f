import { describe, expect, it } from "vitest";
import { mixedRun } from "./mixed";
import { writeFigures } from "./traffic";

const SECONDS = Number(process.env.RELIABILITY_MEMORY_SECONDS ?? 600);
/** The most a small firm's server may take (a 512 MB machine runs it beside its system). */
const LIMIT_MB = 450;

describe("memory under mixed traffic", () => {
  it(`stays under ${LIMIT_MB} MB of RSS for the whole run`, async () => {
    const run = await mixedRun(SECONDS, 5000);
    // The curve by minute: the highest sample of each.
    const byMinute: number[] = [];
    for (const [second, rss] of run.samples) byMinute[Math.floor(second / 60)] = Math.max(byMinute[Math.floor(second / 60)] ?? 0, rss);
    writeFigures("memory", {
      seconds: SECONDS,
      requests: run.requests,
      peakRssMb: run.peakRssMb,
      maxRssByMinuteMb: byMinute,
      batch: run.batch,
      mailsSent: run.mailsSent,
      samples: run.samples,
    });
    expect(run.serverErrors).toBe(0);
    expect(run.peakRssMb).toBeLessThan(LIMIT_MB);
  });
});
