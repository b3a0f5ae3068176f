/**
 * AI writing and machine translation as server jobs, against the fake OpenAI-compatible server:
 * what is stored, what is never overwritten, and what a failure leaves behind.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { blogPosts, contentText, jobItems, translationStates } from "../../db/schema";
import { parseEnv, type Config } from "../../core/config";
import { createAiClient } from "../../core/outside/ai";
import { createSiteTranslator } from "~/ai/writing.server";
import { countWords } from "~/ai/words";
import { JobRunner } from "~/jobs/runner.server";
import { missingKeys, startTranslateMissing, translateText } from "~/content/translate.server";
import { listContentEntries, saveContentEntries } from "~/content/entries.server";
import { startRegeneratePosts, startTranslatePosts } from "~/blog/ai.server";
import { AdminError } from "~/changes/errors.server";
import { pendingFor } from "~/revisions/store.server";
import { publishPending } from "~/revisions/review.server";
import { postRevisions, type PostSnapshot } from "~/blog/revisions.server";
import type { Services } from "~/services";
import { usingPostgres } from "../helpers/db";
import type { FakeAi } from "../fakes/openai";
import { withAiJobs, type AiJobs } from "../helpers/ai-jobs";
import type { Database } from "../../db/client";

const user = { id: "admin-ai", email: "admin@example.com", name: "Admin" };

describe(`AI writing and translation jobs (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: { database: Database };
  let fake: FakeAi;
  let services: Services;
  let runner: JobRunner;
  let jobs: AiJobs;

  withAiJobs({ demo: true, people: [user], timeoutMs: 3_000, leaseMs: 2_000, listen: true }, (world) => {
    test = world;
    ({ jobs } = world);
    ({ fake, runner, services } = jobs);
  });
  beforeEach(() => fake.reset());

  const finished = (id: number) => jobs.finished(id);
  const text = async (key: string) => (await test.database.db.select().from(contentText).where(eq(contentText.key, key)))[0];

  it("translates every missing Farsi text, counts a failure and goes on, and proposes each as a change waiting for review", async () => {
    const db = test.database.db;
    const keys = ["about-hero-title", "about-hero-subtitle", "about-story-title"];
    await db.update(contentText).set({ contentFa: null }).where(inArray(contentText.key, keys));
    const missing = await missingKeys(db, "fa");
    expect(missing).toEqual(expect.arrayContaining(keys));
    // The second call fails for good (400), the others answer.
    fake.script({ type: "ok" }, { type: "status", status: 400, message: "Invalid request." });
    const { job, attached } = await startTranslateMissing(services, user, "fa");
    expect(attached).toBe(false);
    expect(job.total).toBe(missing.length);
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: "done", done: missing.length - 1, failed: 1 });
    expect(done.message).toBe(`Batch translation complete: ${missing.length - 1} translated, 1 failed. The translations wait for review before visitors see them.`);
    expect(done.failures).toHaveLength(1);
    expect(done.failures[0].error).toMatch(/AI service/i);

    // Decision 0063: a website text is live, so its machine translation waits for a lawyer; visitors see no Farsi yet.
    for (const key of keys) expect((await text(key)).contentFa).toBeNull();
    const pending = await pendingFor(db, "content", keys);
    expect(pending.size).toBe(keys.length - 1);
    for (const revision of pending.values()) {
      expect(revision).toMatchObject({ source: "translation", status: "pending", createdBy: user.id });
      expect((revision.snapshot as { contentFa: string }).contentFa).toContain("[fa]");
    }
    const entries = await listContentEntries(db);
    for (const key of pending.keys()) {
      const entry = entries.find((e) => e.key === key)!;
      expect(entry.pending).toMatchObject({ id: pending.get(key)!.id, fa: true });
      expect(entry.review.fa).toBe("missing");
    }
    // A translation waiting for review is not asked for again; the failed one still is.
    const stillMissing = await missingKeys(db, "fa");
    for (const key of pending.keys()) expect(stillMissing).not.toContain(key);
    expect(keys.filter((key) => stillMissing.includes(key))).toHaveLength(1);
    // Nothing left to do says so and starts nothing.
    await db.update(contentText).set({ contentFa: "ترجمه" }).where(inArray(contentText.key, stillMissing));
    await expect(startTranslateMissing(services, user, "fa")).rejects.toThrow("No content to translate: All entries already have Farsi translations.");
  });

  it("a second click while a batch runs shows the running job", async () => {
    const db = test.database.db;
    await db.update(contentText).set({ contentZh: null }).where(inArray(contentText.key, ["about-story-p1", "about-story-p2"]));
    fake.script({ type: "stall", ms: 500 });
    const first = await startTranslateMissing(services, user, "zh");
    const second = await startTranslateMissing(services, user, "zh");
    expect(second).toMatchObject({ attached: true, job: { id: first.job.id } });
    await finished(first.job.id);
  });

  it("saving an entry marks its translations reviewed; a changed English makes an untouched one stale", async () => {
    const db = test.database.db;
    const key = "about-hero-title";
    await db.update(contentText).set({ contentFa: "عنوان درباره ما" }).where(eq(contentText.key, key));
    const before = await text(key);
    const deps = { db, events: { emit: async () => {} } };
    await saveContentEntries(deps, user, { entries: [{ key, content: before.content, contentFa: before.contentFa ?? "", contentZh: before.contentZh ?? "" }] });
    let entry = (await listContentEntries(db)).find((e) => e.key === key)!;
    expect(entry.review.fa).toBe("reviewed");
    await saveContentEntries(deps, user, { entries: [{ key, content: `${before.content} today`, contentFa: before.contentFa ?? "", contentZh: before.contentZh ?? "" }] });
    entry = (await listContentEntries(db)).find((e) => e.key === key)!;
    expect(entry.review.fa).toBe("stale");
    // A batch never writes over it (it is not missing), and Auto-translate of one entry only answers.
    expect(await missingKeys(db, "fa")).not.toContain(key);
    expect(await translateText(services, "Contact us", "fa", new AbortController().signal)).toContain("[fa]");
    expect((await text(key)).contentFa).toBe(before.contentFa);
  });

  it("Translate All Posts proposes a published post's missing translations for review, never over a person's translation", async () => {
    const db = test.database.db;
    const [post] = await db.select().from(blogPosts).orderBy(blogPosts.createdAt, blogPosts.id).limit(1);
    expect(post.published).toBe(true);
    await db
      .update(blogPosts)
      .set({ titleFa: "عنوانی که یک وکیل نوشت", excerptFa: null, contentFa: null, titleZh: null, excerptZh: null, contentZh: null })
      .where(eq(blogPosts.id, post.id));
    const { job } = await startTranslatePosts(services, user);
    const done = await finished(job.id);
    expect(done.status).toBe("done");
    expect(done.failed).toBe(0);
    // Decision 0063: the published post stays as visitors know it; the translations wait for a lawyer.
    const [live] = await db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(live).toMatchObject({ published: true, version: post.version, titleFa: "عنوانی که یک وکیل نوشت", excerptFa: null, contentFa: null, titleZh: null });
    const pending = (await pendingFor(db, "post", [post.id])).get(String(post.id))!;
    expect(pending).toMatchObject({ source: "translation", baseVersion: post.version });
    const proposed = pending.snapshot as PostSnapshot;
    expect(proposed.titleFa).toBe("عنوانی که یک وکیل نوشت");
    expect(proposed.excerptFa).toContain("[fa]");
    expect(proposed.contentFa).toContain("[fa]");
    expect(proposed.titleZh).toContain("[zh]");
    expect(proposed.title).toBe(post.title);
    // Markdown headings survive.
    if (/^## /m.test(post.content)) expect(proposed.contentFa).toMatch(/^## /m);
    expect(await db.select().from(translationStates).where(eq(translationStates.entityId, String(post.id)))).toEqual([]);

    // A lawyer's publish makes them live, signed off.
    const outcome = await publishPending({ db, events: { emit: async () => {} } }, user, postRevisions, pending.id);
    expect(outcome).toEqual({ ok: true, version: post.version + 1 });
    const [after] = await db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(after).toMatchObject({ titleFa: "عنوانی که یک وکیل نوشت", excerptFa: proposed.excerptFa, contentFa: proposed.contentFa, titleZh: proposed.titleZh, published: true });
    // A job's result reaches visitors through the gate: a change of a live post is no news (no mail, no Instagram post).
    expect(after.newsletterClaimedAt).toEqual(post.newsletterClaimedAt);
    expect(after.instagramQueuedAt).toEqual(post.instagramQueuedAt);
    const states = await db.select().from(translationStates).where(eq(translationStates.entityId, String(post.id)));
    expect(states.find((s) => s.field === "excerpt" && s.language === "fa")?.state).toBe("reviewed");
  });

  it("Regenerate All rewrites each published post as a 600-800 word change waiting for review; the live posts stay; a post whose article stays too short is left as it was", async () => {
    const db = test.database.db;
    const posts = await db.select().from(blogPosts).orderBy(blogPosts.createdAt, blogPosts.id);
    expect(posts.length).toBeGreaterThan(1);
    expect(posts.every((post) => post.published)).toBe(true);
    // The first post's article is 450 words, and still 450 after the one repair.
    fake.script({ type: "short-article" }, { type: "short-article" });
    const { job } = await startRegeneratePosts(services, user);
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: "done", failed: 1, done: posts.length - 1 });
    expect(done.failures[0].error).toMatch(/words/);
    // Decision 0063 (superseding 0027): no published post goes back to draft or changes.
    const after = await db.select().from(blogPosts).orderBy(blogPosts.createdAt, blogPosts.id);
    for (const [i, post] of after.entries()) {
      expect(post).toMatchObject({ title: posts[i].title, content: posts[i].content, version: posts[i].version, published: true, awaitingReview: false });
    }
    const pending = await pendingFor(db, "post", posts.map((p) => p.id));
    expect(pending.has(String(posts[0].id))).toBe(false);
    for (const post of posts.slice(1)) {
      const revision = pending.get(String(post.id))!;
      expect(revision).toMatchObject({ source: "ai", baseVersion: post.version, createdBy: user.id });
      const rewrite = revision.snapshot as PostSnapshot;
      const words = countWords(rewrite.content);
      expect(words).toBeGreaterThanOrEqual(600);
      expect(words).toBeLessThanOrEqual(800);
      expect(rewrite.featuredImage).toMatch(/^\/media\//);
      expect(rewrite.slug).toBe(post.slug);
    }
  });

  it("an image answer that is not an image leaves the rewrite without a new image, and the article proposed", async () => {
    const db = test.database.db;
    const posts = await db.select().from(blogPosts).orderBy(blogPosts.createdAt, blogPosts.id);
    await db.update(blogPosts).set({ featuredImage: null }).where(eq(blogPosts.id, posts[0].id));
    fake.scriptImages({ type: "not-image" });
    const { job } = await startRegeneratePosts(services, user);
    const done = await finished(job.id);
    expect(done.failed).toBe(0);
    const [first] = await db.select().from(blogPosts).where(eq(blogPosts.id, posts[0].id));
    expect(first).toMatchObject({ featuredImage: null, content: posts[0].content });
    const rewrite = (await pendingFor(db, "post", [first.id])).get(String(first.id))!.snapshot as PostSnapshot;
    expect(rewrite.featuredImage).toBeNull();
    expect(countWords(rewrite.content)).toBeGreaterThanOrEqual(600);
  });

  it("Regenerate All run again after a cancel works only the posts the cancelled run did not finish", async () => {
    const db = test.database.db;
    await db.insert(blogPosts).values([4, 5, 6].map((n) => ({ slug: `resume-${n}`, title: `Resume test post ${n}`, author: "Test", published: false })));
    const posts = await db.select({ id: blogPosts.id, title: blogPosts.title }).from(blogPosts);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    // Slow answers, so the cancel comes while the batch is under way.
    fake.setLatency(250);
    try {
      const { job } = await startRegeneratePosts(services, user);
      for (let i = 0; i < 200 && ((await runner.get(job.id))?.done ?? 0) < 2; i++) await sleep(25);
      await runner.cancel(job.id);
      const cancelled = await finished(job.id);
      expect(cancelled.status).toBe("cancelled");
      const finishedBefore = cancelled.done;
      expect(finishedBefore).toBeGreaterThanOrEqual(2);
      expect(finishedBefore).toBeLessThan(posts.length);
      const doneTitles = new Set((await db.select().from(jobItems).where(and(eq(jobItems.jobId, job.id), eq(jobItems.status, "done")))).map((i) => i.label));
      fake.reset();
      fake.setLatency(0);

      const again = await startRegeneratePosts(services, user);
      expect(again.attached).toBe(false);
      // The admin's progress starts with the earlier run's posts counted as done.
      expect(again.job).toMatchObject({ total: posts.length, done: finishedBefore });
      expect(again.job.message).toBe(`Continues cancelled job #${job.id}: ${finishedBefore} of ${posts.length} already done.`);
      const second = await finished(again.job.id);
      expect(second).toMatchObject({ status: "done", done: posts.length, failed: 0 });
      // The AI service was asked only for the posts the cancelled run had not finished (an article
      // may take a repair call, so posts are counted, not calls).
      const titleAsked = (body: Record<string, unknown>) => /Write the article titled \\?"(.+?)\\?"\./.exec(JSON.stringify(body.messages))?.[1];
      const asked = new Set(fake.chatCalls().map(titleAsked));
      expect(asked.size).toBe(posts.length - finishedBefore);
      for (const title of doneTitles) expect(asked.has(title)).toBe(false);

      // A run after a finished one starts from nothing again.
      fake.reset();
      const third = await startRegeneratePosts(services, user);
      expect(third.job.done).toBe(0);
      await finished(third.job.id);
      expect(new Set(fake.chatCalls().map(titleAsked)).size).toBe(posts.length);
    } finally {
      fake.setLatency(0);
    }
  });

  it("a service that is not configured is a sentence, not an error", async () => {
    const config = parseEnv({}) as unknown as Config;
    const ai = createAiClient(config);
    const bare = { ...services, ai, translator: createSiteTranslator(config, ai) } as Services;
    await expect(startRegeneratePosts(bare, user)).rejects.toThrow(AdminError);
    await expect(startRegeneratePosts(bare, user)).rejects.toThrow(/AI_BASE_URL/);
    await expect(translateText(bare, "Hello", "zh", new AbortController().signal)).rejects.toThrow(/AI_BASE_URL/);
  });
});
