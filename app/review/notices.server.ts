/**
 * The review's mails (decision 0089), through the mail outbox (decisions 0048, 0049):
 * - a proposal notes itself for every person who may publish it (`noteProposal`, in the
 *   proposal's transaction); each person's digest job mails what is new at most once per
 *   15 minutes, so "Regenerate All" makes one mail, not fifty;
 * - a reviewer's publish or discard queues one mail to the proposer with the optional comment
 *   (`noteDecision`, in the decision's transaction).
 * A mail server that is down delays the mails (the runner retries); nothing is lost, since the
 * notes stay unmailed until a digest lists them. English only, like the whole admin.
 */
import { and, eq, inArray, isNull, lt, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentText, jobs, reviewNotices, revisions, userRoles, users } from "../../db/schema";
import { createMailer, mailSettings, type Mailer, type OutgoingMail } from "../../core/mail";
import { firmClock } from "../../core/firm-clock.server";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import { ItemFailed, MAIL_LANE, RetryLater } from "../jobs/runner.server";
import { sendItemMail } from "../jobs/send-mail.server";
import { defineJob } from "../jobs/define.server";
import { effectivePermissions, isRole } from "../auth/roles";
import { staffPolicy } from "../staff/settings.server";
import { SOURCE_LABELS } from "../revisions/types";
import { listenToRevisions } from "../revisions/listeners.server";
import { KIND_NOUNS, reviewPath, REVIEW_QUEUE_PATH, snapshotLabel } from "./paths";

/** At most one digest per reviewer in this time. */
export const DIGEST_EVERY_MS = 15 * 60 * 1000;

type Revision = typeof revisions.$inferSelect;

/** Everyone who may publish a proposal now (by role and the staff policy), enabled, with an address. */
async function reviewersOf(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id, role: userRoles.role })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(isNull(users.disabledAt));
  const roles = new Map<string, string[]>();
  for (const row of rows) roles.set(row.id, [...(roles.get(row.id) ?? []), row.role]);
  const policy = await staffPolicy(db);
  return [...roles].filter(([, held]) => effectivePermissions(held.filter(isRole), policy).has("changes.publish")).map(([id]) => id);
}

/**
 * A proposal was stored: note it for each reviewer (not its own author) and make sure their
 * digest is queued, no sooner than 15 minutes after their last one. Runs in the proposal's
 * transaction: the notes exist if and only if the proposal does.
 */
export async function noteProposal(tx: Db, revision: Revision): Promise<void> {
  const reviewers = (await reviewersOf(tx)).filter((id) => id !== revision.createdBy);
  if (reviewers.length === 0) return;
  await tx.insert(reviewNotices).values(reviewers.map((userId) => ({ userId, revisionId: revision.id })));
  const last = await tx
    .select({ userId: reviewNotices.userId, at: max(reviewNotices.mailedAt) })
    .from(reviewNotices)
    .where(inArray(reviewNotices.userId, reviewers))
    .groupBy(reviewNotices.userId);
  const lastAt = new Map(last.map((row) => [row.userId, row.at]));
  for (const userId of reviewers) {
    const at = lastAt.get(userId);
    const next = at ? new Date(new Date(at).getTime() + DIGEST_EVERY_MS) : null;
    const when = next && next.getTime() > Date.now() ? { runAfter: next } : {};
    // A digest already queued for this person attaches (one per key): it will list this one too.
    const queued = await reviewDigestJob.enqueue(tx, null, [{ label: `Review digest for user ${userId}`, payload: { userId } }], when);
    if (!queued.attached) continue;
    // One being sent right now may have read its notes already: the next digest (its own key) lists this one.
    const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, queued.id));
    if (job?.status === "running") await reviewDigestJob.enqueue(tx, null, [{ label: `Next review digest for user ${userId}`, payload: { userId, next: true } }], { runAfter: new Date(Date.now() + DIGEST_EVERY_MS) });
  }
}

/** A reviewer published or discarded a proposal: its author hears of it (not when they did it themself). */
export async function noteDecision(
  tx: Db,
  revision: Revision,
  decision: { outcome: "published" | "discarded"; reviewerId: string | null; comment?: string | null },
): Promise<void> {
  if (!revision.createdBy || revision.createdBy === decision.reviewerId) return;
  await reviewOutcomeJob.enqueue(tx, null, [
    {
      label: `Review outcome of revision ${revision.id}`,
      payload: { revisionId: revision.id, outcome: decision.outcome, reviewerId: decision.reviewerId, comment: decision.comment?.trim() || null },
    },
  ]);
}

