/**
 * Revisions, pending changes, restore, conflicts and Recently deleted (decisions 0061 and 0063) on
 * the real database code, with the fake OpenAI-compatible server for the AI and translation jobs:
 * what is stored, what visitors see, and what a refused action leaves unchanged.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts, blogTopics, contentText, deletedItems, revisions, teamMembers, translationStates } from "../../db/schema";
import { manualClock } from "../../core/clock";
import { JobRunner } from "~/jobs/runner.server";
import { deletePost, findPost, insertPost, postToFormValues, restoreDeletedPost, saveCheckedPost, savePost } from "~/blog/manage.server";
import { validatePostForm, type PostFormInput } from "~/blog/post-schema";
import { startRegeneratePosts, startTranslatePosts } from "~/blog/ai.server";
import { listPublishedPosts } from "~/blog/posts.server";
import { postRevisions, type PostSnapshot } from "~/blog/revisions.server";
import { listContentEntries, saveContentEntries } from "~/content/entries.server";
import { contentRevisions } from "~/content/revisions.server";
import { missingKeys, startTranslateMissing } from "~/content/translate.server";
import { deleteMember, listTeam, restoreDeletedMember, updateMember } from "~/team/members.server";
import { memberRevisions } from "~/team/revisions.server";
import type { MemberInput } from "~/team/schema";
import { deleteTopic, restoreDeletedTopic } from "~/automation/topics.server";
import { AdminError } from "~/changes/errors.server";
import { ConflictError, discardPending, publishPending, restoreRevision } from "~/revisions/review.server";
import { listRevisions, pendingFor, proposeChange } from "~/revisions/store.server";
import { listTrash } from "~/revisions/trash.server";
import { tidyRevisions } from "~/revisions/housekeeping.server";
import type { Services } from "~/services";
import { usingPostgres } from "../helpers/db";
import type { FakeAi } from "../fakes/openai";
import { withAiJobs, type AiJobs } from "../helpers/ai-jobs";
import type { Database } from "../../db/client";

const ALICE = { id: "rev-alice", email: "alice@example.com", name: "Alice Editor" };
const BOB = { id: "rev-bob", email: "bob@example.com", name: "Bob Lawyer" };

describe(`revisions and review (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let database: Database;
  let fake: FakeAi;
  let services: Services;
  let runner: JobRunner;
  let jobs: AiJobs;
  const db = () => database.db;
  const deps = () => ({ db: db(), events: { emit: async () => {} } });

  withAiJobs({ demo: true, people: [ALICE, BOB], timeoutMs: 20_000, leaseMs: 15_000 }, (world) => {
    ({ database, jobs } = world);
    ({ fake, runner, services } = jobs);
  });

  const finished = (id: number) => jobs.finished(id);
  const history = (entity: "post" | "content" | "team_member", id: string | number) =>
    db().select().from(revisions).where(and(eq(revisions.entity, entity), eq(revisions.entityId, String(id)))).orderBy(revisions.id);
  const checked = (values: PostFormInput) => {
    const result = validatePostForm(values);
    if (!result.success) throw new Error(JSON.stringify(result.errors));
    return result.data;
  };
  const publishedPosts = () => db().select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(blogPosts.id);
  const newPost = async (title: string, published: boolean) => {
    // Stored as a post from before revisions were kept (no revision yet), so its first save also records the baseline.
    const draft = await insertPost(db(), { title: "New Blog Post", slug: `new-post-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, excerpt: "", content: "", author: "" });
    const saved = await savePost(deps(), ALICE, draft.id, { ...postToFormValues(draft), title, slug: title.toLowerCase().replace(/\W+/g, "-"), author: "Test", excerpt: `${title} in short.`, content: `${title}: the body of the post.`, published });
    if (!saved.ok) throw new Error(saved.message);
    return saved.post;
  };
  const memberInput = async (id: number, change: Partial<MemberInput> = {}): Promise<MemberInput> => {
    const view = (await listTeam(db())).find((m) => m.id === id)!;
    return { id, name: view.name, email: view.email, phone: view.phone, orderIndex: view.orderIndex, active: view.active, texts: view.texts, ...change };
  };
  const rejection = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error("expected a refusal");
  };

  describe("every save stores a revision", () => {
    it("a post: who, 'person', the snapshot; the first save of a pre-existing post records its state before as 'import'", async () => {
      const [post] = await publishedPosts();
      // Seeded with its baseline when first stored (decision 0087); a post from before that gets it at its first save.
      expect((await history("post", post.id)).map((r) => [r.source, r.note])).toEqual([["import", "As first stored"]]);
      const saved = await savePost(deps(), ALICE, post.id, { ...postToFormValues(post), title: "Study permits refused: what now" });
      expect(saved.ok).toBe(true);
      const rows = await history("post", post.id);
      expect(rows.map((r) => [r.source, r.status, r.version, r.createdBy])).toEqual([
        ["import", "saved", post.version, null],
        ["person", "saved", post.version + 1, ALICE.id],
      ]);
      expect((rows[0].snapshot as PostSnapshot).title).toBe(post.title);
      expect(rows[1].snapshot).toMatchObject({ title: "Study permits refused: what now", slug: post.slug, contentFa: post.contentFa });
      const listed = await listRevisions(db(), "post", post.id);
      expect(listed[0]).toMatchObject({ source: "person", createdBy: ALICE.name });
      // A second save adds one revision; the baseline is recorded once.
      await savePost(deps(), BOB, post.id, { ...postToFormValues((await findPost(db(), post.id))!), excerpt: "A new excerpt." });
      expect((await history("post", post.id)).map((r) => r.source)).toEqual(["import", "person", "person"]);
    });

    it("a website text", async () => {
      const key = "hero-tagline";
      const [row] = await db().select().from(contentText).where(eq(contentText.key, key));
      await saveContentEntries(deps(), ALICE, { entries: [{ key, content: `${row.content} Today.`, contentFa: row.contentFa ?? "", contentZh: row.contentZh ?? "", version: row.version }] });
      const rows = await history("content", key);
      expect(rows.map((r) => [r.source, r.version, r.createdBy])).toEqual([
        ["import", row.version, null],
        ["person", row.version + 1, ALICE.id],
      ]);
      expect(rows[0].snapshot).toEqual({ content: row.content, contentFa: row.contentFa, contentZh: row.contentZh });
      expect(rows[1].snapshot).toEqual({ content: `${row.content} Today.`, contentFa: row.contentFa, contentZh: row.contentZh });
    });

    it("a team member, with its texts", async () => {
      const [member] = await db().select().from(teamMembers).orderBy(teamMembers.id).limit(1);
      const input = await memberInput(member.id);
      await updateMember(deps(), ALICE, { ...input, phone: "+1 (604) 555-0199", texts: { ...input.texts, bio: { ...input.texts.bio, en: "A new biography." } } }, member.version);
      const rows = await history("team_member", member.id);
      expect(rows.map((r) => [r.source, r.version, r.createdBy])).toEqual([
        ["import", member.version, null],
        ["person", member.version + 1, ALICE.id],
      ]);
      expect(rows[0].snapshot).toMatchObject({ name: member.name, phone: member.phone, photoUrl: member.photoUrl, texts: { bio: { en: input.texts.bio.en } } });
      expect(rows[1].snapshot).toMatchObject({ phone: "+1 (604) 555-0199", texts: { bio: { en: "A new biography.", fa: input.texts.bio.fa } } });
    });
  });

  describe("restore", () => {
    it("makes a new revision ('restore') and the live post equals the restored snapshot", async () => {
      const [post] = await publishedPosts();
      const [baseline] = await history("post", post.id);
      const restored = await restoreRevision(deps(), BOB, postRevisions, baseline.id);
      expect(restored).toMatchObject({ source: "restore", status: "saved", createdBy: BOB.id, version: post.version + 1, note: `Restored from revision ${baseline.id}` });
      const live = await postRevisions.read(db(), String(post.id));
      expect(live!.snapshot).toEqual(baseline.snapshot);
      expect(live!.live).toBe(true);
      // History is never rewritten: the restored-over saves are still there.
      expect((await history("post", post.id)).map((r) => r.source)).toEqual(["import", "person", "person", "restore"]);
    });

    it("a team member's restore puts its texts back", async () => {
      const [member] = await db().select().from(teamMembers).orderBy(teamMembers.id).limit(1);
      const [baseline] = await history("team_member", member.id);
      await restoreRevision(deps(), BOB, memberRevisions, baseline.id);
      const live = await memberRevisions.read(db(), String(member.id));
      expect(live!.snapshot).toEqual(baseline.snapshot);
      expect((await listTeam(db())).find((m) => m.id === member.id)!.texts.bio.en).not.toBe("A new biography.");
    });

    it("a revision of a deleted item: a clear message, nothing changed", async () => {
      const post = await newPost("Soon deleted", false);
      const [revision] = await history("post", post.id);
      expect(await deletePost(deps(), ALICE, post.id)).toBe(true);
      const before = { revisions: await history("post", post.id), trash: await db().select().from(deletedItems) };
      const error = await rejection(restoreRevision(deps(), BOB, postRevisions, revision.id));
      expect(error).toBeInstanceOf(AdminError);
      expect(error).toMatchObject({ status: 409, message: "This post was deleted, so its revision cannot be restored. Restore it from Recently deleted first." });
      expect(await history("post", post.id)).toEqual(before.revisions);
      expect(await db().select().from(deletedItems)).toEqual(before.trash);
      expect(await findPost(db(), post.id)).toBeNull();
    });
  });

  describe("two people saving from the same version", () => {
    it("a post: exactly one save wins; the other gets 409 'changed by … at …' with the diff", async () => {
      const post = (await findPost(db(), (await publishedPosts())[1].id))!;
      const values = postToFormValues(post);
      const results = await Promise.allSettled([
        saveCheckedPost(deps(), ALICE, post.id, checked({ ...values, title: "Alice's title" }), undefined, post.version),
        saveCheckedPost(deps(), BOB, post.id, checked({ ...values, title: "Bob's title" }), undefined, post.version),
      ]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r) => r.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const winner = results[0].status === "fulfilled" ? ALICE : BOB;
      const error = lost[0].reason as ConflictError;
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.status).toBe(409);
      expect(error.message).toMatch(new RegExp(`^This post was changed by ${winner.name} at .+ Vancouver time \\(\\d\\d:\\d\\d UTC\\) while you were editing\\. Nothing was saved`));
      const titleDiff = error.conflict!.diff.find((d) => d.key === "title")!;
      expect(titleDiff.label).toBe("Title");
      expect(titleDiff.parts.some((p) => p.added && p.value.includes(winner === ALICE ? "Alice" : "Bob"))).toBe(true);
      expect(error.conflict!.version).toBe(post.version + 1);
      const live = (await findPost(db(), post.id))!;
      expect(live.title).toBe(winner === ALICE ? "Alice's title" : "Bob's title");
      expect(live.version).toBe(post.version + 1);
      // Saving again from the version the conflict named replaces it knowingly.
      const again = await saveCheckedPost(deps(), ALICE, post.id, checked({ ...values, title: "Agreed title" }), undefined, error.conflict!.version);
      expect(again.ok).toBe(true);
      // A form without a version (an older page) saves unchecked.
      expect((await saveCheckedPost(deps(), BOB, post.id, checked({ ...values, title: "Unchecked" }), undefined, null)).ok).toBe(true);
    });

    it("a website text: one wins, the other gets 409 naming the key, and nothing of it is stored", async () => {
      const key = "about-hero-title";
      const [row] = await db().select().from(contentText).where(eq(contentText.key, key));
      const entry = (content: string) => ({ entries: [{ key, content, contentFa: row.contentFa ?? "", contentZh: row.contentZh ?? "", version: row.version }] });
      const results = await Promise.allSettled([saveContentEntries(deps(), ALICE, entry("Alice's heading")), saveContentEntries(deps(), BOB, entry("Bob's heading"))]);
      const lost = results.filter((r) => r.status === "rejected");
      expect(lost).toHaveLength(1);
      const error = lost[0].reason as ConflictError;
      expect(error).toMatchObject({ status: 409 });
      expect(error.message).toMatch(new RegExp(`^"${key}": This text was changed by (Alice Editor|Bob Lawyer) at .+ Vancouver time`));
      expect(error.conflict!.diff.map((d) => d.key)).toEqual(["content"]);
      const [after] = await db().select().from(contentText).where(eq(contentText.key, key));
      expect(after.version).toBe(row.version + 1);
      expect(["Alice's heading", "Bob's heading"]).toContain(after.content);
      expect(error.message).toContain(after.content.startsWith("Alice") ? ALICE.name : BOB.name);
    });

    it("a team member: one wins, the other gets 409", async () => {
      const [, member] = await db().select().from(teamMembers).orderBy(teamMembers.id);
      const input = await memberInput(member.id);
      const results = await Promise.allSettled([
        updateMember(deps(), ALICE, { ...input, phone: "111" }, member.version),
        updateMember(deps(), BOB, { ...input, phone: "222" }, member.version),
      ]);
      const lost = results.filter((r) => r.status === "rejected");
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(ConflictError);
      expect((lost[0].reason as ConflictError).message).toMatch(/^This team member was changed by (Alice Editor|Bob Lawyer) at /);
      expect((lost[0].reason as ConflictError).conflict!.diff.find((d) => d.key === "phone")).toBeDefined();
      const [after] = await db().select().from(teamMembers).where(eq(teamMembers.id, member.id));
      expect(after.version).toBe(member.version + 1);
      expect((await history("team_member", member.id)).filter((r) => r.source === "person")).toHaveLength(1);
    });
  });

  describe("pending changes", () => {
    it("Regenerate All: /blog lists every post with its current title during and after the job; each gets a pending rewrite", async () => {
      const before = await listPublishedPosts(db());
      expect(before.length).toBeGreaterThanOrEqual(3);
      const titles = before.map((p) => [p.slug, p.title]);
      fake.setLatency(150);
      try {
        const { job } = await startRegeneratePosts(services, ALICE);
        let looks = 0;
        for (;;) {
          const view = await runner.get(job.id);
          expect((await listPublishedPosts(db())).map((p) => [p.slug, p.title])).toEqual(titles);
          looks++;
          if (view && view.status !== "queued" && view.status !== "running") break;
          await sleep(40);
        }
        // Every post was rewritten (a job finished with nothing done would show here, with its counts).
        expect(await finished(job.id)).toMatchObject({ status: "done", total: before.length, done: before.length, failed: 0 });
        expect(looks).toBeGreaterThan(2);
      } finally {
        fake.setLatency(0);
      }
      expect((await listPublishedPosts(db())).map((p) => [p.slug, p.title])).toEqual(titles);
      const pending = await pendingFor(db(), "post", before.map((p) => p.id));
      expect(pending.size).toBe(before.length);
      for (const revision of pending.values()) expect(revision).toMatchObject({ source: "ai", status: "pending", createdBy: ALICE.id, note: "Regenerate All with AI" });
    });

    it("publishPending makes the rewrite live, once: two lawyers at once, exactly one wins", async () => {
      const [post] = await publishedPosts();
      const revision = (await pendingFor(db(), "post", [post.id])).get(String(post.id))!;
      const rewrite = revision.snapshot as PostSnapshot;
      const results = await Promise.allSettled([publishPending(deps(), ALICE, postRevisions, revision.id), publishPending(deps(), BOB, postRevisions, revision.id)]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r) => r.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(AdminError);
      // The one who lost is told who won (decision 0087).
      const winner = won.length && results[0].status === "fulfilled" ? ALICE : BOB;
      expect(lost[0].reason.status).toBe(409);
      expect(lost[0].reason.message).toMatch(new RegExp(`^This change was already published by ${winner.name} at .+ Vancouver time`));
      const live = (await findPost(db(), post.id))!;
      expect(live.content).not.toBe(post.content);
      expect(live).toMatchObject({ title: rewrite.title, content: rewrite.content, published: true, version: post.version + 1 });
      expect((await listPublishedPosts(db())).find((p) => p.id === post.id)!.title).toBe(rewrite.title);
      const [closed] = await db().select().from(revisions).where(eq(revisions.id, revision.id));
      expect(closed).toMatchObject({ status: "published", version: post.version + 1 });
      expect([ALICE.id, BOB.id]).toContain(closed.reviewedBy);
    });

    it("a pending change whose live post changed since: both diffs, nothing changed, unless the lawyer replaces the live one", async () => {
      const post = (await publishedPosts())[1];
      const revision = (await pendingFor(db(), "post", [post.id])).get(String(post.id))!;
      // Someone edits the live post after the rewrite was proposed.
      const edited = await savePost(deps(), BOB, post.id, { ...postToFormValues((await findPost(db(), post.id))!), excerpt: "Edited by Bob meanwhile." });
      expect(edited.ok).toBe(true);
      const live = (await findPost(db(), post.id))!;
      const outcome = await publishPending(deps(), ALICE, postRevisions, revision.id);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.conflict.message).toMatch(/^The live post changed after this change was proposed/);
      expect(outcome.conflict.liveChanges.map((d) => d.key)).toContain("excerpt");
      expect(outcome.conflict.liveChanges.find((d) => d.key === "excerpt")!.parts.some((p) => p.added && p.value.includes("Bob"))).toBe(true);
      expect(outcome.conflict.proposed.map((d) => d.key)).toContain("content");
      expect(await findPost(db(), post.id)).toEqual(live);
      expect((await db().select().from(revisions).where(eq(revisions.id, revision.id)))[0].status).toBe("pending");

      const replaced = await publishPending(deps(), ALICE, postRevisions, revision.id, { replaceLive: true });
      expect(replaced).toEqual({ ok: true, version: live.version + 1 });
      expect((await findPost(db(), post.id))!.content).toBe((revision.snapshot as PostSnapshot).content);
    });

    it("discardPending leaves the live post unchanged", async () => {
      const post = (await publishedPosts())[2];
      const revision = (await pendingFor(db(), "post", [post.id])).get(String(post.id))!;
      const live = await findPost(db(), post.id);
      await discardPending(deps(), BOB, postRevisions, revision.id);
      expect(await findPost(db(), post.id)).toEqual(live);
      expect((await db().select().from(revisions).where(eq(revisions.id, revision.id)))[0]).toMatchObject({ status: "discarded", reviewedBy: BOB.id });
      await expect(discardPending(deps(), BOB, postRevisions, revision.id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^This change was already discarded by Bob Lawyer at /) });
      await expect(publishPending(deps(), BOB, postRevisions, revision.id)).rejects.toMatchObject({ status: 409 });
    });

    it("Translate All Posts: a published post's translations wait for review, a draft's are written in place, a reviewed one is never replaced", async () => {
      const published = await newPost("Tenancy deposits", true);
      const draft = await newPost("Small claims basics", false);
      // A person's Farsi title on the draft: reviewed (saved by a person).
      const savedDraft = await savePost(deps(), ALICE, draft.id, { ...postToFormValues(draft), titleFa: "عنوانی که یک وکیل نوشت" });
      expect(savedDraft.ok).toBe(true);
      const draftBefore = (await findPost(db(), draft.id))!;
      const publishedBefore = (await findPost(db(), published.id))!;
      const { job } = await startTranslatePosts(services, ALICE);
      expect(await finished(job.id)).toMatchObject({ status: "done", failed: 0 });

      // The published post: unchanged for visitors, the translations proposed.
      expect(await findPost(db(), published.id)).toEqual(publishedBefore);
      const proposal = (await pendingFor(db(), "post", [published.id])).get(String(published.id))!;
      expect(proposal).toMatchObject({ source: "translation", baseVersion: publishedBefore.version });
      expect((proposal.snapshot as PostSnapshot).titleFa).toContain("[fa]");
      expect((proposal.snapshot as PostSnapshot).contentZh).toContain("[zh]");

      // The draft: written in place, machine-made, with a revision; the person's title kept.
      const draftAfter = (await findPost(db(), draft.id))!;
      expect(draftAfter).toMatchObject({ titleFa: "عنوانی که یک وکیل نوشت", version: draftBefore.version + 1 });
      expect(draftAfter.contentFa).toContain("[fa]");
      expect(draftAfter.titleZh).toContain("[zh]");
      expect((await pendingFor(db(), "post", [draft.id])).size).toBe(0);
      const last = (await history("post", draft.id)).at(-1)!;
      expect(last).toMatchObject({ source: "translation", status: "saved", version: draftAfter.version });
      const states = await db().select().from(translationStates).where(and(eq(translationStates.entity, "post"), eq(translationStates.entityId, String(draft.id))));
      expect(states.find((s) => s.field === "title" && s.language === "fa")?.state).toBe("reviewed");
      expect(states.find((s) => s.field === "content" && s.language === "fa")?.state).toBe("machine");
    });

    it("Translate All Missing of website texts: a pending change per text, no longer missing; publishing makes the Farsi live and reviewed", async () => {
      const keys = ["contact-hero-title", "contact-hero-subtitle"];
      for (const key of keys) await db().update(contentText).set({ contentFa: null }).where(eq(contentText.key, key));
      const missing = await missingKeys(db(), "fa");
      expect(missing).toEqual(expect.arrayContaining(keys));
      const { job } = await startTranslateMissing(services, ALICE, "fa");
      expect(await finished(job.id)).toMatchObject({ status: "done", failed: 0 });
      const pending = await pendingFor(db(), "content", keys);
      expect([...pending.keys()].sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const [live] = await db().select().from(contentText).where(eq(contentText.key, key));
        expect(live.contentFa).toBeNull();
        expect((pending.get(key)!.snapshot as { contentFa: string }).contentFa).toContain("[fa]");
      }
      const stillMissing = await missingKeys(db(), "fa");
      for (const key of keys) expect(stillMissing).not.toContain(key);

      const outcome = await publishPending(deps(), BOB, contentRevisions, pending.get(keys[0])!.id);
      expect(outcome.ok).toBe(true);
      const entry = (await listContentEntries(db())).find((e) => e.key === keys[0])!;
      expect(entry.contentFa).toBe((pending.get(keys[0])!.snapshot as { contentFa: string }).contentFa);
      expect(entry.review.fa).toBe("reviewed");
      expect(entry.pending).toBeNull();
    });
  });

  describe("Recently deleted", () => {
    it("a post: in the list, restored under its id with its content; a slug taken meanwhile gets a free one and a note", async () => {
      const post = await newPost("Estate planning checklist", true);
      const before = (await findPost(db(), post.id))!;
      expect(await deletePost(deps(), ALICE, post.id)).toBe(true);
      expect(await listPublishedPosts(db())).not.toContainEqual(expect.objectContaining({ id: post.id }));
      const item = (await listTrash(db(), "post")).find((t) => t.entityId === String(post.id))!;
      expect(item).toMatchObject({ label: "Estate planning checklist", deletedBy: ALICE.name });
      expect(new Date(item.purgeAt).getTime() - new Date(item.deletedAt).getTime()).toBe(30 * 86_400_000);
      // Someone else takes the slug meanwhile.
      const other = await newPost("Other post", false);
      const took = await savePost(deps(), ALICE, other.id, { ...postToFormValues(other), slug: before.slug });
      expect(took.ok).toBe(true);

      const restored = await restoreDeletedPost(deps(), BOB, item.id);
      expect(restored.id).toBe(post.id);
      const after = (await findPost(db(), post.id))!;
      expect(restored.note).toBe(`Another post now uses the slug "${before.slug}", so the restored post is at "${after.slug}".`);
      expect(after.slug).not.toBe(before.slug);
      expect(after).toMatchObject({ title: before.title, content: before.content, excerpt: before.excerpt, published: true });
      expect((await history("post", post.id)).at(-1)).toMatchObject({ source: "restore", createdBy: BOB.id });
      expect(await listTrash(db(), "post")).not.toContainEqual(expect.objectContaining({ id: item.id }));
      await expect(restoreDeletedPost(deps(), BOB, item.id)).rejects.toMatchObject({ status: 404, message: "This post is no longer in Recently deleted." });
    });

    it("a team member comes back with its id, texts and photos", async () => {
      const [, , member] = await db().select().from(teamMembers).orderBy(teamMembers.id);
      const view = (await listTeam(db())).find((m) => m.id === member.id)!;
      await deleteMember(deps(), ALICE, member.id);
      expect((await listTeam(db())).some((m) => m.id === member.id)).toBe(false);
      const item = (await listTrash(db(), "team_member")).find((t) => t.entityId === String(member.id))!;
      expect(item.label).toBe(member.name);
      const restored = await restoreDeletedMember(deps(), BOB, item.id);
      expect(restored.id).toBe(member.id);
      const back = (await listTeam(db())).find((m) => m.id === member.id)!;
      expect({ ...back, version: "" }).toEqual({ ...view, version: "" });
    });

    it("a topic comes back with its schedule", async () => {
      const [topic] = await db().insert(blogTopics).values({ topic: "Spousal sponsorship timelines", scheduleFor: new Date("2027-01-05T17:00:00Z") }).returning();
      await deleteTopic(services, ALICE, topic.id);
      expect(await db().select().from(blogTopics).where(eq(blogTopics.id, topic.id))).toEqual([]);
      const item = (await listTrash(db(), "topic")).find((t) => t.entityId === String(topic.id))!;
      expect(item.label).toBe("Spousal sponsorship timelines");
      await restoreDeletedTopic(services, BOB, item.id);
      expect(await db().select().from(blogTopics).where(eq(blogTopics.id, topic.id))).toEqual([topic]);
    });

    it("after 30 days the housekeeping purges the item and its history; REVISIONS_KEEP_DAYS keeps each item's newest live revision and pending ones", async () => {
      const log = { info: () => {}, error: () => {} };
      const doomed = await newPost("Purged later", false);
      expect(await deletePost(deps(), ALICE, doomed.id)).toBe(true);
      expect((await history("post", doomed.id)).length).toBeGreaterThan(0);
      // An item with three live revisions and a pending one.
      const kept = await newPost("Kept post", true);
      await savePost(deps(), ALICE, kept.id, { ...postToFormValues((await findPost(db(), kept.id))!), excerpt: "Second." });
      const live = (await findPost(db(), kept.id))!;
      const pending = await proposeChange(db(), { entity: "post", entityId: kept.id, source: "ai", snapshot: { ...(await postRevisions.read(db(), String(kept.id)))!.snapshot, title: "Proposed" }, baseVersion: live.version, userId: ALICE.id });
      const keptHistory = await history("post", kept.id);
      expect(keptHistory.filter((r) => r.status === "saved").length).toBeGreaterThanOrEqual(2);

      // A day early, nothing goes.
      const now = Date.now();
      expect(await tidyRevisions({ db: db(), clock: manualClock(new Date(now + 29 * 86_400_000)), log })).toEqual({ purged: 0, pruned: 0 });
      expect((await listTrash(db(), "post")).some((t) => t.entityId === String(doomed.id))).toBe(true);

      const result = await tidyRevisions({ db: db(), clock: manualClock(new Date(now + 31 * 86_400_000)), log, keepDays: 30 });
      expect(result.purged).toBeGreaterThanOrEqual(1);
      expect(result.pruned).toBeGreaterThan(0);
      expect(await db().select().from(deletedItems)).toEqual([]);
      expect(await history("post", doomed.id)).toEqual([]);
      const left = await history("post", kept.id);
      const newestLive = keptHistory.filter((r) => r.status === "saved").at(-1)!;
      expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([newestLive.id, pending.id].sort((a, b) => a - b));
      // The live post itself is untouched.
      expect(await findPost(db(), kept.id)).toEqual(live);
    });
  });
});
