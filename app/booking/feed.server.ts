import { FIRM_ZONE } from "../../core/firm-time";
import { and, asc, eq, gte, inArray, isNull } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import type { Db } from "../../db/client";
import { calendarFeeds, consultationBookings, users } from "../../db/schema";
import { rolesOf } from "../auth/guard.server";
import { hashToken, newPathToken, plausiblePathToken } from "../auth/link-tokens.server";
import { can } from "../auth/roles";
import { auditFrom, type Actor } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { refuse } from "../changes/errors.server";
import { defineMessages } from "../changes/refusal";
import { LIVE_STATUSES } from "./availability.server";

/** Your calendar feed's refusals (decision 0101). */
const M = defineMessages("booking.feed", {
  noFeed: "You have no calendar feed.",
});

/**
 * A staff member's private calendar feed (decision 0080): a secret address a calendar app
 * subscribes to without a session. The token is 32 random bytes (256 bits) as 64 lower-case hex
 * digits (the request guard folds paths to lower case, server/request-guard.ts); only its
 * SHA-256 is stored, so the address is shown once, when it is made. Replacing it makes a new one
 * (the old answers 404); revoking deletes it; a disabled account, or one without the
 * consultations.read permission, gets 404 too.
 *
 * What a phone's calendar holds (it syncs to Google, Apple or Microsoft, outside the firm): the
 * time, the meeting kind, the practice area, the language, the status and a link to the booking
 * in the admin (behind sign-in). No name, address, phone number, description or other parties.
 */
/** Bookings that started up to this long ago stay in the feed (today's past meetings do not vanish). */
export const FEED_PAST_MS = 24 * 60 * 60 * 1000;
export const FEED_LIMIT = 500;

export const feedPath = (token: string) => `/admin/calendar/${token}.ics`;

/** Make (or replace) the user's feed; answers the new token, the only time it is known. */
export async function createFeed(db: Db, actor: Actor): Promise<{ token: string; replaced: boolean }> {
  const token = newPathToken();
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    const removed = await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.id)).returning({ userId: calendarFeeds.userId });
    await tx.insert(calendarFeeds).values({ userId: actor.id, tokenHash: hashToken(token) });
    const replaced = removed.length > 0;
    return { result: { token, replaced }, audit: { ...auditFrom(actor), action: replaced ? "replace" : "create", entity: "calendar_feed", entityId: actor.id } };
  });
}

export async function revokeFeed(db: Db, actor: Actor): Promise<void> {
  await commit({ db, events: NO_EVENTS }, async (tx) => {
    const removed = await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.id)).returning({ userId: calendarFeeds.userId });
    if (removed.length === 0) throw refuse("not-found", M.noFeed);
    return { result: undefined, audit: { ...auditFrom(actor), action: "revoke", entity: "calendar_feed", entityId: actor.id } };
  });
}

/** When the user's feed was made, or null without one. */
export async function feedOf(db: Db, userId: string): Promise<{ createdAt: Date } | null> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** The owner of a feed address, or null (unknown, revoked, disabled account, no permission). */
async function feedOwner(db: Db, file: string): Promise<string | null> {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  if (!plausiblePathToken(token)) return null;
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), isNull(users.disabledAt)));
  if (!row) return null;
  return can(await rolesOf(db, row.userId), "consultations.read") ? row.userId : null;
}

const KIND_LABELS: Record<string, string> = { video: "Video", phone: "Phone", office: "In person" };

/** The feed's text (.ics), or null when the address opens nothing (the route answers 404). */
export async function renderFeed(db: Db, file: string, siteUrl: string, now: Date): Promise<string | null> {
  if (!(await feedOwner(db, file))) return null;
  const rows = await db
    .select()
    .from(consultationBookings)
    .where(and(inArray(consultationBookings.status, [...LIVE_STATUSES]), gte(consultationBookings.startsAt, new Date(now.getTime() - FEED_PAST_MS))))
    .orderBy(asc(consultationBookings.startsAt))
    .limit(FEED_LIMIT);
  return bookingsCalendar(rows, siteUrl, "Consultations");
}

/** Bookings as a feed's text: what a phone's calendar may hold of each (see above), nothing more. */
export function bookingsCalendar(rows: (typeof consultationBookings.$inferSelect)[], siteUrl: string, name: string): string {
  const site = new URL(siteUrl);
  const calendar = ical({ name, prodId: { company: site.hostname, product: "consultations", language: "EN" }, ttl: 15 * 60 });
  // Times are UTC instants (unambiguous whatever tz rules the phone has); the zone names the firm's.
  calendar.x("X-WR-TIMEZONE", FIRM_ZONE);
  for (const row of rows) {
    const area = row.area ? row.area.replace(/-/g, " ") : "any area";
    calendar.createEvent({
      // Stable across fetches and instances: the booking's id and the site.
      id: `booking-${row.id}@${site.hostname}`,
      start: row.startsAt,
      end: row.endsAt,
      stamp: row.updatedAt,
      summary: `Consultation (${KIND_LABELS[row.kind] ?? row.kind})${row.status === "booked" ? " – to confirm" : ""}`,
      description: `Free consultation #${row.id}: ${KIND_LABELS[row.kind] ?? row.kind}, ${area}, language ${row.language}. Details (sign-in needed): ${new URL(`/admin/dashboard/consultations?booking=${row.id}`, site).href}`,
      url: new URL(`/admin/dashboard/consultations?booking=${row.id}`, site).href,
      status: row.status === "confirmed" ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return calendar.toString();
}
