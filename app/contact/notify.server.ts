import { eq } from "drizzle-orm";
import { contactSubmissions } from "../../db/schema";
import type { Db } from "../../db/client";
import { createMailer, mailSettings, MailError, plainAddress, type Mailer } from "../../core/mail";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import { ItemFailed, MAIL_LANE } from "../jobs/runner.server";
import { defineJob } from "../jobs/define.server";
import { splitContactMessage } from "./message";
import { openField } from "../../core/sealing.server";
import { firmClock } from "../../core/firm-clock.server";
import { conflictsOf } from "../conflicts/conflict-store.server";
import { conflictLines, type StoredConflict } from "../conflicts/conflict-labels";

/**
 * The firm's notification of each contact message (an outbox on the job runner): the message is
 * stored first with notify_status "queued", a job sends the mail with retries, and the row says
 * how it went ("sent", or "failed" with the reason). A mail server that is down delays the mail;
 * it never fails the visitor's form nor loses the message.
 */

/** Retries with the runner's doubling backoff (2 s ... about 17 min): about half an hour in all. */
const MAX_ATTEMPTS = 11;

interface ItemPayload {
  submissionId: number;
}

export interface NotifyDeps {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "CONTACT_NOTIFY_TO" | "SITE_URL">;
  log: Logger;
}

/** Whether a new message gets a mail: the three settings are needed. */
export const notifyConfigured = (config: NotifyDeps["config"]) => Boolean(mailSettings(config) && config.CONTACT_NOTIFY_TO);

/** The notification's subject and text: who wrote, how to answer, what they wrote. */
export function contactMail(row: typeof contactSubmissions.$inferSelect, siteUrl: string, conflicts: readonly StoredConflict[] = []) {
  const { subject, body } = splitContactMessage(openField(row.message, "contact_submissions.message"));
  const received = `${firmClock.dateTime(row.createdAt)} Vancouver time`;
  const text = [
    `${row.name} wrote through the contact form of ${siteUrl}.`,
    "",
    `Name: ${row.name}`,
    `Email: ${row.email}`,
    `Phone: ${row.phone ?? "not given"}`,
    `Subject: ${subject || "(no subject)"}`,
    `Received: ${received}`,
    "",
    // The conflict check, each match with its record's address (decisions 0080, 0106).
    ...conflictLines(conflicts, [], siteUrl),
    "",
    body,
    "",
    "--",
    `Reply to this mail to answer ${row.name}. The message is also in the Inbox: ${new URL(`/admin/dashboard/inbox#submission-${row.id}`, siteUrl).href}`,
  ].join("\n");
  return { subject: `Contact form: ${subject || "new message"} (${row.name})`, text };
}

/** The notification mail of one stored message. */
export const contactNotify = defineJob<null, ItemPayload, [NotifyDeps]>("contact-notify", {
  // Never behind a long batch (decision 0049).
  lane: MAIL_LANE,
  retry: { maxAttempts: MAX_ATTEMPTS },
  uniqueKey: (_, items) => `contact-notify:${items[0]?.payload?.submissionId}`,
  summarize: ({ done, failed }) => (failed > 0 ? "The notification mail could not be sent." : done > 0 ? "Notification mail sent." : "Nothing to send."),
  handler: (deps) => {
    let mailer: Mailer | null = null;
    return async ({ item, saveProgress }) => {
      const id = item.payload.submissionId;
      const [row] = await deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
      if (!row) return { skipped: "The message was deleted before its mail went out." };
      const settings = mailSettings(deps.config);
      const to = deps.config.CONTACT_NOTIFY_TO;
      if (!settings || !to) {
        await deps.db.update(contactSubmissions).set({ notifyStatus: "none", notifyError: null }).where(eq(contactSubmissions.id, id));
        return { skipped: "Mail is not configured (SMTP_URL, MAIL_FROM, CONTACT_NOTIFY_TO)." };
      }
      // Sent before a crash that came before the row was updated: not sent twice.
      if (!item.progress?.sent) {
        mailer ??= createMailer(settings);
        const conflicts = await conflictsOf(deps.db, "contact", [id]);
        const mail = contactMail(row, deps.config.SITE_URL, conflicts.get(id) ?? []);
        try {
          await mailer.send({ to, subject: mail.subject, text: mail.text, replyTo: plainAddress(row.email) ? { name: row.name, address: row.email } : undefined });
        } catch (error) {
          const failure = error instanceof MailError ? error : new MailError(`The mail could not be sent: ${(error as Error).message}`, true);
          const final = !failure.retryable || item.attempts + 1 >= MAX_ATTEMPTS;
          await deps.db
            .update(contactSubmissions)
            .set({ notifyStatus: final ? "failed" : "queued", notifyError: failure.message })
            .where(eq(contactSubmissions.id, id));
          if (final) throw new ItemFailed(failure.message);
          throw failure;
        }
        await saveProgress({ sent: true });
      }
      return {
        apply: async (tx) => {
          await tx.update(contactSubmissions).set({ notifyStatus: "sent", notifyError: null, notifiedAt: new Date() }).where(eq(contactSubmissions.id, id));
        },
      };
    };
  },
});

/** Queue the notification of a message, in the transaction that stores it: stored and queued, or neither. */
export function queueContactNotification(tx: Db, submissionId: number) {
  return contactNotify.enqueue(tx, null, [{ label: `Message #${submissionId}`, payload: { submissionId } }]);
}
