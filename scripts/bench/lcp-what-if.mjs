// `npm run bench:what-if -- --page /team [--runs 3] [--rule /media/=drop] [--rule favicon.svg=drop] [--rule /team=14500] [--timeline]`
// What Lighthouse's simulated LCP and FCP would be if some requests of a page were left out or
// had another size. Each run loads the page once in Lighthouse (mobile, simulated throttling)
// and keeps its trace and network log; then the simulation is run again on the same load with
// each rule applied on its own and with all of them together. A rule is `URL-PART=drop` (every
// request whose URL contains URL-PART) or `URL-PART=BYTES` (its transfer size, headers included).
// Lantern (the simulation) counts every request that ended before the paint it measures, so a
// request that is gone or smaller changes the figure without a new build; docs/performance.md
// tells what it found. `--timeline` prints, for each load as it was, when each request and main-
// thread task of the two LCP graphs Lantern averages (optimistic and pessimistic) starts and
// ends in the simulation: the last to end is what sets LCP.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
// Lighthouse's own simulation module (a dependency of lighthouse), for the node timings it keeps.
import * as Lantern from "@paulirish/trace_engine/models/trace/lantern/lantern.js";
import { launchChrome, median, parseArgs, startSite, table } from "./site.mjs";

const options = parseArgs(process.argv.slice(2), { page: "/", runs: 3, rule: [], timeline: false, chrome: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const rules = options.rule;
for (const rule of rules) {
  if (!/^[^=]+=(drop|\d+)$/.test(rule ?? "")) {
    console.error(`A rule is URL-PART=drop or URL-PART=BYTES, not ${rule}`);
    process.exit(2);
  }
}

const ONLY_AUDITS = ["largest-contentful-paint", "first-contentful-paint"];
const work = mkdtempSync(path.join(tmpdir(), "lcp-what-if-"));

/** A copy of a run's artifacts with the rules applied to its network log. */
function applyRules(from, to, applied) {
  mkdirSync(to, { recursive: true });
  for (const file of ["artifacts.json", "trace.json"]) copyFileSync(path.join(from, file), path.join(to, file));
  const log = JSON.parse(readFileSync(path.join(from, "devtoolslog.json"), "utf8"));
  const urls = new Map(log.filter((e) => e.method === "Network.requestWillBeSent").map((e) => [e.params.requestId, e.params.request.url]));
  const ruleFor = (id) => applied.map((r) => r.split("=")).find(([part]) => (urls.get(id) ?? "").includes(part))?.[1];
  const kept = [];
  for (const event of log) {
    const rule = event.params?.requestId ? ruleFor(event.params.requestId) : undefined;
    if (rule === "drop") continue;
    if (rule && event.method === "Network.loadingFinished") event.params.encodedDataLength = Number(rule);
    kept.push(event);
  }
  writeFileSync(path.join(to, "devtoolslog.json"), JSON.stringify(kept));
}

async function simulate(dir) {
  const { lhr } = await lighthouse("http://what-if.invalid/", { auditMode: dir, onlyAudits: ONLY_AUDITS, logLevel: "error" });
  return { lcp: lhr.audits["largest-contentful-paint"].numericValue, fcp: lhr.audits["first-contentful-paint"].numericValue };
}

/** The simulated start and end of every node of the last simulation's two LCP graphs. */
function lcpTimeline(origin) {
  const lines = [];
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint$/.test(label)) continue;
    lines.push(`  ${label}:`);
    for (const [node, timing] of timings) {
      const what =
        node.type === "network"
          ? `${node.request.priority.padEnd(8)} ${node.request.url.replace(origin, "").slice(0, 80)}`
          : `main thread, ${(node.duration / 1000).toFixed(1)} ms observed${node.didPerformLayout() ? ", layout" : ""}`;
      lines.push(`    ${String(Math.round(timing.startTime)).padStart(5)} -> ${String(Math.round(timing.endTime)).padStart(5)} ms  ${what}`);
    }
  }
  return lines.join("\n");
}

const site = await startSite();
let chrome;
try {
  await fetch(`${site.url}${options.page}`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  chrome = await launchChrome(options.chrome);
  const variants = [["as loaded", []], ...rules.map((rule) => [rule, [rule]]), ...(rules.length > 1 ? [["all rules", rules]] : [])];
  const results = new Map(variants.map(([name]) => [name, []]));
  const timelines = [];
  for (let run = 1; run <= options.runs; run++) {
    const gathered = path.join(work, `run-${run}`);
    await lighthouse(`${site.url}${options.page}`, { port: chrome.port, gatherMode: gathered, onlyAudits: ONLY_AUDITS, logLevel: "error" });
    for (const [index, [name, applied]] of variants.entries()) {
      const dir = path.join(work, `run-${run}-variant-${index}`);
      applyRules(gathered, dir, applied);
      results.get(name).push(await simulate(dir));
      if (options.timeline && index === 0) timelines.push(`load ${run}, as loaded:\n${lcpTimeline(site.url)}`);
    }
    process.stderr.write(".");
  }
  process.stderr.write("\n");
  if (timelines.length) console.log(`${timelines.join("\n\n")}\n`);
  console.log(`${options.page}: Lighthouse's simulated metrics, ${options.runs} load(s), each simulated again with the rules\n`);
  console.log(
    table(
      ["requests", "LCP ms (each run)", "median", "FCP ms median"],
      [...results].map(([name, list]) => [
        name,
        list.map((r) => Math.round(r.lcp)).join(" "),
        Math.round(median(list.map((r) => r.lcp))),
        Math.round(median(list.map((r) => r.fcp))),
      ]),
    ),
  );
} finally {
  await chrome?.kill();
  await site.stop();
  rmSync(work, { recursive: true, force: true });
}
