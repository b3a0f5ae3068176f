/**
 * The daily run and the topic queue on a clock the test sets, against the fake AI server: what
 * is stored for each day, once, whatever the instances, restarts and downtime. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set (two instances then have connections of their own).
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, automationRuns, blogPosts, blogTopics, jobs, users } from "../../db/schema";
import { openDatabase, type Database } from "../../db/client";
import { seedDatabase } from "../../server/seed";
import { ChangeEvents } from "../../core/events";
import { createLogger } from "../../core/log";
import { manualClock } from "../../core/clock";
import { parseEnv, type Config } from "../../core/config";
import { createAiClient } from "../../core/outside/ai";
import { createSiteTranslator } from "~/ai/writing.server";
import { countWords } from "~/ai/words";
import { JobRunner } from "~/jobs/runner.server";
import { jobKinds } from "../../server/job-registry";
import { lastRun } from "~/automation/runs.server";
import { tick } from "~/automation/scheduler.server";
import {
  addTopic,
  deleteTopic,
  listTopics,
  loadAutomationTab,
  rescheduleTopic,
  setAutomationEnabled,
  setPublishMode,
  startGenerateNow,
} from "~/automation/topics.server";
import { listAllPosts, savePost, postToFormValues } from "~/blog/manage.server";
import { AdminError } from "~/changes/errors.server";
import { INSTAGRAM_POST, instagramJobKey } from "~/instagram/post.server";
import { saveSettings } from "~/instagram/settings.server";
import type { Services } from "~/services";
import { openTestDatabase, usingPostgres } from "../helpers/db";
import { startFakeAi, type FakeAi } from "../fakes/openai";

const user = { id: "admin-automation", email: "admin@example.com", name: "Admin" };
const log = createLogger("silent");

describe(`the daily run and the topic queue (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let fake: FakeAi;
  let config: Config;
  const clock = manualClock(new Date("2025-03-04T08:00:00Z"));
  const opened: Array<{ runner: JobRunner; database?: Database }> = [];

  /** One app instance: its own job runner (and on PostgreSQL its own connection), the shared clock. */
  async function instance(ownClock: typeof clock = clock): Promise<Services> {
    const database = test.url ? await openDatabase({ databaseUrl: test.url }) : test.database;
    const ai = createAiClient(config, { timeoutMs: 5_000, maxRetries: 0 });
    const events = new ChangeEvents(database);
    const runner = new JobRunner({ database, db: database.db, events, log }, { leaseMs: 5_000, pollMs: 50, backoffMs: 20 });
    const services = { config, log, database, db: database.db, events, jobs: runner, ai, translator: createSiteTranslator(config, ai, { timeoutMs: 5_000 }), clock: ownClock } as unknown as Services;
    runner.register(...jobKinds(services));
    opened.push({ runner, database: test.url ? database : undefined });
    return services;
  }

  let app: Services;
  const db = () => test.database.db;
  const posts = () => db().select().from(blogPosts).orderBy(asc(blogPosts.id));
  const runs = () => db().select().from(automationRuns).orderBy(asc(automationRuns.runDate));
  const topic = async (id: number) => (await db().select().from(blogTopics).where(eq(blogTopics.id, id)))[0];
  const insertTopic = async (text: string, at: string) => (await db().insert(blogTopics).values({ topic: text, scheduleFor: new Date(at) }).returning())[0];

  beforeAll(async () => {
    test = await openTestDatabase();
    await seedDatabase(test.database.db, { demo: false });
    await test.database.db.insert(users).values(user);
    fake = await startFakeAi();
    // Instagram's API is not reachable here: only whether a post is queued for it is looked at.
    config = { ...parseEnv({ AI_BASE_URL: fake.url, AI_API_KEY: "test-key", TRANSLATE_DELAY_MS: "0", GRAPH_API_URL: "http://127.0.0.1:9" }), ENCRYPTION_KEY: "k".repeat(40) } as unknown as Config;
    app = await instance();
  });
  afterAll(async () => {
    for (const { runner, database } of opened) {
      await runner.stop();
      await database?.close();
    }
    await fake?.close();
    await test?.drop();
  });
  beforeEach(() => fake.reset());

  it("at 09:00 makes one post from the earliest due topic, a draft awaiting review, and marks the topic used in the same step", async () => {
    const older = await insertTopic("Tenant rights when a landlord sells the building", "2025-03-03T09:00:00Z");
    const today = await insertTopic("Spousal support after a long marriage", "2025-03-04T09:00:00Z");
    const later = await insertTopic("Study permits for Iranian students", "2025-03-05T09:00:00Z");
    clock.set("2025-03-04T08:00:00Z");
    await setAutomationEnabled(app, user, true);
    // Turned on at 08:00: yesterday's 09:00 is not run now, and nothing runs before 09:00.
    expect(await tick(app)).toMatchObject({ runDate: "2025-03-03", action: "exists" });
    await app.jobs.drain();
    expect(await posts()).toHaveLength(0);

    clock.set("2025-03-04T09:00:00Z");
    expect(await tick(app)).toMatchObject({ runDate: "2025-03-04", action: "started" });
    await app.jobs.drain();
    const [post] = await posts();
    expect(await posts()).toHaveLength(1);
    expect(post).toMatchObject({ published: false, awaitingReview: true, aiGenerated: true, publishedAt: "2025-03-04" });
    expect(post.title).toMatch(/Tenant rights/i);
    expect(countWords(post.content)).toBeGreaterThanOrEqual(600);
    expect(countWords(post.content)).toBeLessThanOrEqual(800);
    expect(post.metaDescription).toBeTruthy();
    expect(post.imageAltText).toBeTruthy();
    expect(post.featuredImage).toMatch(/^\/media\//);
    expect(post.titleFa).toContain("[fa]");
    expect(post.contentZh).toContain("[zh]");
    // The article was asked for on the earliest due topic.
    expect(JSON.stringify(fake.chatCalls()[0])).toContain("Tenant rights when a landlord sells the building");

    expect(await topic(older.id)).toMatchObject({ status: "used", usedAt: new Date("2025-03-04T09:00:00Z") });
    expect((await topic(today.id)).status).toBe("pending");
    expect((await topic(later.id)).status).toBe("pending");
    expect(await runs()).toEqual([
      expect.objectContaining({ runDate: "2025-03-03", status: "skipped" }),
      expect.objectContaining({ runDate: "2025-03-04", status: "done", topicId: older.id, postId: post.id }),
    ]);
    // The Blog Posts tab shows it with its badge; the automation tab shows the run.
    expect((await listAllPosts(db())).find((p) => p.id === post.id)).toMatchObject({ awaitingReview: true, published: false });
    const tab = await loadAutomationTab(app);
    expect(tab.lastRun).toMatchObject({ runDate: "2025-03-04", status: "done", post: { id: post.id, published: false } });
    expect(tab.warnings).toEqual([]);

    // Later the same day, the same instance: nothing more.
    clock.set("2025-03-04T09:30:00Z");
    expect(await tick(app)).toMatchObject({ action: "exists" });
    await app.jobs.drain();
    expect(await posts()).toHaveLength(1);

    // Publishing is the sign-off: the badge goes.
    await savePost({ db: db(), events: app.events }, user, post.id, { ...postToFormValues(post), published: true });
    expect((await listAllPosts(db())).find((p) => p.id === post.id)).toMatchObject({ awaitingReview: false, published: true });
  });

  it("two instances at the same 09:00 make exactly one post", async () => {
    const second = await instance();
    clock.set("2025-03-05T09:00:00Z");
    const before = (await posts()).length;
    const results = await Promise.all([tick(app), tick(second), tick(app), tick(second)]);
    expect(results.filter((r) => r.action === "started")).toHaveLength(1);
    expect(results.filter((r) => r.action === "exists")).toHaveLength(3);
    await Promise.all([app.jobs.drain(), second.jobs.drain()]);
    expect(await posts()).toHaveLength(before + 1);
    expect((await runs()).filter((r) => r.runDate === "2025-03-05")).toEqual([expect.objectContaining({ status: "done" })]);
  });

  it("a restart later that day makes none", async () => {
    const restarted = await instance();
    clock.set("2025-03-05T17:45:00Z");
    const before = (await posts()).length;
    expect(await tick(restarted)).toMatchObject({ runDate: "2025-03-05", action: "exists" });
    await restarted.jobs.drain();
    expect(await posts()).toHaveLength(before);
  });

  it("after being down over several 09:00s, makes one post at start, not one per missed day", async () => {
    await insertTopic("Professional negligence claims against accountants", "2025-03-06T09:00:00Z");
    await insertTopic("Judicial review of refused visas", "2025-03-07T09:00:00Z");
    const restarted = await instance();
    clock.set("2025-03-09T06:30:00Z");
    const before = (await posts()).length;
    expect(await tick(restarted)).toMatchObject({ runDate: "2025-03-08", action: "started" });
    await restarted.jobs.drain();
    expect(await tick(restarted)).toMatchObject({ action: "exists" });
    await restarted.jobs.drain();
    expect(await posts()).toHaveLength(before + 1);
    expect((await runs()).map((r) => r.runDate)).toEqual(["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-08"]);
    // Several topics were due: still one post, from the earliest.
    const { pending, used } = await listTopics(db());
    expect(pending.map((t) => t.topic)).toEqual(["Professional negligence claims against accountants", "Judicial review of refused visas"]);
    expect(used[0]).toMatchObject({ topic: "Study permits for Iranian students", usedAt: "2025-03-09T06:30:00.000Z" });
  });

  it("with no topic due, the run records that no topic was due", async () => {
    for (const t of (await listTopics(db())).pending) await deleteTopic(app, user, t.id);
    clock.set("2025-03-10T09:00:05Z");
    const before = (await posts()).length;
    expect(await tick(app)).toMatchObject({ action: "started" });
    await app.jobs.drain();
    expect(await posts()).toHaveLength(before);
    expect(await lastRun(db())).toMatchObject({ runDate: "2025-03-10", status: "no-topic", message: "No topic was due." });
  });

  it("an AI failure leaves the topic pending, and the run and the tab show the error", async () => {
    const due = await insertTopic("Wills and estates for blended families", "2025-03-11T09:00:00Z");
    fake.script({ type: "status", status: 401, message: "Incorrect API key provided." });
    clock.set("2025-03-11T09:00:00Z");
    const before = (await posts()).length;
    await tick(app);
    await app.jobs.drain();
    expect(await posts()).toHaveLength(before);
    expect((await topic(due.id)).status).toBe("pending");
    const run = await lastRun(db());
    expect(run).toMatchObject({ runDate: "2025-03-11", status: "failed" });
    expect(run!.message).toMatch(/Wills and estates.*refused the key/);
    const tab = await loadAutomationTab(app);
    expect(tab.warnings.join(" ")).toMatch(/The last run failed: .*refused the key/);
    expect(tab.topics!.pending.map((t) => t.id)).toContain(due.id);
  });

  it("'immediately' publishes the post without the badge (and queues its Instagram auto-post); Test Generate Now takes the next topic and leaves the day's run alone", async () => {
    await setPublishMode(app, user, "immediate");
    await saveSettings(app, user, { accessToken: "EAAB-test-token-1234", accountId: "17841400000000000", enabled: true, autoPost: true });
    clock.set("2025-03-11T12:00:00Z");
    const future = await insertTopic("Mediation before a family trial", "2025-03-20T09:00:00Z");
    const runsBefore = await runs();
    // The next pending topic is the overdue one of the failed run.
    const started = await startGenerateNow(app, user);
    expect(started.topic).toBe("Wills and estates for blended families");
    await app.jobs.drain();
    const newest = (await posts()).at(-1)!;
    expect(newest).toMatchObject({ published: true, awaitingReview: false, aiGenerated: true });
    // Published at once, it goes to Instagram as a post a person publishes does.
    expect(newest.instagramQueuedAt).not.toBeNull();
    expect(await db().select({ kind: jobs.kind }).from(jobs).where(eq(jobs.uniqueKey, instagramJobKey(newest.id)))).toEqual([{ kind: INSTAGRAM_POST }]);
    // Through the publishing gate (decision 0087): the newsletter hears of it too, and the audit names the path.
    expect(newest.newsletterClaimedAt).not.toBeNull();
    const [published] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(newest.id)), eq(auditLog.action, "publish")));
    expect(published).toMatchObject({ userId: null, details: { path: "daily-run" } });
    await saveSettings(app, user, { accessToken: "", accountId: "17841400000000000", enabled: false, autoPost: false });
    expect(await runs()).toEqual(runsBefore);
    expect((await app.jobs.get(started.job.id))!.message).toBe("The post was generated: it is in the Blog Posts tab.");
    // The test run is the last run: stored in the settings' last_run, and the tab's 'Last run' says so.
    const tab = await loadAutomationTab(app);
    expect(tab.settings!.lastRun).toMatch(/^2025-03-11T12:0/);
    expect(tab.lastRun).toMatchObject({ test: "Wills and estates for blended families", status: "done", runDate: null, startedAt: tab.settings!.lastRun });
    // Then the next one, not yet due.
    const next = await startGenerateNow(app, user);
    expect(next.topic).toBe(future.topic);
    // A second click meanwhile shows the job that is running.
    expect(await startGenerateNow(app, user)).toMatchObject({ attached: true, topic: future.topic, job: { id: next.job.id } });
    await app.jobs.drain();
    expect((await topic(future.id)).status).toBe("used");
    await expect(startGenerateNow(app, user)).rejects.toThrow(AdminError);
    await setPublishMode(app, user, "draft");
  });

  it("Test Generate Now whose topic is used while its post is written fails the item with the reason and stores nothing", async () => {
    clock.set("2025-03-11T13:00:00Z");
    const gone = await insertTopic("Adopting a stepchild", "2025-03-25T09:00:00Z");
    const before = (await posts()).length;
    fake.setLatency(1_500);
    const started = await startGenerateNow(app, user);
    expect(started.topic).toBe(gone.topic);
    const worked = app.jobs.drain();
    // The article is being written (its request is held): another run uses the topic meanwhile.
    await vi.waitFor(() => expect(fake.chatCalls().length).toBeGreaterThan(0), { timeout: 10_000 });
    await db().update(blogTopics).set({ status: "used", usedAt: clock.now() }).where(eq(blogTopics.id, gone.id));
    fake.setLatency(0);
    await worked;
    const job = (await app.jobs.get(started.job.id))!;
    expect(job).toMatchObject({ status: "done", failed: 1, done: 0, message: "The post could not be generated." });
    expect(job.failures).toEqual([{ label: gone.topic, error: "The topic was deleted or used by another run while its post was written; nothing was stored." }]);
    expect(await posts()).toHaveLength(before);
  });

  it("a warning when automation is on but the AI service is not configured", async () => {
    const bare = { ...app, ai: createAiClient(parseEnv({}) as unknown as Config) } as Services;
    const tab = await loadAutomationTab(bare);
    expect(tab.warnings.join(" ")).toMatch(/AI service is not configured.*AI_BASE_URL/);
    await setAutomationEnabled(app, user, false);
    expect((await loadAutomationTab(bare)).warnings.join(" ")).not.toMatch(/not configured/);
    clock.set("2025-03-12T09:00:00Z");
    expect(await tick(app)).toMatchObject({ action: "paused" });
  });

  it("the instance that runs the day's job may have a clock a little behind the one that started it", async () => {
    for (const t of (await listTopics(db())).pending) await deleteTopic(app, user, t.id);
    const due = await insertTopic("Small claims in the Civil Resolution Tribunal", "2025-04-05T09:00:00Z");
    clock.set("2025-04-05T08:00:00Z");
    await setAutomationEnabled(app, user, true);
    clock.set("2025-04-05T09:00:00.010Z");
    expect(await tick(app)).toMatchObject({ runDate: "2025-04-05", action: "started" });
    const behind = await instance(manualClock(new Date("2025-04-05T08:59:59.950Z")));
    await behind.jobs.drain();
    expect(await topic(due.id)).toMatchObject({ status: "used" });
    expect(await lastRun(db())).toMatchObject({ runDate: "2025-04-05", status: "done" });
    await setAutomationEnabled(app, user, false);
  });

  it("the queue: a new topic the day after the latest pending one (or after today), rescheduling to 09:00 UTC, overdue, 5 used with N/A", async () => {
    for (const t of (await listTopics(db())).pending) await deleteTopic(app, user, t.id);
    clock.set("2025-03-12T22:30:00Z");
    const first = await addTopic(app, user, "First");
    expect(first.scheduleFor).toBe("2025-03-13T09:00:00.000Z");
    const second = await addTopic(app, user, "Second");
    expect(second.scheduleFor).toBe("2025-03-14T09:00:00.000Z");
    await rescheduleTopic(app, user, first.id, "2025-04-01");
    expect((await topic(first.id)).scheduleFor).toEqual(new Date("2025-04-01T09:00:00Z"));
    // After the latest pending one, wherever it is.
    expect((await addTopic(app, user, "Third")).scheduleFor).toBe("2025-04-02T09:00:00.000Z");
    await rescheduleTopic(app, user, second.id, "2025-03-01");
    const { pending } = await listTopics(db());
    expect(pending.map((t) => t.topic)).toEqual(["Second", "First", "Third"]);
    await expect(rescheduleTopic(app, user, 999_999, "2025-03-01")).rejects.toThrow(/no longer exists/);

    // Used: the 5 most recent, those without a date last as N/A; the count is of all.
    await db().insert(blogTopics).values([
      { topic: "No date", status: "used", usedAt: null },
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ topic: `Used ${n}`, status: "used" as const, usedAt: new Date(`2025-02-0${n}T09:00:00Z`) })),
    ]);
    const { used, usedCount } = await listTopics(db());
    expect(used).toHaveLength(5);
    expect(usedCount).toBeGreaterThan(5);
    expect(used.map((t) => t.usedAt !== null)).toEqual([true, true, true, true, true]);
    expect(used[0].usedAt! >= used[4].usedAt!).toBe(true);
  });
});
