import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { consultationBookings, lawyerFeeds, teamMembers } from "../../db/schema";
import { hashToken, newPathToken, plausiblePathToken } from "../auth/link-tokens.server";
import { auditFrom, type Actor } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { LIVE_STATUSES } from "./availability.server";
import { bookingsCalendar, FEED_LIMIT, FEED_PAST_MS, feedPath } from "./feed.server";
import type { MemberId } from "./lawyer-calendars.server";

/** A lawyer's calendar feed's refusals (decision 0101). */
const M = defineMessages("booking.lawyer-feed", {
  memberGone: "That team member no longer exists.",
  noFeed: "This team member has no calendar feed.",
});

/**
 * A lawyer's own outgoing feed (issue 46 item 2, decision 0105): the bookings with that lawyer,
 * at a secret address like the staff feed's (decision 0080: 256 random bits, only the SHA-256
 * stored, shown once, replaced or revoked), and with no more of a booking than that feed shows.
 * An admin makes it for a team member (who may have no staff account) and hands it over. It is
 * served at the same path shape as the staff feed (`/admin/calendar/<token>.ics`).
 */

/** The live bookings of one lawyer from `since` on: the lawyer's column is `consultation_bookings.lawyer_id`. */
export function bookingsOfLawyer(db: DbOrTx, memberId: MemberId, since: Date) {
  return db
    .select()
    .from(consultationBookings)
    .where(and(eq(consultationBookings.lawyerId, memberId), inArray(consultationBookings.status, [...LIVE_STATUSES]), gte(consultationBookings.startsAt, since)))
    .orderBy(asc(consultationBookings.startsAt))
    .limit(FEED_LIMIT);
}

/** Make (or replace) a lawyer's feed; answers the new token, the only time it is known. */
export async function createLawyerFeed(db: Db, actor: Actor, memberId: MemberId): Promise<{ token: string; replaced: boolean }> {
  const token = newPathToken();
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    const [member] = await tx.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.id, memberId));
    if (!member) throw refuse("not-found", M.memberGone);
    const removed = await tx.delete(lawyerFeeds).where(eq(lawyerFeeds.memberId, memberId)).returning({ memberId: lawyerFeeds.memberId });
    await tx.insert(lawyerFeeds).values({ memberId, tokenHash: hashToken(token) });
    const replaced = removed.length > 0;
    return { result: { token, replaced }, audit: { ...auditFrom(actor), action: replaced ? "replace" : "create", entity: "lawyer_feed", entityId: memberId } };
  });
}

export async function revokeLawyerFeed(db: Db, actor: Actor, memberId: MemberId): Promise<void> {
  await commit({ db, events: NO_EVENTS }, async (tx) => {
    const removed = await tx.delete(lawyerFeeds).where(eq(lawyerFeeds.memberId, memberId)).returning({ memberId: lawyerFeeds.memberId });
    if (removed.length === 0) throw refuse("not-found", M.noFeed);
    return { result: undefined, audit: { ...auditFrom(actor), action: "revoke", entity: "lawyer_feed", entityId: memberId } };
  });
}

/** When each lawyer's feed was made, by member. */
export async function lawyerFeedsMade(db: DbOrTx): Promise<Map<MemberId, Date>> {
  const rows = await db.select({ memberId: lawyerFeeds.memberId, createdAt: lawyerFeeds.createdAt }).from(lawyerFeeds);
  return new Map(rows.map((row) => [row.memberId, row.createdAt]));
}

/** The lawyer's feed text, or null when the address opens no lawyer's feed. */
export async function renderLawyerFeed(db: Db, file: string, siteUrl: string, now: Date): Promise<string | null> {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  if (!plausiblePathToken(token)) return null;
  const [row] = await db
    .select({ memberId: lawyerFeeds.memberId, name: teamMembers.name })
    .from(lawyerFeeds)
    .innerJoin(teamMembers, eq(teamMembers.id, lawyerFeeds.memberId))
    .where(eq(lawyerFeeds.tokenHash, hashToken(token)));
  if (!row) return null;
  const rows = await bookingsOfLawyer(db, row.memberId, new Date(now.getTime() - FEED_PAST_MS));
  return bookingsCalendar(rows, siteUrl, `Consultations – ${row.name}`);
}

export const lawyerFeedPath = feedPath;