// ---------------------------------------------------------------- the mails

interface ReviewMailDeps {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL">;
  log: Logger;
}

const NO_MAIL = { skipped: "Mail is not configured (SMTP_URL, MAIL_FROM)." };
const absolute = (siteUrl: string, path: string) => new URL(path, siteUrl).href;

/** What people call an item: a post's title, a member's name, a website text's label. */
async function itemLabel(db: Db, revision: Pick<Revision, "entity" | "entityId" | "snapshot">): Promise<string> {
  if (revision.entity === "content") {
    const [row] = await db.select({ label: contentText.label }).from(contentText).where(eq(contentText.key, revision.entityId));
    return row?.label || revision.entityId;
  }
  return snapshotLabel(revision.entity, revision.entityId, revision.snapshot);
}

async function nameOf(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ? row.name?.trim() || row.email : null;
}

async function send(mailer: { current: Mailer | null }, deps: ReviewMailDeps, mail: OutgoingMail): Promise<void> {
  const settings = mailSettings(deps.config);
  if (!settings) throw new ItemFailed(NO_MAIL.skipped);
  await sendItemMail(async () => {
    mailer.current ??= createMailer(settings);
    await mailer.current.send(mail);
  });
}

export interface DigestLine {
  entity: Revision["entity"];
  label: string;
  source: Revision["source"];
  proposedBy: string | null;
  revisionId: number;
}

/** The digest's text: what is new, each with its review page. */
export function digestMail(siteUrl: string, lines: DigestLine[]): { subject: string; text: string } {
  const count = lines.length === 1 ? "1 change" : `${lines.length} changes`;
  const text = [
    `New on ${new URL(siteUrl).host}, waiting for a lawyer's sign-off before visitors see it:`,
    "",
    ...lines.flatMap((line) => [
      `- ${KIND_NOUNS[line.entity]} “${line.label}”: ${SOURCE_LABELS[line.source]}${line.proposedBy ? `, proposed by ${line.proposedBy}` : ""}`,
      `  ${absolute(siteUrl, reviewPath(line.revisionId))}`,
    ]),
    "",
    `Everything waiting for review: ${absolute(siteUrl, REVIEW_QUEUE_PATH)}`,
    "You get at most one of these mails every 15 minutes.",
  ].join("\n");
  return { subject: `${count} waiting for your review`, text };
}

/**
 * One person's digest: the proposals noted for them and not yet mailed, those still waiting
 * (a proposal published, discarded or replaced meanwhile is dropped from it).
 */
