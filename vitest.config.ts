import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
// CI's second run, on PostgreSQL, takes the files declared there (and the postgres/ folder).
import { postgresPassFiles } from "./tests/integration/on-postgres.ts";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Integration files run at once; INTEGRATION_WORKERS=1 runs them one at a time as before. */
const INTEGRATION_WORKERS = Number(process.env.INTEGRATION_WORKERS ?? 2);

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        // CSS imported with ?url resolves to its served path, as in the app (vitest empties CSS by default).
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", isolate: false, setupFiles: ["tests/helpers/sealing-key.ts"], css: { include: [/\.css/] } },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // The postgres/ folder needs a server: it joins the suite when DATABASE_URL is set (CI's second run).
          include: onPostgres ? postgresPassFiles() : ["tests/integration/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/helpers/sealing-key.ts", "tests/helpers/publishing-subscribers.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time (decision 0075): an integration file mostly waits on the server
          // processes it spawns, its timers and sockets, so a second file uses the idle core.
          // Each file has its own ports, temp folders and databases. A group of its own, after the
          // unit files: vitest runs projects with different worker counts one after the other.
          maxWorkers: INTEGRATION_WORKERS,
          // Each worker keeps its modules from one file to the next (decision 0113): a fresh module
          // graph per file cost about 2.6 s of CPU each, a third of an in-process file's time. A
          // file's state lives in its own database, ports and folders; process-wide state in the
          // product is kept per database (core/rate-limit.ts) so no file decides for another.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm run test:reliability` only (scripts/test-reliability.mjs): minutes of crashes and load.
          name: "reliability",
          setupFiles: ["tests/helpers/sealing-key.ts"],
          include: process.env.RELIABILITY
            ? ["tests/reliability/*.test.ts", ...(onPostgres ? ["tests/reliability/postgres/*.test.ts"] : [])]
            : [],
          environment: "node",
          testTimeout: 30 * 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // The sealing key of the test servers; and a test fails on any hydration mismatch on an admin page (tests/helpers/browser.ts).
          setupFiles: ["tests/helpers/sealing-key.ts", "tests/e2e/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker keeps its modules from file to file, as the integration files do (decision 0113).
          isolate: false,
        },
      },
    ],
  },
});
