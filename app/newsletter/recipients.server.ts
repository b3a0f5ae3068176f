/** Who a newsletter is mailed to (decisions 0081, 0098): confirmed addresses that are not bouncing, of one language. */
import { and, asc, eq, isNotNull, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import type { Lang } from "../i18n/languages";

/** The subscribers whose mails are in `language` (anything other than Farsi or Chinese reads English, as mailLanguage). */
export const ofLanguage = (language: Lang) => (language === "en" ? notInArray(newsletterSubscribers.language, ["fa", "zh"]) : eq(newsletterSubscribers.language, language));

/** Who may be mailed now: confirmed and not bouncing. */
export const mailable = () => and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.bouncingAt));

/** The recipients of a send in one language, oldest sign-up first (one job item each). */
export const confirmedRecipients = (tx: Db, language: Lang) =>
  tx.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(and(mailable(), ofLanguage(language))).orderBy(asc(newsletterSubscribers.id));
