import { describe, expect, it } from "vitest";
import { withTwoInstances } from "../../helpers/db";
import { type SiteServer } from "../../helpers/server";
import { listenToEvents } from "../../helpers/events";

describe("two app instances on one PostgreSQL", () => {
  let url: string;
  let first: SiteServer;
  let second: SiteServer;

  // Started together: migrations and the seed must each happen exactly once.
  withTwoInstances({ SEED_DEMO: "true", LOG_LEVEL: "info" }, (instances) => ({ url, first, second } = instances));

  it("run the same site on the server database, seeded once", async () => {
    expect(first.output()).toContain('"database":"postgres"');
    const seeds = [first.output(), second.output()].filter((out) => out.includes("seeded a fresh database"));
    expect(seeds).toHaveLength(1);
    for (const site of [first, second]) expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it("hear on every instance a change notified on the shared database", async () => {
    const events = await listenToEvents(second.url, "event: change");
    // NOTIFY from a plain client stands in for an admin save on the first instance.
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    await client.query("select pg_notify('site_changes', 'content')");
    await client.end();
    expect(await events.heard).toContain("data: content");
    events.stop();
  });
});
