// `npm run bench:load [-- --seconds 5] [-- --rounds 3] [-- --duration 60] [-- --connections 10] [-- --path /team ...] [-- --fresh]
//   [-- --encoding br|gzip] [-- --slots=false | --slots-only] [-- --lawyers 10] [-- --slot-days 31]`
// A cached public page of a production start vs a plain node:http server sending the same
// bytes, both on loopback, each in its own process, measured by autocannon in this one, in
// --rounds alternating runs of --seconds each (the ratio is the median of the rounds' ratios).
// Then a sustained load of --duration seconds on the site and the server's memory after it.
// Each --path (default: / and /fa/practice-areas/immigration) in turn, on the same server.
// The server measured is a restart on a data directory a first start created and seeded,
// as in production (creating the embedded database is a one-time cost of a much larger
// process); --fresh measures that first process instead. --encoding asks for the page
// compressed, as browsers do (the static server then sends the same compressed bytes).
// Then GET /api/consultations/slots (two weeks of free consultation slots, computed per request,
// never cached; issue 33 asks p99 under 50 ms at 10 connections): --rounds runs of --seconds,
// its per-address rate limit raised for the run; --slots=false leaves it out, --slots-only
// measures only it. --lawyers N makes N bookable lawyers (own hours, languages, areas; issue 46)
// in the data directory before the measured start, so "any lawyer" computes N calendars; the
// request asks --slot-days days (default 14; the API takes at most 31).
// Then floods (issue 44): 20 connections of random unknown paths for --seconds, then --connections
// of /virtual-consultation (rendered per request; its per-address limit raised for the run), while
// one connection in its own process (scripts/bench/probe.mjs) reads a cached page (--flood-page,
// default /about), against that page's median when idle in the same run; the targets are the
// page's median within 2x its idle one and at least 500 unknown paths a second.
// --flood=false leaves them out, --flood-only measures only them.
// --env NAME=VALUE (repeatable) is given to the measured server, e.g. PAGE_CACHE_FAST_PATH=false
// to measure stored pages sent through Express.
// --user-agent UA sends that User-Agent (none by default, which the visit statistics take for a
// bot): with a browser's, each request is counted as a page view (STATS_MODE, decision 0082).
// --profile DIR writes a CPU profile of the measured server there (node --cpu-prof) and
// prints where its time went (scripts/bench/cpu-profile.mjs); profiling slows it down, so the
// figures of such a run are not the ones to compare.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { summarize } from "./cpu-profile.mjs";
import { rawGet } from "./raw-get.mjs";
import { cpuMicros, freePort, median, parseArgs, startSite, table, tempDataDir } from "./site.mjs";

const options = parseArgs(process.argv.slice(2), { seconds: 5, rounds: 3, duration: 60, connections: 10, path: [], warmup: 2, fresh: false, encoding: "", profile: "", env: [], slots: true, "slots-only": false, "user-agent": "", flood: true, "flood-only": false, "flood-page": "/about", lawyers: 0, "slot-days": 14 });
// The home page and the longest page (in bytes) unless pages are named.
if (options.path.length === 0) options.path = ["/", "/fa/practice-areas/immigration"];
if (!["", "br", "gzip"].includes(options.encoding)) {
  console.error(`--encoding takes br or gzip, not ${options.encoding}`);
  process.exit(2);
}
const requestHeaders = {
  ...(options.encoding ? { "accept-encoding": options.encoding } : {}),
  ...(options["user-agent"] ? { "user-agent": options["user-agent"] } : {}),
};

/** A run, with the CPU time the server spent per request (robust where neighbours take the cores). */
async function measure(url, pid, seconds) {
  const before = cpuMicros(pid);
  const result = await run(url, seconds);
  result.cpuPerRequest = (cpuMicros(pid) - before) / result.requests.total;
  return result;
}

