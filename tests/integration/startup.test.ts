import { describe, expect, it } from "vitest";
import { freePort, spawnSite, startSite, tempDir } from "../helpers/server";

async function failedStart(env: Record<string, string>) {
  const run = spawnSite({ DATA_DIR: tempDir(), PORT: String(await freePort()), ...env });
  const code = await run.exited;
  return { code, output: run.output().trim() };
}

describe("start-up configuration", () => {
  it.each([
    [{ PORT: "abc" }, "Invalid PORT: must be a port number between 1 and 65535"],
    [{ DATABASE_URL: "mysql://x" }, "Invalid DATABASE_URL: must start with postgres:// or postgresql://"],
    [{ SESSION_SECRET: "too-short" }, "Invalid SESSION_SECRET: must be at least 32 characters"],
    [{ SITE_URL: "not a url" }, "Invalid SITE_URL: must be a URL such as https://example.com"],
  ])("stops with one clear line for %o", async (env, line) => {
    const { code, output } = await failedStart(env as Record<string, string>);
    expect(code).not.toBe(0);
    expect(output).toBe(line);
  });
});

describe("the running server", () => {
  it("answers /healthz, refuses a second server on the same embedded database, and stops gracefully", async () => {
    const dataDir = tempDir();
    // An empty folder: initdb and every migration run in the server (no template copy).
    const site = await startSite({ DATA_DIR: dataDir, LOG_LEVEL: "info", SEED_DEMO: "false", DATABASE_URL: undefined }, { freshDatabase: true });
    try {
      const health = await fetch(`${site.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "ok", migrations: "current" });
      expect(site.output()).toContain("seeded a fresh database");

      const second = spawnSite({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toMatch(/Another server \(pid \d+\) is using the embedded database/);
    } finally {
      expect(await site.stop()).toBe(0);
    }

    // Started again on the same data, it neither seeds nor duplicates.
    const again = await startSite({ DATA_DIR: dataDir, LOG_LEVEL: "info", SEED_DEMO: "false", DATABASE_URL: undefined });
    try {
      expect(again.output()).not.toContain("seeded a fresh database");
    } finally {
      await again.stop();
    }
  });
});
