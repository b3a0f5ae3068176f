import { rmSync } from "node:fs";
import { dataDirWithAdmin, signInHttp } from "../helpers/admin-http";
import { startSite } from "../helpers/server";
import { ADMIN, mixedTraffic, RELIABILITY_ENV, rssOf, type LatencyStats } from "./traffic";

export interface MixedRun extends LatencyStats {
  seconds: number;
  peakRssMb: number;
  /** [seconds since start, RSS in MB] every `sampleMs`. */
  samples: [number, number][];
  statuses: Record<string, number>;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** A demo site on the embedded database under mixed traffic for `seconds`, its RSS sampled. */
export async function mixedRun(seconds: number, sampleMs: number, env: Record<string, string | undefined> = {}): Promise<MixedRun> {
  const dataDir = await dataDirWithAdmin("site-load-", ADMIN);
  const site = await startSite({ ...RELIABILITY_ENV, DATA_DIR: dataDir, DATABASE_URL: undefined, SEED_DEMO: "true", ...env });
  try {
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const pid = site.process.pid!;
    const samples: [number, number][] = [];
    const started = Date.now();
    const sample = () => samples.push([Math.round((Date.now() - started) / 1000), mb(rssOf(pid))]);
    sample();
    const timer = setInterval(sample, sampleMs);
    const statuses: Record<string, number> = {};
    const stats = await mixedTraffic(site.url, cookie, started + seconds * 1000, 6, (status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    clearInterval(timer);
    sample();
    return { seconds, ...stats, peakRssMb: Math.max(...samples.map(([, rss]) => rss)), samples, statuses };
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
