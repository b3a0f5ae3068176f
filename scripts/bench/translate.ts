// `npm run bench:translate [-- --language fa]`
// Batch translation throughput: every site text loses its translation in one language, then a
// production server translates them all as one job ('Translate All Missing ...') against the
// loopback fake OpenAI-compatible server with no pause between calls. Reports items per second
// and the server's memory (RSS) during the job. What it measures is the job machinery (claim,
// one short transaction per item, progress) and the AI client, not a real model's speed.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { buildIfNeeded } from "../build-if-needed.mjs";
import { dataDirWithAdmin, formPost, get, openDataDir, signInHttp } from "../../tests/helpers/admin-http";
import { startSite } from "../../tests/helpers/server";
import { startFakeAi } from "../../tests/fakes/openai";

const languageArg = process.argv.slice(2).find((arg, i, all) => all[i - 1] === "--language") ?? "fa";
if (languageArg !== "fa" && languageArg !== "zh") throw new Error("--language takes fa or zh");
const options = { language: languageArg };
const column = options.language === "fa" ? "content_fa" : "content_zh";
const admin = { email: "bench@example.test", password: "a bench password that is long" };

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
};

buildIfNeeded();
const fake = await startFakeAi();
const dataDir = await dataDirWithAdmin("translate-bench-", admin);
// A first start seeds the texts; then every translation in the language is removed.
const first = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
await first.stop();
const store = await openDataDir(dataDir);
await store.db.execute(sql.raw(`update content_text set ${column} = null where key not like 'team.member.%'`));
await store.close();

const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true", AI_BASE_URL: fake.url, AI_API_KEY: "bench", TRANSLATE_DELAY_MS: "0" });
try {
  const pid = site.process.pid!;
  const cookie = await signInHttp(site.url, admin.email, admin.password);
  const before = rssMb(pid);
  const started = Date.now();
  const response = await formPost(`${site.url}/admin/dashboard/content`, { intent: "translate-missing", language: options.language }, { cookie });
  if (!response.ok) throw new Error(`starting the job answered ${response.status}`);
  let peak = before;
  type JobCounts = { status: string; total: number; done: number; failed: number };
  let job: JobCounts | null = null;
  for (;;) {
    peak = Math.max(peak, rssMb(pid));
    // A reused keep-alive connection the server just closed fails once: ask again on the next round.
    const answer = await get(`${site.url}/admin/jobs/1`, cookie).catch(() => null);
    if (answer?.ok) job = ((await answer.json()) as { job: JobCounts }).job;
    if (job && job.status !== "queued" && job.status !== "running") break;
    await sleep(200);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`Batch translation into ${options.language} of every site text, no pause between calls, fake AI on loopback`);
  console.table({
    items: job!.total,
    translated: job!.done,
    failed: job!.failed,
    seconds: Number(seconds.toFixed(1)),
    "items per second": Number((job!.total / seconds).toFixed(1)),
    "server RSS before (MB)": Math.round(before),
    "server RSS peak (MB)": Math.round(peak),
    "AI requests": fake.chatCalls().length,
  });
} catch (error) {
  console.error(site.output().slice(-4000));
  throw error;
} finally {
  await site.stop();
  await fake.close();
}
