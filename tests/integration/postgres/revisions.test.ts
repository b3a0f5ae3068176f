/**
 * Two app instances on one PostgreSQL (decision 0061): two people saving the same post and the
 * same website text from the same version, each through a different instance, get exactly one
 * save and one 409; two lawyers publishing the same pending change from two connection pools
 * (as two instances would) publish it once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../db/client";
import { blogPosts, contentText, revisions, users } from "../../../db/schema";
import { createOrPromoteAdmin } from "~/auth/admin-users.server";
import { postRevisions, postSnapshot } from "~/blog/revisions.server";
import { publishPending } from "~/revisions/review.server";
import { proposeChange } from "~/revisions/store.server";
import { createTestDatabaseUrl, dropTestDatabase } from "../../helpers/db";
import { formPost, signInHttp } from "../../helpers/admin-http";
import { startSite, type SiteServer } from "../../helpers/server";

const ALICE = { email: "alice.pg@example.test", password: "correct horse battery staple 1", name: "Alice Editor" };
const BOB = { email: "bob.pg@example.test", password: "correct horse battery staple 2", name: "Bob Lawyer" };

/** The strings of a `.data` answer (React Router's turbo-stream: one flat JSON array), one a line. */
const strings = (body: string) => (JSON.parse(body.split("\n")[0]) as unknown[]).filter((item): item is string => typeof item === "string").join("\n");

describe("revisions across two app instances on one PostgreSQL", () => {
  let url: string;
  let sites: SiteServer[] = [];
  let store: Database;
  const cookies: string[] = [];

  beforeAll(async () => {
    url = (await createTestDatabaseUrl())!;
    store = await openDatabase({ databaseUrl: url });
    await createOrPromoteAdmin(store.db, ALICE, { via: "test" });
    await createOrPromoteAdmin(store.db, BOB, { via: "test" });
    sites = await Promise.all([startSite({ DATABASE_URL: url, SEED_DEMO: "true" }), startSite({ DATABASE_URL: url, SEED_DEMO: "true" })]);
    cookies.push(await signInHttp(sites[0].url, ALICE.email, ALICE.password), await signInHttp(sites[1].url, BOB.email, BOB.password));
  });
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await store?.close();
    if (url) await dropTestDatabase(url);
  });

  /** Alice on the first instance and Bob on the second, at once. */
  const race = async (path: string, fields: (who: 0 | 1) => Record<string, string>) => {
    const answers = await Promise.all(([0, 1] as const).map((who) => formPost(`${sites[who].url}${path}`, fields(who), { cookie: cookies[who] })));
    return Promise.all(answers.map(async (answer, who) => ({ who, status: answer.status, body: strings(await answer.text()) })));
  };
  const names = [ALICE.name, BOB.name];

  it("a post saved from the same version on both instances: one 200, one 409 naming the other person, with the diff", async () => {
    const [post] = await store.db.select().from(blogPosts).orderBy(blogPosts.id).limit(1);
    const fields = (who: 0 | 1) => ({
      intent: "save",
      title: post.title,
      slug: post.slug,
      author: post.author,
      publishedAt: post.publishedAt ?? "",
      excerpt: `${names[who]}'s excerpt.`,
      content: post.content,
      published: "on",
      version: String(post.version),
    });
    const answers = await race(`/admin/dashboard/blog/${post.id}.data`, fields);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.who;
    const refused = answers.find((a) => a.status === 409)!.body;
    expect(refused).toMatch(new RegExp(`^This post was changed by ${names[winner]} at .+ Vancouver time`, "m"));
    expect(refused).toMatch(/^Excerpt$/m);
    const [after] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(after).toMatchObject({ version: post.version + 1, excerpt: `${names[winner]}'s excerpt.`, published: true });
  });

  it("a website text saved from the same version on both instances: one 200, one 409", async () => {
    const [text] = await store.db.select().from(contentText).where(eq(contentText.key, "hero-tagline"));
    const answers = await race("/admin/dashboard/content.data", (who) => ({
      intent: "save",
      key: text.key,
      content: `Tagline by ${names[who]}`,
      content_fa: text.contentFa ?? "",
      content_zh: text.contentZh ?? "",
      version: String(text.version),
    }));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.who;
    expect(answers.find((a) => a.status === 409)!.body).toMatch(new RegExp(`^"hero-tagline": This text was changed by ${names[winner]} at `, "m"));
    const [after] = await store.db.select().from(contentText).where(eq(contentText.key, text.key));
    expect(after).toMatchObject({ version: text.version + 1, content: `Tagline by ${names[winner]}` });
  });

  it("two lawyers publishing the same pending change from two connection pools: exactly one wins", async () => {
    const [post] = await store.db.select().from(blogPosts).orderBy(blogPosts.id).limit(1);
    const [lawyer] = await store.db.select().from(users).where(eq(users.email, BOB.email));
    const proposal = await proposeChange(store.db, {
      entity: "post",
      entityId: post.id,
      source: "ai",
      snapshot: { ...postSnapshot(post), content: `${post.content}\n\nA paragraph the AI added.` },
      baseVersion: post.version,
      userId: null,
    });
    const other = await openDatabase({ databaseUrl: url, migrate: false });
    try {
      const deps = (database: Database) => ({ db: database.db, events: { emit: async () => {} } });
      const results = await Promise.allSettled([publishPending(deps(store), lawyer, postRevisions, proposal.id), publishPending(deps(other), lawyer, postRevisions, proposal.id)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      // The loser is told who published it, and when (decision 0087).
      expect(lost.reason).toMatchObject({ status: 409, message: expect.stringMatching(/^This change was already published by (Bob Lawyer|someone else)/) });
    } finally {
      await other.close();
    }
    const [after] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(after.version).toBe(post.version + 1);
    expect(after.content).toContain("A paragraph the AI added.");
    const [closed] = await store.db.select().from(revisions).where(eq(revisions.id, proposal.id));
    expect(closed.status).toBe("published");
  });
});
