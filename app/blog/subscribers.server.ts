import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import type { Lang } from "../i18n/languages";

/**
 * Store a subscriber (the address already validated and lower-cased). The unique address
 * decides duplicates inside the database, so two simultaneous requests cannot both insert.
 */
export async function addSubscriber(db: Db, email: string, language: Lang): Promise<"subscribed" | "already-subscribed"> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, language })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? "subscribed" : "already-subscribed";
}
