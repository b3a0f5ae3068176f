import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabaseUrl, dropTestDatabase } from "../../helpers/db";
import { startSite, type SiteServer } from "../../helpers/server";

describe("two app instances on one PostgreSQL", () => {
  let url: string;
  let first: SiteServer;
  let second: SiteServer;

  beforeAll(async () => {
    url = (await createTestDatabaseUrl())!;
    // Started together: migrations and the seed must each happen exactly once.
    [first, second] = await Promise.all([
      startSite({ DATABASE_URL: url, SEED_DEMO: "true", LOG_LEVEL: "info" }),
      startSite({ DATABASE_URL: url, SEED_DEMO: "true", LOG_LEVEL: "info" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    if (url) await dropTestDatabase(url);
  });

  it("run the same site on the server database, seeded once", async () => {
    expect(first.output()).toContain('"database":"postgres"');
    const seeds = [first.output(), second.output()].filter((out) => out.includes("seeded a fresh database"));
    expect(seeds).toHaveLength(1);
    for (const site of [first, second]) expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it("hear on every instance a change notified on the shared database", async () => {
    const controller = new AbortController();
    const response = await fetch(`${second.url}/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    const received = (async () => {
      let text = "";
      while (!text.includes("event: change")) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      return text;
    })();
    // NOTIFY from a plain client stands in for an admin save on the first instance.
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    await client.query("select pg_notify('site_changes', 'content')");
    await client.end();
    expect(await received).toContain("data: content");
    controller.abort();
  });
});
