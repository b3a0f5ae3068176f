/**
 * Confirming a sign-up (decision 0004): the state of a confirmation link, the click that confirms
 * it once, and the claim that limits confirmation mails to one an hour per address (decision 0048).
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import type { LinkState } from "./subscribers.server";

/** The state of a confirmation token: awaiting its click, already confirmed, or no such link. */
export async function confirmTokenState(db: Db, token: string | null): Promise<LinkState> {
  if (!token) return "unknown";
  const [row] = await db
    .select({ confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmToken, token));
  if (!row) return "unknown";
  return row.confirmedAt ? "confirmed" : "pending";
}

/**
 * Confirm the sign-up a confirmation token belongs to. The first confirmation's time is kept:
 * a second click (or a mail filter's) changes nothing. "confirmed" when the token is known;
 * `firstId` is the subscriber's id when this call confirmed it (the welcome mail goes out once).
 */
export async function confirmSubscriberOnce(db: Db, token: string | null, now = new Date()): Promise<{ result: "confirmed" | "unknown"; firstId: number | null }> {
  if (!token) return { result: "unknown", firstId: null };
  const [first] = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: now })
    .where(and(eq(newsletterSubscribers.confirmToken, token), isNull(newsletterSubscribers.confirmedAt)))
    .returning({ id: newsletterSubscribers.id });
  if (first) return { result: "confirmed", firstId: first.id };
  return { result: (await confirmTokenState(db, token)) === "unknown" ? "unknown" : "confirmed", firstId: null };
}

/** confirmSubscriberOnce without the id. */
export async function confirmSubscriber(db: Db, token: string | null, now = new Date()): Promise<"confirmed" | "unknown"> {
  return (await confirmSubscriberOnce(db, token, now)).result;
}

/**
 * At most one confirmation mail per address per hour, whoever fills in the form: a re-sign-up
 * resends it, but the form cannot flood someone's inbox (decision 0048).
 */
export const CONFIRM_RESEND_MS = 60 * 60 * 1000;

/**
 * Claim the sending of a confirmation mail to an address awaiting confirmation: marks
 * `confirm_mailed_at` and returns the subscriber's id, or null when the address is confirmed,
 * unknown, or was mailed less than CONFIRM_RESEND_MS ago. One statement, so two simultaneous
 * sign-ups cannot both claim it.
 */
export async function claimConfirmMail(db: Db, email: string, now = new Date()): Promise<number | null> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ confirmMailedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.email, email),
        isNull(newsletterSubscribers.confirmedAt),
        or(isNull(newsletterSubscribers.confirmMailedAt), lt(newsletterSubscribers.confirmMailedAt, new Date(now.getTime() - CONFIRM_RESEND_MS))),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return row?.id ?? null;
}
