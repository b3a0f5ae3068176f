import { readFileSync, rmSync } from "node:fs";
import { ADMIN_OPEN_PATHS } from "../../app/auth/open-paths";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { ACCESS_DENIED } from "../../app/auth/forms";
import { can, CLIENT_RECORD_PERMISSIONS, refusal, ROLES, type Permission, type Role } from "../../app/auth/roles";
import { postToFormValues } from "../../app/blog/manage.server";
import { postSnapshot } from "../../app/blog/revisions.server";
import { proposeChange, recordSaved } from "../../app/revisions/store.server";
import { importPost } from "../../app/blog/gate.server";
import { deletePost } from "../../app/blog/manage.server";
import { NO_EVENTS } from "../../app/changes/commit.server";
import { blogPosts, consultationBookings, contactSubmissions, contentText, deletedItems, newsletterSubscribers, revisions, teamMembers, userRoles, users } from "../../db/schema";
import { contentSnapshot } from "../../app/content/revisions.server";
import { readMemberSnapshot } from "../../app/team/revisions.server";
import { deleteMember } from "../../app/team/members.server";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { formPost, get, openDataDir, runAdminCreate, signInHttp } from "../helpers/admin-http";
import { copyPgliteTemplate } from "../helpers/pglite-template";

/**
 * The role table (app/auth/roles.ts, decision 0066) against a real server, as a generated matrix:
 * every admin route and every intent of its action, read from app/routes.ts, the route sources and
 * their intents objects (a new route or intent is checked without editing this file), for every
 * kind of visitor: anonymous, signed in without a role, admin, lawyer, intake, editor. Client records
 * (decision 0090) get their own pass: every client route, intent, `.data` request and export, where a
 * refusal is 403 with the sentence, shows nothing of the client, and leaves an access-denied entry.
 */

