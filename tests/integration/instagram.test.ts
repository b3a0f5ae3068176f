/**
 * Instagram posting as a server job against the fake Graph API v21.0: every outcome (posted,
 * container ERROR, EXPIRED, still in progress, quota full, 190, throttling, 9004, an aspect-ratio
 * refusal), the pre-flight checks, auto-post exactly once, and the token sealed at rest.
 */
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import express from "express";
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blogPosts, instagramSettings, jobs, users } from "../../db/schema";
import { ChangeEvents } from "../../core/events";
import { createLogger } from "../../core/log";
import { parseEnv, type Config } from "../../core/config";
import { storeImage } from "../../core/media";
import { mediaRouter } from "../../server/media-routes";
import { JobRunner, type JobView } from "~/jobs/runner.server";
import { instagramPostKind, postToInstagram, queueInstagramPostIfEnabled } from "~/instagram/post.server";
import { loadSettings, saveSettings, testConnection } from "~/instagram/settings.server";
import { RECONNECT_MESSAGE } from "../../core/outside/graph";
import type { Services } from "~/services";
import { openTestDatabase, usingPostgres } from "../helpers/db";
import { FAKE_ACCOUNT, FAKE_TOKEN, startFakeGraph, type FakeGraph } from "../fakes/graph";
import { startBigServer } from "../fakes/big-answer";
import { FEATURED_IMAGE_NOT_DOWNLOADED, imageSource } from "~/instagram/prepare.server";

const user = { id: "admin-ig", email: "admin@example.com", name: "Admin" };
const KEY = "k".repeat(40);

