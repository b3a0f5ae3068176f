/**
 * The review's mails (issue 41, decision 0089) against a real database, two real job runners and a
 * real SMTP peer on 127.0.0.1: a reviewer gets one digest per 15 minutes listing what is new, the
 * proposer hears of the outcome with the reviewer's comment, and a mail server that is down only
 * delays the mails (the proposal is stored at once).
 */
import { describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger } from "../../core/log";
import type { Db } from "../../db/client";
import { jobItems, jobs, reviewNotices, revisions, userRoles, users } from "../../db/schema";
import { postRevisions, postSnapshot } from "~/blog/revisions.server";
import { NO_EVENTS } from "~/changes/commit.server";
import { discardPending, publishPending } from "~/revisions/review.server";
import { proposeChange } from "~/revisions/store.server";
import { reviewDigestJob, reviewOutcomeJob, DIGEST_EVERY_MS } from "~/review/notices.server";
import { usingPostgres } from "../helpers/db";
import { withMailRunners } from "../helpers/mail-runners";
import { importPost } from "../../app/blog/gate.server";
import { type ReceivedMail, type SmtpFake } from "../fakes/smtp";

const SITE_URL = "https://firm.example";
const log = createLogger("silent");
const PEOPLE = {
  editor: { id: "u-editor", name: "Eddie Editor", email: "eddie@firm.example", role: "editor" },
  reviewer: { id: "u-reviewer", name: "Rita Reviewer", email: "rita@firm.example", role: "lawyer" },
  admin: { id: "u-admin", name: "Ada Admin", email: "ada@firm.example", role: "admin" },
} as const;

let db: Db;
let smtp: SmtpFake;
let seq = 0;

