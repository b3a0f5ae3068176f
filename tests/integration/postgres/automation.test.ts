/**
 * The daily run in real server processes on one PostgreSQL, their clocks set by TEST_CLOCK_START
 * (decision 0031): two instances at the same 09:00 make one post; a restart later that day makes
 * none; a server down over several 09:00s makes one at start.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabaseUrl, dropTestDatabase } from "../../helpers/db";
import { dailyRunDb, dailyRunEnv, startedRuns, until } from "../../helpers/daily-run";
import { startSite, type SiteServer } from "../../helpers/server";
import { startFakeAi, type FakeAi } from "../../fakes/openai";

describe("the daily run across app instances on one PostgreSQL", () => {
  let url: string;
  let fake: FakeAi;
  let store: Awaited<ReturnType<typeof dailyRunDb>>;
  const running: SiteServer[] = [];

  const start = async (clock: string) => {
    const site = await startSite({ DATABASE_URL: url, SEED_DEMO: "false", ...dailyRunEnv(fake, clock) });
    running.push(site);
    return site;
  };
  const stop = async (site: SiteServer) => {
    await site.stop();
    running.splice(running.indexOf(site), 1);
  };
  const postCount = () => store.postCount();

  beforeAll(async () => {
    url = (await createTestDatabaseUrl())!;
    fake = await startFakeAi();
    // A first start migrates and seeds; then automation is on since before 09:00 on 4 March.
    await stop(await start("2025-03-04T07:00:00Z"));
    store = await dailyRunDb(url);
    await store.enable("2025-03-03", [
      { topic: "Tenant rights when a landlord sells", scheduleFor: "2025-03-04T09:00:00Z" },
      { topic: "Spousal support after a long marriage", scheduleFor: "2025-03-05T09:00:00Z" },
      { topic: "Study permits for students", scheduleFor: "2025-03-06T09:00:00Z" },
    ]);
  });
  afterAll(async () => {
    await Promise.all(running.map((site) => site.stop()));
    await store?.close();
    await fake?.close();
    if (url) await dropTestDatabase(url);
  });

  it("two instances reaching the same 09:00 make exactly one post", async () => {
    // Both clocks reach 09:00 about 20 seconds after their start, while both are running.
    const [a, b] = await Promise.all([start("2025-03-04T08:59:40Z"), start("2025-03-04T08:59:40Z")]);
    expect(await postCount()).toBe(0);
    await until(async () => (await store.runs()).find((run) => run.run_date === "2025-03-04")?.status === "done", "the run of 4 March");
    await sleep(2_000);
    expect(await postCount()).toBe(1);
    const [post] = await store.query<{ title: string; published: boolean; awaiting_review: boolean }>("select title, published, awaiting_review from blog_posts");
    expect(post).toMatchObject({ published: false, awaiting_review: true });
    expect(post.title).toMatch(/Tenant rights/i);
    // One instance started it; both looked.
    expect(startedRuns([a.output(), b.output()])).toBe(1);
    await Promise.all([stop(a), stop(b)]);
  });

  it("a restart later that day makes none", async () => {
    const site = await start("2025-03-04T17:00:00Z");
    await sleep(3_000);
    expect(await postCount()).toBe(1);
    expect(site.output()).not.toContain("daily run started");
    await stop(site);
  });

  it("a server down over several 09:00s makes one post at start, not one per missed day", async () => {
    const site = await start("2025-03-08T12:00:00Z");
    await until(async () => (await postCount()) >= 2, "the catch-up post");
    await sleep(3_000);
    expect(await postCount()).toBe(2);
    const runs = (await store.runs()).map(({ run_date, status }) => ({ run_date, status }));
    expect(runs).toEqual([
      { run_date: "2025-03-03", status: "skipped" },
      { run_date: "2025-03-04", status: "done" },
      { run_date: "2025-03-08", status: "done" },
    ]);
    const topics = await store.query<{ topic: string; status: string }>("select topic, status from blog_topics order by schedule_for");
    expect(topics.map((t) => t.status)).toEqual(["used", "used", "pending"]);
    await stop(site);
  });
});
