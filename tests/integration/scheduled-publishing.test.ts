/**
 * Scheduled publishing (decision 0062) on a clock the test moves: a scheduled draft goes live once
 * whatever the instances racing, overdue posts are caught up at the first sweep after downtime,
 * times in the past or too far ahead are refused, and a scheduled pending change is published, or
 * held for a lawyer when its post changed since. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set (the two instances then have connections of their own).
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, blogPosts, jobs, revisions, users } from "../../db/schema";
import { openDatabase, type Database } from "../../db/client";
import { seedDatabase } from "../../server/seed";
import { createLogger } from "../../core/log";
import { manualClock } from "../../core/clock";
import { parseEnv, type Config } from "../../core/config";
import type { ChangeKind } from "../../core/events";
import { ScheduledPublisher, schedulePendingRevision, schedulePost, sweepScheduled, type PublisherDeps } from "~/blog/schedule.server";
import { SCHEDULE_MESSAGES } from "~/blog/schedule";
import { firmClock } from "../../core/firm-clock.server";

const fromVancouverInput = (local: string) => firmClock.fromWall(local);
import { listAllPosts, postToFormValues, savePost } from "~/blog/manage.server";
import { postSnapshot } from "~/blog/revisions.server";
import { proposeChange } from "~/revisions/store.server";
import { AdminError } from "~/changes/errors.server";
import { INSTAGRAM_POST, instagramJobKey } from "~/instagram/post.server";
import { saveSettings } from "~/instagram/settings.server";
import type { Services } from "~/services";
import { openTestDatabase, usingPostgres } from "../helpers/db";

const user = { id: "admin-schedule", email: "admin@example.com", name: "Admin" };
const log = createLogger("silent");

describe(`scheduled publishing (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let config: Config;
  const clock = manualClock(new Date("2027-03-10T12:00:00Z"));
  const extra: Database[] = [];
  const emitted: ChangeKind[] = [];

  /** One app instance: on PostgreSQL its own connection; the shared clock. */
  async function instance(): Promise<PublisherDeps> {
    const database = test.url ? await openDatabase({ databaseUrl: test.url }) : test.database;
    if (test.url) extra.push(database);
    return { db: database.db, events: { emit: async (kind) => void emitted.push(kind) }, clock, config, log };
  }

  let a: PublisherDeps;
  let b: PublisherDeps;
  const db = () => test.database.db;
  const post = async (id: number) => (await db().select().from(blogPosts).where(eq(blogPosts.id, id)))[0];
  const audits = (action: string, entityId: number | string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
      .orderBy(asc(auditLog.id));
  const postRevisionRows = (id: number) =>
    db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.entity, "post"), eq(revisions.entityId, String(id))))
      .orderBy(asc(revisions.id));
  let serial = 0;
  const draft = async (title: string, values: Partial<typeof blogPosts.$inferInsert> = {}) =>
    (
      await db()
        .insert(blogPosts)
        .values({ title, slug: `scheduled-${++serial}`, excerpt: "Excerpt", content: "Body", author: "Firm", published: false, publishedAt: "2027-03-10", ...values })
        .returning()
    )[0];
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    test = await openTestDatabase();
    await seedDatabase(test.database.db, { demo: false });
    await test.database.db.insert(users).values(user);
    config = { ...parseEnv({ GRAPH_API_URL: "http://127.0.0.1:9" }), ENCRYPTION_KEY: "k".repeat(40) } as unknown as Config;
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    for (const database of extra) await database.close();
    await test?.drop();
  });

  it("refuses a time in the past, more than 2 years ahead, or skipped by the clocks, and stores nothing", async () => {
    clock.set("2027-03-10T12:00:00Z");
    const p = await draft("Refused times");
    const refused = async (when: Date) => {
      const error = await schedulePost(a, user, p.id, when).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdminError);
      return (error as AdminError).message;
    };
    expect(await refused(at("2027-03-10T11:59:00Z"))).toBe(SCHEDULE_MESSAGES.past);
    expect(await refused(at("2027-03-10T12:00:00Z"))).toBe(SCHEDULE_MESSAGES.past);
    expect(await refused(at("2029-03-10T12:01:00Z"))).toBe(SCHEDULE_MESSAGES.tooFar);
    // The hour skipped on 8 March 2026 (under both the old and the 2026 time-zone rules).
    expect(fromVancouverInput("2026-03-08T02:30")).toEqual({ ok: false, reason: "gap" });
    expect((await post(p.id)).publishAt).toBeNull();
    expect(await audits("schedule", p.id)).toEqual([]);
    // Two years to the minute is allowed; a published post cannot be scheduled.
    expect(await schedulePost(a, user, p.id, at("2029-03-10T12:00:00Z"))).toEqual({ publishAt: "2029-03-10T12:00:00.000Z" });
    const live = await draft("Already live", { published: true });
    expect(await schedulePost(a, user, live.id, at("2027-04-01T12:00:00Z")).catch((e: AdminError) => e.status)).toBe(409);
    expect((await post(live.id)).publishAt).toBeNull();
    // Cancelled: nothing left to publish.
    await schedulePost(a, user, p.id, null);
    expect((await post(p.id)).publishAt).toBeNull();
    expect((await audits("unschedule", p.id)).map((e) => e.userId)).toEqual([user.id]);
  });

  it("publishes a scheduled draft exactly once when two instances sweep at the same moment", async () => {
    await saveSettings({ ...a, config } as unknown as Services, user, { accessToken: "EAAB-test-token-1234", accountId: "17841400000000000", enabled: true, autoPost: true });
    clock.set("2027-03-14T08:00:00Z");
    const p = await draft("Scheduled across the DST change", { featuredImage: "https://example.com/image.jpg", awaitingReview: true });
    // 03:30 on the morning the clocks go forward is 10:30 UTC (daylight time).
    const when = fromVancouverInput("2027-03-14T03:30");
    expect(when).toEqual({ ok: true, at: at("2027-03-14T10:30:00Z") });
    await schedulePost(a, user, p.id, at("2027-03-14T10:30:00Z"));
    expect((await listAllPosts(db())).find((row) => row.id === p.id)).toMatchObject({ published: false, publishAt: "2027-03-14T10:30:00.000Z" });

    // A minute early: nothing.
    clock.set("2027-03-14T10:29:00Z");
    expect(await sweepScheduled(a)).toEqual({ posts: [], changes: [], held: [] });
    expect((await post(p.id)).published).toBe(false);

    clock.set("2027-03-14T10:30:05Z");
    emitted.length = 0;
    const results = await Promise.all([sweepScheduled(a), sweepScheduled(b), sweepScheduled(a), sweepScheduled(b)]);
    expect(results.flatMap((r) => r.posts)).toEqual([p.id]);
    const stored = await post(p.id);
    expect(stored).toMatchObject({ published: true, publishAt: null, awaitingReview: false, version: p.version + 1 });
    expect(stored.firstPublishedAt).not.toBeNull();
    // One revision, one audit entry, one Instagram job, and the public pages told.
    const published = (await postRevisionRows(p.id)).filter((r) => r.note === "Published as scheduled");
    expect(published).toEqual([expect.objectContaining({ source: "system", status: "saved", version: stored.version, createdBy: null })]);
    expect((await audits("publish", p.id)).map((e) => e.details)).toEqual([{ slug: p.slug, path: "schedule", scheduled: true }]);
    expect(await db().select({ kind: jobs.kind }).from(jobs).where(eq(jobs.uniqueKey, instagramJobKey(p.id)))).toEqual([{ kind: INSTAGRAM_POST }]);
    expect(emitted).toEqual(["blog"]);
    expect((await listAllPosts(db())).find((row) => row.id === p.id)).toMatchObject({ published: true, publishAt: null });
    await saveSettings({ ...a, config } as unknown as Services, user, { accessToken: "", accountId: "17841400000000000", enabled: false, autoPost: false });
  });

  it("after downtime, the first sweep of a starting instance publishes every overdue post, once", async () => {
    clock.set("2027-11-06T20:00:00Z");
    const first = await draft("Overdue one");
    const second = await draft("Overdue two");
    const later = await draft("Not yet due");
    // Under the yearly rules 01:30 that night happens twice and the first (daylight time) is meant;
    // under BC's permanent daylight time (tzdata 2026a+) it is an ordinary night.
    expect(fromVancouverInput("2027-11-07T01:30")).toEqual({ ok: true, at: at("2027-11-07T08:30:00Z") });
    expect(fromVancouverInput("2027-11-07T02:30")).toEqual({ ok: true, at: at("2027-11-07T09:30:00Z") });
    await schedulePost(a, user, first.id, at("2027-11-07T08:30:00Z"));
    await schedulePost(a, user, second.id, at("2027-11-07T10:30:00Z"));
    await schedulePost(a, user, later.id, at("2027-11-08T10:30:00Z"));

    // Every instance was down from before the first time until hours after the second.
    clock.set("2027-11-07T15:00:00Z");
    const restarted = new ScheduledPublisher(await instance(), 60_000);
    restarted.start();
    await restarted.stop();
    expect((await post(first.id)).published).toBe(true);
    expect((await post(second.id)).published).toBe(true);
    expect((await post(later.id)).published).toBe(false);
    // A second instance's sweep after that finds nothing more.
    expect(await sweepScheduled(b)).toEqual({ posts: [], changes: [], held: [] });
    expect(await audits("publish", first.id)).toHaveLength(1);
    expect(await audits("publish", second.id)).toHaveLength(1);
  });

  /** A live post with a pending change proposed on its current version. */
  async function liveWithProposal(title: string) {
    const live = await draft(title, { published: true, firstPublishedAt: at("2027-01-01T00:00:00Z") });
    const proposal = await proposeChange(db(), {
      entity: "post",
      entityId: live.id,
      source: "ai",
      snapshot: { ...postSnapshot(live), title: `${title} (revised)` },
      userId: null,
      baseVersion: live.version,
    });
    return { live, proposal };
  }

  it("publishes a scheduled pending change at its time, once, and refuses a past time for it", async () => {
    clock.set("2027-05-01T12:00:00Z");
    const { live, proposal } = await liveWithProposal("Family law in 2027");
    const refusal = await schedulePendingRevision(a, user, proposal.id, at("2027-05-01T11:00:00Z")).catch((e: AdminError) => e.message);
    expect(refusal).toBe(SCHEDULE_MESSAGES.past);
    expect((await db().select().from(revisions).where(eq(revisions.id, proposal.id)))[0].publishAt).toBeNull();

    expect(await schedulePendingRevision(a, user, proposal.id, at("2027-05-02T16:00:00Z"))).toEqual({ publishAt: "2027-05-02T16:00:00.000Z" });
    expect((await audits("schedule_change", live.id)).map((e) => e.details)).toEqual([{ revision: proposal.id, publishAt: "2027-05-02T16:00:00.000Z" }]);
    clock.set("2027-05-02T15:59:00Z");
    expect((await sweepScheduled(a)).changes).toEqual([]);

    clock.set("2027-05-02T16:00:30Z");
    const results = await Promise.all([sweepScheduled(a), sweepScheduled(b)]);
    expect(results.flatMap((r) => r.changes)).toEqual([proposal.id]);
    expect(results.flatMap((r) => r.held)).toEqual([]);
    expect((await post(live.id)).title).toBe("Family law in 2027 (revised)");
    const [row] = await db().select().from(revisions).where(eq(revisions.id, proposal.id));
    expect(row).toMatchObject({ status: "published", publishAt: null });
    expect((await audits("publish_change", live.id)).map((e) => e.details)).toEqual([{ revision: proposal.id, source: "ai", scheduled: true }]);
  });

  it("leaves a scheduled change pending, its schedule cleared and the reason recorded, when its post changed since", async () => {
    clock.set("2027-06-01T12:00:00Z");
    const { live, proposal } = await liveWithProposal("Wills and estates");
    await schedulePendingRevision(a, user, proposal.id, at("2027-06-01T13:00:00Z"));
    // A person saves the live post meanwhile.
    const saved = await savePost({ db: db(), events: a.events }, user, live.id, { ...postToFormValues(live), excerpt: "Edited by a person" });
    expect(saved.ok).toBe(true);

    clock.set("2027-06-01T13:00:10Z");
    const results = await Promise.all([sweepScheduled(a), sweepScheduled(b)]);
    expect(results.flatMap((r) => r.changes)).toEqual([]);
    expect(results.flatMap((r) => r.held)).toEqual([proposal.id]);
    expect(await post(live.id)).toMatchObject({ title: "Wills and estates", excerpt: "Edited by a person" });
    const [row] = await db().select().from(revisions).where(eq(revisions.id, proposal.id));
    expect(row).toMatchObject({ status: "pending", publishAt: null });
    const held = await audits("schedule_held", live.id);
    expect(held).toHaveLength(1);
    expect(held[0].details).toMatchObject({ revision: proposal.id, scheduled: true, reason: expect.stringContaining("changed after this change was proposed") });
    // The next sweep leaves it to the lawyer.
    clock.set("2027-06-01T14:00:00Z");
    expect(await sweepScheduled(a)).toEqual({ posts: [], changes: [], held: [] });
  });
});