export const reviewDigestJob = defineJob<null, { userId: string; next?: boolean }, [ReviewMailDeps]>("review-digest-mail", {
  lane: MAIL_LANE,
  retry: { maxAttempts: 8 },
  // A second key per person for the digest queued while one is being sent (see noteProposal).
  uniqueKey: (_payload, items) => `review-digest:${items[0]?.payload?.userId ?? ""}${items[0]?.payload?.next ? ":next" : ""}`,
  summarize: ({ done, failed }) => (failed > 0 ? "The review digest could not be sent." : done > 0 ? "Review digest handled." : "Nothing to send."),
  handler: (deps) => {
    const mailer = { current: null as Mailer | null };
    return async ({ item }) => {
      if (!mailSettings(deps.config)) return NO_MAIL;
      const { db } = deps;
      const { userId } = item.payload;
      const [user] = await db.select({ email: users.email, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
      if (!user || user.disabledAt) {
        await db.delete(reviewNotices).where(and(eq(reviewNotices.userId, userId), isNull(reviewNotices.mailedAt)));
        return { skipped: "The reviewer's account is gone or disabled." };
      }
      // The 15 minutes hold across instances and retries, not only when the job was queued.
      const [last] = await db.select({ at: max(reviewNotices.mailedAt) }).from(reviewNotices).where(eq(reviewNotices.userId, userId));
      const waitMs = last?.at ? new Date(last.at).getTime() + DIGEST_EVERY_MS - Date.now() : 0;
      if (waitMs > 1000) throw new RetryLater("The reviewer had a digest less than 15 minutes ago.", waitMs);

      const notes = await db
        .select({ id: reviewNotices.id, revision: revisions })
        .from(reviewNotices)
        .innerJoin(revisions, eq(revisions.id, reviewNotices.revisionId))
        .where(and(eq(reviewNotices.userId, userId), isNull(reviewNotices.mailedAt)))
        .orderBy(reviewNotices.id);
      const closed = notes.filter((n) => n.revision.status !== "pending").map((n) => n.id);
      if (closed.length > 0) await db.delete(reviewNotices).where(inArray(reviewNotices.id, closed));
      const open = notes.filter((n) => n.revision.status === "pending");
      if (open.length === 0) return { skipped: "Everything noted was reviewed before the mail went out." };

      const lines: DigestLine[] = [];
      for (const { revision } of open) {
        lines.push({ entity: revision.entity, label: await itemLabel(db, revision), source: revision.source, proposedBy: await nameOf(db, revision.createdBy), revisionId: revision.id });
      }
      await send(mailer, deps, { to: user.email, ...digestMail(deps.config.SITE_URL, lines) });
      await db.update(reviewNotices).set({ mailedAt: sql`now()` }).where(inArray(reviewNotices.id, open.map((n) => n.id)));
      // Mailed notes older than a day tell nothing more (the window needs only the last one).
      await db.delete(reviewNotices).where(and(eq(reviewNotices.userId, userId), lt(reviewNotices.mailedAt, sql`now() - interval '1 day'`)));
      // Proposals noted while this mail was sent attached to this job: they go in the next digest.
      const [late] = await db.select({ n: sql<number>`count(*)::int` }).from(reviewNotices).where(and(eq(reviewNotices.userId, userId), isNull(reviewNotices.mailedAt)));
      if ((late?.n ?? 0) > 0) throw new RetryLater("More proposals came in while the digest was sent.", DIGEST_EVERY_MS);
    };
  },
});

/** The proposer's mail: published or discarded, by whom, with the reviewer's comment. */
export function outcomeMail(
  siteUrl: string,
  facts: { entity: Revision["entity"]; entityId: string; label: string; outcome: "published" | "discarded"; reviewer: string | null; at: Date; comment: string | null },
): { subject: string; text: string } {
  const noun = KIND_NOUNS[facts.entity].toLowerCase();
  const who = facts.reviewer ?? (facts.outcome === "published" ? "The schedule" : "Someone");
  const text = [
    facts.outcome === "published"
      ? `${who} published your proposed change to the ${noun} “${facts.label}” on ${firmClock.firmTime(facts.at)}. Visitors see it now.`
      : `${who} discarded your proposed change to the ${noun} “${facts.label}” on ${firmClock.firmTime(facts.at)}. The live version stays as it was.`,
    "",
    ...(facts.comment ? ["Comment:", facts.comment, ""] : []),
    `History of the ${noun}: ${absolute(siteUrl, `/admin/dashboard/history/${facts.entity}/${encodeURIComponent(facts.entityId)}`)}`,
  ].join("\n");
  return { subject: `Your change to “${facts.label}” was ${facts.outcome}`, text };
}

export const reviewOutcomeJob = defineJob<null, { revisionId: number; outcome: "published" | "discarded"; reviewerId: string | null; comment: string | null }, [ReviewMailDeps]>(
  "review-outcome-mail",
  {
    lane: MAIL_LANE,
    retry: { maxAttempts: 8 },
    summarize: ({ done, failed }) => (failed > 0 ? "The proposer could not be told." : done > 0 ? "Proposer told." : "Nothing to send."),
    handler: (deps) => {
      const mailer = { current: null as Mailer | null };
      return async ({ item, saveProgress }) => {
        if (item.progress?.sent) return;
        if (!mailSettings(deps.config)) return NO_MAIL;
        const { db } = deps;
        const [revision] = await db.select().from(revisions).where(eq(revisions.id, item.payload.revisionId));
        if (!revision?.createdBy) return { skipped: "The proposal or its author is gone." };
        const [proposer] = await db.select({ email: users.email, disabledAt: users.disabledAt }).from(users).where(eq(users.id, revision.createdBy));
        if (!proposer || proposer.disabledAt) return { skipped: "The proposer's account is gone or disabled." };
        const mail = outcomeMail(deps.config.SITE_URL, {
          entity: revision.entity,
          entityId: revision.entityId,
          label: await itemLabel(db, revision),
          outcome: item.payload.outcome,
          reviewer: await nameOf(db, item.payload.reviewerId),
          at: revision.reviewedAt ?? new Date(),
          comment: item.payload.comment,
        });
        await send(mailer, deps, { to: proposer.email, ...mail });
        await saveProgress({ sent: true });
      };
    },
  },
);

// In the transaction of every proposal and decision, wherever it is made (decision 0089).
listenToRevisions({ proposed: noteProposal, decided: noteDecision });
