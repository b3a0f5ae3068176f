// `node scripts/bench/probe.mjs URL SECONDS [HEADERS_JSON]`: one keep-alive connection asking for
// URL again and again for SECONDS, each answer read to its end before the next request; prints
// {"count", "median", "p90", "p99", "mean"} (milliseconds, to the microsecond) as one JSON line.
// The load benchmark runs it in its own process beside a flood, so the time it measures is the
// server's, not the wait for the flood's own client to read its answers (decision 0099).
import { Agent, get } from "node:http";

const [url, secondsText = "5", headersText = "{}"] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const headers = JSON.parse(headersText);
const times = [];
const until = performance.now() + Number(secondsText) * 1000;
const once = () =>
  new Promise((resolve, reject) => {
    const start = performance.now();
    get(url, { agent, headers }, (response) => {
      response.on("data", () => undefined);
      response.on("end", () => resolve(performance.now() - start));
    }).on("error", reject);
  });
while (performance.now() < until) times.push(await once());
agent.destroy();
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const round = (ms) => Math.round(ms * 1000) / 1000;
console.log(JSON.stringify({ count: times.length, median: round(at(0.5)), p90: round(at(0.9)), p99: round(at(0.99)), mean: round(times.reduce((a, b) => a + b, 0) / times.length) }));
