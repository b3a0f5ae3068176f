/**
 * The blog's publishing gate (decision 0087), path by path, on the test database: the editor's
 * save, New Post with "Propose for publication" and a reviewer's publish, a History restore,
 * Recently deleted and the scheduled publisher. For each: who may publish (an editor under
 * sign-off proposes or is refused and nothing visible changes; a reviewer publishes), and the
 * "published" event's subscribers: the Instagram auto-post and the newsletter are queued once for
 * a post's first publication and never for a post put back online or a change of a live post.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, blogPosts, contentText, deletedItems, jobs, revisions, teamMembers, users } from "../../db/schema";
import { seedDatabase } from "../../server/seed";
import { isTeamMemberKey } from "~/i18n/team-member-keys";
import { createLogger } from "../../core/log";
import { manualClock } from "../../core/clock";
import { parseEnv, type Config } from "../../core/config";
import { createPost, deletePost, findPost, newPostValues, postToFormValues, saveCheckedPost } from "~/blog/manage.server";
import { validatePostForm, type PostFormOutput } from "~/blog/post-schema";
import { postRevisions } from "~/blog/revisions.server";
import { schedulePost, sweepScheduled } from "~/blog/schedule.server";
import { saveSettings } from "~/instagram/settings.server";
import { INSTAGRAM_POST } from "~/instagram/post.server";
import { listRevisions, pendingFor } from "~/revisions/store.server";
import { publishPending, restoreRevision } from "~/revisions/review.server";
import { onPublished, publishedSubscribers, type PublishedEvent } from "~/publishing/published.server";
import type { AdminUser } from "~/auth/guard.server";
import { openTestDatabase } from "../helpers/db";
import { staffUser } from "../helpers/staff-user";

const EDITOR = staffUser("gate-editor", "Eddie Editor", "editor");
const REVIEWER = staffUser("gate-reviewer", "Rita Reviewer", "lawyer");

describe("the blog's publishing gate, path by path", () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let config: Config;
  const clock = manualClock(new Date("2027-05-03T16:00:00Z"));
  const log = createLogger("silent");
  const events: PublishedEvent[] = [];
  const db = () => test.database.db;
  const deps = () => ({ db: db(), events: { emit: async () => {} }, config, log, clock });

  beforeAll(async () => {
    test = await openTestDatabase();
    for (const who of [EDITOR, REVIEWER]) await db().insert(users).values({ id: who.id, name: who.name, email: who.email });
    // Auto-post on, with a token; the unreachable Graph address only fails the connection check.
    config = { ...parseEnv({ GRAPH_API_URL: "http://127.0.0.1:9" }), ENCRYPTION_KEY: "k".repeat(40) } as unknown as Config;
    // The seed as a firm's first start makes it (its settings rows, demo posts and team).
    await seedDatabase(db(), { demo: true });
    await saveSettings({ db: db(), config, log }, REVIEWER, { accessToken: "token-for-the-gate-test", accountId: "17841400000000000", enabled: true, autoPost: true });
    // A probe beside the real subscribers: what the event carried, path by path.
    onPublished("test-probe", async (event) => void events.push(event));
  });
  afterAll(async () => {
    await test?.drop();
  });

  let seq = 0;
  function values(extra: Partial<PostFormOutput> = {}): PostFormOutput {
    seq += 1;
    const checked = validatePostForm({ ...newPostValues(), title: `Gate post ${seq}`, slug: `gate-post-${seq}`, author: "The firm", publishedAt: "2027-05-01", featuredImage: "https://firm.example/images/sample.webp", excerpt: "Short.", content: `Body ${seq}.`, published: false, ...extra } as never);
    if (!checked.success) throw new Error(JSON.stringify(checked.errors));
    return checked.data;
  }
  const row = async (id: number) => (await findPost(db(), id))!;
  const followers = async (id: number) => {
    const post = await row(id);
    const instagram = await db().select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, INSTAGRAM_POST)));
    return { newsletter: post.newsletterClaimedAt !== null, instagram: post.instagramQueuedAt !== null, instagramJobs: instagram.length };
  };
  const audits = async (id: number) => (await db().select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(and(eq(auditLog.entity, "blog_post"), eq(auditLog.entityId, String(id))))).map((a) => a.action);
  const saved = async (user: AdminUser, id: number, change: Partial<PostFormOutput>, propose = false) => {
    const post = await row(id);
    const checked = validatePostForm({ ...postToFormValues(post), ...change } as never);
    if (!checked.success) throw new Error(JSON.stringify(checked.errors));
    return saveCheckedPost(deps(), user, id, checked.data, undefined, post.version, null, false, propose);
  };

  it("seeded posts, team members and built-in texts have a baseline revision from when they were first stored", async () => {
    const baselines = await db().select().from(revisions).where(eq(revisions.source, "import"));
    const of = (entity: string) => new Set(baselines.filter((r) => r.entity === entity).map((r) => r.entityId));
    const posts = await db().select({ id: blogPosts.id, title: blogPosts.title }).from(blogPosts);
    const members = await db().select({ id: teamMembers.id }).from(teamMembers);
    const texts = await db().select({ key: contentText.key }).from(contentText);
    expect(posts.length).toBeGreaterThan(0);
    expect(members.length).toBeGreaterThan(0);
    expect(posts.filter((p) => !of("post").has(String(p.id)))).toEqual([]);
    expect(members.filter((m) => !of("team_member").has(String(m.id)))).toEqual([]);
    // The built-in texts (the team's own texts are in the member's snapshot).
    expect(texts.filter((t) => !isTeamMemberKey(t.key) && !of("content").has(t.key)).slice(0, 3)).toEqual([]);
    // The first change can be undone: the baseline holds what was seeded.
    const [first] = posts;
    expect(baselines.find((r) => r.entity === "post" && r.entityId === String(first.id))?.snapshot).toMatchObject({ title: first.title });
  });

  it("registers both subscribers of the published event", () => {
    expect(publishedSubscribers()).toEqual(expect.arrayContaining(["instagram", "newsletter"]));
  });

  it("save: an editor's hand-made publish is refused and changes nothing; a reviewer's publishes once, with Instagram and the newsletter", async () => {
    const created = await createPost(deps(), REVIEWER, values());
    if (!created.ok) throw new Error(created.message);
    const id = created.post.id;
    await expect(saved(EDITOR, id, { published: true })).rejects.toMatchObject({ status: 403, message: expect.stringContaining("Propose for publication") });
    expect((await row(id)).published).toBe(false);
    expect(await followers(id)).toMatchObject({ newsletter: false, instagram: false });

    events.length = 0;
    expect(await saved(REVIEWER, id, { published: true })).toMatchObject({ ok: true, post: { published: true } });
    expect(await followers(id)).toMatchObject({ newsletter: true, instagram: true });
    expect(events).toEqual([expect.objectContaining({ entity: "post", entityId: id, path: "save", wentLive: true, firstTime: true })]);
    expect(await audits(id)).toContain("publish");
    // Down and up again (the reviewer may): a post put back online is not news.
    await saved(REVIEWER, id, { published: false });
    events.length = 0;
    await saved(REVIEWER, id, { published: true });
    expect(events).toEqual([expect.objectContaining({ path: "save", wentLive: true, firstTime: false })]);
  });

  it("new post: an editor's proposal for publication is a draft nobody sees; a reviewer's publish puts it online with its followers", async () => {
    await expect(createPost(deps(), EDITOR, values({ published: true }))).rejects.toMatchObject({ status: 403 });
    const proposed = await createPost(deps(), EDITOR, values(), undefined, false, true);
    if (!proposed.ok) throw new Error(proposed.message);
    const id = proposed.post.id;
    expect(proposed.proposal?.id).toBeGreaterThan(0);
    expect((await row(id)).published).toBe(false);
    expect(await followers(id)).toMatchObject({ newsletter: false, instagram: false });
    const pending = (await pendingFor(db(), "post", [id])).get(String(id))!;
    expect(pending).toMatchObject({ goLive: true, createdBy: EDITOR.id });
    expect(await audits(id)).toEqual(["create", "propose_publication"]);
    // The editor cannot publish their own proposal.
    await expect(publishPending(deps(), EDITOR, postRevisions, pending.id)).rejects.toMatchObject({ status: 403 });
    expect((await row(id)).published).toBe(false);

    events.length = 0;
    expect(await publishPending(deps(), REVIEWER, postRevisions, pending.id)).toMatchObject({ ok: true });
    expect((await row(id)).published).toBe(true);
    expect(await followers(id)).toMatchObject({ newsletter: true, instagram: true });
    expect(events).toEqual([expect.objectContaining({ entity: "post", entityId: id, path: "review", wentLive: true, firstTime: true })]);
  });

  it("restore: an editor's restore of a live post is a proposal (audit says so), the live post unchanged; a reviewer's restore is live, with no second mail", async () => {
    const created = await createPost(deps(), REVIEWER, values({ published: true, excerpt: "The first excerpt." }));
    if (!created.ok) throw new Error(created.message);
    const id = created.post.id;
    await saved(REVIEWER, id, { excerpt: "The second excerpt." });
    const first = (await listRevisions(db(), "post", id)).at(-1)!;
    const jobsBefore = (await followers(id)).instagramJobs;

    events.length = 0;
    const proposal = await restoreRevision(deps(), EDITOR, postRevisions, first.id);
    expect(proposal).toMatchObject({ proposed: true, status: "pending", source: "restore" });
    expect((await row(id)).excerpt).toBe("The second excerpt.");
    expect(events).toEqual([]);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, "propose_restore")));
    expect(entry).toMatchObject({ userId: EDITOR.id, details: { revision: first.id, proposal: proposal.id } });

    const restored = await restoreRevision(deps(), REVIEWER, postRevisions, first.id);
    expect(restored.proposed).toBe(false);
    expect((await row(id)).excerpt).toBe("The first excerpt.");
    expect(events).toEqual([expect.objectContaining({ entity: "post", path: "restore", wentLive: false, languages: ["en"] })]);
    expect((await followers(id)).instagramJobs).toBe(jobsBefore);
  });

  it("recently deleted: an editor cannot put a deleted live post back online (403, still in the trash); a reviewer can, and nothing is mailed again", async () => {
    const created = await createPost(deps(), REVIEWER, values({ published: true }));
    if (!created.ok) throw new Error(created.message);
    const id = created.post.id;
    const jobsBefore = (await followers(id)).instagramJobs;
    await deletePost(deps(), REVIEWER, id);
    const [trashed] = await db().select().from(deletedItems).where(eq(deletedItems.entityId, String(id)));
    const { restoreDeletedPost } = await import("~/blog/manage.server");
    await expect(restoreDeletedPost(deps(), EDITOR, trashed.id)).rejects.toMatchObject({ status: 403, message: expect.stringContaining("was public when it was deleted") });
    expect(await findPost(db(), id)).toBeNull();
    expect(await db().select().from(deletedItems).where(eq(deletedItems.id, trashed.id))).toHaveLength(1);

    events.length = 0;
    await restoreDeletedPost(deps(), REVIEWER, trashed.id);
    expect((await row(id)).published).toBe(true);
    expect(events).toEqual([expect.objectContaining({ path: "restore-deleted", wentLive: true, firstTime: false })]);
    expect((await followers(id)).instagramJobs).toBe(jobsBefore);
  });

  it("schedule: an editor cannot schedule (403); a reviewer's schedule publishes through the gate at its time, with its followers", async () => {
    const created = await createPost(deps(), REVIEWER, values());
    if (!created.ok) throw new Error(created.message);
    const id = created.post.id;
    const at = new Date(clock.now().getTime() + 3_600_000);
    await expect(schedulePost(deps(), EDITOR, id, at)).rejects.toMatchObject({ status: 403 });
    expect((await row(id)).publishAt).toBeNull();
    await schedulePost(deps(), REVIEWER, id, at);
    events.length = 0;
    clock.set(new Date(at.getTime() + 1000));
    expect((await sweepScheduled(deps())).posts).toEqual([id]);
    expect(await row(id)).toMatchObject({ published: true, publishAt: null });
    expect(await followers(id)).toMatchObject({ newsletter: true, instagram: true });
    expect(events).toEqual([expect.objectContaining({ entity: "post", entityId: id, path: "schedule", wentLive: true, actor: null })]);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, "publish")));
    expect(entry.details).toMatchObject({ path: "schedule", scheduled: true });
  });

  it("a proposal on a post deleted meanwhile: a clear sentence, nothing changed", async () => {
    const created = await createPost(deps(), REVIEWER, values({ published: true }));
    if (!created.ok) throw new Error(created.message);
    const id = created.post.id;
    const proposed = await saved(EDITOR, id, { excerpt: "An editor's proposal." });
    if (!proposed.ok || !proposed.proposal) throw new Error("no proposal");
    await deletePost(deps(), REVIEWER, id);
    await expect(publishPending(deps(), REVIEWER, postRevisions, proposed.proposal.id)).rejects.toMatchObject({ status: 409, message: "This post was deleted after the change was proposed: nothing was published or changed." });
    expect(await findPost(db(), id)).toBeNull();
    const [revision] = await db().select().from(revisions).where(eq(revisions.id, proposed.proposal.id));
    expect(revision.status).toBe("discarded");
    expect(await db().select().from(blogPosts).where(eq(blogPosts.id, id))).toEqual([]);
  });
});
