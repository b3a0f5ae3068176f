import { rmSync } from "node:fs";
import { contentText } from "../../db/schema";
import { dataDirWithAdmin, formPost, get, signInHttp } from "../helpers/admin-http";
import { startSite, type SiteServer } from "../helpers/server";
import { startFakeAi } from "../fakes/openai";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";
import { ADMIN, mixedTraffic, PUBLIC_PAGES, RELIABILITY_ENV, rssOf, type LatencyStats } from "./traffic";

export interface MixedRun extends LatencyStats {
  seconds: number;
  peakRssMb: number;
  /** [seconds since start, RSS in MB] every `sampleMs`. */
  samples: [number, number][];
  statuses: Record<string, number>;
  /** The batch translation job running meanwhile: its items, and how many were done at the end. */
  batch: { total: number; done: number; failed: number; status: string };
  /** Contact notifications the outbox mailed to the SMTP peer during the run. */
  mailsSent: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Pause between the batch's items: with one item per this many ms, the job lasts the whole run. */
const BATCH_PAUSE_MS = 500;

/** The runs' demo site on the embedded database in `dataDir`, its mail going to an SMTP peer on loopback. */
async function startMailingDemoSite(dataDir: string, env: Record<string, string | undefined> = {}): Promise<{ site: SiteServer; smtp: SmtpFake }> {
  const smtp = await startSmtpFake();
  const site = await startSite({
    ...RELIABILITY_ENV,
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    SEED_DEMO: "true",
    SMTP_URL: smtp.url,
    MAIL_FROM: "website@firm.example",
    CONTACT_NOTIFY_TO: "intake@firm.example",
    ...env,
  });
  return { site, smtp };
}

/**
 * A demo site on the embedded database under mixed traffic for `seconds`, its RSS sampled, with
 * the background work a firm's server has: one batch translation job (texts without Farsi, a
 * fake AI on loopback) running all along, and each contact post's notification mailed through
 * the outbox to an SMTP peer on loopback.
 */
export async function mixedRun(seconds: number, sampleMs: number, env: Record<string, string | undefined> = {}): Promise<MixedRun> {
  // Texts with English only: the batch's work, enough of it to outlast the run.
  const items = Math.ceil((seconds * 1000) / BATCH_PAUSE_MS) + 20;
  const rows = Array.from({ length: items }, (_, i) => ({ key: `load.batch.${i}`, label: `Load batch ${i}`, content: `Text ${i} of the batch.`, category: "load" }));
  const dataDir = await dataDirWithAdmin("site-load-", ADMIN, {
    prepare: async (db) => {
      for (let i = 0; i < rows.length; i += 200) await db.insert(contentText).values(rows.slice(i, i + 200));
    },
  });
  const ai = await startFakeAi();
  const { site, smtp } = await startMailingDemoSite(dataDir, { AI_BASE_URL: ai.url, AI_API_KEY: "reliability", TRANSLATE_DELAY_MS: String(BATCH_PAUSE_MS), ...env });
  try {
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const batchStart = await formPost(`${site.url}/admin/dashboard/content`, { intent: "translate-missing", language: "fa" }, { cookie });
    if (!batchStart.ok) throw new Error(`starting the batch job answered ${batchStart.status}`);
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
    const job = (await (await get(`${site.url}/admin/jobs/1`, cookie)).json()) as { job: MixedRun["batch"] };
    const { total, done, failed, status } = job.job;
    return {
      seconds,
      ...stats,
      peakRssMb: Math.max(...samples.map(([, rss]) => rss)),
      samples,
      statuses,
      batch: { total, done, failed, status },
      mailsSent: smtp.received.length,
    };
  } finally {
    await site.stop();
    await smtp.stop();
    await ai.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface QueryComparison {
  seconds: number;
  workers: number;
  /** Public pages from `workers` loops, then the same with a fifth of the requests carrying random query strings. */
  plain: LatencyStats & { perSecond: number; statuses: Record<string, number> };
  queries: LatencyStats & { perSecond: number; statuses: Record<string, number> };
}

/**
 * One demo site, its pages stored, then `seconds` of public-page traffic from `workers` loops
 * without query strings and `seconds` with random ones on a fifth of the requests, one after the
 * other (decision 0053: a query string a page does not read must not make it render). Pages only:
 * the mixed run's admin saves empty the page cache every twenty requests, so there most pages
 * render anyway and a render per query string would hardly show.
 */
export async function queryComparison(seconds: number, workers = 20): Promise<QueryComparison> {
  const dataDir = await dataDirWithAdmin("site-queries-", ADMIN);
  const { site, smtp } = await startMailingDemoSite(dataDir);
  try {
    const cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    for (const page of PUBLIC_PAGES) await (await get(`${site.url}${page}`)).arrayBuffer();
    // A few seconds of the same traffic first, so neither measured run pays for the warm-up.
    await mixedTraffic(site.url, cookie, Date.now() + 3000, workers, undefined, { pagesOnly: true });
    const run = async (randomQueries: boolean) => {
      const statuses: Record<string, number> = {};
      const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
      const stats = await mixedTraffic(site.url, cookie, Date.now() + seconds * 1000, workers, count, { randomQueries, pagesOnly: true });
      return { ...stats, perSecond: Math.round((stats.requests / seconds) * 10) / 10, statuses };
    };
    const plain = await run(false);
    const queries = await run(true);
    return { seconds, workers, plain, queries };
  } finally {
    await site.stop();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
