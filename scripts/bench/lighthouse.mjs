// `npm run bench:lighthouse [-- --quick] [-- --runs 3] [-- --langs en,fa,zh] [-- --pages team,post]
//   [-- --json out.json] [-- --reports DIR] [-- --cpu 4|auto] [-- --busy] [-- --no-floor] [-- --keep-storage]`
// Lighthouse (mobile, its default simulated throttling) against a production start on a
// temporary data directory, with Debian's Chromium, headless. Prints the median of each
// measure per URL: performance, accessibility, best practices, SEO, LCP, TBT, CLS, script.
//
// The runs go in rounds (every URL once per round), and each language's pages in a round follow
// a run of a bare page (one heading, one paragraph, on a bare `node:http` server: the machine's
// floor, as `npm run bench:tbt -- --bare`). "over floor" is the median, over the rounds, of a
// page's TBT less the floor measured just before it: a busy machine raises both, so it neither
// hides nor invents a regression. `--no-floor` leaves the bare page out.
//
// Every run is a first visit: Lighthouse empties the HTTP cache, and here localStorage too (its
// default keeps it, so after the first run of a Chinese page the later ones would look like a
// returning visitor whose cache lost the font: decision 0077). `--keep-storage` measures that case.
//
// Simulated throttling multiplies the CPU time measured on this machine by 4, a factor meant for
// a fast desktop; on a slower machine the same page scores lower. `--cpu auto` measures the
// machine first (Lighthouse's benchmarkIndex) and uses the multiplier Lighthouse's throttling
// guide calibrates for it (docs/throttling.md, "CPU throttling"). The budgets are read at 4x.
// `--busy` keeps one core loaded (a separate process spinning) for the whole run, as on a
// machine doing something else: the TBT budget holds there too.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import { calibratedCpuMultiplier, firstPostPath, launchChrome, median, parseArgs, startBare, startSite, table } from "./site.mjs";

const options = parseArgs(process.argv.slice(2), {
  quick: false,
  runs: 3,
  langs: "en,fa,zh",
  pages: "home,practice,team,blog,post,contact,video,booking",
  json: "",
  reports: "",
  details: false,
  chrome: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  cpu: "4",
  busy: false,
  "no-floor": false,
  "keep-storage": false,
});
const runs = options.quick ? 1 : options.runs;
const langs = options.quick ? ["en"] : options.langs.split(",");
if (!existsSync(options.chrome)) {
  console.error(`Chromium is missing at ${options.chrome}: install it with \`apt-get install chromium\`.`);
  process.exit(1);
}

// Whether this machine has a Chinese font of its own: with one, Chinese pages never need the
// web font, as on most visitors' devices; without one (most CI machines), they show what a device
// without one gets. The default pages include the Chinese ones either way (decision 0072).
const chineseFonts = (() => {
  const result = spawnSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" });
  if (result.error) return "unknown (fc-list is missing)";
  const families = [...new Set(result.stdout.split("\n").map((line) => line.split(",")[0].trim()).filter(Boolean))];
  return families.length ? `installed (${families.slice(0, 3).join(", ")}${families.length > 3 ? ", ..." : ""})` : "none installed";
})();
if (!langs.includes("zh")) console.warn("No Chinese page in this run (--langs): the Chinese font's cost is not measured.");

