import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consultationBookings, verifications } from "../../db/schema";
import { localizePath, type Lang } from "../i18n/languages";
import { LIVE_STATUSES } from "./availability.server";
import { issueManageToken, MANAGE_PATH, manageIdentifier } from "./manage-tokens.server";

/**
 * The confirmation page's own manage link and "Add to calendar" (decision 0106). The page is
 * reached by its 128-bit reference right after booking; for a short while it gives the visitor a
 * manage link of their own (a token like the mails', decision 0079), so they need not wait for the
 * mail. Later the reference alone shows the booking but manages nothing: the mail's link does.
 */

/** For this long after booking, the confirmation page brings a manage link. */
export const CONFIRMATION_LINK_MINUTES = 60;
/** At most this many live links per booking (reloading the page makes no endless rows). */
export const MANAGE_LINKS_MAX = 8;

export const calendarPath = (managePath: string) => `${managePath}/calendar.ics`;

export interface BookedLinks {
  manage: string;
  calendar: string;
}

/**
 * A fresh manage link (and its calendar download) for the booking behind a confirmation page's
 * reference, or null: not live, over, booked too long ago, or enough links made already.
 * `machineNow` is the machine's time (the row's created_at is the database's); `now` the firm clock.
 */
export async function confirmationLinks(db: Db, reference: string, lang: Lang, now: Date, machineNow = new Date()): Promise<BookedLinks | null> {
  const [row] = await db
    .select({ id: consultationBookings.id, status: consultationBookings.status, endsAt: consultationBookings.endsAt, createdAt: consultationBookings.createdAt })
    .from(consultationBookings)
    .where(eq(consultationBookings.reference, reference));
  if (!row || !(LIVE_STATUSES as readonly string[]).includes(row.status) || row.endsAt <= now) return null;
  if (machineNow.getTime() - row.createdAt.getTime() > CONFIRMATION_LINK_MINUTES * 60_000) return null;
  const [{ links }] = await db
    .select({ links: count() })
    .from(verifications)
    .where(and(eq(verifications.identifier, manageIdentifier(row.id)), gt(verifications.expiresAt, now)));
  if (links >= MANAGE_LINKS_MAX) return null;
  const token = await issueManageToken(db, row.id, row.endsAt, now);
  const manage = localizePath(`${MANAGE_PATH}/${token}`, lang);
  return { manage, calendar: calendarPath(manage) };
}
