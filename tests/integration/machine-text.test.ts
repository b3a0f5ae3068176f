/**
 * Machine text is held to the editors' limits before it is stored (decision 0054), against the
 * fake OpenAI-compatible server: an AI answer with 300,000-character fields, an article over the
 * content limit, and translations that add a link or an image the English does not have.
 */
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { blogAutomationSettings, blogPosts, blogTopics, contentText, teamMembers, translationStates } from "../../db/schema";
import { manualClock } from "../../core/clock";
import { startGenerateNow } from "~/automation/topics.server";
import { lastRun } from "~/automation/runs.server";
import { tick } from "~/automation/scheduler.server";
import { generateForEditor, startRegeneratePosts, startTranslatePosts, translateForEditor } from "~/blog/ai.server";
import { postToFormValues } from "~/blog/manage.server";
import { LIMITS, SLUG_MAX, SLUG_PATTERN, validatePostForm } from "~/blog/post-schema";
import { startTranslateMissing, translateTeamText } from "~/content/translate.server";
import { teamMemberKey } from "~/i18n/team-member-keys";
import type { Services } from "~/services";
import { usingPostgres } from "../helpers/db";
import { article, type FakeAi } from "../fakes/openai";
import { withAiJobs, type AiJobs } from "../helpers/ai-jobs";
import type { Database } from "../../db/client";

const user = { id: "admin-machine-text", email: "admin@example.com", name: "Admin" };
const translations = (...texts: string[]) => ({ type: "content" as const, content: JSON.stringify({ translations: texts }) });