interface Entry {
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

interface GuardedRoute {
  pattern: string;
  url: string;
  actionUrl: string;
  isPage: boolean;
  /** The permission its loader checks, and how: a page (redirects anonymous) or data (401). */
  loader: { permission: Permission; kind: "page" | "data" | "action-only" } | null;
  /** The tab's permission and each intent's own (undefined: the tab's). */
  action: { permission: Permission; intents: Record<string, { permission?: Permission }> } | null;
}

const PARAM_SAMPLES: Record<string, string> = { id: "1", kind: "post", slug: "sample" };
const OPEN = ADMIN_OPEN_PATHS;
const appDir = path.resolve(import.meta.dirname, "../../app");

async function guardedRoutes(entries: Entry[], base = ""): Promise<GuardedRoute[]> {
  const out: GuardedRoute[] = [];
  for (const entry of entries) {
    const full = [base, entry.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
    const pattern = `/${full.replace(/^\/+/, "")}`;
    if ((pattern === "/admin" || pattern.startsWith("/admin/")) && !OPEN.has(pattern)) {
      const file = path.resolve(appDir, entry.file);
      const source = readFileSync(file, "utf8");
      const url = pattern.replace(/:(\w+)\??/g, (_, name: string) => PARAM_SAMPLES[name] ?? "1");
      const guard = /require(Permission|DataPermission|ActionPermission)\(request, context, "([\w.]+)"\)/.exec(source);
      const kit = /adminAction\(intents, \{ permission: "([\w.]+)"/.exec(source);
      let action: GuardedRoute["action"] = null;
      if (kit) {
        const from = /import \{ intents\b[^}]*\} from "([^"]+)"/.exec(source)?.[1];
        if (!from) throw new Error(`${entry.file}: intents not imported from a module`);
        const modulePath = from.startsWith("~/") ? path.join(appDir, from.slice(2)) : path.resolve(path.dirname(file), from);
        const { intents } = (await import(`${modulePath}.ts`)) as { intents: Record<string, { permission?: Permission }> };
        action = { permission: kit[1] as Permission, intents };
      } else if (guard?.[1] === "ActionPermission") {
        action = { permission: guard[2] as Permission, intents: { upload: {} } };
      }
      out.push({
        pattern,
        url,
        actionUrl: entry.index ? `${url}?index` : url,
        isPage: guard?.[1] === "Permission",
        loader: guard ? { permission: guard[2] as Permission, kind: guard[1] === "Permission" ? "page" : guard[1] === "DataPermission" ? "data" : "action-only" } : null,
        action,
      });
    }
    if (entry.children) out.push(...(await guardedRoutes(entry.children, full)));
  }
  return out;
}

type Visitor = "anonymous" | "no-role" | Role;
const VISITORS: Visitor[] = ["anonymous", "no-role", ...ROLES];
const PASSWORD = "roles matrix passphrase";
const email = (who: string) => `roles-${who}@example.test`;
const CLIENT = { name: "Zephyrine Quillfeather", email: "zephyrine.client@example.test" };

describe("roles, declared once: every admin route and intent for every role", () => {
  let dataDir: string;
  let site: SiteServer | null = null;
  let routes: GuardedRoute[] = [];
  const cookies: Partial<Record<Visitor, string>> = {};
  let aiDraftId = 0;
  let livePostId = 0;
  let liveTitle = "";
  let liveSlug = "";
  let proposalId = 0;
  // The publish matrix's own items (decision 0087): a live post with a proposal, a live post with an
  // older revision, a draft, and a live post in Recently deleted.
  const matrix = { proposalPost: "", proposalPostId: 0, proposal: 0, restorePost: 0, restoreSlug: "", oldRevision: 0, draft: 0, draftValues: {} as Record<string, string>, draftSlug: "", trash: 0, trashSlug: "" };
  // The same for website texts (keys of the About page) and team members: each item by the path that would put it live.
  const textKeys = { save: "about-story-p1", history: "about-story-p2", queue: "about-story-p3", page: "about-story-p4", restore: "about-value-1-description", discard: "about-value-2-description" } as const;
  const texts = { history: 0, queue: 0, page: 0, discard: 0, restore: 0 };
  const members = { save: 0, show: 0, history: 0, queue: 0, page: 0, restore: 0, restoreHidden: 0, discard: 0, trash: 0, proposals: { history: 0, queue: 0, page: 0, discard: 0 }, revisions: { restore: 0, restoreHidden: 0 } };
  // Two days ahead, as the "Publish at" field sends it.
  const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);

  beforeAll(async () => {
    routes = await guardedRoutes(routeConfig as unknown as Entry[]);
    dataDir = tempDir("admin-roles-");
    await copyPgliteTemplate(path.join(dataDir, "pglite"), "demo");
    // The editor through the command line itself, as a firm would make one.
    const cli = await runAdminCreate(["--email", email("editor"), "--password", PASSWORD, "--role", "editor"], { DATA_DIR: dataDir });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain(`Created editor account ${email("editor")}.`);
    const store = await openDataDir(dataDir);
    for (const role of ["admin", "lawyer", "intake"] as const) await createOrPromoteAdmin(store.db, { email: email(role), password: PASSWORD }, { via: "test", role });
    // One client of each kind, whose name and address must never reach a refused visitor.
    await store.db.insert(contactSubmissions).values({ name: CLIENT.name, email: CLIENT.email, message: "Subject: Lease\n\nMy landlord kept the deposit." });
    await store.db.insert(newsletterSubscribers).values({ email: CLIENT.email, confirmedAt: new Date() });
    const start = new Date(Date.now() + 3 * 86_400_000);
    await store.db.insert(consultationBookings).values({ startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000), kind: "phone", name: CLIENT.name, email: CLIENT.email, description: "About the deposit." });
    // Signs in as an editor, then loses its role with the session open.
    const noRole = await createOrPromoteAdmin(store.db, { email: email("no-role"), password: PASSWORD }, { via: "test", role: "editor" });
    await store.close();

    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    for (const visitor of VISITORS) if (visitor !== "anonymous") cookies[visitor] = await signInHttp(site.url, email(visitor), PASSWORD);
    await site.stop();
    site = null;

    const db = await openDataDir(dataDir);
    await db.db.delete(userRoles).where(eq(userRoles.userId, noRole.userId));
    const posts = await db.db.select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(blogPosts.id);
    // A machine-written draft waiting for sign-off, and a pending change of a live post.
    const [draft] = await db.db.update(blogPosts).set({ published: false, aiGenerated: true, awaitingReview: true }).where(eq(blogPosts.id, posts[0].id)).returning();
    aiDraftId = draft.id;
    const live = posts[1];
    livePostId = live.id;
    liveTitle = live.title;
    liveSlug = live.slug;
    proposalId = (await proposeChange(db.db, { entity: "post", entityId: live.id, source: "ai", snapshot: { ...postSnapshot(live), title: "Proposed by the machine" }, note: "AI rewrite", userId: null, baseVersion: live.version })).id;
    const item = (n: string, published: boolean) => importPost(db.db, { title: `Matrix ${n}`, slug: `matrix-${n}`, excerpt: `Matrix excerpt ${n}.`, content: `Matrix body ${n}.`, author: "", published });
    const proposalPost = await item("proposal", true);
    [matrix.proposalPost, matrix.proposalPostId] = [proposalPost.slug, proposalPost.id];
    matrix.proposal = (await proposeChange(db.db, { entity: "post", entityId: proposalPost.id, source: "person", snapshot: { ...postSnapshot(proposalPost), title: "Matrix proposed title" }, userId: null, baseVersion: proposalPost.version })).id;
    const restorable = await item("restore", true);
    [matrix.restorePost, matrix.restoreSlug] = [restorable.id, restorable.slug];
    matrix.oldRevision = (await recordSaved(db.db, { entity: "post", entityId: restorable.id, source: "person", snapshot: { ...postSnapshot(restorable), excerpt: "Matrix old excerpt." }, version: restorable.version, userId: null })).id;
    const draftRow = await item("draft", false);
    [matrix.draft, matrix.draftSlug] = [draftRow.id, draftRow.slug];
    matrix.draftValues = Object.fromEntries(Object.entries(postToFormValues(draftRow)).map(([key, value]) => [key, String(value ?? "")]));
    const trashed = await item("trash", true);
    matrix.trashSlug = trashed.slug;
    const [admin] = await db.db.select().from(users).where(eq(users.email, email("admin")));
    await deletePost({ db: db.db, events: NO_EVENTS }, { id: admin.id, email: admin.email, name: admin.name ?? "" }, trashed.id);
    matrix.trash = (await db.db.select().from(deletedItems).where(and(eq(deletedItems.entity, "post"), eq(deletedItems.entityId, String(trashed.id)))))[0].id;
    // Website texts: a change waiting per way of publishing it, and an old revision to restore.
    for (const name of ["history", "queue", "page", "discard"] as const) {
      const [row] = await db.db.select().from(contentText).where(eq(contentText.key, textKeys[name]));
      texts[name] = (await proposeChange(db.db, { entity: "content", entityId: row.key, source: "person", snapshot: { ...contentSnapshot(row), content: `Matrix text via ${name}.` }, userId: null, baseVersion: row.version })).id;
    }
    const [restorableText] = await db.db.select().from(contentText).where(eq(contentText.key, textKeys.restore));
    texts.restore = (await recordSaved(db.db, { entity: "content", entityId: restorableText.key, source: "person", snapshot: { ...contentSnapshot(restorableText), content: "Matrix text restored." }, version: restorableText.version, userId: null })).id;
    // Team members: shown ones with a change waiting, one with an old revision, a hidden one, a hidden
    // one whose old revision was shown, and one deleted while shown.
    const member = async (name: string, active: boolean) => {
      const [row] = await db.db.insert(teamMembers).values({ name, orderIndex: 900, active }).returning();
      return { row, snapshot: await readMemberSnapshot(db.db, row) };
    };
    members.save = (await member("Matrix member to save", true)).row.id;
    members.show = (await member("Matrix member hidden", false)).row.id;
    for (const name of ["history", "queue", "page", "discard"] as const) {
      const { row, snapshot } = await member(`Matrix member ${name}`, true);
      members[name] = row.id;
      members.proposals[name] = (await proposeChange(db.db, { entity: "team_member", entityId: String(row.id), source: "person", snapshot: { ...snapshot, name: `Matrix member via ${name}` }, userId: null, baseVersion: row.version })).id;
    }
    for (const [name, active] of [["restore", true], ["restoreHidden", false]] as const) {
      const { row, snapshot } = await member(`Matrix member ${name}`, active);
      members[name] = row.id;
      members.revisions[name] = (await recordSaved(db.db, { entity: "team_member", entityId: String(row.id), source: "person", snapshot: { ...snapshot, name: `Matrix member ${name} as it was`, active: true }, version: row.version, userId: null })).id;
    }
    const trashedMember = (await member("Matrix member trashed", true)).row.id;
    await deleteMember({ db: db.db, events: NO_EVENTS }, { id: admin.id }, trashedMember);
    members.trash = (await db.db.select().from(deletedItems).where(and(eq(deletedItems.entity, "team_member"), eq(deletedItems.entityId, String(trashedMember)))))[0].id;
    await db.close();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds every admin route's permission and every intent", () => {
    const patterns = routes.map((r) => r.pattern);
    for (const expected of ["/admin", "/admin/dashboard", "/admin/dashboard/instagram", "/admin/dashboard/staff", "/admin/dashboard/inbox/export/:kind", "/admin/dashboard/history/:kind/:id", "/admin/jobs/:id", "/admin/media", "/admin/dashboard/consultations"]) {
      expect(patterns).toContain(expected);
    }
    // One permission per route, declared where it is enforced: a route without one fails here.
    for (const route of routes) expect(route.loader, `${route.pattern} declares no permission`).not.toBeNull();
    const intents = routes.flatMap((r) => Object.keys(r.action?.intents ?? {}));
    expect(intents.length).toBeGreaterThanOrEqual(30);
    expect(routes.find((r) => r.pattern === "/admin/dashboard/history/:kind/:id")?.action?.intents.publish.permission).toBe("changes.publish");
    // The Consultations tab (decision 0080): its loader, the tab's permission and each intent's own.
    const consultations = routes.find((r) => r.pattern === "/admin/dashboard/consultations");
    expect(consultations?.loader?.permission).toBe("consultations.read");
    expect(consultations?.action?.permission).toBe("consultations.handle");
    expect(Object.keys(consultations?.action?.intents ?? {}).sort()).toEqual([
      "add-closed-date",
      "client",
      "create-feed",
      "create-lawyer-feed",
      "decline-texts",
      "notes",
      "read-lawyer-calendar",
      "remove-closed-date",
      "remove-lawyer-calendar",
      "revoke-feed",
      "revoke-lawyer-feed",
      "set-lawyer-calendar",
      "settings",
      "status",
    ]);
    expect(consultations?.action?.intents.settings.permission).toBe("consultations.settings");
    // Each lawyer's calendar address and own feed (decision 0105): admins only.
    for (const name of ["set-lawyer-calendar", "read-lawyer-calendar", "remove-lawyer-calendar", "create-lawyer-feed", "revoke-lawyer-feed"]) {
      expect(consultations?.action?.intents[name].permission).toBe("consultations.settings");
    }
    // How the firm mails its subscribers is an admin's (issue 44).
    expect(routes.find((r) => r.pattern === "/admin/dashboard/inbox")?.action?.intents["newsletter-settings"].permission).toBe("newsletter.settings");
    expect(consultations?.action?.intents["create-feed"].permission).toBe("consultations.read");
    // The Statistics tab (decision 0082): admins and lawyers, no action.
    expect(routes.find((r) => r.pattern === "/admin/dashboard/statistics")?.loader).toEqual({ permission: "stats.read", kind: "page" });
    expect(routes.find((r) => r.pattern === "/admin/dashboard/statistics/export")?.loader).toEqual({ permission: "stats.read", kind: "data" });
    // The People tab (decision 0092): a person's data, and the retention an admin sets.
    expect(routes.find((r) => r.pattern === "/admin/dashboard/people")?.loader).toEqual({ permission: "people.data", kind: "page" });
    expect(routes.find((r) => r.pattern === "/admin/dashboard/people/export")?.loader).toEqual({ permission: "people.data", kind: "data" });
    expect(routes.find((r) => r.pattern === "/admin/dashboard/people")?.action?.intents.retention.permission).toBe("clients.retention");
  });

