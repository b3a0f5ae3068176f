import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabaseUrl, dropTestDatabase } from "../../helpers/db";
import { startSite, type SiteServer } from "../../helpers/server";
import { tcpProxy } from "../../helpers/tcp-proxy";
import { defaultTexts } from "~/i18n/defaults";

describe("when the database goes away", () => {
  let site: SiteServer | undefined;
  let url: string | undefined;
  afterAll(async () => {
    await site?.stop();
    if (url) await dropTestDatabase(url);
  });

  it("reports 503 on /healthz and shows the error page with status 500 and no stack trace", async () => {
    url = (await createTestDatabaseUrl())!;
    site = await startSite({ DATABASE_URL: url, SEED_DEMO: "false" });
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);

    // Cut the app's connections and refuse new ones, as an outage would.
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
    try {
      const health = await fetch(`${site.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", database: "unreachable" });

      const page = await fetch(`${site.url}/fa/about`);
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain('dir="rtl"');
      expect(html).toContain(defaultTexts.get("error-title")!.fa);
      // No stack trace ("    at fn (file:line)") reaches the visitor.
      expect(html).not.toMatch(/\s+at\s+\S+\s+\(/);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
  });

  it("answers /healthz with 503 when the database hangs without closing, and recovers when it answers again", async () => {
    const database = (await createTestDatabaseUrl())!;
    const direct = new URL(database);
    const proxy = await tcpProxy(direct.hostname, Number(direct.port || 5432));
    const through = new URL(database);
    through.hostname = "127.0.0.1";
    through.port = String(proxy.port);
    const hung = await startSite({ DATABASE_URL: through.toString(), SEED_DEMO: "false" });
    try {
      expect((await fetch(`${hung.url}/healthz`)).status).toBe(200);
      proxy.freeze();
      const health = await fetch(`${hung.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", database: "unreachable" });
      proxy.thaw();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetch(`${hung.url}/healthz`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
    } finally {
      await hung.stop();
      await proxy.close();
      await dropTestDatabase(database);
    }
  });
});
