// `npm run bench:render [-- --build DIR ...] [-- --requests 60] [-- --rounds 3] [-- --path /x ...]`
//
// The CPU a server spends on each page it renders (pages no store answers: the booking pages,
// the sign-in page), read from /proc, so neighbours taking the cores do not change the figure.
// Each --build (default: this checkout's build/; give a previous build's folder to compare)
// runs as its own server on its own copy of the demo database; the rounds alternate between
// them, each round --requests GETs of every --path, one at a time (the booking page's per-address
// limit raised for the run, as bench:load does).
import path from "node:path";
import { root } from "../build-if-needed.mjs";
import { cpuMicros, median, parseArgs, startSite, table } from "./site.mjs";

const options = parseArgs(process.argv.slice(2), { build: [], requests: 60, rounds: 3, path: [] });
const builds = options.build.length > 0 ? options.build.map((dir) => path.resolve(dir)) : [path.join(root, "build")];
const paths = options.path.length > 0 ? options.path : ["/admin/login", "/virtual-consultation", "/fa/virtual-consultation", "/zh/virtual-consultation"];

const sites = [];
try {
  for (const build of builds) sites.push({ build, site: await startSite({ BUILD_DIR: build, SEED_DEMO: "true", SLOTS_RATE_LIMIT: "100000000" }), rounds: [] });
  for (const { site } of sites) for (const page of paths) await get(site.url + page); // first renders compile the code
  for (let round = 0; round < options.rounds; round++) {
    for (const entry of sites) {
      const before = cpuMicros(entry.site.pid);
      for (let i = 0; i < options.requests; i++) for (const page of paths) await get(entry.site.url + page);
      entry.rounds.push((cpuMicros(entry.site.pid) - before) / 1000 / (options.requests * paths.length));
    }
  }
  console.log(`CPU per rendered page (${paths.join(", ")}), ${options.rounds} rounds of ${options.requests} each\n`);
  console.log(
    table(
      ["build", "ms CPU per page (median)", "rounds"],
      sites.map(({ build, rounds }) => [path.relative(process.cwd(), build) || build, median(rounds).toFixed(2), rounds.map((ms) => ms.toFixed(2)).join(", ")]),
    ),
  );
} finally {
  for (const { site } of sites) await site.stop();
}

async function get(url) {
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
}