  it("opens a calendar feed by its token alone: a session of any kind neither opens a wrong token nor is needed", async () => {
    expect(OPEN.has("/admin/calendar/:feed")).toBe(true);
    for (const visitor of VISITORS) {
      const response = await get(`${site!.url}/admin/calendar/${"0".repeat(64)}.ics`, cookies[visitor]);
      expect(response.status, `GET a made-up feed as ${visitor}`).toBe(404);
      // No POST: anonymous is refused by the gate, staff find no action.
      const post = await formPost(`${site!.url}/admin/calendar/${"0".repeat(64)}.ics`, {}, { cookie: cookies[visitor] });
      expect(post.status, `POST a feed as ${visitor}`).toBe(visitor === "anonymous" ? 401 : visitor === "no-role" ? 403 : 405);
    }
  });

  it("answers each loader exactly as the role table says", async () => {
    for (const route of routes) {
      const { permission, kind } = route.loader!;
      for (const visitor of VISITORS) {
        const label = `GET ${route.url} as ${visitor}`;
        const response = await get(site!.url + route.url, cookies[visitor]);
        const body = (await response.text()).replaceAll("&#x27;", "'");
        if (kind === "action-only") {
          // Uploads only: a GET is refused for everyone before any role is looked at.
          expect(response.status, label).toBe(405);
        } else if (visitor === "anonymous") {
          expect(response.status, label).toBe(kind === "page" ? 302 : 401);
        } else if (visitor === "no-role") {
          expect(response.status, label).toBe(403);
          expect(body, label).toContain(ACCESS_DENIED);
        } else if (can([visitor], permission)) {
          // A layout and its index share an address: the index's own permission decides too.
          const lacking = routes.filter((r) => r.url === route.url && r.loader && !can([visitor], r.loader.permission));
          if (lacking.length === 0) expect([200, 302, 404], label).toContain(response.status);
          else {
            expect(response.status, label).toBe(403);
            expect(body, label).toContain(refusal([visitor], lacking[0].loader!.permission));
          }
        } else {
          expect(response.status, label).toBe(403);
          expect(body, label).toContain(refusal([visitor], permission));
        }
      }
    }
  });