function run(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: options.connections, duration: seconds, headers: requestHeaders }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** node:http answering every request with the same bytes, in a child process. */
async function startStaticServer(body, encoding) {
  const dir = mkdtempSync(path.join(tmpdir(), "static-bench-"));
  const file = path.join(dir, "page.html");
  writeFileSync(file, body);
  const port = await freePort();
  const source = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length, ...${JSON.stringify(encoding ? { "Content-Encoding": encoding } : {})} });
      res.end(body);
    }).listen(${port}, "127.0.0.1", () => process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`static server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const dataDir = tempDataDir();
if (!options.fresh) {
  const first = await startSite({}, { dataDir });
  console.log(`first start (creates and seeds the database): RSS ${first.memory().rssMB.toFixed(0)} MB, peak ${first.memory().peakMB.toFixed(0)} MB`);
  await first.stop();
}
if (options.lawyers > 0) await addBookableLawyers(dataDir, Number(options.lawyers));
const profileDir = options.profile ? path.resolve(options.profile) : "";
if (profileDir) mkdirSync(profileDir, { recursive: true });
const siteEnv = Object.fromEntries(options.env.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
// One address sends every request here: the slots API's and the booking pages' limit per address would answer 429.
siteEnv.SLOTS_RATE_LIMIT ??= "100000000";
if (options["slots-only"] || options["flood-only"]) options.path = [];
if (options["flood-only"]) options.slots = false;
const site = await startSite(siteEnv, { dataDir, nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [] });
let staticServer;
const summary = [];
/** The sustained runs' windows, for the CPU profile (µs of the monotonic clock). */
const windows = [];
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);
try {
  for (const pagePath of options.path) {
    const pageUrl = `${site.url}${pagePath}`;
    await rawGet(pageUrl, requestHeaders);
    // The stored page's compressed copies are made in the background after its first render;
    // until then a hit is compressed per response (no Content-Length, and more bytes).
    let answer;
    for (let tries = 0; tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await rawGet(pageUrl, requestHeaders);
      if (!options.encoding || answer.headers["content-length"]) break;
    }
    const { headers, body } = answer;
    if (headers["x-cache"] !== "HIT") console.warn(`warning: ${pagePath} is not served from the page cache (X-Cache: ${headers["x-cache"]})`);
    if ((headers["content-encoding"] ?? "") !== options.encoding) console.warn(`warning: asked for ${options.encoding || "no"} encoding, got ${headers["content-encoding"]}`);
    staticServer = await startStaticServer(body, options.encoding);

    // Rounds alternate the two servers, so a neighbour's load on a shared machine falls on both.
    const rounds = { "static node:http": [], "site (cached page)": [] };
    const urls = { "static node:http": staticServer.url, "site (cached page)": pageUrl };
    const pids = { "static node:http": staticServer.pid, "site (cached page)": site.pid };
    for (let round = 0; round < options.rounds; round++) {
      for (const name of Object.keys(urls)) {
        if (round === 0 && options.warmup > 0) await run(urls[name], options.warmup);
        const result = await measure(urls[name], pids[name], options.seconds);
        if (result.non2xx || result.errors) console.warn(`warning: ${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        rounds[name].push(result);
      }
    }
    const rows = Object.entries(rounds).map(([name, results]) => [
      name,
      Math.round(median(results.map((r) => r.requests.average))),
      median(results.map((r) => r.latency.p50)),
      median(results.map((r) => r.latency.p99)),
      (median(results.map((r) => r.throughput.average)) / 1024 / 1024).toFixed(1),
      Math.round(median(results.map((r) => r.cpuPerRequest))),
    ]);
    const ratios = rounds["site (cached page)"].map((site, i) => site.requests.average / rounds["static node:http"][i].requests.average);
    const ratio = median(ratios);
    const encoded = options.encoding ? ` (${options.encoding})` : "";
    console.log(`\n${pagePath}: ${body.length} bytes${encoded}, ${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s each, loopback (medians)\n`);
    console.log(table(["server", "req/s", "p50 ms", "p99 ms", "MB/s", "CPU µs/req"], rows));
    console.log(`\nratio site/static: ${ratio.toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(", ")})`);
    // What the ratio would be with a core each and nothing else running: the static server's CPU per request over the site's.
    const cpuRatio = rows[0][5] / rows[1][5];
    console.log(`CPU per request, static/site: ${cpuRatio.toFixed(2)}`);
    await staticServer.stop();
    staticServer = undefined;

    const before = site.memory();
    console.log(`\nsustained load: ${options.duration} s on ${pagePath} (server RSS before: ${before.rssMB.toFixed(0)} MB)`);
    const from = nowMicros();
    const sustained = await run(pageUrl, options.duration);
    windows.push({ pagePath, from, to: nowMicros() });
    const after = site.memory();
    console.log(
      `  ${Math.round(sustained.requests.average)} req/s, p99 ${sustained.latency.p99} ms, ${sustained.requests.total} requests, ` +
        `${sustained.non2xx} non-2xx, ${sustained.errors} errors`,
    );
    console.log(`  server RSS after: ${after.rssMB.toFixed(0)} MB (peak ${after.peakMB.toFixed(0)} MB)`);
    summary.push([
      pagePath,
      body.length,
      rows[0][1],
      rows[1][1],
      ratio.toFixed(2),
      cpuRatio.toFixed(2),
      Math.round(sustained.requests.average),
      sustained.latency.p99,
      after.rssMB.toFixed(0),
      after.peakMB.toFixed(0),
    ]);
  }
  if (summary.length > 0) {
    console.log(`\nsummary (${options.encoding || "no"} encoding; sustained ${options.duration} s per page, RSS after it)\n`);
    console.log(table(["page", "bytes", "static req/s", "site req/s", "ratio", "CPU ratio", "sustained req/s", "p99 ms", "RSS MB", "peak MB"], summary));
  }
  if (options.slots || options["slots-only"]) await benchSlots(site);
  if ((options.flood && !options["slots-only"]) || options["flood-only"]) await benchFlood(site);
} finally {
  await staticServer?.stop();
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (profileDir) {
  const newest = readdirSync(profileDir)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(profileDir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) console.log(`no profile written in ${profileDir}`);
  for (const { pagePath, from, to } of newest ? windows : []) {
    console.log(`\nCPU profile of the server during the sustained load on ${pagePath}:\n`);
    console.log(summarize(newest, { from, to }));
  }
}

/**
 * N bookable lawyers written into the stopped server's embedded database: weekday hours that
 * differ by lawyer, one or two languages, two practice areas, every meeting kind, a week off.
 */
async function addBookableLawyers(dataDir, count) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm, unaccent } });
  const areas = ["civil-litigation", "immigration", "family-law", "professional-negligence"];
  const languages = [["en"], ["en", "fa"], ["en", "zh"], ["fa"], ["zh", "en"]];
  try {
    for (let i = 0; i < count; i++) {
      const open = `${String(8 + (i % 3)).padStart(2, "0")}:00`;
      const close = `${String(15 + (i % 3)).padStart(2, "0")}:30`;
      const hours = [null, ...Array.from({ length: 5 }, () => ({ open, close })), null];
      const away = new Date(Date.now() + (7 + i) * 86_400_000).toISOString().slice(0, 10);
      const awayTo = new Date(Date.now() + (13 + i) * 86_400_000).toISOString().slice(0, 10);
      const { rows } = await db.query("insert into team_members (name, order_index, active) values ($1, $2, true) returning id", [`Bench Lawyer ${i + 1}`, 100 + i]);
      await db.query("insert into bookable_lawyers (member_id, bookable, hours, time_off, areas, languages, kinds) values ($1, true, $2, $3, $4, $5, $6)", [
        rows[0].id,
        JSON.stringify(hours),
        JSON.stringify([{ from: away, to: awayTo }]),
        [areas[i % 4], areas[(i + 1) % 4]],
        languages[i % languages.length],
        ["video", "phone", "office"],
      ]);
    }
  } finally {
    await db.close();
  }
  console.log(`${count} bookable lawyers added`);
}

