// `npm run bench:what-if -- --page /team [--runs 3] [--rule /media/=drop] [--rule favicon.svg=drop] [--rule /team=14500]`
// What Lighthouse's simulated LCP and FCP would be if some requests of a page were left out or
// had another size. Each run loads the page once in Lighthouse (mobile, simulated throttling)
// and keeps its trace and network log; then the simulation is run again on the same load with
// each rule applied on its own and with all of them together. A rule is `URL-PART=drop` (every
// request whose URL contains URL-PART) or `URL-PART=BYTES` (its transfer size, headers included).
// Lantern (the simulation) counts every request that ended before the paint it measures, so a
// request that is gone or smaller changes the figure without a new build; docs/performance.md
// tells what it found.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { launchChrome, median, parseArgs, startSite, table } from "./site.mjs";

const options = parseArgs(process.argv.slice(2), { page: "/", runs: 3, rule: [], chrome: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
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

const site = await startSite();
let chrome;
try {
  await fetch(`${site.url}${options.page}`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  chrome = await launchChrome(options.chrome);
  const variants = [["as loaded", []], ...rules.map((rule) => [rule, [rule]]), ...(rules.length > 1 ? [["all rules", rules]] : [])];
  const results = new Map(variants.map(([name]) => [name, []]));
  for (let run = 1; run <= options.runs; run++) {
    const gathered = path.join(work, `run-${run}`);
    await lighthouse(`${site.url}${options.page}`, { port: chrome.port, gatherMode: gathered, onlyAudits: ONLY_AUDITS, logLevel: "error" });
    for (const [index, [name, applied]] of variants.entries()) {
      const dir = path.join(work, `run-${run}-variant-${index}`);
      applyRules(gathered, dir, applied);
      results.get(name).push(await simulate(dir));
    }
    process.stderr.write(".");
  }
  process.stderr.write("\n");
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
