import { eq } from "drizzle-orm";
import { newsletterSubscribers } from "../../db/schema";
import type { Db } from "../../db/client";
import { createMailer, mailSettings, type Mailer } from "../../core/mail";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import { MAIL_LANE } from "../jobs/runner.server";
import { sendItemMail } from "../jobs/send-mail.server";
import { defineJob } from "../jobs/define.server";
import type { TextStore } from "../content/texts.server";
import { isLang, type Lang } from "../i18n/languages";
import { subscriberLinks } from "./subscribers.server";
import { claimConfirmMail } from "./confirmation.server";

/**
 * The newsletter's own mails (decisions 0004 and 0048), through the same outbox as the contact
 * notification: a job per mail on the job runner, retried while the mail server is down, sent
 * in the subscriber's language with texts staff can edit (content category "newsletter").
 *
 * - "confirm": asks a new address to confirm (the confirmation link) and gives the unsubscribe
 *   link to someone who never asked. Sent on sign-up and resent on a re-sign-up at most once an
 *   hour (`confirm_mailed_at`).
 * - "welcome": once confirmed, says so and carries the unsubscribe link (as every later mail).
 */

/** 2 s ... about 4 min of backoff: a mail server that is down for a few minutes delays the mail. */
const MAX_ATTEMPTS = 8;

export type NewsletterMail = "confirm" | "welcome";

interface ItemPayload {
  subscriberId: number;
  mail: NewsletterMail;
}

export interface NewsletterMailDeps {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL">;
  log: Logger;
  texts: Pick<TextStore, "get">;
}

/** Whether the newsletter's mails can go out (SMTP_URL and MAIL_FROM). */
export const newsletterMailConfigured = (config: NewsletterMailDeps["config"]) => mailSettings(config) !== null;

/** The mail's subject and text in the subscriber's language, with its links. */
export async function newsletterMail(
  deps: Pick<NewsletterMailDeps, "texts" | "config">,
  mail: NewsletterMail,
  subscriber: { language: string; confirmToken: string; unsubscribeToken: string },
): Promise<{ subject: string; text: string; unsubscribeUrl: string }> {
  const lang: Lang = isLang(subscriber.language) ? subscriber.language : "en";
  const t = (key: string) => deps.texts.get(lang, key);
  const { confirmUrl, unsubscribeUrl } = subscriberLinks(deps.config.SITE_URL, subscriber);
  const signature = ["-- ", await t("firm-name"), deps.config.SITE_URL].filter(Boolean).join("\n");
  const paragraphs =
    mail === "confirm"
      ? [await t("newsletter-mail-confirm-text"), confirmUrl, await t("newsletter-mail-ignore-text"), unsubscribeUrl]
      : [await t("newsletter-mail-welcome-text"), await t("newsletter-mail-unsubscribe-text"), unsubscribeUrl];
  const subject = await t(mail === "confirm" ? "newsletter-mail-confirm-subject" : "newsletter-mail-welcome-subject");
  return { subject, text: [...paragraphs, signature].join("\n\n"), unsubscribeUrl };
}

/** One newsletter mail to one subscriber. */
export const newsletterMailJob = defineJob<null, ItemPayload, [NewsletterMailDeps]>("newsletter-mail", {
  // Never behind a long batch (decision 0049).
  lane: MAIL_LANE,
  retry: { maxAttempts: MAX_ATTEMPTS },
  uniqueKey: (_, items) => `newsletter-mail:${items[0]?.payload?.mail}:${items[0]?.payload?.subscriberId}`,
  summarize: ({ done, failed }) => (failed > 0 ? "The newsletter mail could not be sent." : done > 0 ? "Newsletter mail sent." : "Nothing to send."),
  handler: (deps) => {
    let mailer: Mailer | null = null;
    return async ({ item, saveProgress }) => {
      const { subscriberId, mail } = item.payload;
      const [row] = await deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriberId));
      if (!row) return { skipped: "The address left the list before its mail went out." };
      if (mail === "confirm" && row.confirmedAt) return { skipped: "The address was confirmed before its mail went out." };
      const settings = mailSettings(deps.config);
      if (!settings) return { skipped: "Mail is not configured (SMTP_URL, MAIL_FROM)." };
      // Sent before a crash that came before the item was marked done: not sent twice.
      if (item.progress?.sent) return;
      const sender = (mailer ??= createMailer(settings));
      const content = await newsletterMail(deps, mail, row);
      await sendItemMail(() => sender.send({ to: row.email, subject: content.subject, text: content.text, listUnsubscribe: content.unsubscribeUrl }));
      await saveProgress({ sent: true });
    };
  },
});

const enqueueMail = (tx: Db, subscriberId: number, mail: NewsletterMail) =>
  // No address in the label: the jobs list is seen by every admin and kept after an unsubscribe.
  newsletterMailJob.enqueue(tx, null, [{ label: `Subscriber #${subscriberId}: ${mail === "confirm" ? "confirmation" : "welcome"} mail`, payload: { subscriberId, mail } }]);

/**
 * Queue the confirmation mail of an address awaiting confirmation, unless it was mailed within
 * the hour: the claim (`confirm_mailed_at`) and the job are one transaction's, the sign-up's.
 */
export async function queueConfirmationMail(tx: Db, email: string): Promise<void> {
  const subscriberId = await claimConfirmMail(tx, email);
  if (subscriberId !== null) await enqueueMail(tx, subscriberId, "confirm");
}

/** Queue the welcome mail of a subscriber who has just confirmed, in the confirming transaction. */
export async function queueWelcomeMail(tx: Db, subscriberId: number): Promise<void> {
  await enqueueMail(tx, subscriberId, "welcome");
}
