/** Who a newsletter is mailed to (decision 0081): confirmed addresses that are not bouncing. */
import { and, asc, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";

/** The recipients of a send, oldest sign-up first (one job item each). */
export const confirmedRecipients = (tx: Db) =>
  tx
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.bouncingAt)))
    .orderBy(asc(newsletterSubscribers.id));