/** GET /api/consultations/slots for the next two weeks (Vancouver dates), --rounds runs of --seconds each. */
async function benchSlots(site) {
  // The day before UTC's today is never after Vancouver's today (the API starts at its today): no zone needed.
  const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.parse(`${today}T12:00:00Z`) + (Number(options["slot-days"]) - 1) * 86_400_000).toISOString().slice(0, 10);
  const url = `${site.url}/api/consultations/slots?from=${today}&to=${to}`;
  const first = await fetch(url);
  const body = await first.json();
  if (first.status !== 200) throw new Error(`slots API answered ${first.status}: ${JSON.stringify(body)}`);
  if (options.warmup > 0) await run(url, options.warmup);
  const results = [];
  for (let round = 0; round < options.rounds; round++) results.push(await measure(url, site.pid, options.seconds));
  const non2xx = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  const p99 = median(results.map((r) => r.latency.p99));
  console.log(`\nGET /api/consultations/slots?from=${today}&to=${to}: ${body.slots.length} slots, ${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s (medians)\n`);
  console.log(
    table(
      ["endpoint", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "non-2xx"],
      [["slots API", Math.round(median(results.map((r) => r.requests.average))), median(results.map((r) => r.latency.p50)), p99, Math.round(median(results.map((r) => r.cpuPerRequest))), non2xx]],
    ),
  );
  console.log(`\nissue 33's target, p99 under 50 ms: ${p99 < 50 ? "met" : "NOT met"}`);
}

