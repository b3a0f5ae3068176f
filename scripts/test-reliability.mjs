// `npm run test:reliability [-- files or -t filters]`: the reliability suite (tests/reliability):
// kill -9 during writes, a minute of mixed load, memory over a longer run, two instances behind
// a proxy. With DATABASE_URL set, the PostgreSQL parts run too. Figures go to ./reliability-results
// (RELIABILITY_OUT) and docs/reliability.md quotes them.
import { spawnSync } from "node:child_process";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

buildIfNeeded();
const result = spawnSync("npx", ["vitest", "run", "--project", "reliability", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, RELIABILITY: "1" },
});
process.exit(result.status ?? 1);