const site = await startSite();
const bare = options["no-floor"] ? null : await startBare();
let chrome;
// One core kept busy until the end (killed in the finally below).
const busy = options.busy ? spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }) : null;
try {
  const post = await firstPostPath(site.url);
  const pages = {
    home: "/",
    practice: "/practice-areas/immigration",
    team: "/team",
    blog: "/blog",
    post,
    contact: "/contact",
    video: "/video-consultation",
    // The built-in booking form (issue 46: within the same budget as the other pages).
    booking: "/virtual-consultation",
  };
  const paths = options.pages.split(",").map((name) => {
    if (!(name in pages)) throw new Error(`--pages takes ${Object.keys(pages).join(", ")}, not ${name}`);
    return pages[name];
  });
  const groups = langs.map((lang) => paths.map((p) => (lang === "en" ? p : p === "/" ? `/${lang}` : `/${lang}${p}`)));
  const urls = groups.flat();
  // Fill the page cache first, as a visitor after the first would find it.
  for (const u of urls) await fetch(`${site.url}${u}`);

  chrome = await launchChrome(options.chrome);
  // Whole reports, for reading what Lighthouse's simulation counted (network-requests, metrics).
  if (options.reports) mkdirSync(options.reports, { recursive: true });
  const lighthouseRun = async (u, cpuSlowdownMultiplier, onlyCategories, origin = site.url) => {
    // Lighthouse now and then fails to record a trace (NO_NAVSTART and the like): try again.
    for (let attempt = 1; ; attempt++) {
      const { lhr } = await lighthouse(`${origin}${u}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories,
        throttling: { cpuSlowdownMultiplier },
        ...(options["keep-storage"] ? {} : { clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage", "local_storage"] }),
      });
      if (!lhr.runtimeError) return lhr;
      if (attempt === 3) throw new Error(`${u}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      process.stderr.write(`(${u}: ${lhr.runtimeError.code}, retrying)`);
    }
  };
  let cpu = Number(options.cpu);
  if (options.cpu === "auto") {
    const indexes = [];
    for (let i = 0; i < 3; i++) indexes.push((await lighthouseRun(urls[0], 4, ["performance"])).environment.benchmarkIndex);
    cpu = calibratedCpuMultiplier(median(indexes));
    process.stderr.write(`(benchmarkIndex ${Math.round(median(indexes))}: CPU slowdown ${cpu.toFixed(1)}x)`);
  } else if (!(cpu >= 1)) {
    console.error(`--cpu takes a multiplier (1 or more) or "auto", not ${options.cpu}`);
    process.exit(1);
  }
  // Lighthouse's CPU benchmark of this machine at each run: the same build scores lower on a
  // slower (or busier) machine, since simulated throttling multiplies the measured CPU time.
  const benchmarkIndexes = [];
  const samples = new Map(urls.map((u) => [u, []]));
  const floors = [];
  const measure = (lhr) => {
    const { categories, audits } = lhr;
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    const scripts = (audits["network-requests"]?.details?.items ?? []).filter((item) => item.resourceType === "Script");
    return {
      performance: categories.performance.score * 100,
      accessibility: categories.accessibility?.score * 100,
      bestPractices: categories["best-practices"]?.score * 100,
      seo: categories.seo?.score * 100,
      lcp: audits["largest-contentful-paint"].numericValue,
      tbt: audits["total-blocking-time"].numericValue,
      cls: audits["cumulative-layout-shift"].numericValue,
      // Bytes over the wire (compressed), as a visitor downloads them.
      scriptKiB: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
      failing: Object.values(audits)
        .filter((a) => a.scoreDisplayMode === "binary" && a.score !== null && a.score < 1)
        .map((a) => a.id),
      details: Object.values(audits)
        .filter((a) => a.scoreDisplayMode === "binary" && a.score !== null && a.score < 1)
        .map((a) => `${a.id}: ${(a.details?.items ?? []).slice(0, 3).map((item) => JSON.stringify(item).slice(0, 300)).join(" | ")}`),
    };
  };
  // Rounds: every URL once per round, each language's pages just after a run of the bare page.
  for (let round = 0; round < runs; round++) {
    for (const group of groups) {
      const floor = bare ? (await lighthouseRun("/", cpu, ["performance"], bare.url)).audits["total-blocking-time"].numericValue : NaN;
      floors.push(floor);
      if (bare) process.stderr.write("_");
      for (const u of group) {
        const lhr = await lighthouseRun(u, cpu, ["performance", "accessibility", "best-practices", "seo"]);
        if (options.reports) writeFileSync(path.join(options.reports, `${u.replace(/\W+/g, "_")}-${round + 1}.json`), JSON.stringify(lhr));
        samples.get(u).push({ ...measure(lhr), overFloor: lhr.audits["total-blocking-time"].numericValue - floor });
        process.stderr.write(".");
      }
    }
  }
  const results = urls.map((u) => {
    const runsOf = samples.get(u);
    const pick = (key) => median(runsOf.map((s) => s[key]));
    return {
      url: u,
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      lcp: pick("lcp"),
      tbt: pick("tbt"),
      overFloor: pick("overFloor"),
      cls: pick("cls"),
      scriptKiB: pick("scriptKiB"),
      failing: [...new Set(runsOf.flatMap((s) => s.failing))],
      details: [...new Set(runsOf.flatMap((s) => s.details))],
    };
  });
  process.stderr.write("\n");
  const version = (await import("lighthouse/package.json", { with: { type: "json" } })).default.version;
  const [slowest, fastest] = [Math.min(...benchmarkIndexes), Math.max(...benchmarkIndexes)].map(Math.round);
  const calibrated = options.cpu === "auto" ? " (calibrated with --cpu auto; the budgets are read at 4x)" : cpu === 4 ? " (Lighthouse's default)" : "";
  console.log(`Lighthouse ${version}, mobile, median of ${runs} run(s) per URL, CPU slowdown ${cpu.toFixed(1)}x${calibrated}`);
  console.log(
    `machine: benchmarkIndex median ${Math.round(median(benchmarkIndexes))} (${slowest}-${fastest})${busy ? ", one core kept busy (--busy)" : ""}`,
  );
  console.log(`Chinese system font (fc-list :lang=zh): ${chineseFonts}`);
  console.log(options["keep-storage"] ? "storage: localStorage kept between runs (--keep-storage), HTTP cache emptied" : "storage: every run a first visit (HTTP cache and localStorage emptied)");
  const measuredFloors = floors.filter((f) => !Number.isNaN(f));
  if (bare) {
    console.log(
      `floor (bare one-paragraph page, ${measuredFloors.length} runs interleaved): TBT median ${Math.round(median(measuredFloors))} ms ` +
        `(${Math.round(Math.min(...measuredFloors))}-${Math.round(Math.max(...measuredFloors))})`,
    );
  }
  console.log("");
  const ms = (value) => (Number.isNaN(value) ? "-" : String(Math.round(value)));
  console.log(
    table(
      ["URL", "perf", "a11y", "best", "SEO", "LCP s", "TBT ms", "over floor", "CLS", "script KiB"],
      results.map((r) => [
        r.url,
        r.performance,
        r.accessibility,
        r.bestPractices,
        r.seo,
        (r.lcp / 1000).toFixed(2),
        ms(r.tbt),
        ms(r.overFloor),
        r.cls.toFixed(3),
        r.scriptKiB.toFixed(1),
      ]),
    ),
  );
  const worst = (key, dir = 1) => results.reduce((a, r) => (dir * r[key] > dir * a ? r[key] : a), dir > 0 ? -Infinity : Infinity);
  console.log(
    `\nworst: performance ${worst("performance", -1)}, accessibility ${worst("accessibility", -1)}, best practices ${worst("bestPractices", -1)}, ` +
      `SEO ${worst("seo", -1)}, LCP ${(worst("lcp") / 1000).toFixed(2)} s, TBT ${Math.round(worst("tbt"))} ms` +
      `${bare ? ` (${Math.round(worst("overFloor"))} ms over the floor)` : ""}, CLS ${worst("cls").toFixed(3)}, script ${worst("scriptKiB").toFixed(1)} KiB`,
  );
  const failing = results.filter((r) => r.failing.length);
  if (failing.length) {
    console.log("\naudits not passing (any run):");
    for (const r of failing) {
      console.log(`  ${r.url}: ${r.failing.join(", ")}`);
      if (options.details) for (const line of r.details) console.log(`    ${line}`);
    }
  }
  if (options.json) writeFileSync(options.json, JSON.stringify({ floor: { median: median(measuredFloors), runs: measuredFloors }, results }, null, 2));
} finally {
  busy?.kill();
  await chrome?.kill();
  await site.stop();
  await bare?.stop();
}
