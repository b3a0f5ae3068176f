/**
 * "Languages follow" (decision 0097), on the test database with the job runner and the fake
 * translator: a published change to the English of a post, a website text or a team member marks
 * its Farsi and Chinese versions out of date; an unpublished proposal does not; Translate All counts
 * and re-translates them (as changes waiting for review, never "already up to date"); publishing a
 * language's change clears that language's mark only.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts, contentText, jobItems, teamMembers } from "../../db/schema";
import { keysToTranslate, startTranslateMissing } from "~/content/translate.server";
import { listContentEntries, saveContentEntries } from "~/content/entries.server";
import { findPost, postToFormValues, saveCheckedPost } from "~/blog/manage.server";
import { validatePostForm, type PostFormOutput } from "~/blog/post-schema";
import { startTranslatePosts } from "~/blog/ai.server";
import { postRevisions, type PostSnapshot } from "~/blog/revisions.server";
import { contentRevisions, type ContentSnapshot } from "~/content/revisions.server";
import { listTeam, updateMember } from "~/team/members.server";
import { memberRevisions } from "~/team/revisions.server";
import { pendingFor } from "~/revisions/store.server";
import { discardPending, publishPending } from "~/revisions/review.server";
import { putPostOnline, takePostOffline } from "~/blog/gate.server";
import { outdatedLanguages } from "~/translation/outdated.server";
import { listOutdatedTranslations } from "~/review/queue.server";
import type { AdminUser } from "~/auth/guard.server";
import type { Services } from "~/services";
import { withAiJobs, type AiJobs } from "../helpers/ai-jobs";
import { staffUser } from "../helpers/staff-user";
import type { Database } from "../../db/client";

const EDITOR = staffUser("follow-editor", "Eddie Editor", "editor");
const REVIEWER = staffUser("follow-reviewer", "Rita Reviewer", "lawyer");

describe("languages follow the English", () => {
  let database: Database;
  let services: Services;
  let jobs: AiJobs;
  const db = () => database.db;
  const deps = () => ({ db: db(), events: { emit: async () => {} } });

  withAiJobs({ demo: true, people: [EDITOR, REVIEWER], timeoutMs: 3_000, leaseMs: 2_000, listen: true }, (world) => {
    ({ database, jobs } = world);
    ({ services } = jobs);
  });

  const finished = (id: number) => jobs.finished(id);
  const postMarks = async (id: number) => (await outdatedLanguages(db(), "post", [id])).get(String(id)) ?? {};
  const savePost = async (user: AdminUser, id: number, change: Partial<PostFormOutput>) => {
    const post = (await findPost(db(), id))!;
    const checked = validatePostForm({ ...postToFormValues(post), ...change } as never);
    if (!checked.success) throw new Error(JSON.stringify(checked.errors));
    const saved = await saveCheckedPost(deps(), user, id, checked.data, undefined, post.version);
    if (!saved.ok) throw new Error(saved.message);
    return saved;
  };

  it("a post: a proposal marks nothing; its publication marks Farsi and Chinese; Translate All re-translates them; publishing Farsi clears Farsi only", async () => {
    const [first] = await db().select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(blogPosts.id).limit(1);
    // A lawyer's own translations, published with an English that does not change: nothing is behind.
    await savePost(REVIEWER, first.id, { titleFa: "عنوان یک وکیل", excerptFa: "خلاصه یک وکیل", titleZh: "律师的标题", excerptZh: "律师的摘要" });
    expect(await postMarks(first.id)).toEqual({});

    // An editor's English rewrite under sign-off is a proposal: visitors, and the translations, are where they were.
    const proposed = await savePost(EDITOR, first.id, { title: "A rewritten English title", excerpt: "A rewritten English excerpt." });
    expect(proposed.proposal).toBeDefined();
    expect(await postMarks(first.id)).toEqual({});
    // A change of the image alone is no language's words.
    await savePost(REVIEWER, first.id, { featuredImage: "https://firm.example/images/another.webp" });
    expect(await postMarks(first.id)).toEqual({});

    // The reviewer publishes the English rewrite: both translations are now behind it.
    const pending = (await pendingFor(db(), "post", [first.id])).get(String(first.id))!;
    const outcome = await publishPending(deps(), REVIEWER, postRevisions, pending.id, { replaceLive: true });
    expect(outcome.ok).toBe(true);
    const marked = await postMarks(first.id);
    expect(Object.keys(marked).sort()).toEqual(["fa", "zh"]);

    // The queue lists each language, with the filters it has.
    const queued = (await listOutdatedTranslations(db())).filter((item) => item.entity === "post" && item.entityId === String(first.id));
    expect(queued.map((item) => item.language).sort()).toEqual(["fa", "zh"]);
    expect((await listOutdatedTranslations(db(), { lang: "fa" })).every((item) => item.language === "fa")).toBe(true);
    expect(await listOutdatedTranslations(db(), { kind: "content" })).not.toContainEqual(expect.objectContaining({ entity: "post" }));

    // A later save that changes no words (the author) keeps them behind: a mark is not lost on the way.
    await savePost(REVIEWER, first.id, { author: "The firm's lawyers" });
    expect(Object.keys(await postMarks(first.id)).sort()).toEqual(["fa", "zh"]);

    // A lawyer updates the Farsi and publishes it (their save): Farsi is up to date, Chinese still behind.
    await savePost(REVIEWER, first.id, { titleFa: "عنوان تازه", excerptFa: "خلاصه تازه" });
    expect(Object.keys(await postMarks(first.id))).toEqual(["zh"]);

    // Translate All counts the post as work and proposes new Chinese over the lawyer's old one; Farsi stays the lawyer's.
    const { job } = await startTranslatePosts(services, REVIEWER);
    const done = await finished(job.id);
    expect(done.status).toBe("done");
    const [item] = await db().select().from(jobItems).where(eq(jobItems.jobId, job.id)).then((items) => items.filter((i) => (i.payload as { postId: number }).postId === first.id));
    expect(item.status).toBe("done");
    const live = (await findPost(db(), first.id))!;
    expect(live.titleZh).toBe("律师的标题");
    const proposal = (await pendingFor(db(), "post", [first.id])).get(String(first.id))!;
    const snapshot = proposal.snapshot as PostSnapshot;
    expect(snapshot.titleZh).toContain("[zh]");
    expect(snapshot.titleZh).toContain("A rewritten English title");
    expect(snapshot.titleFa).toBe("عنوان تازه");
    // Still behind until a lawyer publishes the new Chinese; a second Translate All does not ask for it again.
    expect(Object.keys(await postMarks(first.id))).toEqual(["zh"]);

    expect(await publishPending(deps(), REVIEWER, postRevisions, proposal.id)).toMatchObject({ ok: true });
    expect(await postMarks(first.id)).toEqual({});
  });

  it("a post taken offline keeps its mark; back online with new words in that language, the mark is gone", async () => {
    const [post] = await db().select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(blogPosts.id).offset(1).limit(1);
    await savePost(REVIEWER, post.id, { titleFa: "فارسی", titleZh: "中文" });
    await savePost(REVIEWER, post.id, { title: "New English words" });
    expect(Object.keys(await postMarks(post.id)).sort()).toEqual(["fa", "zh"]);
    await takePostOffline(db(), post.id);
    await savePost(REVIEWER, post.id, { titleZh: "新的中文", published: false });
    await db().transaction((tx) => putPostOnline(tx, deps(), post.id, { actor: REVIEWER, path: "save" }));
    expect(Object.keys(await postMarks(post.id))).toEqual(["fa"]);
  });

  it("a website text: its English save marks both languages; Translate All Farsi counts and proposes it; publishing the Farsi clears Farsi only", async () => {
    const [text] = await db().select().from(contentText).where(eq(contentText.key, "about-hero-title"));
    expect(text.contentFa && text.contentZh).toBeTruthy();
    const entry = (content: { content?: string; contentFa?: string; contentZh?: string }) => ({ key: text.key, content: text.content, contentFa: text.contentFa ?? "", contentZh: text.contentZh ?? "", ...content });

    // An editor's proposal marks nothing.
    await saveContentEntries(deps(), EDITOR, { entries: [entry({ content: "An editor's English" })] }, { propose: true });
    expect((await outdatedLanguages(db(), "content", [text.key])).get(text.key)).toBeUndefined();
    expect((await keysToTranslate(db(), "fa")).map((k) => k.key)).not.toContain(text.key);
    const editors = (await pendingFor(db(), "content", [text.key])).get(text.key)!;
    await discardPending(deps(), REVIEWER, contentRevisions, editors.id);

    // A lawyer's English save is published at once: Farsi and Chinese are behind, and shown so in the tab.
    await saveContentEntries(deps(), REVIEWER, { entries: [entry({ content: "Immigration lawyers, rewritten" })] });
    const row = (await listContentEntries(db())).find((r) => r.key === text.key)!;
    expect(Object.keys(row.outdated).sort()).toEqual(["fa", "zh"]);
    expect(await keysToTranslate(db(), "fa")).toContainEqual({ key: text.key, outdated: true });

    const { job } = await startTranslateMissing(services, REVIEWER, "fa");
    const done = await finished(job.id);
    expect(done.status).toBe("done");
    const items = await db().select().from(jobItems).where(eq(jobItems.jobId, job.id));
    expect(items.find((i) => (i.payload as { key: string }).key === text.key)?.status).toBe("done");
    const proposal = (await pendingFor(db(), "content", [text.key])).get(text.key)!;
    expect((proposal.snapshot as ContentSnapshot).contentFa).toContain("[fa]");
    expect((proposal.snapshot as ContentSnapshot).contentFa).toContain("Immigration lawyers, rewritten");
    // The proposal waits: the text is still behind, and not asked for twice.
    expect((await keysToTranslate(db(), "fa")).map((k) => k.key)).not.toContain(text.key);

    expect(await publishPending(deps(), REVIEWER, contentRevisions, proposal.id)).toMatchObject({ ok: true });
    expect(Object.keys((await outdatedLanguages(db(), "content", [text.key])).get(text.key) ?? {})).toEqual(["zh"]);
  });

  it("a team member: an English save marks both languages, a new order marks nothing, and a Farsi save clears Farsi", async () => {
    const [member] = await db().select().from(teamMembers).where(eq(teamMembers.active, true)).orderBy(teamMembers.id).limit(1);
    const view = async () => (await listTeam(db())).find((m) => m.id === member.id)!;
    const input = async (change: (texts: Awaited<ReturnType<typeof view>>["texts"]) => void, orderIndex?: number) => {
      const current = await view();
      const texts = structuredClone(current.texts);
      change(texts);
      return { id: member.id, name: current.name, email: current.email, phone: current.phone, orderIndex: orderIndex ?? current.orderIndex, active: true, texts };
    };
    await updateMember(deps(), REVIEWER, await input((t) => void (t.role.fa = "وکیل"), 7));
    expect((await view()).outdated).toEqual({});
    await updateMember(deps(), REVIEWER, await input((t) => void (t.role.zh = "律师")));

    // Under sign-off, an editor's English change is a proposal and marks nothing until a lawyer publishes it.
    const { proposed } = await updateMember(deps(), EDITOR, await input((t) => void (t.role.en = "Senior immigration lawyer")), null, { propose: true });
    expect(proposed).not.toBeNull();
    expect((await view()).outdated).toEqual({});
    await publishPending(deps(), REVIEWER, memberRevisions, proposed!);
    expect(Object.keys((await view()).outdated).sort()).toEqual(["fa", "zh"]);

    await updateMember(deps(), REVIEWER, await input((t) => void (t.role.fa = "وکیل ارشد")));
    expect(Object.keys((await view()).outdated)).toEqual(["zh"]);
    expect((await listOutdatedTranslations(db(), { kind: "team_member" })).map((i) => [i.entityId, i.language])).toContainEqual([String(member.id), "zh"]);
  });
});
