import { randomBytes } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../../app/auth/admin-users.server";
import { openDatabase } from "../../../db/client";
import { seedDatabase } from "../../../server/seed";
import { formPost, get, signInHttp } from "../../helpers/admin-http";
import { createTestDatabaseUrl, dropTestDatabase } from "../../helpers/db";
import { dailyRunDb, dailyRunEnv, startedRuns, until } from "../../helpers/daily-run";
import { freePort, startSite, type SiteServer } from "../../helpers/server";
import { listenToEvents } from "../../helpers/events";
import { FAKE_ACCOUNT, FAKE_TOKEN, startFakeGraph, type FakeGraph } from "../../fakes/graph";
import { startFakeAi, type FakeAi } from "../../fakes/openai";
import { startSmtpFake, type SmtpFake } from "../../fakes/smtp";
import { ADMIN, RELIABILITY_ENV, postContact, saveText, writeFigures } from "../traffic";

/** A load balancer for the test: each request to the next instance in turn, Host kept, X-Forwarded-For set. */
function roundRobin(port: number) {
  const targets: URL[] = [];
  const served: number[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next++ % targets.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = targets[index];
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    served,
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Both clocks start here (TEST_CLOCK_START, decision 0031): 09:00 UTC comes 30 s after each instance starts. */
const CLOCK = "2025-03-04T08:59:30Z";
const DAY = "2025-03-04";
const TOPIC = "Tenant rights when a landlord sells";

/**
 * Work shared between the instances goes through the job runner, whose claims (FOR UPDATE SKIP
 * LOCKED and leases) make each job run once whichever instance queued it; the daily run is once a
 * day by its row in `automation_runs`. The outside services the instances reach are fakes on
 * loopback, started here and named in `env`: the SMTP peer, the OpenAI-compatible server that
 * writes the daily post, and the Graph API that takes the Instagram post.
 */
describe("two instances on one PostgreSQL behind a round-robin proxy", () => {
  let url: string;
  let first: SiteServer;
  let second: SiteServer;
  let proxy: ReturnType<typeof roundRobin>;
  let smtp: SmtpFake;
  let ai: FakeAi;
  let graph: FakeGraph;
  let store: Awaited<ReturnType<typeof dailyRunDb>>;
  /** When both instances answered (the machine's time): their clocks were still before 09:00. */
  let upAt: number;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    [smtp, ai, graph] = await Promise.all([startSmtpFake(), startFakeAi(), startFakeGraph()]);
    url = (await createTestDatabaseUrl())!;
    const setup = await openDatabase({ databaseUrl: url });
    await createOrPromoteAdmin(setup.db, ADMIN, { via: "test" });
    await seedDatabase(setup.db, { demo: true });
    await setup.close();
    // Automation on since before 09:00 on 4 March (3 March's slot passed while it was off), one topic due then.
    store = await dailyRunDb(url);
    await store.enable("2025-03-03", [{ topic: TOPIC, scheduleFor: `${DAY}T09:00:00Z` }]);
    proxy = roundRobin(await freePort());
    // Instances behind one address share its SITE_URL, one SESSION_SECRET and one ENCRYPTION_KEY (docs/operations.md).
    const env = {
      ...RELIABILITY_ENV,
      DATABASE_URL: url,
      SITE_URL: proxy.url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      // One key seals the Instagram token for both: a token saved on one instance opens on the other.
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      SEED_DEMO: "true",
      SMTP_URL: smtp.url,
      MAIL_FROM: "website@firm.example",
      CONTACT_NOTIFY_TO: "intake@firm.example",
      ...dailyRunEnv(ai, CLOCK),
      GRAPH_API_URL: graph.url,
    };
    const starting = Date.now();
    [first, second] = await Promise.all([startSite(env), startSite(env)]);
    upAt = Date.now();
    figures.startSeconds = Math.round((upAt - starting) / 100) / 10;
    proxy.targets.push(new URL(first.url), new URL(second.url));
    await proxy.listen();
  });
  afterAll(async () => {
    writeFigures("instances", { requestsPerInstance: proxy?.served, ...figures });
    await proxy?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await Promise.all([smtp?.stop(), ai?.close(), graph?.close(), store?.close()]);
    if (url) await dropTestDatabase(url);
  });

  it("keeps a session made on one instance valid on the other", async () => {
    const cookie = await signInHttp(proxy.url, ADMIN.email, ADMIN.password);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await get(`${proxy.url}/admin/dashboard`, cookie)).status);
    expect(answers).toEqual([200, 200, 200, 200]);
    expect(proxy.served.every((count) => count >= 2)).toBe(true);
    for (const site of [first, second]) expect((await get(`${site.url}/admin/dashboard`, cookie)).status).toBe(200);
  });

  it("brings an edit saved on one instance to a page open on the other", async () => {
    const cookie = await signInHttp(proxy.url, ADMIN.email, ADMIN.password);
    const events = await listenToEvents(second.url, "data: content");
    const before = await (await fetch(`${second.url}/contact`)).text();
    const marker = `Open ${randomBytes(4).toString("hex")} to 17:00`;
    expect(before).not.toContain(marker);

    // Saved on the first instance, with the Host the proxy would pass.
    const saved = await saveText(first.url, cookie, "contact-hours-weekday", marker);
    expect(saved.ok).toBe(true);
    expect(await events.heard).toContain("event: change\ndata: content");
    events.stop();
    // The other instance's next page already has it (its cached page was dropped).
    expect(await (await fetch(`${second.url}/contact`)).text()).toContain(marker);
  });

  it("sends each contact notification once, whichever instance stored the message", async () => {
    const COUNT = 12;
    const senders = Array.from({ length: COUNT }, (_, i) => `visitor-${i}@example.com`);
    // Through the proxy: the messages are stored, and their mail jobs queued, by both instances in turn.
    const stored = await Promise.all(senders.map((email) => postContact(proxy.url, email)));
    expect(stored.every(Boolean)).toBe(true);
    await smtp.waitFor(COUNT, 120_000);
    // Both runners poll for queued jobs: time for a second sending, if there were one.
    await new Promise((r) => setTimeout(r, 6_000));
    const replyTos = smtp.received.map((mail) => /<([^>]+)>/.exec(mail.header("Reply-To") ?? "")?.[1]);
    expect(replyTos.sort()).toEqual(senders.sort());
    figures.contactMails = { stored: COUNT, mailed: smtp.received.length };
  });

  it("posts to Instagram once when a post with an image is published through the proxy", async () => {
    const cookie = await signInHttp(proxy.url, ADMIN.email, ADMIN.password);
    // Settings saved through the admin on one instance; the post created and published on the next ones.
    const saved = await formPost(`${proxy.url}/admin/dashboard/instagram`, { intent: "save", accessToken: FAKE_TOKEN, accountId: FAKE_ACCOUNT, enabled: "on", autoPost: "on" }, { cookie });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("vancouver.law");
    const image = /\/media\/[0-9a-f-]{36}/.exec(await (await get(`${proxy.url}/blog`)).text())![0];
    // New Post stores the post by its first save (an editor without JavaScript is redirected to the stored post).
    const created = await formPost(`${proxy.url}/admin/dashboard/blog/new`, { title: "New Blog Post", slug: `new-post-${Date.now()}`, author: "", publishedAt: "2026-11-20", featuredImage: "", excerpt: "", content: "" }, { cookie });
    const editor = new URL(created.headers.get("location")!, proxy.url).href;
    const postId = Number(/\/admin\/dashboard\/blog\/(\d+)/.exec(editor)![1]);
    graph.containers("finish-after:0");
    const title = "Work permits for spouses";
    const published = await formPost(
      editor,
      { title, slug: "work-permits-for-spouses", author: "The firm", publishedAt: DAY, featuredImage: image, excerpt: "Who may work.", content: "Body.", published: "on" },
      { cookie },
    );
    expect(published.status).toBe(200);
    const stored = async () =>
      (await store.query<{ instagram_posted: boolean; instagram_post_id: string | null; instagram_permalink: string | null; instagram_error: string | null }>(
        "select instagram_posted, instagram_post_id, instagram_permalink, instagram_error from blog_posts where id = $1",
        [postId],
      ))[0];
    await until(async () => (await stored())?.instagram_posted === true, "the post stored as posted", 60_000);
    // Both runners poll the queue every 5 s: time for a second posting, if there were one.
    await sleep(6_000);
    const publishCalls = graph.calls.filter((call) => call.method === "POST" && call.path.endsWith("/media_publish"));
    expect(publishCalls).toHaveLength(1);
    expect(graph.published).toHaveLength(1);
    expect(graph.published[0].caption).toContain(title);
    expect(await stored()).toEqual({ instagram_posted: true, instagram_post_id: graph.published[0].id, instagram_permalink: graph.published[0].permalink, instagram_error: null });
    // What the admin sees on either instance: the post's Instagram link in the Blog Posts list.
    for (const site of [first, second]) expect(await (await get(`${site.url}/admin/dashboard`, cookie)).text()).toContain(graph.published[0].permalink);
    figures.instagram = { mediaPublishCalls: publishCalls.length, containersCreated: graph.created.length };
  });

  it("makes one daily post between the two instances when their clocks pass 09:00", async () => {
    await until(async () => (await store.runs()).find((run) => run.run_date === DAY)?.status === "done", `the run of ${DAY}`, 90_000);
    // A second run or post, if there were one, would follow within a poll of the queue.
    await sleep(2_000);
    const runs = (await store.runs()).filter((run) => run.run_date === DAY);
    expect(runs).toHaveLength(1);
    // The run began after both instances were up: it was the scheduler at 09:00, not a catch-up at start.
    expect(runs[0].started_at.getTime()).toBeGreaterThan(upAt);
    const generated = await store.query<{ id: number; title: string; published: boolean; awaiting_review: boolean }>(
      "select id, title, published, awaiting_review from blog_posts where ai_generated",
    );
    expect(generated).toHaveLength(1);
    expect(generated[0]).toMatchObject({ id: runs[0].post_id, published: false, awaiting_review: true });
    expect(generated[0].title).toMatch(/Tenant rights/i);
    const topics = await store.query<{ id: number; status: string }>("select id, status from blog_topics");
    expect(topics).toEqual([{ id: runs[0].topic_id, status: "used" }]);
    // One instance started it; both looked.
    expect(startedRuns([first.output(), second.output()])).toBe(1);
    // What the admin sees on either instance: the last run and its draft in the Topic Queue tab.
    const cookie = await signInHttp(proxy.url, ADMIN.email, ADMIN.password);
    for (const site of [first, second]) {
      // (React puts <!-- --> between the pieces of a text.)
      const page = (await (await get(`${site.url}/admin/dashboard/automation`, cookie)).text()).replaceAll("<!-- -->", "");
      expect(page).toContain('data-testid="last-run"');
      expect(page).toContain(`(for ${DAY})`);
      expect(page).toContain(`/admin/dashboard/blog/${generated[0].id}`);
      expect(page).toContain("draft awaiting review");
    }
    figures.dailyRun = {
      runs: runs.length,
      posts: generated.length,
      startedBy: startedRuns([first.output(), second.output()]),
      secondsAfterStart: Math.round((runs[0].started_at.getTime() - upAt) / 100) / 10,
    };
  });
});
