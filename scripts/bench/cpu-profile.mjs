// `node scripts/bench/cpu-profile.mjs FILE.cpuprofile [--top 30] [--from µs] [--to µs]`: where a
// V8 CPU profile (node --cpu-prof, as `npm run bench:load -- --profile DIR` takes of the server)
// spent its time: self time by function and by part of the stack (HTTP parsing and writing in
// Node, the page cache, Express, garbage collection...), as shares of the time the process was
// not idle. --from/--to keep the samples of a window, in microseconds of the system's monotonic
// clock (which V8's timestamps and process.hrtime share on Linux), e.g. a load run's.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs, table } from "./site.mjs";

/** The part of the server a function belongs to, from its script's URL and name. */
function partOf(frame) {
  const { url, functionName } = frame;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "V8 and native (program)";
  if (functionName === "(idle)") return "idle";
  if (/node:_http_outgoing|node:_http_server|node:_http_common|node:_http_incoming/.test(url)) return "Node HTTP (node:_http_*)";
  if (/node:net|node:stream|node:internal\/streams|node:internal\/stream_base_commons|node:internal\/net/.test(url)) return "Node sockets and streams";
  if (/node:internal\/(timers|process\/task_queues|async_hooks)|node:timers|node:events/.test(url)) return "Node timers, ticks and events";
  if (url.startsWith("node:")) return "Node, other";
  if (/\/node_modules\/(express|router|body-parser|finalhandler|send|serve-static|compression|on-headers|accepts|negotiator)\//.test(url)) return "Express and its middleware";
  if (/\/node_modules\/lru-cache\//.test(url)) return "lru-cache";
  if (/\/node_modules\/@electric-sql\/pglite\//.test(url)) return "PGlite";
  if (/\/node_modules\//.test(url)) return "other libraries";
  if (/\/build\/server\//.test(url)) return "the site's server bundle (page cache, guard...)";
  if (url === "") return "V8 and native (no script)";
  return "other";
}

export function summarize(file, { top = 30, from = -Infinity, to = Infinity } = {}) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  // A sample's time is the profile's start plus the deltas so far; it stands for the interval to the next one.
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at > to) continue;
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + next);
  }
  const functions = new Map();
  const parts = new Map();
  let idle = 0;
  let busy = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id).callFrame;
    const part = partOf(frame);
    if (part === "idle") {
      idle += micros;
      continue;
    }
    busy += micros;
    parts.set(part, (parts.get(part) ?? 0) + micros);
    const name = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\/node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const share = (micros) => `${((100 * micros) / busy).toFixed(1)}%`;
  const rows = (map, limit) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, micros]) => [name, (micros / 1000).toFixed(0), share(micros)]);
  return [
    `${file}: ${(busy / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle`,
    "",
    table(["part", "self ms", "of busy"], rows(parts, Infinity)),
    "",
    table(["function (self time)", "ms", "of busy"], rows(functions, top)),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file || file.startsWith("--")) {
    console.error("usage: node scripts/bench/cpu-profile.mjs FILE.cpuprofile [--top 30]");
    process.exit(2);
  }
  const options = parseArgs(process.argv.slice(3), { top: 30, from: -Infinity, to: Infinity });
  console.log(summarize(file, options));
}
