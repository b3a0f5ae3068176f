/**
 * The sign-off (issue 31, decision 0070) through the real HTTP actions, one server for the file: an
 * editor's save of a live post or website text waits as a pending change (the public pages keep the
 * old text) until a lawyer publishes it from the History; an editor publishes a draft no machine
 * wrote, but not an AI-written one while sign-off is on, and can once an admin turns it off; only
 * an admin changes the staff policy.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirWithAdmin, formPost, get, openDataDir, signInHttp } from "../helpers/admin-http";
import { textOf } from "../helpers/html-text";
import { startSite, type SiteServer } from "../helpers/server";

const ADMIN = { email: "admin.signoff@example.test", password: "sign-off admin passphrase", name: "Ada Admin" };
const EDITOR = { email: "editor.signoff@example.test", password: "sign-off editor passphrase", name: "Eddie Editor" };
const LAWYER = { email: "lawyer.signoff@example.test", password: "sign-off lawyer passphrase", name: "Rita Lawyer" };
type Who = "admin" | "editor" | "lawyer";

const REFUSED = "Your role (editor) cannot publish changes waiting for review or AI-written drafts.";

describe("sign-off: editors propose, lawyers publish", () => {
  let dataDir: string;
  let site: SiteServer;
  const cookies: Record<Who, string> = { admin: "", editor: "", lawyer: "" };
  let seq = 0;

  beforeAll(async () => {
    dataDir = await dataDirWithAdmin("sign-off-", ADMIN, { demo: true, staff: [[EDITOR, "editor"], [LAWYER, "lawyer"]] });
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    cookies.admin = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    cookies.editor = await signInHttp(site.url, EDITOR.email, EDITOR.password);
    cookies.lawyer = await signInHttp(site.url, LAWYER.email, LAWYER.password);
  });
  afterAll(async () => {
    await site?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const publicText = async (path: string) => textOf(await (await get(`${site.url}${path}`)).text());

  /** A new post through New Post's first save (no JavaScript: a redirect to its editor); its editor's address and values. */
  async function newPost(who: Who, published: boolean, extra: Record<string, string> = {}) {
    seq += 1;
    const values = { title: `Sign-off post ${seq}`, slug: `sign-off-post-${seq}`, author: "The firm", publishedAt: "2026-11-20", excerpt: "Short.", content: `The first body of post ${seq}.` };
    const created = await formPost(`${site.url}/admin/dashboard/blog/new`, { intent: "save", ...values, ...(published ? { published: "on" } : {}), ...extra }, { cookie: cookies[who] });
    expect(created.status, await created.clone().text()).toBe(302);
    return { url: new URL(created.headers.get("location")!, site.url).href, values };
  }

  const pendingRevisionId = (historyHtml: string) => Number(/name="intent" value="discard"\/><input type="hidden" name="revision" value="(\d+)"/.exec(historyHtml)?.[1] ?? 0);

  it("an editor's save of a published post waits for a lawyer; the lawyer publishes it from the History", async () => {
    const post = await newPost("admin", true);
    expect(await publicText(`/blog/${post.values.slug}`)).toContain(post.values.content);

    const saved = await formPost(`${post.url}.data`, { intent: "save", ...post.values, content: "The editor's new body.", published: "on", version: "1" }, { cookie: cookies.editor });
    expect(saved.status).toBe(200);
    // Visitors still read the published text.
    const live = await publicText(`/blog/${post.values.slug}`);
    expect(live).toContain(post.values.content);
    expect(live).not.toContain("The editor's new body.");

    const history = `${post.url.replace("/blog/", "/history/post/")}`;
    const page = await (await get(history, cookies.lawyer)).text();
    expect(textOf(page)).toContain("Change waiting for review");
    expect(textOf(page)).toContain(`by ${EDITOR.name}`);
    expect(page).toContain("Publish change");
    const revision = pendingRevisionId(page);
    expect(revision).toBeGreaterThan(0);

    // The editor cannot publish it themself.
    const refused = await formPost(history, { intent: "publish", revision: String(revision) }, { cookie: cookies.editor });
    expect(refused.status).toBe(403);
    expect(await publicText(`/blog/${post.values.slug}`)).not.toContain("The editor's new body.");

    const published = await formPost(`${history}.data`, { intent: "publish", revision: String(revision) }, { cookie: cookies.lawyer });
    expect(published.status).toBe(200);
    expect(await publicText(`/blog/${post.values.slug}`)).toContain("The editor's new body.");
  });

  it("an editor's draft is proposed for publication, never published by the editor (decision 0087); a post taken down goes back up only with the sign-off", async () => {
    const draft = await newPost("editor", false);
    expect((await get(`${site.url}/blog/${draft.values.slug}`)).status).toBe(404);
    const edited = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, content: "Edited by the editor.", version: "1" }, { cookie: cookies.editor });
    expect(edited.status).toBe(200);
    // A hand-made publish: 403 and nothing public.
    const crafted = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, content: "Edited by the editor.", published: "on", version: "2" }, { cookie: cookies.editor });
    expect(crafted.status).toBe(403);
    expect(await crafted.text()).toContain("Propose for publication");
    expect((await get(`${site.url}/blog/${draft.values.slug}`)).status).toBe(404);
    // The form's "Propose for publication": still a draft, with a proposal a reviewer publishes.
    const proposed = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, content: "Edited by the editor.", propose: "1", version: "2" }, { cookie: cookies.editor });
    expect(proposed.status).toBe(200);
    expect((await get(`${site.url}/blog/${draft.values.slug}`)).status).toBe(404);
    const history = draft.url.replace("/blog/", "/history/post/");
    const revision = pendingRevisionId(await (await get(history, cookies.lawyer)).text());
    expect(revision).toBeGreaterThan(0);
    expect((await formPost(`${history}.data`, { intent: "publish", revision: String(revision) }, { cookie: cookies.lawyer })).status).toBe(200);
    expect(await publicText(`/blog/${draft.values.slug}`)).toContain("Edited by the editor.");

    // Taking it down is direct; editing and putting it back is not a way around the review.
    const down = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, content: "Changed while down.", version: "4" }, { cookie: cookies.editor });
    expect(down.status).toBe(200);
    expect((await get(`${site.url}/blog/${draft.values.slug}`)).status).toBe(404);
    const back = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, content: "Changed while down.", published: "on", version: "5" }, { cookie: cookies.editor });
    expect(back.status).toBe(403);
    expect(await back.text()).toContain("needs a lawyer's sign-off");
    expect((await get(`${site.url}/blog/${draft.values.slug}`)).status).toBe(404);
  });

  it("an AI-written draft: the editor gets 403 while sign-off is on, publishes once an admin turns it off", async () => {
    // Written with the editor's AI (the form's machineText field): stored as a machine-written draft.
    const draft = await newPost("editor", false, { machineText: "1" });
    const refused = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, published: "on", version: "1" }, { cookie: cookies.editor });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(REFUSED);
    expect((await get(`${site.url}/blog/${draft.values.slug}`)).status).toBe(404);
    // Publishing it at once from New Post is refused the same way, and stores nothing.
    seq += 1;
    const atOnce = await formPost(`${site.url}/admin/dashboard/blog/new`, { intent: "save", title: "AI at once", slug: `ai-at-once-${seq}`, author: "", publishedAt: "2026-11-20", excerpt: "x", content: "y", published: "on", machineText: "1" }, { cookie: cookies.editor });
    expect(atOnce.status).toBe(403);
    expect((await get(`${site.url}/blog/ai-at-once-${seq}`)).status).toBe(404);

    // Only an admin changes the policy.
    const staff = `${site.url}/admin/dashboard/staff`;
    for (const who of ["editor", "lawyer"] as const) {
      const denied = await formPost(staff, { intent: "set-policy", signOffRequired: "false", secondFactorForAll: "false" }, { cookie: cookies[who] });
      expect(denied.status).toBe(403);
    }
    expect(textOf(await (await get(staff, cookies.admin)).text())).toContain("Require a lawyer's sign-off before machine-written text or proposed changes go live");
    // A form that leaves a setting out changes nothing.
    expect((await formPost(`${staff}.data`, { intent: "set-policy", signOffRequired: "false" }, { cookie: cookies.admin })).status).toBe(400);
    const stillRefused = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, published: "on", version: "1" }, { cookie: cookies.editor });
    expect(stillRefused.status).toBe(403);
    // The sign-off switch off.
    expect((await formPost(`${staff}.data`, { intent: "set-policy", signOffRequired: "false", secondFactorForAll: "false" }, { cookie: cookies.admin })).status).toBe(200);
    try {
      const allowed = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, published: "on", version: "1" }, { cookie: cookies.editor });
      expect(allowed.status).toBe(200);
      expect(await publicText(`/blog/${draft.values.slug}`)).toContain(draft.values.content);
      // And an editor's change of a live post goes live directly, as a lawyer's does.
      const direct = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, content: "Live at once.", published: "on", version: "2" }, { cookie: cookies.editor });
      expect(direct.status).toBe(200);
      expect(await publicText(`/blog/${draft.values.slug}`)).toContain("Live at once.");
    } finally {
      expect((await formPost(`${staff}.data`, { intent: "set-policy", signOffRequired: "true", secondFactorForAll: "false" }, { cookie: cookies.admin })).status).toBe(200);
    }
    // On again: the editor proposes.
    const proposed = await formPost(`${draft.url}.data`, { intent: "save", ...draft.values, content: "Proposed again.", published: "on", version: "3" }, { cookie: cookies.editor });
    expect(proposed.status).toBe(200);
    expect(await publicText(`/blog/${draft.values.slug}`)).not.toContain("Proposed again.");
  });

  it("an editor's change of a website text waits for a lawyer; the public page keeps the old text until it is published", async () => {
    const before = await publicText("/blog");
    const saved = await formPost(`${site.url}/admin/dashboard/content.data`, { intent: "save", key: "blog-hero-title", content: "Proposed blog heading", content_fa: "", content_zh: "", version: "1" }, { cookie: cookies.editor });
    expect(saved.status).toBe(200);
    const after = await publicText("/blog");
    expect(after).not.toContain("Proposed blog heading");
    expect(after).toBe(before);

    const history = `${site.url}/admin/dashboard/history/content/blog-hero-title`;
    const page = await (await get(history, cookies.lawyer)).text();
    expect(textOf(page)).toContain(`by ${EDITOR.name}`);
    const revision = pendingRevisionId(page);
    expect(revision).toBeGreaterThan(0);
    expect((await formPost(`${history}.data`, { intent: "publish", revision: String(revision) }, { cookie: cookies.lawyer })).status).toBe(200);
    expect(await publicText("/blog")).toContain("Proposed blog heading");
  });

  it("the proposal and the policy change are in the audit log, with the session", async () => {
    await site.stop();
    const store = await openDataDir(dataDir);
    try {
      const { auditLog } = await import("../../db/schema");
      const rows = await store.db.select().from(auditLog);
      expect(rows.filter((r) => r.action === "propose_change").map((r) => r.entity).sort()).toEqual(expect.arrayContaining(["blog_post", "content_text"]));
      const policy = rows.filter((r) => r.entity === "staff_settings");
      expect(policy).toHaveLength(2);
      expect(policy.every((r) => r.sessionId)).toBe(true);
      expect(policy[0].details).toEqual({ signOffRequired: { from: true, to: false } });
    } finally {
      await store.close();
    }
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  });
});
