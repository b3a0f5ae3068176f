// `npm run bench:tbt -- --page / [--runs 3] [--url http://127.0.0.1:PORT] [--bare] [--coop]`
// Which main-thread tasks make Lighthouse's Total Blocking Time. Each run loads the page once in
// Lighthouse (mobile, simulated throttling, 4x), then reads Lantern's own simulation of it: every
// task of the whole-page graph, where it starts and ends once simulated, what it did (the
// navigation's commit, HTML parsing, style and layout, ...) and how much of it falls after the
// simulated first contentful paint, past the 50 ms that do not count. Last, the mean blocking
// time per kind of task over the runs.
// Without --url it starts the site (as bench:lighthouse does). `--bare` loads a page of one
// heading and one paragraph instead, served by a bare `node:http` server (with `--coop`, sent
// with `Cross-Origin-Opener-Policy: same-origin`): the floor any page has on this machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
// Lighthouse's own simulation module (a dependency of lighthouse), for the node timings it keeps.
import * as Lantern from "@paulirish/trace_engine/models/trace/lantern/lantern.js";
import { launchChrome, parseArgs, startBare, startSite } from "./site.mjs";

const options = parseArgs(process.argv.slice(2), { page: "/", runs: 3, url: "", bare: false, coop: false, chrome: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const AUDITS = ["total-blocking-time", "first-contentful-paint", "largest-contentful-paint", "interactive"];
/** What a main-thread task did, from the trace events inside it. */
function kindOf(node) {
  const names = new Set(node.childEvents.map((e) => e.name));
  if (names.has("DocumentLoader::CommitNavigation")) {
    // An SVG image (the favicon) is a document of its own, with one <svg> element.
    const svgImage = node.childEvents.some((e) => e.name === "DOMStats" && e.args?.data?.maxDepth?.nodeName === "svg");
    return svgImage ? "SVG image" : "navigation commit";
  }
  if (names.has("Paint")) return "style, layout and paint";
  if (names.has("Layout")) return "style and layout";
  if (names.has("ParseAuthorStyleSheet")) return "stylesheet parsing";
  if (names.has("ParseHTML")) return "HTML parsing";
  if (names.has("EvaluateScript") || names.has("FunctionCall") || names.has("v8.compile")) return "script";
  return "other";
}

const work = mkdtempSync(path.join(tmpdir(), "tbt-tasks-"));
const site = options.url ? { url: options.url, stop: async () => {} } : options.bare ? await startBare(options.coop) : await startSite();
const pageUrl = `${site.url}${options.bare ? "/" : options.page}`;
const totals = new Map();
let chrome;
try {
  await fetch(pageUrl);
  chrome = await launchChrome(options.chrome);
  for (let run = 1; run <= options.runs; run++) {
    const dir = path.join(work, `run-${run}`);
    await lighthouse(pageUrl, { port: chrome.port, gatherMode: dir, onlyAudits: AUDITS, logLevel: "error" });
    const { lhr } = await lighthouse(pageUrl, { auditMode: dir, onlyAudits: AUDITS, logLevel: "error" });
    const timings = new Map(Lantern.Simulation.Simulator.allNodeTimings);
    const lastEnd = (label) => Math.max(...[...timings.get(label).values()].map((t) => t.endTime));
    const fcp = { optimistic: lastEnd("optimisticFirstContentfulPaint"), pessimistic: lastEnd("pessimisticFirstContentfulPaint") };
    const audit = (id) => Math.round(lhr.audits[id].numericValue);
    console.log(`run ${run}: TBT ${audit("total-blocking-time")} ms, FCP ${audit("first-contentful-paint")} ms, LCP ${audit("largest-contentful-paint")} ms, benchmarkIndex ${lhr.environment.benchmarkIndex}`);
    // Lantern averages two estimates; each starts counting at the other estimate's first paint.
    for (const estimate of ["optimistic", "pessimistic"]) {
      const start = estimate === "optimistic" ? fcp.pessimistic : fcp.optimistic;
      for (const [node, timing] of timings.get(`${estimate}TotalBlockingTime`)) {
        if (node.type !== "cpu" || timing.duration < 10) continue;
        const blocking = Math.max(0, timing.endTime - Math.max(timing.startTime, start) - 50) / 2;
        const kind = kindOf(node);
        totals.set(kind, (totals.get(kind) ?? 0) + blocking / options.runs);
        if (estimate !== "optimistic") continue;
        const span = `${String(Math.round(timing.startTime)).padStart(5)} -> ${String(Math.round(timing.endTime)).padStart(5)} ms`;
        console.log(`  ${span}  ${(node.duration / 1000).toFixed(1).padStart(5)} ms observed  ${kind}${blocking ? `, ~${Math.round(blocking * 2)} ms blocking` : ""}`);
      }
    }
    console.log(`  (first contentful paint simulated at ${Math.round(fcp.optimistic)} / ${Math.round(fcp.pessimistic)} ms; the task list is the optimistic estimate's)`);
  }
  console.log(`\n${pageUrl}: mean blocking time per kind of task, ${options.runs} run(s) (not cut at Time to Interactive: at most what Lighthouse counts)`);
  for (const [kind, ms] of [...totals].sort((a, b) => b[1] - a[1])) console.log(`  ${kind.padEnd(26)} ${String(Math.round(ms)).padStart(4)} ms`);
} finally {
  await chrome?.kill();
  await site.stop();
  rmSync(work, { recursive: true, force: true });
}