/** scripts/bench/probe.mjs in its own process: one connection's latencies on `url` for `seconds`. */
function probe(url, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "probe.mjs"), url, String(seconds), JSON.stringify(requestHeaders)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`probe exited (${code})`))));
  });
}

/**
 * Issue 44's runs: a cached page's latency idle, then during a flood of 20 connections of random
 * unknown paths, then during a flood of the booking page (rendered per request), each flood
 * measured by autocannon here and the cached page by a probe in its own process (its median to
 * the microsecond; autocannon's percentiles are whole milliseconds, and in this process they would
 * include the wait for the flood's answers to be read). Targets: the page's median within 2x its
 * idle one during the unknown-path flood, and at least 500 unknown paths a second.
 */
async function benchFlood(site) {
  const pageUrl = `${site.url}${options["flood-page"]}`;
  await rawGet(pageUrl, requestHeaders);
  await rawGet(`${site.url}/no-such-page-warmup`, requestHeaders);
  await rawGet(`${site.url}/virtual-consultation`, requestHeaders);
  // The stored pages' compressed copies are made in the background after their first render.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const seconds = options.seconds;
  const flood = (url, connections, extra = {}) =>
    new Promise((resolve, reject) =>
      autocannon({ url, connections, duration: seconds, headers: requestHeaders, ...extra }, (error, result) => (error ? reject(error) : resolve(result))),
    );
  const idle = await probe(pageUrl, seconds);
  let counter = 0;
  const unknown = () => ({ method: "GET", path: `/zz-${Date.now().toString(36)}-${(counter++).toString(36)}` });
  const cpuBefore = cpuMicros(site.pid);
  const [unknownFlood, duringUnknown] = await Promise.all([flood(site.url, 20, { requests: [{ setupRequest: (request) => ({ ...request, ...unknown() }) }] }), probe(pageUrl, seconds)]);
  const cpuUnknown = (cpuMicros(site.pid) - cpuBefore) / unknownFlood.requests.total;
  const cpuBooking0 = cpuMicros(site.pid);
  const [bookingFlood, duringBooking] = await Promise.all([flood(`${site.url}/virtual-consultation`, options.connections), probe(pageUrl, seconds)]);
  const cpuBooking = (cpuMicros(site.pid) - cpuBooking0) / bookingFlood.requests.total;
  const notFound = unknownFlood["4xx"] ?? 0;
  const row = (name, result, cpu) => [name, Math.round(result.requests.average), result.latency.p50, result.latency.p99, Math.round(cpu), result.errors + result.non2xx];
  const probeRow = (name, result) => [name, Math.round(result.count / seconds), result.median.toFixed(3), result.p99.toFixed(3), "", ""];
  console.log(`\nfloods of ${seconds} s: 20 connections of random unknown paths, then ${options.connections} connections of /virtual-consultation; one connection on ${options["flood-page"]} in its own process meanwhile\n`);
  console.log(
    table(
      ["run", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "errors"],
      [
        probeRow(`${options["flood-page"]} idle`, idle),
        [...row("unknown paths (404)", unknownFlood, cpuUnknown).slice(0, 5), unknownFlood.errors + (unknownFlood.requests.total - notFound)],
        probeRow(`${options["flood-page"]} during it`, duringUnknown),
        row("/virtual-consultation", bookingFlood, cpuBooking),
        probeRow(`${options["flood-page"]} during it`, duringBooking),
      ],
    ),
  );
  const ratio = duringUnknown.median / Math.max(idle.median, 0.001);
  console.log(`\ncached page's median during the unknown-path flood / idle: ${ratio.toFixed(2)} (target at most 2: ${ratio <= 2 ? "met" : "NOT met"})`);
  console.log(`unknown paths: ${Math.round(unknownFlood.requests.average)} req/s (target at least 500: ${unknownFlood.requests.average >= 500 ? "met" : "NOT met"})`);
  console.log(`cached page's median during the booking-page flood / idle: ${(duringBooking.median / Math.max(idle.median, 0.001)).toFixed(2)}`);
}
