import pg from "pg";
import { describe, expect, it } from "vitest";
import { withTwoInstances } from "../../helpers/db";
import { type SiteServer } from "../../helpers/server";

/**
 * Visit statistics with two app instances on one PostgreSQL (decision 0082): requests spread over
 * both add up to exactly N page views, and a visitor seen by both is one visitor (the shared salt).
 */
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("statistics on two instances sharing PostgreSQL", () => {
  let url: string;
  let first: SiteServer;
  let second: SiteServer;

  withTwoInstances({ SEED_DEMO: "true" }, (instances) => ({ url, first, second } = instances));

  it("adds N requests over both instances to N page views and counts each visitor once", async () => {
    const visit = async (site: SiteServer, address: string, path: string) => {
      const response = await fetch(`${site.url}${path}`, { headers: { "User-Agent": CHROME, "X-Forwarded-For": address } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    };
    const sends: Array<Promise<void>> = [];
    // Three visitors, each on both instances, 40 requests in all, at once.
    for (let i = 0; i < 40; i++) sends.push(visit(i % 2 ? first : second, `198.51.100.${(i % 3) + 1}`, i % 5 ? "/team" : "/zh/blog"));
    await Promise.all(sends);
    // Both write their last batch at a graceful stop.
    expect(await Promise.all([first.stop(), second.stop()])).toEqual([0, 0]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const counts = await client.query<{ kind: string; key: string; n: string }>("select kind, key, sum(n)::text as n from stats_counts group by kind, key");
      const of = (kind: string, key = "") => Number(counts.rows.find((row) => row.kind === kind && row.key === key)?.n ?? 0);
      expect(of("views")).toBe(40);
      expect(of("visitors")).toBe(3);
      expect(of("page", "/team")).toBe(32);
      expect(of("page", "/zh/blog")).toBe(8);
      expect(of("lang", "zh")).toBe(8);
      const salts = await client.query("select day from stats_salts");
      // Today's and tomorrow's, once, whichever instance made them.
      expect(salts.rowCount).toBe(2);
    } finally {
      await client.end();
    }
  });
});
