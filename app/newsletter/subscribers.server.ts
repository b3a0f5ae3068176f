import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import { hitRateLimit } from "../../core/rate-limit";
import { localizePath, type Lang } from "../i18n/languages";

/*
 * The newsletter's list (decision 0004): a sign-up stored unconfirmed with its two secrets, the
 * unsubscribe that deletes the row, and the links a subscriber's mails carry. Confirming is in
 * confirmation.server.ts.
 */

/**
 * Sign-ups accepted per visitor address per hour (decision 0004), the contact form's default
 * limit: a person subscribes once, a household or office behind one address a few times.
 */
export const NEWSLETTER_RATE_LIMIT = 10;
export const NEWSLETTER_RATE_WINDOW_MS = 60 * 60 * 1000;

/** 32 random bytes, base64url: the secret of a confirmation or unsubscribe link. */
export const newToken = () => randomBytes(32).toString("base64url");

/** What a link's token looks like (newToken's and the migration's): anything else is not looked up. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A token from a query string or a form, or null when it cannot be one. */
export function readToken(value: unknown): string | null {
  return typeof value === "string" && TOKEN_SHAPE.test(value) ? value : null;
}

/**
 * Store a sign-up (the address already validated and lower-cased), unconfirmed, with its own
 * confirmation and unsubscribe tokens. An address already on the list, confirmed or not, is
 * left as it is: the caller answers the same either way, so the form tells nobody who is
 * subscribed. The unique address decides inside the database, so two simultaneous requests
 * cannot both insert. Returns whether a row was added.
 */
export async function addSubscriber(db: Db, email: string, language: Lang): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, language, confirmToken: newToken(), unsubscribeToken: newToken() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0;
}

export type SubscribeOutcome = "accepted" | "rate-limited";

/**
 * One valid sign-up from a visitor's address: counted against the per-address limit, then
 * stored. "accepted" whether the address was new or already on the list.
 */
export async function subscribe(
  db: Db,
  input: { email: string; language: Lang; clientIp: string; limit?: number },
  /** Queues the confirmation mail of an address awaiting confirmation, in the sign-up's transaction (when mail is configured). */
  mailConfirmation?: (tx: Db, email: string) => Promise<void>,
): Promise<SubscribeOutcome> {
  const limit = await hitRateLimit(db, `newsletter:${input.clientIp}`, { limit: input.limit ?? NEWSLETTER_RATE_LIMIT, windowMs: NEWSLETTER_RATE_WINDOW_MS });
  if (!limit.allowed) return "rate-limited";
  await db.transaction(async (tx) => {
    await addSubscriber(tx, input.email, input.language);
    if (mailConfirmation) await mailConfirmation(tx, input.email);
  });
  return "accepted";
}

/** What a confirmation or unsubscribe link's page knows about its token. */
export type LinkState = "pending" | "confirmed" | "unknown";

/** Whether an unsubscribe token belongs to an address on the list ("pending") or to none. */
export async function unsubscribeTokenState(db: Db, token: string | null): Promise<Exclude<LinkState, "confirmed">> {
  if (!token) return "unknown";
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  return row ? "pending" : "unknown";
}

/**
 * Take the address an unsubscribe token belongs to off the list: the row is deleted, consent
 * record and all, so nothing is kept about a person who has left. "unknown" when the token
 * belongs to no address (never did, or already unsubscribed).
 */
export async function unsubscribe(db: Db, token: string | null): Promise<"unsubscribed" | "unknown"> {
  if (!token) return "unknown";
  const deleted = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ id: newsletterSubscribers.id });
  return deleted.length > 0 ? "unsubscribed" : "unknown";
}

/** The unprefixed paths of the two link pages (each also under /fa and /zh). */
export const CONFIRM_PATH = "/newsletter/confirm";
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/**
 * A subscriber's two links, absolute, in the language they signed up in: what the mail that
 * asks for confirmation (and every newsletter, for unsubscribing) carries.
 */
export function subscriberLinks(
  siteUrl: string,
  subscriber: { language: string; confirmToken: string; unsubscribeToken: string },
): { confirmUrl: string; unsubscribeUrl: string } {
  const lang: Lang = subscriber.language === "fa" || subscriber.language === "zh" ? subscriber.language : "en";
  const base = siteUrl.replace(/\/+$/, "");
  const link = (path: string, token: string) => `${base}${localizePath(path, lang)}?token=${encodeURIComponent(token)}`;
  return { confirmUrl: link(CONFIRM_PATH, subscriber.confirmToken), unsubscribeUrl: link(UNSUBSCRIBE_PATH, subscriber.unsubscribeToken) };
}