const mailsTo = (address: string) => smtp.received.filter((m) => m.rcptTo.includes(address));
async function waitForMails(address: string, count: number, withinMs = 30_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + withinMs;
  while (mailsTo(address).length < count) {
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address}; received: ${smtp.received.map((m) => `${m.rcptTo.join()} ${m.header("Subject")}`).join(" | ")}`);
    await sleep(50);
  }
  return mailsTo(address);
}

/** Wait for a state of the database (never a fixed sleep before asserting). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, withinMs = 30_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

/** A published post and an editor's proposal for it, as the editor's save stores one. */
async function proposal(title: string) {
  seq += 1;
  const post = await importPost(db, { slug: `review-mail-${seq}`, title, excerpt: "Short.", content: "The live body.", author: "The firm", published: true, publishedAt: "2026-11-20" });
  const revision = await proposeChange(db, {
    entity: "post",
    entityId: post.id,
    source: "person",
    snapshot: { ...postSnapshot(post), content: `The proposed body of ${title}.` },
    baseVersion: post.version,
    userId: PEOPLE.editor.id,
    note: "Proposed for sign-off",
  });
  return { post, revision };
}

/** Move the last digests 15 minutes into the past, as if the window had passed, and let queued digests run now. */
async function letTheWindowPass() {
  await db.update(reviewNotices).set({ mailedAt: sql`${reviewNotices.mailedAt} - ${`${DIGEST_EVERY_MS} milliseconds`}::interval` }).where(sql`${reviewNotices.mailedAt} is not null`);
  await db.update(jobs).set({ runAfter: sql`now()` }).where(and(eq(jobs.kind, reviewDigestJob.name), eq(jobs.status, "queued")));
}

const activeDigests = () => db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, reviewDigestJob.name), inArray(jobs.status, ["queued", "running"])));
const queuedDigests = () => db.select({ id: jobs.id, runAfter: jobs.runAfter, uniqueKey: jobs.uniqueKey }).from(jobs).where(and(eq(jobs.kind, reviewDigestJob.name), eq(jobs.status, "queued")));

// Two instances on one database.
withMailRunners(
  {
    prepare: async (db) => {
      for (const person of Object.values(PEOPLE)) {
        await db.insert(users).values({ id: person.id, name: person.name, email: person.email });
        await db.insert(userRoles).values({ userId: person.id, role: person.role });
      }
    },
    kinds: ({ db, smtp }) => {
      const deps = { db, log, config: { SMTP_URL: smtp.url, MAIL_FROM: "Coastline Law <office@firm.example>", SITE_URL } };
      return [reviewDigestJob.kind(deps), reviewOutcomeJob.kind(deps)];
    },
  },
  (world) => ({ db, smtp } = world),
);

describe(`review mails (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("a reviewer gets one mail per 15 minutes: the first proposal at once, the next two together in one digest", async () => {
    const first = await proposal("Study permits in 2027");
    const [mail] = await waitForMails(PEOPLE.reviewer.email, 1);
    expect(mail.header("Subject")).toBe("1 change waiting for your review");
    expect(mail.text).toContain("Blog post “Study permits in 2027”: Saved by a person, proposed by Eddie Editor");
    expect(mail.text).toContain(`${SITE_URL}/admin/dashboard/review/${first.revision.id}`);
    // The admin may publish too and gets one; the editor, who proposed it and may not publish, none.
    await waitForMails(PEOPLE.admin.email, 1);
    expect(mailsTo(PEOPLE.editor.email)).toHaveLength(0);
    await until(activeDigests, (rows) => rows.length === 0, "the first digests finished");

    // Two more within the 15 minutes: held in one queued digest per reviewer, not before the window ends.
    const second = await proposal("Work permits");
    const third = await proposal("Family sponsorship");
    const held = await until(queuedDigests, (rows) => rows.length === 2, "one queued digest per reviewer");
    const firstSentAt = mail.receivedAt;
    for (const job of held) expect(job.runAfter.getTime()).toBeGreaterThanOrEqual(firstSentAt + DIGEST_EVERY_MS - 5_000);
    expect(held.map((j) => j.uniqueKey).sort()).toEqual([`review-digest:${PEOPLE.admin.id}`, `review-digest:${PEOPLE.reviewer.id}`]);
    expect(mailsTo(PEOPLE.reviewer.email)).toHaveLength(1);

    await letTheWindowPass();
    const mails = await waitForMails(PEOPLE.reviewer.email, 2);
    expect(mails[1].header("Subject")).toBe("2 changes waiting for your review");
    expect(mails[1].text).toContain(`/admin/dashboard/review/${second.revision.id}`);
    expect(mails[1].text).toContain(`/admin/dashboard/review/${third.revision.id}`);
    expect(mails[1].text).not.toContain(`/admin/dashboard/review/${first.revision.id}`);
    await waitForMails(PEOPLE.admin.email, 2);
    // Nothing else was queued for them: two mails for three proposals.
    await until(queuedDigests, (rows) => rows.length === 0, "no digest left");
    expect(mailsTo(PEOPLE.reviewer.email)).toHaveLength(2);
  });

  it("the proposer hears of a publish and of a discard, with the reviewer's comment", async () => {
    const reviewer = { id: PEOPLE.reviewer.id };
    const published = await proposal("Appeals explained");
    const outcome = await publishPending({ db, events: NO_EVENTS }, reviewer, postRevisions, published.revision.id, { comment: "Good catch on the dates." });
    expect(outcome.ok).toBe(true);
    const [mail] = await waitForMails(PEOPLE.editor.email, 1);
    expect(mail.header("Subject")).toBe("Your change to “Appeals explained” was published");
    expect(mail.text).toContain("Rita Reviewer published your proposed change to the blog post “Appeals explained”");
    expect(mail.text).toMatch(/\nComment:\r?\nGood catch on the dates\.\r?\n/);
    expect(mail.text).toContain(`${SITE_URL}/admin/dashboard/history/post/${published.post.id}`);

    const discarded = await proposal("Refugee claims");
    await discardPending({ db, events: NO_EVENTS }, reviewer, postRevisions, discarded.revision.id, { comment: "The tribunal's name is wrong; please check the decision." });
    const mails = await waitForMails(PEOPLE.editor.email, 2);
    expect(mails[1].header("Subject")).toBe("Your change to “Refugee claims” was discarded");
    expect(mails[1].text).toContain("The live version stays as it was.");
    expect(mails[1].text).toContain("The tribunal's name is wrong; please check the decision.");
    // A decision without a comment says nothing of one.
    const plain = await proposal("Wills and estates");
    await discardPending({ db, events: NO_EVENTS }, reviewer, postRevisions, plain.revision.id);
    const third = (await waitForMails(PEOPLE.editor.email, 3))[2];
    expect(third.text).not.toContain("Comment:");
  });

  it("with the mail server down the proposal is stored at once and the digest goes out when it is back", async () => {
    await letTheWindowPass();
    const before = mailsTo(PEOPLE.reviewer.email).length;
    await smtp.stop();
    try {
      const { revision } = await proposal("Business immigration");
      const [stored] = await db.select().from(revisions).where(eq(revisions.id, revision.id));
      expect(stored.status).toBe("pending");
      // The runner tries, fails and keeps the item for later (the job may be between attempts or in one).
      await until(
        () => db.select({ attempts: jobItems.attempts, status: jobItems.status }).from(jobItems).innerJoin(jobs, eq(jobs.id, jobItems.jobId)).where(and(eq(jobs.kind, reviewDigestJob.name), eq(jobs.uniqueKey, `review-digest:${PEOPLE.reviewer.id}`), inArray(jobs.status, ["queued", "running"]))),
        (rows) => rows.some((r) => r.attempts >= 1 && r.status === "pending"),
        "a failed attempt while the server is down",
      );
      expect(mailsTo(PEOPLE.reviewer.email)).toHaveLength(before);
    } finally {
      await smtp.start();
    }
    const mails = await waitForMails(PEOPLE.reviewer.email, before + 1);
    expect(mails.at(-1)!.text).toContain("Blog post “Business immigration”");
  });
});
