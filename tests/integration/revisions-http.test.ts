/**
 * The revisions through the admin's real HTTP actions, on one server for the file: two people
 * saving the same item, each with the hidden `version` field the editor was opened on (decision
 * 0061), get one save and one 409 with who changed it, when, and the diff; Regenerate All with AI
 * (the fake OpenAI-compatible server) leaves the public /blog as it was (decision 0063).
 */
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { createOrPromoteAdmin } from "~/auth/admin-users.server";
import { blogPosts, contentText, revisions, teamMembers } from "../../db/schema";
import { demoPosts } from "../../db/demo";
import { textOf } from "../helpers/html-text";
import { startFakeAi, type FakeAi } from "../fakes/openai";
import { dataDirWithAdmin, formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { startSite, type SiteServer } from "../helpers/server";

const ALICE = { email: "alice.rev@example.test", password: "correct horse battery staple 1", name: "Alice Editor" };
const BOB = { email: "bob.rev@example.test", password: "correct horse battery staple 2", name: "Bob Lawyer" };

describe("concurrent saves over HTTP", () => {
  let dataDir: string;
  let site: SiteServer;
  let fake: FakeAi;
  const cookies: Record<"alice" | "bob", string> = { alice: "", bob: "" };

  beforeAll(async () => {
    dataDir = await dataDirWithAdmin("revisions-http-", ALICE, { demo: true });
    const store = await openDataDir(dataDir);
    try {
      await createOrPromoteAdmin(store.db, BOB, { via: "test" });
      await createOrPromoteAdmin(store.db, { email: ALICE.email, name: ALICE.name }, { via: "test" });
    } finally {
      await store.close();
    }
    fake = await startFakeAi();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true", AI_BASE_URL: fake.url, AI_API_KEY: "test-key" });
    cookies.alice = await signInHttp(site.url, ALICE.email, ALICE.password);
    cookies.bob = await signInHttp(site.url, BOB.email, BOB.password);
  });
  afterAll(async () => {
    await site?.stop();
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Both posts at once; the answers with the name of who sent each. */
  const race = async (url: string, fields: (who: "alice" | "bob") => Record<string, string>) => {
    const [a, b] = await Promise.all((["alice", "bob"] as const).map((who) => formPost(url, fields(who), { cookie: cookies[who] })));
    return [
      { who: "alice" as const, status: a.status, body: strings(await a.text()) },
      { who: "bob" as const, status: b.status, body: strings(await b.text()) },
    ];
  };
  const nameOf = (who: "alice" | "bob") => (who === "alice" ? ALICE.name : BOB.name);
  /** The strings of a `.data` answer (React Router's turbo-stream: one flat JSON array), one a line. */
  const strings = (body: string) => (JSON.parse(body.split("\n")[0]) as unknown[]).filter((item): item is string => typeof item === "string").join("\n");

  it("a blog post: one 200, one 409 'changed by … at …' with the diff; the winner's text is stored", async () => {
    const values = { title: "Parenting time after separation", slug: "parenting-time", author: "The firm", publishedAt: "2026-11-20", excerpt: "Short.", content: "The first body." };
    // New Post's first save stores the draft (decision 0065) and, without JavaScript, goes to its editor.
    const created = await formPost(`${site.url}/admin/dashboard/blog/new`, { intent: "save", ...values }, { cookie: cookies.alice });
    expect(created.status).toBe(302);
    const editor = new URL(created.headers.get("location")!, site.url).href;
    // The draft is at version 1; the next save makes it 2.
    const first = await formPost(editor, { intent: "save", ...values, version: "1" }, { cookie: cookies.alice });
    expect(first.status).toBe(200);

    const answers = await race(`${editor}.data`, (who) => ({ intent: "save", ...values, content: `The body as ${nameOf(who)} wrote it.`, version: "2" }));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.who;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body).toMatch(new RegExp(`^This post was changed by ${nameOf(winner)} at .+ Vancouver time \\(\\d\\d:\\d\\d UTC\\) while you were editing`, "m"));
    // The diff: the content field, with the winner's words added and the first body's removed.
    expect(loser.body).toMatch(/^Content$/m);
    expect(loser.body).toMatch(/^added$/m);
    expect(loser.body).toMatch(/^removed$/m);
    expect(loser.body).toContain(nameOf(winner));

    // Without JavaScript (the document), the same refusal.
    const stale = await formPost(editor, { intent: "save", ...values, content: "Too late.", version: "2" }, { cookie: cookies.alice });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("while you were editing");
    // No version field (an older page): the save goes ahead.
    expect((await formPost(editor, { intent: "save", ...values, content: "Unchecked." }, { cookie: cookies.bob })).status).toBe(200);
    const page = await (await get(editor, cookies.alice)).text();
    expect(page).toContain("Unchecked.");
  });

  it("a website text and a team member: one 200, one 409 each", async () => {
    const entry = (who: "alice" | "bob") => ({ intent: "save", key: "hero-tagline", content: `Tagline by ${nameOf(who)}`, content_fa: "شعار", content_zh: "标语", version: "1" });
    const texts = await race(`${site.url}/admin/dashboard/content.data`, entry);
    expect(texts.map((a) => a.status).sort()).toEqual([200, 409]);
    const textWinner = texts.find((a) => a.status === 200)!.who;
    expect(texts.find((a) => a.status === 409)!.body).toMatch(new RegExp(`^"hero-tagline": This text was changed by ${nameOf(textWinner)} at `, "m"));

    const member = (who: "alice" | "bob") => ({
      intent: "update",
      id: "1",
      name: "Alex Morgan",
      email: "alex.morgan@example.com",
      phone: who === "alice" ? "+1 (604) 555-0111" : "+1 (604) 555-0122",
      order_index: "1",
      active: "on",
      version: "1",
    });
    const members = await race(`${site.url}/admin/dashboard/team.data`, member);
    expect(members.map((a) => a.status).sort()).toEqual([200, 409]);
    const memberWinner = members.find((a) => a.status === 200)!.who;
    const refused = members.find((a) => a.status === 409)!.body;
    expect(refused).toMatch(new RegExp(`^This team member was changed by ${nameOf(memberWinner)} at `, "m"));
    expect(refused).toContain(memberWinner === "alice" ? "0111" : "0122");
  });

  it("Regenerate All: /blog lists every published post with its current title and excerpt during and after the job", async () => {
    const listing = async () => textOf(await (await get(`${site.url}/blog`)).text());
    const expectIntact = (text: string) => {
      expect(text).not.toContain("No blog posts available yet.");
      for (const post of demoPosts) {
        expect(text).toContain(post.title);
        expect(text).toContain(post.excerpt);
      }
    };
    expectIntact(await listing());
    // Slow answers, so the job is seen under way.
    fake.setLatency(300);
    try {
      const started = await formPost(`${site.url}/admin/dashboard?index`, { intent: "regenerate-all" }, { cookie: cookies.alice });
      expect(started.status).toBe(200);
      const posts = demoPosts.length + 1; // and the draft of the first test
      let looks = 0;
      for (let i = 0; i < 300 && fake.imageCalls().length < posts; i++) {
        expectIntact(await listing());
        looks++;
        await sleep(100);
      }
      expect(fake.imageCalls().length).toBe(posts);
      expect(looks).toBeGreaterThan(3);
    } finally {
      fake.setLatency(0);
    }
    // The last rewrite is stored a moment after its image: wait for the job's end, as its card reads it.
    const jobNow = async (id: number) => {
      const response = await get(`${site.url}/admin/jobs/${id}`, cookies.alice);
      return response.status === 404 ? null : ((await response.json()) as { job: { kind: string; status: string } }).job;
    };
    let regenerate: number | null = null;
    for (let id = 1; id < 100 && regenerate === null; id++) if ((await jobNow(id))?.kind === "blog.regenerate-all") regenerate = id;
    expect(regenerate).not.toBeNull();
    await vi.waitFor(async () => expect((await jobNow(regenerate!))?.status).toBe("done"), { timeout: 30_000, interval: 100 });
    expectIntact(await listing());
  });

  it("what is stored: the winners' values, each at version 2; the published posts unchanged with a pending rewrite each (on the stopped server's database)", async () => {
    await site.stop();
    const store = await openDataDir(dataDir);
    try {
      const [text] = await store.db.select().from(contentText).where(eq(contentText.key, "hero-tagline"));
      expect(text.version).toBe(2);
      expect(text.content).toMatch(/^Tagline by (Alice Editor|Bob Lawyer)$/);
      const [member] = await store.db.select().from(teamMembers).where(eq(teamMembers.id, 1));
      expect(member.version).toBe(2);
      // The draft was rewritten in place by Regenerate All (a draft takes machine text, marked for review).
      const [post] = await store.db.select().from(blogPosts).where(eq(blogPosts.slug, "parenting-time"));
      expect(post).toMatchObject({ aiGenerated: true, awaitingReview: true, published: false });
      // Each published post: unchanged, with the rewrite waiting for review.
      for (const demo of demoPosts) {
        const [live] = await store.db.select().from(blogPosts).where(eq(blogPosts.slug, demo.slug));
        expect(live).toMatchObject({ title: demo.title, excerpt: demo.excerpt, content: demo.content, published: true });
        const pending = await store.db.select().from(revisions).where(and(eq(revisions.entity, "post"), eq(revisions.entityId, String(live.id))));
        expect(pending.filter((r) => r.status === "pending" && r.source === "ai")).toHaveLength(1);
      }
    } finally {
      await store.close();
    }
  });
});
