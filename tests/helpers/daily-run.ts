/**
 * The daily run (decisions 0030, 0031) in real server processes on one PostgreSQL: the
 * environment that points an instance at the fake AI with its clock set, automation turned on in
 * the database, and the rows the tests read back. Used by the integration test of the daily run
 * across instances and by the reliability suite's two-instance test.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { FakeAi } from "../fakes/openai";

/** An instance that writes its daily post through the fake AI, its clock starting at `clock` (TEST_CLOCK_START). */
export const dailyRunEnv = (ai: FakeAi, clock: string): Record<string, string> => ({
  AI_BASE_URL: ai.url,
  AI_API_KEY: "test-key",
  TRANSLATE_DELAY_MS: "0",
  TEST_CLOCK_START: clock,
  // "daily run started" is logged at info: the tests count the instances that say it.
  LOG_LEVEL: "info",
});

/** A plain client on the test database, for turning automation on and reading back what was stored. */
export async function dailyRunDb(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await client.query<T>(text, values)).rows;
  return {
    query,
    /**
     * Automation on (the seeded settings row) since before `skippedDay`'s next 09:00: that day's run is
     * recorded as skipped, so an instance started before 09:00 does not catch it up, and the topics
     * are pending, each due at its time.
     */
    async enable(skippedDay: string, topics: Array<{ topic: string; scheduleFor: string }>) {
      const [{ n }] = await query<{ n: string }>("select count(*) as n from blog_automation_settings");
      if (Number(n) !== 1) throw new Error(`expected the seeded automation settings row, found ${n}`);
      await query("update blog_automation_settings set enabled = true");
      await query("insert into automation_runs (run_date, status) values ($1, 'skipped')", [skippedDay]);
      for (const { topic, scheduleFor } of topics) await query("insert into blog_topics (topic, schedule_for) values ($1, $2)", [topic, scheduleFor]);
    },
    /** Every day's run, oldest first. */
    runs: () =>
      query<{ run_date: string; status: string; topic_id: number | null; post_id: number | null; started_at: Date }>(
        "select to_char(run_date, 'YYYY-MM-DD') as run_date, status, topic_id, post_id, started_at from automation_runs order by run_date",
      ),
    postCount: async () => Number((await query<{ n: string }>("select count(*) as n from blog_posts"))[0].n),
    close: () => client.end(),
  };
}

/** Poll `check` every 200 ms until it holds; fail after `ms`. */
export async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** How many of these instances' logs say they started a daily run (one, across instances). */
export const startedRuns = (outputs: string[]): number => outputs.filter((out) => out.includes("daily run started")).length;
