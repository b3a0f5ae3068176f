/** The Inbox's list of newsletter subscribers (decision 0004), and an address removed by staff. */
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import type { AdminUser } from "../auth/guard.server";
import { auditFrom } from "../changes/audit.server";
import { commit, NO_EVENTS } from "../changes/commit.server";
import { displayDate, INBOX_PAGE_SIZE } from "../contact/inbox.server";

export interface InboxSubscriber {
  id: number;
  email: string;
  language: string;
  subscribedAt: string;
  subscribedLabel: string;
  /** When the address owner confirmed through the link; null while awaiting confirmation. */
  confirmedAt: string | null;
  confirmedLabel: string | null;
  /** Marked bouncing after 3 posts refused for good (decision 0081): no longer mailed. */
  bouncingLabel: string | null;
}

/** The newsletter list, confirmed or not (decision 0004), with how many have confirmed. */
export async function listSubscribers(db: Db, limit = INBOX_PAGE_SIZE): Promise<{ items: InboxSubscriber[]; total: number; confirmed: number }> {
  const [rows, [{ total, confirmed }]] = await Promise.all([
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        language: newsletterSubscribers.language,
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
        bouncingAt: newsletterSubscribers.bouncingAt,
      })
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit),
    db.select({ total: count(), confirmed: count(newsletterSubscribers.confirmedAt) }).from(newsletterSubscribers),
  ]);
  return {
    total,
    confirmed,
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      language: row.language,
      subscribedAt: row.createdAt.toISOString(),
      subscribedLabel: displayDate(row.createdAt),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      confirmedLabel: row.confirmedAt ? displayDate(row.confirmedAt) : null,
      bouncingLabel: row.bouncingAt ? displayDate(row.bouncingAt) : null,
    })),
  };
}

/** Remove an address from the newsletter list (e.g. on an unsubscribe request). */
export async function deleteSubscriber(db: Db, user: AdminUser, id: number): Promise<boolean> {
  return commit({ db, events: NO_EVENTS }, async (tx) => {
    const [row] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning({ id: newsletterSubscribers.id });
    return { result: Boolean(row), audit: row ? { ...auditFrom(user), action: "delete", entity: "newsletter_subscriber", entityId: id } : null };
  });
}