  it("answers each intent exactly as the role table says (refused before it runs, with a sentence)", async () => {
    let checked = 0;
    for (const route of routes.filter((r) => r.action)) {
      const { permission: tab, intents } = route.action!;
      for (const [name, spec] of Object.entries(intents)) {
        const permission = spec.permission ?? tab;
        for (const visitor of VISITORS) {
          const label = `POST ${route.actionUrl} intent=${name} as ${visitor}`;
          const response = await formPost(`${site!.url}${route.actionUrl}`, { intent: name }, { cookie: cookies[visitor] });
          const body = await response.text();
          if (visitor === "anonymous") expect(response.status, label).toBe(401);
          else if (visitor === "no-role") {
            expect(response.status, label).toBe(403);
            expect(body, label).toContain(ACCESS_DENIED);
          } else if (can([visitor], permission)) {
            expect(response.status, label).not.toBe(403);
            expect(response.status, label).not.toBe(401);
          } else {
            expect(response.status, label).toBe(403);
            expect(body, label).toContain(refusal([visitor], permission));
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30 * VISITORS.length);
    // Six kinds of visitor × every intent, each a rendered page: minutes on a busy machine.
  }, 240_000);

  it("client records: every client route, intent, .data request and export, for every visitor (refused: 403, the sentence, nothing of the client, an access-denied entry)", async () => {
    const isClient = (permission: Permission) => CLIENT_RECORD_PERMISSIONS.includes(permission);
    const clientRoutes = routes.filter((r) => (r.loader && isClient(r.loader.permission)) || (r.action && (isClient(r.action.permission) || Object.values(r.action.intents).some((i) => i.permission && isClient(i.permission)))));
    expect(clientRoutes.map((r) => r.pattern).sort()).toEqual(["/admin/dashboard/consultations", "/admin/dashboard/inbox", "/admin/dashboard/inbox/export/:kind"]);
    // Each GET with the permission it needs: the pages, their .data twins, and both exports by name.
    const reads: Array<{ url: string; permission: Permission; page: boolean }> = [];
    for (const route of clientRoutes) {
      if (route.pattern.endsWith("/:kind")) {
        for (const kind of ["submissions", "subscribers"]) reads.push({ url: route.url.replace(/\/[^/]+$/, `/${kind}`), permission: route.loader!.permission, page: false });
        continue;
      }
      reads.push({ url: route.url, permission: route.loader!.permission, page: true }, { url: `${route.url}.data`, permission: route.loader!.permission, page: false });
      for (const view of ["?show=conflict", "?view=week"]) reads.push({ url: `${route.url}${view}`, permission: route.loader!.permission, page: true });
    }
    const refused: Array<{ who: string; path: string }> = [];
    const expectNothingOfTheClient = (body: string, label: string) => {
      expect(body, label).not.toContain(CLIENT.name);
      expect(body, label).not.toContain(CLIENT.email);
    };
    for (const read of reads) {
      for (const visitor of VISITORS) {
        const label = `GET ${read.url} as ${visitor}`;
        const response = await get(site!.url + read.url, cookies[visitor]);
        const body = (await response.text()).replaceAll("&#x27;", "'");
        if (visitor === "anonymous") {
          expect(response.status, label).toBe(read.page ? 302 : read.url.endsWith(".data") ? 202 : 401);
          expectNothingOfTheClient(body, label);
        } else if (visitor === "no-role") {
          expect(response.status, label).toBe(403);
          expectNothingOfTheClient(body, label);
        } else if (can([visitor], read.permission)) {
          expect(response.status, label).toBe(200);
          // What they may see they do see: the client is on the page, in the data and in the file.
          if (!read.url.includes("?")) expect(body, label).toContain(CLIENT.email);
        } else {
          expect(response.status, label).toBe(403);
          expect(body, label).toContain(refusal([visitor], read.permission));
          expectNothingOfTheClient(body, label);
          refused.push({ who: email(visitor), path: new URL(site!.url + read.url).pathname.replace(/\.data$/, "") });
        }
      }
    }
    let intents = 0;
    for (const route of clientRoutes.filter((r) => r.action)) {
      for (const [name, spec] of Object.entries(route.action!.intents)) {
        const permission = spec.permission ?? route.action!.permission;
        for (const target of [route.actionUrl, `${route.url}.data`]) {
          for (const visitor of VISITORS) {
            if (visitor === "anonymous" || visitor === "no-role") continue;
            const label = `POST ${target} intent=${name} as ${visitor}`;
            const response = await formPost(site!.url + target, { intent: name }, { cookie: cookies[visitor] });
            const body = (await response.text()).replaceAll("&#x27;", "'");
            if (can([visitor], permission)) expect(response.status, label).not.toBe(403);
            else {
              expect(response.status, label).toBe(403);
              expect(body, label).toContain(refusal([visitor], permission));
              // A refused intent of a tab one may read still shows the tab (a lawyer's settings); else nothing.
              if (!can([visitor], route.loader!.permission)) expectNothingOfTheClient(body, label);
              refused.push({ who: email(visitor), path: new URL(site!.url + target).pathname.replace(/\.data$/, "") });
              intents++;
            }
          }
        }
      }
    }
    expect(intents).toBeGreaterThan(0);
    expect(refused.filter((r) => r.who === email("editor")).length).toBeGreaterThan(10);
    expect(refused.some((r) => r.who === email("intake") && r.path.includes("/export/"))).toBe(true);
    expect(refused.some((r) => r.who === email("lawyer") && r.path.includes("/export/"))).toBe(true);

    // Every refusal is in the audit log as access_denied, with the person and the address.
    const audit = await get(`${site!.url}/admin/dashboard/audit/export?action=access_denied`, cookies.admin);
    expect(audit.status).toBe(200);
    const lines = (await audit.text()).split("\n");
    for (const { who, path: where } of refused) {
      expect(lines.some((line) => line.includes(`,${who},access_denied,admin_route,${where},`)), `access_denied of ${who} at ${where}`).toBe(true);
    }
    // Nobody refused is an admin; the lawyer is refused only exports.
    expect(lines.some((line) => line.includes(`,${email("admin")},access_denied,`))).toBe(false);
  }, 180_000);

  it("an editor cannot publish a change waiting for review (403, nothing changed); a lawyer can", async () => {
    const url = `${site!.url}/admin/dashboard/history/post/${livePostId}`;
    // The editor's History page offers no Publish button; the server refuses the request anyway.
    const page = await (await get(url, cookies.editor)).text();
    expect(page).toContain("Discard change");
    expect(page).not.toContain("Publish change");
    const refused = await formPost(url, { intent: "publish", revision: String(proposalId) }, { cookie: cookies.editor });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your role (editor) cannot publish changes waiting for review or AI-written drafts.");
    const scheduled = await formPost(url, { intent: "schedule", revision: String(proposalId), publishAt: later }, { cookie: cookies.editor });
    expect(scheduled.status).toBe(403);
    // Nor through an editor's save that carries a pending change under review (a website text's here).
    const throughEditor = await formPost(`${site!.url}/admin/dashboard/content`, { intent: "save", key: "home.hero.title", content: "x", content_fa: "", content_zh: "", version: "", reviewing: String(proposalId) }, { cookie: cookies.editor });
    expect(throughEditor.status).toBe(403);
    expect(await throughEditor.text()).toContain("Your role (editor) cannot publish changes waiting for review or AI-written drafts.");
    // Nothing changed: visitors still read the live version, and the change still waits.
    const publicPage = await (await get(`${site!.url}/blog/${liveSlug}`)).text();
    expect(publicPage).not.toContain("Proposed by the machine");
    expect(await (await get(url, cookies.editor)).text()).toContain("Change waiting for review");

    expect(await (await get(url, cookies.lawyer)).text()).toContain("Publish change");
    const published = await formPost(`${url}.data`, { intent: "publish", revision: String(proposalId) }, { cookie: cookies.lawyer });
    expect(published.status).toBe(200);

    await site!.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      const [post] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, livePostId));
      expect(post.title).toBe("Proposed by the machine");
      expect(post.title).not.toBe(liveTitle);
      const [row] = await store.db.select().from(revisions).where(eq(revisions.id, proposalId));
      expect(row.status).toBe("published");
      expect(row.publishAt).toBeNull();
    } finally {
      await store.close();
    }
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  });

