/**
 * On the real server process (decision 0064): a published post's old slug answers 301 to its new
 * address in every language, past the page cache too; 'Translate All Posts' counts the posts that
 * were already up to date; a finished job card can be dismissed (admin only) and leaves the tab.
 */
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, jobs } from "../../db/schema";
import { findPost, postToFormValues } from "~/blog/manage.server";
import type { PostFormInput } from "~/blog/post-schema";
import { JobRunner, type JobView } from "~/jobs/runner.server";
import { recentJobs } from "~/jobs/started.server";
import { dataDirWithAdmin, formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { startSite, type SiteServer } from "../helpers/server";
import { startFakeAi, type FakeAi } from "../fakes/openai";

const ADMIN = { email: "slug-admin@example.test", password: "a long enough test password" };
const TRANSLATED = { titleFa: "عنوان", excerptFa: "خلاصه", contentFa: "متن", titleZh: "标题", excerptZh: "摘要", contentZh: "正文" };

describe("old slugs answer 301; job cards count, fail and dismiss (real server)", () => {
  let fake: FakeAi;
  let dataDir: string;
  let site: SiteServer | null = null;
  let cookie = "";
  let movingId = 0;
  let otherId = 0;
  let movingValues: PostFormInput;

  beforeAll(async () => {
    fake = await startFakeAi();
    dataDir = await dataDirWithAdmin("old-slugs-", ADMIN);
    const store = await openDataDir(dataDir);
    try {
      // Only this file's posts, so the batch's counts are known.
      await store.db.delete(blogPosts);
      const base = { author: "Test", excerpt: "An excerpt.", content: "## A heading\n\nSome text.", publishedAt: "2026-03-01" };
      // A draft with every translation (nothing for a batch to do), published below through the editor.
      [{ id: movingId }] = await store.db
        .insert(blogPosts)
        .values({ ...base, ...TRANSLATED, slug: "old-address", title: "Old address", published: false })
        .returning({ id: blogPosts.id });
      // A published post without Farsi: the batch translates it.
      [{ id: otherId }] = await store.db
        .insert(blogPosts)
        .values({ ...base, ...TRANSLATED, titleFa: null, excerptFa: null, contentFa: null, slug: "needs-farsi", title: "Needs Farsi", published: true, firstPublishedAt: new Date() })
        .returning({ id: blogPosts.id });
      movingValues = postToFormValues((await findPost(store.db, movingId))!);
    } finally {
      await store.close();
    }
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", AI_BASE_URL: fake.url, AI_API_KEY: "test-key", TRANSLATE_DELAY_MS: "0" });
    cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await site?.stop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Save the post through the admin editor's form (as a browser without JavaScript sends it). */
  const savePost = async (values: Record<string, string | boolean>) => {
    const fields = Object.fromEntries(Object.entries(values).filter(([key]) => key !== "published").map(([key, value]) => [key, String(value)]));
    if (values.published) fields.published = "on";
    const response = await formPost(`${site!.url}/admin/dashboard/blog/${movingId}`, fields, { cookie });
    expect(response.status).toBe(200);
  };

  it("publishes, then changes the slug: the old address answers 301 in all three languages, past a stored page", async () => {
    const url = site!.url;
    const stored = movingValues;
    await savePost({ ...stored, published: true });
    expect((await get(`${url}/blog/old-address`)).status).toBe(200);
    // The page is now stored by the page cache: the second anonymous GET is a hit.
    expect((await get(`${url}/blog/old-address`)).headers.get("x-cache")).toBe("HIT");

    await savePost({ ...stored, published: true, slug: "new-address" });
    expect((await get(`${url}/blog/new-address`)).status).toBe(200);
    for (const prefix of ["", "/fa", "/zh"]) {
      // Twice: the render's answer, then the page cache's stored redirect.
      for (let i = 0; i < 2; i++) {
        const moved = await get(`${url}${prefix}/blog/old-address`);
        expect(moved.status).toBe(301);
        expect(new URL(moved.headers.get("location") ?? "", url).pathname).toBe(`${prefix}/blog/new-address`);
      }
    }
    expect((await get(`${url}/blog/no-such-post`)).status).toBe(404);
    expect((await get(`${url}/fa/blog/no-such-post`)).status).toBe(404);
  });

  const findJob = async (kind: string): Promise<JobView> => {
    for (let id = 1; id < 50; id++) {
      const response = await get(`${site!.url}/admin/jobs/${id}`, cookie);
      if (response.status === 404) continue;
      const { job } = (await response.json()) as { job: JobView };
      if (job.kind === kind) return job;
    }
    throw new Error(`no ${kind} job`);
  };
  const finished = async (id: number): Promise<JobView> => {
    for (let i = 0; i < 400; i++) {
      const { job } = (await (await get(`${site!.url}/admin/jobs/${id}`, cookie)).json()) as { job: JobView };
      if (job.status !== "queued" && job.status !== "running") return job;
      await sleep(50);
    }
    throw new Error("job did not finish");
  };
  const blogTab = async () => (await get(`${site!.url}/admin/dashboard`, cookie)).text();

  it("Translate All Posts reports the posts already up to date instead of counting them as translated", async () => {
    fake.reset();
    const started = await formPost(`${site!.url}/admin/dashboard?index`, { intent: "translate-all" }, { cookie });
    expect(started.status).toBe(200);
    const job = await finished((await findJob("blog.translate-all")).id);
    expect(job).toMatchObject({ status: "done", total: 2, failed: 0 });
    expect(job.message).toBe("Translation complete: 1 translated, 1 already up to date, 0 failed.");
    // Only the post without Farsi was sent.
    expect(fake.chatCalls().length).toBeGreaterThan(0);
    expect(JSON.stringify(fake.chatCalls())).not.toContain("Old address");
  });

  it("a finished card is dismissed by an admin only, and the blog tab no longer lists it", async () => {
    const job = await findJob("blog.translate-all");
    expect(await blogTab()).toContain('aria-label="Translate all posts"');

    // Without a session, and from another site: refused, nothing stored.
    expect((await formPost(`${site!.url}/admin/jobs/${job.id}`, { intent: "dismiss" })).status).toBe(401);
    expect((await formPost(`${site!.url}/admin/jobs/${job.id}`, { intent: "dismiss" }, { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect(await blogTab()).toContain('aria-label="Translate all posts"');

    const dismissed = await formPost(`${site!.url}/admin/jobs/${job.id}`, { intent: "dismiss" }, { cookie });
    expect(dismissed.status).toBe(200);
    expect(await blogTab()).not.toContain('aria-label="Translate all posts"');
    // An unknown job: 404.
    expect((await formPost(`${site!.url}/admin/jobs/99999`, { intent: "dismiss" }, { cookie })).status).toBe(404);
  });

  it("the dismissal is stored, and a finished card leaves the list a day after it finished", async () => {
    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const [row] = await store.db.select().from(jobs).where(eq(jobs.kind, "blog.translate-all"));
      expect(row.dismissedAt).toBeInstanceOf(Date);
      // The list a tab loads, on the stored jobs: a finished, undismissed one shows until a day has passed.
      const runner = new JobRunner({ db: store.db } as unknown as ConstructorParameters<typeof JobRunner>[0]);
      await store.db.update(jobs).set({ dismissedAt: null, finishedAt: new Date(Date.now() - 23 * 3600_000) }).where(eq(jobs.id, row.id));
      expect((await recentJobs({ jobs: runner }, ["blog.translate-all"])).map((j) => j.id)).toEqual([row.id]);
      await store.db.update(jobs).set({ finishedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(jobs.id, row.id));
      expect(await recentJobs({ jobs: runner }, ["blog.translate-all"])).toEqual([]);
      // Still stored (and in the unfiltered list other pages read).
      expect((await runner.list({ kinds: ["blog.translate-all"] })).map((j) => j.id)).toEqual([row.id]);
      // The moved post's redirect row points at it.
      const [post] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, movingId));
      expect(post).toMatchObject({ slug: "new-address", published: true });
      expect(post.firstPublishedAt).toBeInstanceOf(Date);
      expect(otherId).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});