describe(`Instagram posting (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let graph: FakeGraph;
  let services: Services;
  let runner: JobRunner;
  let site: { close(): void; origin: string };

  const image = async (width: number, height: number) =>
    (await storeImage(test.database.db, await sharp({ create: { width, height, channels: 3, background: "#8a2be2" } }).png().toBuffer(), { avif: false })).url;

  let postSeq = 0;
  async function newPost(values: Partial<typeof blogPosts.$inferInsert> = {}) {
    postSeq += 1;
    const [row] = await test.database.db
      .insert(blogPosts)
      .values({ slug: `ig-post-${postSeq}`, title: `Study permits explained ${postSeq}`, excerpt: "What changed this year for students.", content: "Body", published: true, featuredImage: await image(1200, 400), ...values })
      .returning();
    return row;
  }
  const row = async (id: number) => (await test.database.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0];
  const finished = async (id: number): Promise<JobView> => {
    for (let i = 0; i < 400; i++) {
      const job = await runner.get(id);
      if (job && job.status !== "queued" && job.status !== "running") return job;
      await sleep(25);
    }
    throw new Error(`job ${id} did not finish`);
  };
  const configure = (settings: { enabled?: boolean; autoPost?: boolean; accessToken?: string } = {}) =>
    saveSettings(services, user, { accessToken: settings.accessToken ?? FAKE_TOKEN, accountId: FAKE_ACCOUNT, enabled: settings.enabled ?? true, autoPost: settings.autoPost ?? false });

  beforeAll(async () => {
    test = await openTestDatabase();
    const db = test.database.db;
    await db.insert(users).values({ id: user.id, name: user.name, email: user.email });
    await db.insert(instagramSettings).values({ enabled: false, autoPost: false });
    graph = await startFakeGraph();
    const log = createLogger("silent");
    // The site's media routes, where the fake fetches the Instagram JPEG as Instagram would.
    const app = express();
    const holder: { services?: Services } = {};
    app.use("/media", (req, res, next) => mediaRouter(holder.services!)(req, res, next));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    site = { origin, close: () => server.close() };
    const config = { ...parseEnv({ GRAPH_API_URL: graph.url }), SITE_URL: origin, ENCRYPTION_KEY: KEY } as unknown as Config;
    const events = new ChangeEvents(test.database);
    await events.start();
    runner = new JobRunner({ database: test.database, db, events, log }, { leaseMs: 2_000, pollMs: 30, backoffMs: 30 });
    services = { config, log, database: test.database, db, events, jobs: runner } as unknown as Services;
    holder.services = services;
    runner.register(instagramPostKind(services, { pollMs: 20, maxWaitMs: 400, retryDelayMs: 50 }) as never);
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop();
    site?.close();
    await graph?.close();
    await test?.drop();
  });
  beforeEach(async () => {
    graph.reset();
    await configure();
    graph.reset();
  });

  it("posts: container, status polls until FINISHED, quota, media_publish; stores the ids and the link; sends a padded 1080 px sRGB JPEG", async () => {
    const post = await newPost({ imageAltText: "A student with a passport" });
    graph.containers("finish-after:2");
    const { jobId } = await postToInstagram(services, user, post.id);
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: "done", done: 1, failed: 0, message: "Posted to Instagram." });

    expect(graph.published).toHaveLength(1);
    const [container] = graph.created;
    const after = await row(post.id);
    expect(after).toMatchObject({
      instagramPosted: true,
      instagramPostId: graph.published[0].id,
      instagramContainerId: container.id,
      instagramPermalink: graph.published[0].permalink,
      instagramError: null,
    });
    expect(after.instagramQueuedAt).not.toBeNull();
    // The order of the calls: create, three polls (IN_PROGRESS twice), quota, publish, permalink.
    const steps = graph.calls.map((c) => `${c.method} ${c.path.replace(/\d{6,}/g, "#")}`);
    expect(steps).toEqual(["POST /v21.0/#/media", "GET /v21.0/#", "GET /v21.0/#", "GET /v21.0/#", "GET /v21.0/#/content_publishing_limit", "POST /v21.0/#/media_publish", "GET /v21.0/#"]);
    // A 3:1 image is padded to 1.91:1, not refused: 1080 x 566 JPEG in sRGB, fetched from SITE_URL.
    expect(container.imageUrl).toMatch(new RegExp(`^${site.origin}/media/[0-9a-f-]{36}/1080\\.jpeg$`));
    expect(container.image).toMatchObject({ contentType: "image/jpeg", format: "jpeg", width: 1080, height: 566, space: "srgb" });
    expect(container.image!.bytes).toBeLessThan(8 * 1024 * 1024);
    expect(container.caption).toBe(`${post.title}\n\nWhat changed this year for students.\n\nRead more: ${site.origin}/blog/${post.slug}`);
    expect(container.altText).toBe("A student with a passport");

    // Posted: the Post button is refused, and no second job posts it.
    await expect(postToInstagram(services, user, post.id)).rejects.toThrow("This post is already on Instagram.");
  });

  it("a container in ERROR gives up with Instagram's reason on the post", async () => {
    const post = await newPost();
    graph.containers("error");
    const job = await finished((await postToInstagram(services, user, post.id)).jobId);
    expect(job).toMatchObject({ status: "done", failed: 1 });
    const after = await row(post.id);
    expect(after.instagramPosted).toBe(false);
    expect(after.instagramError).toBe(
      "Instagram could not prepare the image: 2207020: The media you are trying to access has expired. Please try to upload again. Check the featured image and post again.",
    );
    expect(after.instagramContainerId).toBeNull();
    expect(graph.published).toHaveLength(0);
  });

  it("an EXPIRED container is replaced by a new one, which is published once", async () => {
    const post = await newPost();
    graph.containers("expired", "finish-after:0");
    const job = await finished((await postToInstagram(services, user, post.id)).jobId);
    expect(job.status).toBe("done");
    expect(graph.created).toHaveLength(2);
    expect(graph.published).toHaveLength(1);
    expect(graph.published[0].containerId).toBe(graph.created[1].id);
    expect((await row(post.id)).instagramPosted).toBe(true);
  });

  it("a container still in progress after the bounded wait gives up; Post again continues with the same container", async () => {
    const post = await newPost();
    graph.containers("in-progress");
    await finished((await postToInstagram(services, user, post.id)).jobId);
    const after = await row(post.id);
    expect(after.instagramError).toMatch(/^Instagram was still processing the image after 1 s\. Press Post to try again; the same upload is used\.$/);
    expect(after.instagramContainerId).toBe(graph.created[0].id);
    graph.created[0].plan = "finish-after:0";
    await finished((await postToInstagram(services, user, post.id)).jobId);
    expect(graph.created).toHaveLength(1);
    expect(graph.published).toHaveLength(1);
    expect(await row(post.id)).toMatchObject({ instagramPosted: true, instagramError: null });
  });

  it("a full publishing quota waits and retries without publishing; it posts once the quota frees", async () => {
    const post = await newPost();
    graph.containers("finish-after:0");
    graph.quota = { usage: 100, total: 100 };
    const { jobId } = await postToInstagram(services, user, post.id);
    for (let i = 0; i < 200 && graph.calls.filter((c) => c.path.endsWith("content_publishing_limit")).length < 2; i++) await sleep(20);
    expect(graph.published).toHaveLength(0);
    expect((await row(post.id)).instagramError).toBeNull();
    graph.quota = { usage: 3, total: 100 };
    expect((await finished(jobId)).status).toBe("done");
    expect(graph.published).toHaveLength(1);
    // The container made before the wait is the one published.
    expect(graph.created).toHaveLength(1);
  });

  it("an expired token (190) shows 'reconnect' on the post and the dashboard until a connection test succeeds", async () => {
    const post = await newPost();
    graph.fail("create", { code: 190, subcode: 463, message: "Error validating access token: Session has expired." });
    await finished((await postToInstagram(services, user, post.id)).jobId);
    expect((await row(post.id)).instagramError).toBe(RECONNECT_MESSAGE);
    expect(await loadSettings(services.db)).toMatchObject({ reconnectNeeded: true });
    // A failing test keeps it; a successful test of the saved credentials clears it.
    graph.fail("account", { code: 190, message: "Error validating access token." });
    expect(await testConnection(services, { accessToken: "", accountId: FAKE_ACCOUNT })).toMatchObject({ connected: false, error: "Invalid credentials", reconnectNeeded: true });
    expect((await loadSettings(services.db)).reconnectNeeded).toBe(true);
    expect(await testConnection(services, { accessToken: "", accountId: FAKE_ACCOUNT })).toMatchObject({ connected: true, username: "vancouver.law" });
    expect(await loadSettings(services.db)).toMatchObject({ reconnectNeeded: false, username: "vancouver.law" });
  });

  it("throttling (4, then 613) and a 5xx are retried with backoff, then it posts once", async () => {
    const post = await newPost();
    graph.fail("create", { code: 4, message: "Application request limit reached" }, { code: 613, message: "Calls to this api have exceeded the rate limit." });
    graph.fail("publish", { code: 2, status: 500, message: "An unexpected error has occurred. Please retry your request later.", transient: true });
    const job = await finished((await postToInstagram(services, user, post.id)).jobId);
    expect(job).toMatchObject({ status: "done", failed: 0 });
    expect(graph.published).toHaveLength(1);
    expect(await row(post.id)).toMatchObject({ instagramPosted: true, instagramError: null });
  });

  it("throttling on every attempt: the stored error is one sentence, without 'tried again automatically'", async () => {
    const post = await newPost();
    const limited = { code: 4, message: "Application request limit reached" };
    graph.fail("create", ...Array.from({ length: 8 }, () => limited));
    const job = await finished((await postToInstagram(services, user, post.id)).jobId);
    expect(job).toMatchObject({ status: "done", failed: 1 });
    expect(graph.published).toHaveLength(0);
    expect((await row(post.id)).instagramError).toBe("Instagram is limiting how many requests this app makes. Tried 8 times; press Post to try again.");
  });

  it("a media fetch failure (9004) is tried once more, then reported with what to check", async () => {
    const once = await newPost();
    graph.containers("fetch-error", "finish-after:0");
    expect((await finished((await postToInstagram(services, user, once.id)).jobId)).status).toBe("done");
    expect((await row(once.id)).instagramPosted).toBe(true);

    graph.reset();
    const twice = await newPost();
    graph.containers("fetch-error", "fetch-error");
    await finished((await postToInstagram(services, user, twice.id)).jobId);
    const after = await row(twice.id);
    expect(after.instagramPosted).toBe(false);
    expect(after.instagramError).toContain("Instagram could not fetch the image from this site. Check that SITE_URL is the site's public https address");
    expect(after.instagramError).toContain("(Instagram failed to fetch it twice.)");
    expect(graph.published).toHaveLength(0);
  });

  it("an aspect-ratio refusal is a permanent error saying what to do", async () => {
    const post = await newPost();
    graph.fail("create", { code: 36003, subcode: 2207009, message: "The aspect ratio is not supported." });
    const job = await finished((await postToInstagram(services, user, post.id)).jobId);
    expect(job.failures[0].error).toMatch(/^Instagram refused the image's shape: it takes aspect ratios from 4:5 to 1.91:1. Choose another featured image and post again. Instagram said: "The aspect ratio is not supported."$/);
    expect((await row(post.id)).instagramError).toBe(job.failures[0].error);
    expect(graph.calls.filter((c) => c.path.endsWith("/media"))).toHaveLength(1);
  });

  it("pre-flight: a 300 px wide image is refused before Instagram is called", async () => {
    const post = await newPost({ featuredImage: await image(300, 300) });
    await finished((await postToInstagram(services, user, post.id)).jobId);
    expect((await row(post.id)).instagramError).toBe("The featured image is 300 px wide; Instagram needs at least 320 px. Choose a larger featured image and post again.");
    expect(graph.calls).toHaveLength(0);
  });

  it("pre-flight: against Instagram's own host, a localhost SITE_URL is refused at once, and nothing is queued", async () => {
    const local = { ...services, config: { ...services.config, GRAPH_API_URL: "https://graph.facebook.com", SITE_URL: "http://localhost:3000" } } as Services;
    const post = await newPost();
    const before = (await test.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs))[0].n;
    await expect(postToInstagram(local, user, post.id)).rejects.toThrow(/SITE_URL \(http:\/\/localhost:3000\) is not https/);
    expect((await row(post.id)).instagramError).toMatch(/is not https/);
    expect((await test.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs))[0].n).toBe(before);
    const privateHttps = { ...local, config: { ...local.config, SITE_URL: "https://192.168.1.20" } } as Services;
    await expect(postToInstagram(privateHttps, user, post.id)).rejects.toThrow(/local or private address/);
  });

  it("pre-flight: a featured image address on this machine, in any spelling, is one message and never fetched (decision 0052)", async () => {
    const files = await startBigServer(await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#123456" } }).png().toBuffer());
    try {
      const port = new URL(files.origin).port;
      const addresses = [
        `${files.origin}/png`,
        `http://2130706433:${port}/png`,
        `https://0x7f000001:${port}/png`,
        `https://[::1]:${port}/png`,
        `https://[::ffff:127.0.0.1]:${port}/png`,
        "https://169.254.169.254/latest/meta-data/",
        "https://10.0.0.1/image.png",
        "https://192.168.1.1/image.png",
      ];
      for (const featuredImage of addresses) {
        const post = await newPost({ featuredImage });
        await finished((await postToInstagram(services, user, post.id)).jobId);
        expect((await row(post.id)).instagramError, featuredImage).toBe(FEATURED_IMAGE_NOT_DOWNLOADED);
      }
      expect(files.connections).toBe(0);
      expect(graph.calls).toHaveLength(0);
    } finally {
      await files.close();
    }
  });

  it("pre-flight: a 300 MB featured image is refused at 20 MB without reading the rest (decision 0052)", async () => {
    const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#123456" } }).png().toBuffer();
    const files = await startBigServer(picture);
    try {
      // Loopback is reachable only with the tests' flag, as the fake lives there.
      const source = imageSource(test.database.db, { allowLoopback: true });
      await expect(source.read(`${files.origin}/undeclared/${300 * 1024 * 1024}`)).rejects.toThrow("The featured image is larger than 20 MB. Upload a smaller image and post again.");
      expect(files.sent).toBeLessThan(32 * 1024 * 1024);
      await expect(source.read(`${files.origin}/size/${300 * 1024 * 1024}`)).rejects.toThrow("The featured image is larger than 20 MB.");
      expect((await source.read(`${files.origin}/redirect/2/png`)).equals(picture)).toBe(true);
    } finally {
      await files.close();
    }
  });

  it("Post is refused while the integration is off or the post has no featured image", async () => {
    const post = await newPost();
    await configure({ enabled: false });
    await expect(postToInstagram(services, user, post.id)).rejects.toThrow("The Instagram integration is turned off. Turn on 'Enable integration' in the Instagram tab and post again.");
    await configure();
    const bare = await newPost({ featuredImage: null });
    await expect(postToInstagram(services, user, bare.id)).rejects.toThrow(/no featured image/);
    // A draft's caption would link to a page that is not on the site.
    const draft = await newPost({ published: false });
    await expect(postToInstagram(services, user, draft.id)).rejects.toThrow("The post is a draft: the Instagram caption links to it, and a draft is not on the site. Publish the post, then post it to Instagram.");
  });

  it("auto-post queues one job when a post with an image is published; unpublishing and publishing again never posts again", async () => {
    await configure({ autoPost: true });
    graph.reset();
    const db = test.database.db;
    const post = await newPost({ published: false });
    expect(await queueInstagramPostIfEnabled(services, post.id)).toEqual({ queued: false });
    await db.update(blogPosts).set({ published: true }).where(eq(blogPosts.id, post.id));
    const [first, second] = await Promise.all([queueInstagramPostIfEnabled(services, post.id), queueInstagramPostIfEnabled(services, post.id)]);
    expect([first.queued, second.queued].sort()).toEqual([false, true]);
    await finished((first.jobId ?? second.jobId)!);
    expect(graph.published).toHaveLength(1);
    await db.update(blogPosts).set({ published: false }).where(eq(blogPosts.id, post.id));
    await db.update(blogPosts).set({ published: true, instagramPosted: false }).where(eq(blogPosts.id, post.id));
    expect(await queueInstagramPostIfEnabled(services, post.id)).toEqual({ queued: false });
    expect(graph.published).toHaveLength(1);
    // Without auto-post, publishing queues nothing.
    await configure({ autoPost: false });
    const other = await newPost();
    expect(await queueInstagramPostIfEnabled(services, other.id)).toEqual({ queued: false });
    // Auto-post is off while the integration is off.
    await configure({ enabled: false, autoPost: true });
    expect((await loadSettings(db)).autoPost).toBe(false);
  });

  it("the token is sealed in the database and shown only by its last four characters", async () => {
    await configure();
    const [stored] = await test.database.db.select().from(instagramSettings);
    expect(stored.accessToken).not.toContain(FAKE_TOKEN);
    expect(stored.accessToken).toMatch(/^v1\./);
    const dump = JSON.stringify((await test.database.db.execute(sql`select * from instagram_settings`)) as unknown);
    expect(dump).not.toContain(FAKE_TOKEN);
    const view = await loadSettings(test.database.db);
    expect(view).toMatchObject({ tokenSaved: true, tokenLast4: FAKE_TOKEN.slice(-4), username: "vancouver.law" });
    expect(JSON.stringify(view)).not.toContain(FAKE_TOKEN);
    // An empty token field keeps the saved token.
    await saveSettings(services, user, { accessToken: "", accountId: FAKE_ACCOUNT, enabled: true, autoPost: false });
    expect((await test.database.db.select().from(instagramSettings))[0].accessToken).toBe(stored.accessToken);
  });
});