describe(`machine text held to the editors' limits (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let database: Database;
  let fake: FakeAi;
  let services: Services;
  let jobs: AiJobs;
  const db = () => database.db;

  withAiJobs({ demo: false, people: [user], timeoutMs: 10_000, leaseMs: 5_000, backoffMs: 20, clock: manualClock(new Date("2025-03-04T10:00:00Z")) }, (world) => {
    ({ database, jobs } = world);
    ({ fake, services } = jobs);
  });
  beforeEach(() => fake.reset());

  const finished = (id: number) => jobs.finished(id);
  const posts = () => db().select().from(blogPosts).orderBy(asc(blogPosts.id));
  const addTopic = async (topic: string) => (await db().insert(blogTopics).values({ topic }).returning())[0];

  it("Test Generate Now with a 300,000-character title and excerpt stores them cut at a word to the editor's limits", async () => {
    const longTitle = "Tenant rights ".repeat(300_000 / 14);
    const longExcerpt = "Landlords and tenants in British Columbia ".repeat(300_000 / 42);
    expect(longTitle.length).toBeGreaterThanOrEqual(299_000);
    fake.script({ type: "content", content: JSON.stringify({ ...article("Tenant rights", 700), title: longTitle, excerpt: longExcerpt }) });
    await addTopic("Tenant rights when a landlord sells");
    const { job } = await startGenerateNow(services, user);
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: "done", failed: 0 });

    const [post] = await posts();
    expect(post.title.length).toBeLessThanOrEqual(LIMITS.title);
    expect(post.title.length).toBeGreaterThan(LIMITS.title - 20);
    // Whole words, then the ellipsis: no half-word.
    expect(post.title).toMatch(/^(Tenant rights )*Tenant( rights)?…$/);
    expect(post.excerpt.length).toBeLessThanOrEqual(LIMITS.excerpt);
    expect(post.excerpt).toMatch(/^(Landlords and tenants in British Columbia )*(\w+ )*\w+…$/);
    expect(longExcerpt.startsWith(post.excerpt.slice(0, -1))).toBe(true);
    // The slug is made from the cut title, and the editor would accept the whole post as stored.
    expect(post.slug).toMatch(SLUG_PATTERN);
    expect(post.slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(post.slug).toMatch(/^tenant-rights-tenant-rights/);
    expect(validatePostForm(postToFormValues(post))).toMatchObject({ success: true });
    // Its translations too ("[fa] " before a 300-character title is cut again).
    expect(post.titleFa!.length).toBeLessThanOrEqual(LIMITS.title);
    expect(post.titleFa).toContain("[fa]");
  });

  it("an article whose content is over the editor's limit is refused with the reason, and nothing is stored", async () => {
    const fitting = article("Spousal support", 700);
    // 700 words a reader counts, and a code block that takes it past 100,000 characters.
    const content = `${fitting.content}\n\n\`\`\`\n${"0123456789".repeat(10_001)}\n\`\`\``;
    fake.script({ type: "content", content: JSON.stringify({ ...fitting, content }) });
    const before = await posts();
    const topic = await addTopic("Spousal support after a long marriage");
    const { job } = await startGenerateNow(services, user);
    const done = await finished(job.id);
    expect(done.failed).toBe(1);
    expect(done.failures).toEqual([{ label: "Spousal support after a long marriage", error: "The AI's article was not saved: Content must be at most 100,000 characters." }]);
    expect(await posts()).toEqual(before);
    expect((await db().select().from(blogTopics).where(eq(blogTopics.id, topic.id)))[0].status).toBe("pending");
    await db().delete(blogTopics).where(eq(blogTopics.id, topic.id));
  });

  it("Regenerate All and the editor's Generate with AI are held to the same limits", async () => {
    await db().delete(blogPosts);
    const [post] = await db().insert(blogPosts).values({ slug: "wills", title: "Wills", excerpt: "", content: "Old text." }).returning();
    fake.script({ type: "content", content: JSON.stringify({ ...article("Wills", 700), title: "Wills and estates ".repeat(20_000) }) });
    const { job } = await startRegeneratePosts(services, user);
    expect(await finished(job.id)).toMatchObject({ failed: 0 });
    const [after] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(after.title.length).toBeLessThanOrEqual(LIMITS.title);
    expect(after.title).toMatch(/^(Wills and estates )*(Wills|Wills and|Wills and estates)…$/);

    const fitting = article("Wills", 700);
    fake.script({ type: "content", content: JSON.stringify({ ...fitting, content: `${fitting.content}\n\n\`\`\`\n${"x".repeat(100_001)}\n\`\`\`` }) });
    await expect(generateForEditor(services, "Wills", new AbortController().signal)).rejects.toThrow("The AI's article was not saved: Content must be at most 100,000 characters.");
  });

  describe("a translation that adds a link or an image", () => {
    const english = {
      title: "What our fees cover",
      excerpt: "How the firm bills for a first consultation.",
      content: "Read [our fees page](https://firm.example/fees) before you call.\n\n## Costs\n\nA first consultation has a fixed fee.",
    };
    const hostile = `[fa] Read [صفحه هزینه‌ها](https://firm.example/fees) before you call. [pay](https://evil.example)\n\n## [fa] Costs\n\n[fa] A first consultation has a fixed fee. ![](https://track.example/p.gif)`;

    it("Translate All Posts leaves that language out with the reason, and stores the other one, which keeps the English links", async () => {
      await db().delete(blogPosts);
      // A draft takes translations in place (a published post's go to review: ai-jobs and revisions tests).
      const [post] = await db().insert(blogPosts).values({ slug: "fees", ...english, published: false, publishedAt: "2025-03-01" }).returning();
      // Farsi: the plain fields, then the content with an added payment link and tracking image; Chinese as the fake answers.
      fake.script({ type: "ok" }, translations(hostile));
      const { job } = await startTranslatePosts(services, user);
      const done = await finished(job.id);
      expect(done).toMatchObject({ total: 1, failed: 1 });
      expect(done.failures).toEqual([
        {
          label: "What our fees cover",
          error: "The Farsi translation of the content adds a link or image that is not in the English (https://evil.example, https://track.example/p.gif); it was not saved.",
        },
      ]);
      const [after] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
      // Nothing of the Farsi, not even its harmless title: one language is stored whole or not at all.
      expect(after).toMatchObject({ titleFa: null, excerptFa: null, contentFa: null });
      expect(after.titleZh).toContain("[zh]");
      expect(after.contentZh).toContain("[zh]");
      expect(after.contentZh).toContain("(https://firm.example/fees)");
      const states = await db().select().from(translationStates).where(eq(translationStates.entityId, String(post.id)));
      expect(states.filter((s) => s.language === "fa")).toEqual([]);
      expect(states.filter((s) => s.language === "zh").map((s) => s.field).sort()).toEqual(["content", "excerpt", "title"]);
    });

    it("the daily run stores the post without that language, and its Last run says why", async () => {
      await db().delete(blogPosts);
      const written = article("What a first consultation costs", 700);
      written.content = `Read [our fees page](https://firm.example/fees) first.\n\n${written.content}`;
      fake.script({ type: "content", content: JSON.stringify(written) }, { type: "ok" }, translations(`[fa] ${written.content}\n\n[pay](https://evil.example)`));
      await db().insert(blogTopics).values({ topic: "What a first consultation costs", scheduleFor: new Date("2025-03-04T08:00:00Z") });
      await db().update(blogAutomationSettings).set({ enabled: true });
      const started = await tick(services);
      expect(started).toMatchObject({ runDate: "2025-03-04", action: "started" });
      await finished(started.jobId!);
      const [post] = await posts();
      expect(post).toMatchObject({ title: "What a first consultation costs", titleFa: null, contentFa: null });
      expect(post.contentZh).toContain("(https://firm.example/fees)");
      const run = await lastRun(db());
      expect(run).toMatchObject({ status: "done", post: { id: post.id } });
      expect(run!.message).toContain("The Farsi translation of the content adds a link or image that is not in the English (https://evil.example); it was not saved.");
    });

    it("the editor's Translate answers the reason and fills nothing", async () => {
      fake.script({ type: "ok" }, translations(hostile));
      await expect(translateForEditor(services, english, new AbortController().signal)).rejects.toThrow(
        "The Farsi translation of the content adds a link or image that is not in the English (https://evil.example, https://track.example/p.gif); it was not saved.",
      );
    });

    it("a website text's batch translation fails that item with the reason and stores nothing for it", async () => {
      const key = "hero-tagline";
      const [row] = await db().select().from(contentText).where(eq(contentText.key, key));
      await db().update(contentText).set({ contentZh: null }).where(eq(contentText.key, key));
      // A bare address in a plain text is a link too (GFM), and the English has none.
      fake.script(translations(`[zh] ${row.content} 立即付款 https://pay.example`));
      const { job } = await startTranslateMissing(services, user, "zh");
      const done = await finished(job.id);
      expect(done).toMatchObject({ total: 1, failed: 1 });
      expect(done.failures).toEqual([{ label: key, error: "The Chinese translation adds a link or image that is not in the English (https://pay.example); it was not saved." }]);
      expect((await db().select().from(contentText).where(eq(contentText.key, key)))[0].contentZh).toBeNull();
    });

    it("a team member's Auto-translate refuses an added tracking image and keeps the old translation", async () => {
      const key = teamMemberKey(999, "bio");
      // A member not shown on the site yet: its translation of the saved English is saved at once (SPEC 4).
      await db().insert(teamMembers).values({ id: 999, name: "Ms. Example", active: false });
      await db().insert(contentText).values({ key, content: "Ms. Example practises family law.", contentFa: "ترجمه قبلی", category: "team" });
      fake.script(translations('[fa] Ms. Example practises family law. <img src="https://track.example/p.gif">'));
      await expect(translateTeamText(services, user, { key, language: "fa", englishInForm: "Ms. Example practises family law." }, new AbortController().signal)).rejects.toThrow(
        'The Farsi translation adds HTML that is not in the English (<img src="https://track.example/p.gif">); it was not saved.',
      );
      expect((await db().select().from(contentText).where(eq(contentText.key, key)))[0].contentFa).toBe("ترجمه قبلی");
      // The same English translated faithfully is saved.
      const { translation: saved, saved: stored } = await translateTeamText(services, user, { key, language: "fa", englishInForm: "Ms. Example practises family law." }, new AbortController().signal);
      expect(stored).toBe(true);
      expect((await db().select().from(contentText).where(eq(contentText.key, key)))[0].contentFa).toBe(saved);
      expect(saved).toContain("[fa]");
      // Once the member is shown on the site, a machine translation only goes into the form (decision 0063).
      await db().update(teamMembers).set({ active: true }).where(eq(teamMembers.id, 999));
      fake.script(translations("[fa] Ms. Example practises family law, again."));
      const live = await translateTeamText(services, user, { key, language: "fa", englishInForm: "Ms. Example practises family law." }, new AbortController().signal);
      expect(live).toEqual({ translation: "[fa] Ms. Example practises family law, again.", saved: false });
      expect((await db().select().from(contentText).where(eq(contentText.key, key)))[0].contentFa).toBe(saved);
    });

    it("a team member's Auto-translate translates the English in the form, unsaved edits included, and stores nothing then", async () => {
      const key = teamMemberKey(998, "role");
      // A new member: nothing stored in English yet, the English box filled.
      await db().insert(teamMembers).values({ id: 998, name: "New Team Member", active: false });
      await db().insert(contentText).values({ key, content: "", category: "team" });
      fake.script(translations("[zh] Family lawyer"));
      const answer = await translateTeamText(services, user, { key, language: "zh", englishInForm: "Family lawyer\r\n" }, new AbortController().signal);
      expect(answer).toEqual({ translation: "[zh] Family lawyer", saved: false });
      expect(JSON.stringify(fake.chatCalls().at(-1))).toContain("Family lawyer");
      expect((await db().select().from(contentText).where(eq(contentText.key, key)))[0]).toMatchObject({ content: "", contentZh: null });
      // Only an empty English box has nothing to translate.
      await expect(translateTeamText(services, user, { key, language: "zh", englishInForm: "  " }, new AbortController().signal)).rejects.toThrow("No English content to translate");
    });
  });
});
