/**
 * Instagram on the real server process: the token never leaves it (no response body carries it,
 * the database holds it sealed), and a kill -9 between media_publish and storing its answer,
 * then a restart, ends with exactly one post on the (fake) Instagram, stored as posted.
 */
import { TOKEN_EXPIRED } from "~/instagram/schema";
import { textOf } from "../helpers/html-text";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, instagramSettings } from "../../db/schema";
import { dataDirWithAdmin, formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { startSite, type SiteServer } from "../helpers/server";
import { FAKE_ACCOUNT, FAKE_TOKEN, startFakeGraph, type FakeGraph } from "../fakes/graph";

const ADMIN = { email: "ig-admin@example.test", password: "a long enough test password" };

/** Every file under a folder, for a search of bytes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe("Instagram on the server: the token stays sealed, and a crash at publish never posts twice", () => {
  let graph: FakeGraph;
  let dataDir: string;
  let site: SiteServer | null = null;
  let cookie = "";
  const start = async () => {
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true", GRAPH_API_URL: graph.url });
    cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
  };

  beforeAll(async () => {
    graph = await startFakeGraph();
    dataDir = await dataDirWithAdmin("ig-server-", ADMIN, { demo: true });
    await start();
  });
  afterAll(async () => {
    await site?.stop();
    await graph?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const bodies: string[] = [];
  const read = async (response: Response) => {
    const text = await response.text();
    bodies.push(text);
    return text;
  };

  it("saves and tests the settings without ever sending the token back", async () => {
    const url = `${site!.url}/admin/dashboard/instagram`;
    const saved = await formPost(url, { intent: "save", accessToken: FAKE_TOKEN, accountId: FAKE_ACCOUNT, enabled: "on" }, { cookie });
    expect(saved.status).toBe(200);
    // Saving a new token checks it: the account's name comes back, the token does not.
    expect(await read(saved)).toContain("vancouver.law");
    const tested = await formPost(url, { intent: "test", accessToken: "", accountId: FAKE_ACCOUNT }, { cookie });
    expect(await read(tested)).toContain("vancouver.law");
    const missing = await formPost(url, { intent: "test", accessToken: "", accountId: "" }, { cookie });
    expect(missing.status).toBe(400);
    expect(await read(missing)).toContain("Missing credentials: Please enter both Access Token and Account ID");
    const wrong = await formPost(url, { intent: "test", accessToken: "not-the-token", accountId: FAKE_ACCOUNT }, { cookie });
    expect(await read(wrong)).toContain("Invalid credentials");
    const page = await get(url, cookie);
    const html = await read(page);
    expect(html).toContain(`ending in ${FAKE_TOKEN.slice(-4)}`);
    await read(await get(`${url}.data`, cookie));
    await read(await get(`${site!.url}/admin/dashboard`, cookie));
    for (const body of bodies) expect(body).not.toContain(FAKE_TOKEN);
  });

  it("kill -9 between media_publish and storing its answer: the restart finds the post published and stores it; exactly one post", async () => {
    // The demo post with a featured image has the Post button; its id is in its Edit link.
    const list = await read(await get(`${site!.url}/admin/dashboard`, cookie));
    const item = list.split("<li").find((part) => part.includes("to Instagram</span>"));
    expect(item, "a post with a Post button").toBeTruthy();
    const postId = Number(/\/admin\/dashboard\/blog\/(\d+)/.exec(item!)![1]);

    graph.containers("finish-after:0");
    const running = site!;
    const killed = new Promise<void>((resolve) => running.process.once("exit", () => resolve()));
    graph.onPublish = async () => {
      // Instagram has published; the site dies before it hears the media id.
      running.process.kill("SIGKILL");
      await killed;
    };
    const posted = await formPost(`${site!.url}/admin/dashboard?index`, { intent: "instagram-post", id: String(postId) }, { cookie });
    expect(posted.status).toBe(200);
    await killed;
    graph.onPublish = null;
    expect(graph.published).toHaveLength(1);
    const callsBefore = graph.calls.length;

    await site!.stop().catch(() => {});
    await start();
    // The job continues at once (its dead process's lease is handed back) and finds the post published.
    let html = "";
    for (let i = 0; i < 150; i++) {
      html = await read(await get(`${site!.url}/admin/dashboard`, cookie));
      if (html.includes(graph.published[0].permalink)) break;
      await sleep(200);
    }
    expect(html).toContain(graph.published[0].permalink);
    expect(graph.published).toHaveLength(1);
    const after = graph.calls.slice(callsBefore).map((c) => `${c.method} ${c.path.replace(/\d{6,}/g, "#")}`);
    expect(after).not.toContain("POST /v21.0/#/media_publish");
    expect(after).not.toContain("POST /v21.0/#/media");

    expect(await site!.stop()).toBe(0);
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const [post] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
      expect(post).toMatchObject({ instagramPosted: true, instagramPostId: graph.published[0].id, instagramPermalink: graph.published[0].permalink, instagramError: null });
      const [settings] = await store.db.select().from(instagramSettings);
      expect(settings.accessToken).toMatch(/^v1\./);
      expect(settings.tokenLast4).toBe(FAKE_TOKEN.slice(-4));
    } finally {
      await store.close();
    }
    // Nowhere in the database's files in clear (the sealed value and its last four only).
    for (const file of filesUnder(path.join(dataDir, "pglite"))) expect(readFileSync(file).includes(FAKE_TOKEN), file).toBe(false);
    for (const body of bodies) expect(body).not.toContain(FAKE_TOKEN);
  });

  it("auto-post: publishing a post with an image in the editor posts it once; unpublishing and publishing again does not post again", async () => {
    await start();
    graph.reset();
    const save = await formPost(`${site!.url}/admin/dashboard/instagram`, { intent: "save", accessToken: "", accountId: FAKE_ACCOUNT, enabled: "on", autoPost: "on" }, { cookie });
    expect(save.status).toBe(200);
    const image = /\/media\/[0-9a-f-]{36}/.exec(await (await get(`${site!.url}/blog`)).text())![0];
    // New Post stores the post by its first save (an editor without JavaScript is redirected to the stored post).
    const created = await formPost(`${site!.url}/admin/dashboard/blog/new`, { title: "New Blog Post", slug: `new-post-${Date.now()}`, author: "", publishedAt: "2026-11-20", featuredImage: "", excerpt: "", content: "" }, { cookie });
    const editor = new URL(created.headers.get("location")!, site!.url).href;
    const values = { title: "Work permits for spouses", slug: "work-permits-for-spouses", author: "The firm", publishedAt: "2026-11-20", featuredImage: image, excerpt: "Who may work.", content: "Body." };
    const saveAs = async (published: boolean) => {
      const answer = await formPost(editor, { ...values, ...(published ? { published: "on" } : {}) }, { cookie });
      expect(answer.status).toBe(200);
    };
    graph.containers("finish-after:0");
    await saveAs(true);
    for (let i = 0; i < 150 && graph.published.length === 0; i++) await sleep(200);
    expect(graph.published).toHaveLength(1);
    expect(graph.published[0].caption).toContain("Work permits for spouses");
    await saveAs(false);
    await saveAs(true);
    await saveAs(true);
    await sleep(1500);
    expect(graph.published).toHaveLength(1);
    expect(graph.created).toHaveLength(1);
  });

  it("an expired token puts 'Reconnect Instagram' on the dashboard until a connection test succeeds", async () => {
    const dashboard = async () => (await get(`${site!.url}/admin/dashboard/team`, cookie)).text();
    expect(await dashboard()).not.toContain("Reconnect Instagram");
    graph.fail("account", { code: 190, subcode: 463, message: "Error validating access token: Session has expired." });
    const failed = await formPost(`${site!.url}/admin/dashboard/instagram`, { intent: "test", accessToken: "", accountId: FAKE_ACCOUNT }, { cookie });
    expect(await failed.text()).toContain("Invalid credentials");
    const warned = await dashboard();
    expect(warned).toContain("Reconnect Instagram");
    expect(warned).toContain("Open the Instagram tab");
    // The tab's connection status says the same as the banner, not the raw 'Invalid credentials'.
    const tab = textOf(await (await get(`${site!.url}/admin/dashboard/instagram`, cookie)).text());
    expect(tab).toContain(`Connection Failed: ${TOKEN_EXPIRED}`);
    expect(warned).toContain(TOKEN_EXPIRED);
    await formPost(`${site!.url}/admin/dashboard/instagram`, { intent: "test", accessToken: "", accountId: FAKE_ACCOUNT }, { cookie });
    expect(await dashboard()).not.toContain("Reconnect Instagram");
  });
});
