/**
 * The review queue (issue 41, decision 0089) through the real HTTP pages and actions, one server
 * for the file: an editor's proposals of every kind (a post's English and Farsi texts, a website
 * text, a team member) and a scheduled draft are listed with who, what produced them and their
 * languages; the filters narrow the list; the count sits beside the queue's link for a reviewer
 * and not for an editor, who gets 403 from the page, its `.data` and its actions; a reviewer
 * publishes and discards from the queue, and the review page renders a change for reading.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken } from "~/newsletter/subscribers.server";
import { newsletterSubscribers } from "../../db/schema";
import { dataDirWithAdmin, formPost, get, signInHttp } from "../helpers/admin-http";
import { textOf } from "../helpers/html-text";
import { startSite, type SiteServer } from "../helpers/server";

const ADMIN = { email: "admin.queue@example.test", password: "review queue admin passphrase", name: "Ada Admin" };
const EDITOR = { email: "editor.queue@example.test", password: "review queue editor passphrase", name: "Eddie Editor" };
const REVIEWER = { email: "reviewer.queue@example.test", password: "review queue reviewer passphrase", name: "Rita Reviewer" };
type Who = "admin" | "editor" | "reviewer";

const QUEUE = "/admin/dashboard/review";

describe("the review queue", () => {
  let dataDir: string;
  let site: SiteServer;
  const cookies: Record<Who, string> = { admin: "", editor: "", reviewer: "" };
  const posts: Record<"english" | "farsi" | "scheduled", { url: string; values: Record<string, string> }> = {} as never;

  async function newPost(who: Who, published: boolean, title: string, slug: string) {
    const values = { title, slug, author: "The firm", publishedAt: "2026-11-20", excerpt: "Short.", content: `The live body of ${title}.` };
    const created = await formPost(`${site.url}/admin/dashboard/blog/new`, { intent: "save", ...values, ...(published ? { published: "on" } : {}) }, { cookie: cookies[who] });
    expect(created.status, await created.clone().text()).toBe(302);
    return { url: new URL(created.headers.get("location")!, site.url).href, values };
  }

  const queuePage = async (who: Who, query = "") => {
    const response = await get(`${site.url}${QUEUE}${query}`, cookies[who]);
    return { status: response.status, html: await response.text() };
  };
  /** The queue's rows: the item's name, its review address and the row's text. */
  const rowsOf = (html: string) =>
    [...html.matchAll(/<tr data-testid="queue-item"[\s\S]*?<\/tr>/g)].map(([row]) => {
      const link = /<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(row)!;
      return { open: link[1], what: link[2], text: textOf(row) };
    });
  /** A key's value in a `.data` answer (React Router's turbo-stream: one flat JSON array, objects as {"_key": valueIndex}); negative indexes stand for null and the like. */
  const dataValue = (body: string, key: string): unknown => {
    const flat = JSON.parse(body.split("\n")[0]) as unknown[];
    const keyIndex = flat.indexOf(key);
    if (keyIndex < 0) return "absent";
    const holder = flat.find((item) => item !== null && typeof item === "object" && !Array.isArray(item) && `_${keyIndex}` in item) as Record<string, number> | undefined;
    const index = holder?.[`_${keyIndex}`];
    return index === undefined ? "absent" : index < 0 ? null : flat[index];
  };
  const dashboardData = async (who: Who) => (await get(`${site.url}/admin/dashboard/content.data?_routes=routes/admin/dashboard`, cookies[who])).text();
  const countIn = (html: string) => /data-testid="review-count"[^>]*>(?:<span[^>]*>[^<]*<\/span>)?(?:<!-- -->)?(\d+)/.exec(html)?.[1];

  beforeAll(async () => {
    // The newsletter's subscribers the publish counts name (decision 0098): 3 English, 2 Farsi, 1 Chinese confirmed; one Farsi not confirmed.
    const reader = (n: number, language: string, confirmed = true) => ({ email: `reader${n}@example.test`, language, confirmToken: newToken(), unsubscribeToken: newToken(), confirmedAt: confirmed ? new Date() : null });
    dataDir = await dataDirWithAdmin("review-queue-", ADMIN, {
      demo: true,
      staff: [[EDITOR, "editor"], [REVIEWER, "lawyer"]],
      prepare: (db) => db.insert(newsletterSubscribers).values([reader(1, "en"), reader(2, "en"), reader(3, "en"), reader(4, "fa"), reader(5, "fa"), reader(6, "zh"), reader(7, "fa", false)]),
    });
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    cookies.admin = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    cookies.editor = await signInHttp(site.url, EDITOR.email, EDITOR.password);
    cookies.reviewer = await signInHttp(site.url, REVIEWER.email, REVIEWER.password);

    // The editor's proposals: a post's English, another post's Farsi title, a website text, a team member.
    posts.english = await newPost("admin", true, "Queue post in English", "queue-post-english");
    posts.farsi = await newPost("admin", true, "Queue post for Farsi", "queue-post-farsi");
    const save = (post: { url: string; values: Record<string, string> }, change: Record<string, string>) =>
      formPost(`${post.url}.data`, { intent: "save", ...post.values, ...change, published: "on", version: "1" }, { cookie: cookies.editor });
    expect((await save(posts.english, { content: "The live body of Queue post in English, as proposed." })).status).toBe(200);
    expect((await save(posts.farsi, { titleFa: "عنوان پیشنهادی" })).status).toBe(200);
    const text = await formPost(`${site.url}/admin/dashboard/content.data`, { intent: "save", key: "blog-hero-title", content: "Proposed blog heading", content_fa: "", content_zh: "", version: "1" }, { cookie: cookies.editor });
    expect(text.status).toBe(200);
    const member = await formPost(
      `${site.url}/admin/dashboard/team.data`,
      { intent: "update", id: "1", name: "Alex Morgan", email: "alex.morgan@example.com", phone: "+1 (604) 555-0199", order_index: "1", active: "on", version: "1" },
      { cookie: cookies.editor },
    );
    expect(member.status, await member.clone().text()).toBe(200);
    // And an editor's draft a lawyer scheduled to go live by itself (under sign-off an editor schedules nothing: decision 0087).
    posts.scheduled = await newPost("editor", false, "Queue scheduled draft", "queue-scheduled-draft");
    const scheduled = await formPost(`${posts.scheduled.url}.data`, { intent: "schedule", publishAt: "2027-06-01T10:00" }, { cookie: cookies.reviewer });
    expect(scheduled.status, await scheduled.clone().text()).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists every kind with who proposed it, what produced it, its language and age; the count is beside the link", async () => {
    const { status, html } = await queuePage("reviewer");
    expect(status).toBe(200);
    const rows = rowsOf(html);
    const byName = new Map(rows.map((row) => [row.what, row]));
    const english = byName.get("Queue post in English")!;
    expect(english.text).toContain("Blog post");
    expect(english.text).toContain("Eddie Editor");
    expect(english.text).toContain("Saved by a person");
    expect(english.text).toContain("English");
    expect(english.text).toMatch(/Just now|\d+ minutes?/);
    expect(english.open).toMatch(/^\/admin\/dashboard\/review\/\d+$/);
    expect(byName.get("Queue post for Farsi")!.text).toContain("Farsi");
    expect(byName.get("Queue post for Farsi")!.text).not.toContain("English");
    expect([...byName.keys()].some((name) => rows.find((r) => r.what === name)!.text.startsWith("Website text"))).toBe(true);
    expect(rows.some((r) => r.text.startsWith("Team member") && r.text.includes("Eddie Editor"))).toBe(true);
    const scheduled = byName.get("Queue scheduled draft")!;
    expect(scheduled.text).toContain("Scheduled for");
    expect(scheduled.text).toContain("Rita Reviewer");
    expect(scheduled.open).toMatch(/^\/admin\/dashboard\/blog\/\d+$/);
    expect(rows).toHaveLength(5);
    expect(textOf(html)).toContain("5 waiting.");
    // The count beside the link, for the reviewer (and the admin).
    expect(countIn(html)).toBe("5");
    expect(countIn((await queuePage("admin")).html)).toBe("5");
  });

  it("filters by kind and by language; a bad filter answers 400 with a sentence and lists nothing", async () => {
    const names = async (query: string) => rowsOf((await queuePage("reviewer", query)).html).map((r) => r.text.split(" ")[0] + ":" + r.what);
    expect(await names("?kind=post")).toEqual(expect.arrayContaining(["Blog:Queue post in English", "Blog:Queue post for Farsi", "Blog:Queue scheduled draft"]));
    expect(await names("?kind=post")).toHaveLength(3);
    expect(await names("?kind=team_member")).toEqual([expect.stringMatching(/^Team:/)]);
    expect(await names("?kind=content")).toEqual([expect.stringMatching(/^Website:/)]);
    expect(await names("?kind=scheduled")).toEqual(["Blog:Queue scheduled draft"]);
    // The Farsi filter: the Farsi title's change, not the English-only ones (the other proposals also touch Farsi texts).
    const farsi = await names("?lang=fa");
    expect(farsi).toContain("Blog:Queue post for Farsi");
    expect(farsi).not.toContain("Blog:Queue post in English");
    expect(farsi).not.toContain("Blog:Queue scheduled draft");
    expect(await names("?lang=en")).not.toContain("Blog:Queue post for Farsi");
    expect(await names("?kind=post&lang=fa")).toEqual(["Blog:Queue post for Farsi"]);
    const filtered = await queuePage("reviewer", "?kind=content");
    expect(textOf(filtered.html)).toContain("1 of 5 waiting match the filters.");

    const bad = await queuePage("reviewer", "?kind=drafts");
    expect(bad.status).toBe(400);
    expect(textOf(bad.html)).toContain("Unknown kind of change.");
    expect(rowsOf(bad.html)).toHaveLength(0);
    expect((await queuePage("reviewer", "?lang=de")).status).toBe(400);
  });

  it("an editor gets 403 from the page, its .data and its actions, and sees neither the link nor a count", async () => {
    expect((await queuePage("editor")).status).toBe(403);
    expect((await get(`${site.url}${QUEUE}.data`, cookies.editor)).status).toBe(403);
    const english = rowsOf((await queuePage("reviewer")).html).find((r) => r.what === "Queue post in English")!;
    expect((await get(`${site.url}${english.open}`, cookies.editor)).status).toBe(403);
    const revision = english.open.split("/").pop()!;
    const refused = await formPost(`${site.url}${QUEUE}.data`, { intent: "publish", revision }, { cookie: cookies.editor });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your role (editor) cannot publish changes waiting for review");
    expect(textOf(await (await get(`${site.url}/blog/queue-post-english`)).text())).not.toContain("as proposed.");

    const dashboard = await (await get(`${site.url}/admin/dashboard`, cookies.editor)).text();
    expect(dashboard).not.toContain(`href="${QUEUE}"`);
    expect(countIn(dashboard)).toBeUndefined();
    // The dashboard's data for the editor carries no count either.
    expect(dataValue(await dashboardData("editor"), "reviewCount")).toBeNull();
    expect(dataValue(await dashboardData("reviewer"), "reviewCount")).toBe(5);
  });

  it("a reviewer publishes one and discards another from the queue, with a comment; the second try is told who did it", async () => {
    const rows = rowsOf((await queuePage("reviewer")).html);
    const english = rows.find((r) => r.what === "Queue post in English")!;
    const member = rows.find((r) => r.text.startsWith("Team member"))!;
    const publishId = english.open.split("/").pop()!;
    const discardId = member.open.split("/").pop()!;

    // The review page renders the change for reading.
    const review = await (await get(`${site.url}${english.open}`, cookies.reviewer)).text();
    expect(textOf(review)).toContain("Review “Queue post in English”");
    expect(review).toContain('role="tablist"');
    expect(review).toMatch(/<ins class="review-ins"><span class="sr-only">added: <\/span>, as proposed<\/ins>/);
    expect(textOf(review)).toContain("Changed paragraph, proposed version");

    const published = await formPost(`${site.url}${QUEUE}.data`, { intent: "publish", revision: publishId, comment: "Reads well." }, { cookie: cookies.reviewer });
    expect(published.status).toBe(200);
    expect(textOf(await (await get(`${site.url}/blog/queue-post-english`)).text())).toContain("Queue post in English, as proposed.");
    const discarded = await formPost(`${site.url}${QUEUE}.data`, { intent: "discard", revision: discardId, comment: "Keep the old number." }, { cookie: cookies.reviewer });
    expect(discarded.status).toBe(200);

    const after = await queuePage("reviewer");
    expect(rowsOf(after.html).map((r) => r.what)).not.toContain("Queue post in English");
    expect(rowsOf(after.html).some((r) => r.text.startsWith("Team member"))).toBe(false);
    expect(countIn(after.html)).toBe("3");

    const again = await formPost(`${site.url}${QUEUE}.data`, { intent: "publish", revision: publishId }, { cookie: cookies.admin });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already published");
    const closed = textOf(await (await get(`${site.url}${english.open}`, cookies.admin)).text());
    expect(closed).toContain("This change was published by Rita Reviewer");
    // A comment longer than the limit changes nothing.
    const farsi = rowsOf(after.html).find((r) => r.what === "Queue post for Farsi")!;
    const tooLong = await formPost(`${site.url}${QUEUE}.data`, { intent: "publish", revision: farsi.open.split("/").pop()!, comment: "x".repeat(2001) }, { cookie: cookies.reviewer });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("The comment is too long");
    expect(countIn((await queuePage("reviewer")).html)).toBe("3");
    expect(dataValue(await dashboardData("reviewer"), "reviewCount")).toBe(3);
  });

  it("says before a publish from the queue how many subscribers it mails, per language; an editor (sign-off off) sees only that it mails", async () => {
    // A post published in English only (its English went to the English subscribers), then the editor's Farsi version of it.
    const english = await newPost("admin", true, "Queue post mailed in Farsi later", "queue-post-farsi-later");
    const farsi = await formPost(`${english.url}.data`, { intent: "save", ...english.values, titleFa: "عنوان فارسی", contentFa: "متن فارسی.", published: "on", version: "1" }, { cookie: cookies.editor });
    expect(farsi.status, await farsi.clone().text()).toBe(200);
    // The editor's new post proposed for publication: every language it has goes out when it is published.
    const proposed = await formPost(
      `${site.url}/admin/dashboard/blog/new`,
      { intent: "save", title: "Queue new post with Chinese", slug: "queue-new-post-chinese", author: "The firm", publishedAt: "2026-11-20", excerpt: "Short.", content: "Body.", titleZh: "中文标题", contentZh: "中文正文。", propose: "1" },
      { cookie: cookies.editor },
    );
    expect(proposed.status, await proposed.clone().text()).toBe(302);

    const rows = rowsOf((await queuePage("reviewer")).html);
    expect(rows.find((r) => r.what === "Queue post mailed in Farsi later")!.text).toContain("This will mail 2 subscribers: 2 Farsi.");
    expect(rows.find((r) => r.what === "Queue new post with Chinese")!.text).toContain("This will mail 4 subscribers: 3 English, 1 Chinese.");
    // A change that publishes no new language's version mails nobody, and says nothing.
    expect(rows.find((r) => r.what === "Queue post for Farsi")!.text).not.toContain("mail");
    // The review page says it too.
    const review = textOf(await (await get(`${site.url}${rows.find((r) => r.what === "Queue post mailed in Farsi later")!.open}`, cookies.reviewer)).text());
    expect(review).toContain("This will mail 2 subscribers: 2 Farsi.");

    // With sign-off off an editor publishes from the queue: told that it mails, never how many (client data, decision 0090).
    const policy = (on: boolean) => formPost(`${site.url}/admin/dashboard/staff.data`, { intent: "set-policy", signOffRequired: String(on), secondFactorForAll: "false" }, { cookie: cookies.admin });
    expect((await policy(false)).status).toBe(200);
    try {
      const page = await queuePage("editor");
      expect(page.status).toBe(200);
      const editorRows = rowsOf(page.html);
      expect(editorRows.find((r) => r.what === "Queue post mailed in Farsi later")!.text).toContain("Publishing this post will mail the newsletter's subscribers.");
      expect(page.html).not.toContain("This will mail");
      const data = await (await get(`${site.url}${QUEUE}.data`, cookies.editor)).text();
      expect(data).toContain('"counts"');
      expect(data).not.toContain("byLanguage");
    } finally {
      expect((await policy(true)).status).toBe(200);
    }

    // Publishing the Farsi version from the queue claims the Farsi mail: the count is gone after.
    const farsiRow = rows.find((r) => r.what === "Queue post mailed in Farsi later")!;
    const published = await formPost(`${site.url}${QUEUE}.data`, { intent: "publish", revision: farsiRow.open.split("/").pop()! }, { cookie: cookies.reviewer });
    expect(published.status).toBe(200);
    const editorPage = textOf(await (await get(english.url, cookies.reviewer)).text());
    expect(editorPage).not.toContain("This will mail");
  });
});