  it("an editor saving an AI-written draft as published gets 403 and the draft stays unpublished; a lawyer signs it off", async () => {
    await site!.stop();
    site = null;
    let store = await openDataDir(dataDir);
    const [draft] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, aiDraftId));
    await store.close();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    const values = Object.fromEntries(Object.entries(postToFormValues(draft)).map(([key, value]) => [key, String(value ?? "")]));
    const form = { ...values, published: "on", intent: "save" };
    const url = `${site.url}/admin/dashboard/blog/${aiDraftId}`;

    const refused = await formPost(url, form, { cookie: cookies.editor });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your role (editor) cannot publish changes waiting for review or AI-written drafts.");
    const scheduled = await formPost(url, { intent: "schedule", publishAt: later }, { cookie: cookies.editor });
    expect(scheduled.status).toBe(403);
    // Saving it as a draft is an editor's work.
    expect((await formPost(`${url}.data`, { ...values, intent: "save" }, { cookie: cookies.editor })).status).toBe(200);

    await site.stop();
    site = null;
    store = await openDataDir(dataDir);
    try {
      const [after] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, aiDraftId));
      expect(after.published).toBe(false);
      expect(after.awaitingReview).toBe(true);
      expect(after.publishAt).toBeNull();
    } finally {
      await store.close();
    }
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    expect((await formPost(`${site.url}/admin/dashboard/blog/${aiDraftId}.data`, form, { cookie: cookies.lawyer })).status).toBe(200);
    await site.stop();
    site = null;
    store = await openDataDir(dataDir);
    try {
      const [after] = await store.db.select().from(blogPosts).where(eq(blogPosts.id, aiDraftId));
      expect(after.published).toBe(true);
      expect(after.awaitingReview).toBe(false);
    } finally {
      await store.close();
    }
  });

  it("an editor's hand-made publish of any kind (form POST or .data) changes nothing visible while sign-off is on, and works once it is off", async () => {
    site ??= await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    const history = (id: number) => `/admin/dashboard/history/post/${id}`;
    // Every publishing request, by what it asks (each schedule before its publish, so that with sign-off off both succeed): the intents of the History, the post editor, New Post and Recently deleted.
    const requests: Array<{ name: string; path: string; form: Record<string, string>; whenOn: "refused" | "proposed" }> = [
      { name: "schedule a proposal", path: history(matrix.proposalPostId), form: { intent: "schedule", revision: String(matrix.proposal), publishAt: later }, whenOn: "refused" },
      { name: "publish a proposal", path: history(matrix.proposalPostId), form: { intent: "publish", revision: String(matrix.proposal) }, whenOn: "refused" },
      { name: "schedule a draft", path: `/admin/dashboard/blog/${matrix.draft}`, form: { intent: "schedule", publishAt: later }, whenOn: "refused" },
      { name: "toggle published on a draft", path: `/admin/dashboard/blog/${matrix.draft}`, form: { ...matrix.draftValues, intent: "save", published: "on" }, whenOn: "refused" },
      { name: "a new post saved published", path: "/admin/dashboard/blog/new", form: { intent: "save", title: "Matrix new", slug: "matrix-new", author: "", publishedAt: "2026-11-20", excerpt: "x", content: "Matrix new body.", published: "on", stay: "1" }, whenOn: "refused" },
      // A restore by someone without the sign-off is a proposal (200), never a change visitors see.
      { name: "restore an old revision of a live post", path: history(matrix.restorePost), form: { intent: "restore", revision: String(matrix.oldRevision) }, whenOn: "proposed" },
      { name: "restore a live post from Recently deleted", path: "/admin/dashboard/deleted", form: { intent: "restore", entity: "post", id: String(matrix.trash) }, whenOn: "refused" },
    ];
    const url = (request: (typeof requests)[number], transport: "form" | "data") => `${site!.url}${request.path}${transport === "data" ? ".data" : ""}`;
    const visible = async () => ({
      proposal: await (await get(`${site!.url}/blog/${matrix.proposalPost}`)).text().then((html) => html.includes("Matrix proposed title")),
      restored: await (await get(`${site!.url}/blog/${matrix.restoreSlug}`)).text().then((html) => html.includes("Matrix old excerpt.")),
      draft: (await get(`${site!.url}/blog/${matrix.draftSlug}`)).status,
      created: (await get(`${site!.url}/blog/matrix-new`)).status,
      trash: (await get(`${site!.url}/blog/${matrix.trashSlug}`)).status,
    });
    const before = await visible();
    expect(before).toEqual({ proposal: false, restored: false, draft: 404, created: 404, trash: 404 });

    for (const transport of ["form", "data"] as const) {
      for (const request of requests) {
        const response = await formPost(url(request, transport), request.form, { cookie: cookies.editor });
        const label = `${request.name} (${transport}) as editor, sign-off on`;
        if (request.whenOn === "refused") expect(response.status, label).toBe(403);
        else expect(response.status, label).toBe(200);
        expect(await visible(), label).toEqual(before);
      }
    }

    // Sign-off off (the admin's Staff policy): the same requests publish.
    const policy = (on: boolean) => formPost(`${site!.url}/admin/dashboard/staff.data`, { intent: "set-policy", signOffRequired: String(on), secondFactorForAll: "false" }, { cookie: cookies.admin });
    expect((await policy(false)).status).toBe(200);
    try {
      for (const request of requests) {
        const response = await formPost(url(request, "data"), request.form, { cookie: cookies.editor });
        expect(response.status, `${request.name} (.data) as editor, sign-off off`).not.toBe(403);
        expect(response.status, `${request.name} (.data) as editor, sign-off off`).toBeLessThan(400);
      }
      expect(await visible()).toEqual({ proposal: true, restored: true, draft: 200, created: 200, trash: 200 });
    } finally {
      expect((await policy(true)).status).toBe(200);
    }
  });

  it("website texts and team members: an editor's hand-made publish of any kind (form POST or .data) changes nothing visible or stored while sign-off is on; a lawyer's and, once it is off, the editor's do", async () => {
    site ??= await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    const history = (kind: "content" | "team_member", id: string | number) => `/admin/dashboard/history/${kind}/${id}`;
    const memberForm = (id: number, name: string, active: boolean): Record<string, string> => ({
      intent: "update",
      id: String(id),
      name,
      email: "",
      phone: "",
      order_index: "900",
      ...(active ? { active: "on" } : {}),
      ...Object.fromEntries(["role", "bio", "education", "bar_admissions", "areas_of_practice"].flatMap((field) => ["en", "fa", "zh"].map((lang) => [`${field}_${lang}`, ""]))),
    });
    // Every request of these tabs, the History, the review queue and Recently deleted that could put a text or a
    // member live. `on`: the editor's answer under sign-off (403, 200 a proposal, null: refused for another reason
    // such as no translator or a change already discarded); `off`: sent again by the editor with sign-off off.
    type Request = { route: string; intent: string; name: string; path: string; form: Record<string, string>; on: 403 | 200 | null; off: boolean };
    const requests: Request[] = [
      { route: "/admin/dashboard/content", intent: "save", name: "save a text", path: "/admin/dashboard/content", form: { intent: "save", key: textKeys.save, content: "Matrix text saved.", content_fa: "", content_zh: "", version: "" }, on: 200, off: true },
      { route: "/admin/dashboard/content", intent: "save", name: "save a text under review (its waiting change)", path: "/admin/dashboard/content", form: { intent: "save", key: textKeys.history, content: "Matrix text via history.", content_fa: "", content_zh: "", version: "", reviewing: String(texts.history) }, on: 403, off: false },
      { route: "/admin/dashboard/content", intent: "translate-missing", name: "Translate All Missing Farsi", path: "/admin/dashboard/content", form: { intent: "translate-missing", language: "fa" }, on: null, off: false },
      { route: "/admin/dashboard/content", intent: "translate", name: "translate one text (into the form)", path: "/admin/dashboard/content", form: { intent: "translate", key: textKeys.save, text: "Matrix text saved.", language: "fa" }, on: null, off: false },
      { route: "/admin/dashboard/history/:kind/:id", intent: "schedule", name: "schedule a text's change", path: history("content", textKeys.history), form: { intent: "schedule", revision: String(texts.history), publishAt: later }, on: 403, off: false },
      { route: "/admin/dashboard/history/:kind/:id", intent: "publish", name: "publish a text's change from its History", path: history("content", textKeys.history), form: { intent: "publish", revision: String(texts.history) }, on: 403, off: true },
      { route: "/admin/dashboard/review", intent: "publish", name: "publish a text's change from the review queue", path: "/admin/dashboard/review", form: { intent: "publish", revision: String(texts.queue) }, on: 403, off: true },
      { route: "/admin/dashboard/review/:revision", intent: "publish", name: "publish a text's change from its review page", path: `/admin/dashboard/review/${texts.page}`, form: { intent: "publish", revision: String(texts.page) }, on: 403, off: true },
      { route: "/admin/dashboard/history/:kind/:id", intent: "restore", name: "restore a text's old revision", path: history("content", textKeys.restore), form: { intent: "restore", revision: String(texts.restore) }, on: 200, off: true },
      { route: "/admin/dashboard/review", intent: "discard", name: "discard a text's change from the review queue", path: "/admin/dashboard/review", form: { intent: "discard", revision: String(texts.discard) }, on: 403, off: false },
      { route: "/admin/dashboard/history/:kind/:id", intent: "discard", name: "discard a text's change from its History", path: history("content", textKeys.discard), form: { intent: "discard", revision: String(texts.discard) }, on: null, off: false },
      { route: "/admin/dashboard/team", intent: "add", name: "add a member", path: "/admin/dashboard/team", form: { intent: "add" }, on: 200, off: true },
      { route: "/admin/dashboard/team", intent: "update", name: "save a shown member", path: "/admin/dashboard/team", form: memberForm(members.save, "Matrix member saved", true), on: 200, off: true },
      { route: "/admin/dashboard/team", intent: "update", name: "show a hidden member", path: "/admin/dashboard/team", form: memberForm(members.show, "Matrix member hidden", true), on: 200, off: true },
      { route: "/admin/dashboard/team", intent: "translate", name: "translate a shown member's text", path: "/admin/dashboard/team", form: { intent: "translate", id: String(members.save), field: "role", language: "fa", english: "Partner" }, on: null, off: false },
      { route: "/admin/dashboard/history/:kind/:id", intent: "schedule", name: "schedule a member's change", path: history("team_member", members.history), form: { intent: "schedule", revision: String(members.proposals.history), publishAt: later }, on: 403, off: false },
      { route: "/admin/dashboard/history/:kind/:id", intent: "publish", name: "publish a member's change from its History", path: history("team_member", members.history), form: { intent: "publish", revision: String(members.proposals.history) }, on: 403, off: true },
      { route: "/admin/dashboard/review", intent: "publish", name: "publish a member's change from the review queue", path: "/admin/dashboard/review", form: { intent: "publish", revision: String(members.proposals.queue) }, on: 403, off: true },
      { route: "/admin/dashboard/review/:revision", intent: "publish", name: "publish a member's change from its review page", path: `/admin/dashboard/review/${members.proposals.page}`, form: { intent: "publish", revision: String(members.proposals.page) }, on: 403, off: true },
      { route: "/admin/dashboard/history/:kind/:id", intent: "restore", name: "restore a shown member's old revision", path: history("team_member", members.restore), form: { intent: "restore", revision: String(members.revisions.restore) }, on: 200, off: true },
      { route: "/admin/dashboard/history/:kind/:id", intent: "restore", name: "restore a hidden member's revision from when it was shown", path: history("team_member", members.restoreHidden), form: { intent: "restore", revision: String(members.revisions.restoreHidden) }, on: 200, off: true },
      { route: "/admin/dashboard/review/:revision", intent: "discard", name: "discard a member's change from its review page", path: `/admin/dashboard/review/${members.proposals.discard}`, form: { intent: "discard", revision: String(members.proposals.discard) }, on: 403, off: false },
      { route: "/admin/dashboard/history/:kind/:id", intent: "discard", name: "discard a member's change from its History", path: history("team_member", members.discard), form: { intent: "discard", revision: String(members.proposals.discard) }, on: null, off: false },
      { route: "/admin/dashboard/deleted", intent: "restore", name: "restore a member deleted while shown from Recently deleted", path: "/admin/dashboard/deleted", form: { intent: "restore", entity: "team_member", id: String(members.trash) }, on: 403, off: true },
    ];
    // What publishes nothing, by the routes' declared intents: a new intent of these routes fails here until it is placed.
    const publishesNothing: Record<string, string> = {
      "/admin/dashboard/history/:kind/:id unschedule": "cancels a schedule (and only a post's change has one)",
      "/admin/dashboard/team delete": "takes a member off the site; putting them back is Recently deleted's restore above",
      "/admin/dashboard/team lawyer": "a member's booking settings (admins only, consultations.settings; the intent matrix refuses it to the editor): no text or member goes live",
    };
    // A shown member's new photo: a file upload (multipart), its stored address read from the answer.
    const jpeg = await sharp({ create: { width: 40, height: 50, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer();
    const uploadPhoto = async (cookie: string | undefined, transport: "form" | "data") => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ intent: "photo", id: String(members.save), kind: "color" })) form.set(name, value);
      form.set("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "portrait.jpg");
      // The answer's page also shows the other members' photos: the new one is the image no member had before.
      const known = new Set(mediaIds(await get(`${site!.url}/admin/dashboard/team.data`, cookies.admin).then((r) => r.text())));
      const response = await fetch(`${site!.url}/admin/dashboard/team${transport === "data" ? ".data" : ""}`, { method: "POST", body: form, headers: { Cookie: cookie ?? "", Origin: site!.url }, redirect: "manual" });
      const fresh = [...new Set(mediaIds(await response.text()))].filter((id) => !known.has(id) && !photos.includes(id));
      expect(fresh, "the uploaded photo's address, once").toHaveLength(1);
      return { status: response.status, media: fresh[0] };
    };
    const photos: string[] = [];
    const mediaIds = (text: string) => [...text.matchAll(/\/media\/([0-9a-f-]{36})/g)].map((match) => match[1]);
    const photoShown = async () => {
      const [team, stored] = await Promise.all([get(`${site!.url}/team`).then((r) => r.text()), get(`${site!.url}/admin/dashboard/team.data`, cookies.admin).then((r) => r.text())]);
      return photos.map((media) => ({ public: team.includes(media), stored: stored.includes(media) }));
    };
    for (const route of routes.filter((r) => ["/admin/dashboard/content", "/admin/dashboard/team", "/admin/dashboard/history/:kind/:id", "/admin/dashboard/review", "/admin/dashboard/review/:revision", "/admin/dashboard/deleted"].includes(r.pattern))) {
      for (const name of Object.keys(route.action?.intents ?? {})) {
        const where = `${route.pattern} ${name}`;
        expect(requests.some((r) => r.route === route.pattern && r.intent === name) || where in publishesNothing || where === "/admin/dashboard/team photo", `${where}: a publishing request of the matrix, or a reason it publishes nothing`).toBe(true);
      }
    }
    // The new states, each as visitors would read it (a hidden member's name: shown at last).
    const markers = {
      textSaved: "Matrix text saved.",
      textHistory: "Matrix text via history.",
      textQueue: "Matrix text via queue.",
      textPage: "Matrix text via page.",
      textRestored: "Matrix text restored.",
      textDiscarded: "Matrix text via discard.",
      memberAdded: "New Team Member",
      memberSaved: "Matrix member saved",
      memberShown: "Matrix member hidden",
      memberHistory: "Matrix member via history",
      memberQueue: "Matrix member via queue",
      memberPage: "Matrix member via page",
      memberRestored: "Matrix member restore as it was",
      memberRestoredShown: "Matrix member restoreHidden",
      memberDiscarded: "Matrix member via discard",
      memberTrashed: "Matrix member trashed",
    };
    // The public pages (About, Team) and the stored rows as the admin's tabs read them.
    let addedBefore: number | undefined;
    const visible = async () => {
      const [about, team, storedTexts, storedTeam] = await Promise.all([
        get(`${site!.url}/about`).then((r) => r.text()),
        get(`${site!.url}/team`).then((r) => r.text()),
        get(`${site!.url}/admin/dashboard/content.data`, cookies.admin).then((r) => r.text()),
        get(`${site!.url}/admin/dashboard/team.data`, cookies.admin).then((r) => r.text()),
      ]);
      const shown = (marker: string) => (marker.startsWith("Matrix text") ? about : team).includes(marker);
      // The role matrix's admins added members of that name already: one more is shown, or not.
      const added = team.split(markers.memberAdded).length - 1;
      addedBefore ??= added;
      // The admin's Team tab lists hidden members too: for them only the public page says whether they are shown.
      const stored = (marker: string) => (marker.startsWith("Matrix text") ? storedTexts : storedTeam).includes(marker);
      return Object.fromEntries(Object.entries(markers).map(([key, marker]) => [key, { public: key === "memberAdded" ? added > addedBefore! : shown(marker), stored: ["memberShown", "memberRestoredShown", "memberAdded"].includes(key) ? null : stored(marker) }]));
    };
    const nothing = Object.fromEntries(Object.keys(markers).map((key) => [key, { public: false, stored: ["memberShown", "memberRestoredShown", "memberAdded"].includes(key) ? null : false }]));
    expect(await visible()).toEqual(nothing);

    const url = (request: Request, transport: "form" | "data") => `${site!.url}${request.path}${transport === "data" ? ".data" : ""}`;
    for (const transport of ["form", "data"] as const) {
      for (const request of requests) {
        const response = await formPost(url(request, transport), request.form, { cookie: cookies.editor });
        const label = `${request.name} (${transport}) as editor, sign-off on`;
        if (request.on !== null) expect(response.status, label).toBe(request.on);
        else expect(response.status, label).not.toBe(500);
      }
      expect(await visible(), `${transport}: editor, sign-off on`).toEqual(nothing);
      const upload = await uploadPhoto(cookies.editor, transport);
      expect(upload.status, `a shown member's photo (${transport}) as editor, sign-off on`).toBe(200);
      photos.push(upload.media);
      expect(await photoShown(), `a shown member's photo (${transport}) as editor, sign-off on`).toEqual(photos.map(() => ({ public: false, stored: false })));
    }

    // A lawyer publishes: one text's and one member's change from the review queue.
    for (const revision of [texts.queue, members.proposals.queue]) {
      const published = await formPost(`${site!.url}/admin/dashboard/review.data`, { intent: "publish", revision: String(revision) }, { cookie: cookies.lawyer });
      expect(published.status, `the lawyer publishes change ${revision}`).toBe(200);
    }
    const byLawyer = await visible();
    expect(byLawyer.textQueue).toEqual({ public: true, stored: true });
    expect(byLawyer.memberQueue).toEqual({ public: true, stored: true });
    expect({ ...byLawyer, textQueue: null, memberQueue: null }).toEqual({ ...nothing, textQueue: null, memberQueue: null });

    // Sign-off off (the admin's Staff policy): the editor's requests publish.
    const policy = (on: boolean) => formPost(`${site!.url}/admin/dashboard/staff.data`, { intent: "set-policy", signOffRequired: String(on), secondFactorForAll: "false" }, { cookie: cookies.admin });
    expect((await policy(false)).status).toBe(200);
    try {
      for (const request of requests.filter((r) => r.off && !(r.path === "/admin/dashboard/review" && r.intent === "publish"))) {
        const response = await formPost(url(request, "data"), request.form, { cookie: cookies.editor });
        expect(response.status, `${request.name} (.data) as editor, sign-off off`).toBe(200);
      }
      const after = await visible();
      const published = Object.fromEntries(Object.keys(markers).map((key) => [key, { public: true, stored: ["memberShown", "memberRestoredShown", "memberAdded"].includes(key) ? null : true }]));
      // Discarded stays discarded: nothing publishes it.
      expect(after).toEqual({ ...published, textDiscarded: nothing.textDiscarded, memberDiscarded: nothing.memberDiscarded });
      const upload = await uploadPhoto(cookies.editor, "data");
      expect(upload.status, "a shown member's photo (.data) as editor, sign-off off").toBe(200);
      photos.push(upload.media);
      expect((await photoShown()).at(-1)).toEqual({ public: true, stored: true });
    } finally {
      expect((await policy(true)).status).toBe(200);
    }
  });

  it("admin:create --role makes an editor (no admin rights) and refuses an unknown role, creating nothing", async () => {
    await site?.stop();
    site = null;
    const bad = await runAdminCreate(["--email", "roles-boss@example.test", "--password", PASSWORD, "--role", "boss"], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown role "boss": choose one of admin, lawyer, intake, editor.');
    const store = await openDataDir(dataDir);
    try {
      expect(await store.db.select().from(users).where(eq(users.email, "roles-boss@example.test"))).toEqual([]);
      const [editor] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email("editor")));
      const roles = await store.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, editor.id));
      expect(roles.map((r) => r.role)).toEqual(["editor"]);
    } finally {
      await store.close();
    }
  });
});
