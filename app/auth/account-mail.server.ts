import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { createMailer, mailSettings, type Mailer, type OutgoingMail } from "../../core/mail";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import { ItemFailed, MAIL_LANE } from "../jobs/runner.server";
import { sendItemMail } from "../jobs/send-mail.server";
import { defineJob } from "../jobs/define.server";
import { isStaff } from "./guard.server";
import { forgetLinkToken, issueLinkToken, rekeyLinkToken } from "./link-tokens.server";

/**
 * The account mails of decision 0069 (invitation, password reset, new-address confirmation, and
 * the notice to the old address), each sent by a job of the mail outbox (decision 0048). A link's
 * token is made inside the job's item, so it exists in plain only in memory and in the mail,
 * never in a job row; a mail that fails voids its token. English only, like the whole admin.
 */

/** How long each link works, and the kinds (the `verifications.identifier`) they are stored under. */
export const LINKS = {
  invite: { kind: "staff-invite", ttlMs: 72 * 60 * 60 * 1000, path: "/admin/invite" },
  reset: { kind: "admin-password-reset", ttlMs: 60 * 60 * 1000, path: "/admin/reset-password" },
  email: { kind: "admin-email-change", ttlMs: 24 * 60 * 60 * 1000, path: "/admin/confirm-email" },
} as const;

/** The one invitation of an address (`staff-invite:<address>`). */
export const inviteIdentifier = (email: string) => `${LINKS.invite.kind}:${email}`;

export const linkUrl = (siteUrl: string, path: string, token: string) => new URL(`${path}?token=${token}`, siteUrl).href;

const siteName = (siteUrl: string) => new URL(siteUrl).host;

export function inviteMail(siteUrl: string, token: string, role: string, invitedBy: string) {
  const link = linkUrl(siteUrl, LINKS.invite.path, token);
  const text = [
    `${invitedBy} has invited you to the admin area of ${siteName(siteUrl)}, with the role "${role}".`,
    "",
    "Open this link to choose your name and password and create your account:",
    link,
    "",
    "The link works once, within 72 hours.",
    "If you did not expect this invitation, ignore this mail: no account is created without the link.",
  ].join("\n");
  return { subject: "Your invitation to the website admin", text };
}

export function resetMail(siteUrl: string, token: string) {
  const link = linkUrl(siteUrl, LINKS.reset.path, token);
  const text = [
    `Someone asked to reset the admin password of ${siteName(siteUrl)} for this address.`,
    "",
    "Open this link to choose a new password:",
    link,
    "",
    "The link works once, within one hour. Setting a new password signs the account out everywhere.",
    "If you did not ask for it, ignore this mail: your password stays as it is.",
  ].join("\n");
  return { subject: "Reset your admin password", text };
}

export function emailConfirmMail(siteUrl: string, token: string, oldEmail: string) {
  const link = linkUrl(siteUrl, LINKS.email.path, token);
  const text = [
    `The admin account ${oldEmail} of ${siteName(siteUrl)} asked to use this address to sign in from now on.`,
    "",
    "Open this link to confirm the new address:",
    link,
    "",
    "The link works once, within 24 hours. Until it is confirmed, the account keeps its old address.",
    "If you did not ask for it, ignore this mail.",
  ].join("\n");
  return { subject: "Confirm your new admin email address", text };
}

export function emailChangedMail(siteUrl: string, newEmail: string) {
  const text = [
    `The admin account of ${siteName(siteUrl)} that used this address now signs in with ${newEmail}.`,
    "",
    "If you made this change, there is nothing to do.",
    "If you did not, tell another administrator of the site at once: someone may be using your account.",
  ].join("\n");
  return { subject: "Your admin email address was changed", text };
}

interface MailDeps {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL">;
  log: Logger;
}

/** Send one mail; on failure `undo` (void the token), then fail the item (retried when the failure may pass). */
async function sendOrUndo(deps: MailDeps, mailer: MailerRef, mail: OutgoingMail, undo: () => Promise<void>): Promise<void> {
  const settings = mailSettings(deps.config);
  if (!settings) throw new ItemFailed("Mail is not configured (SMTP_URL, MAIL_FROM).");
  await sendItemMail(
    async () => {
      mailer.current ??= createMailer(settings);
      await mailer.current.send(mail);
    },
    // A link that never went out must not stay usable.
    undo,
  );
}

const NO_MAIL = { skipped: "Mail is not configured (SMTP_URL, MAIL_FROM)." };
type MailerRef = { current: Mailer | null };

/**
 * An account mail as a job in the mail lane: one item, one mail, sent once (a retry after the
 * send finds it marked and mails nobody twice); skipped while mail is not configured. `send`
 * mails the item (through sendOrUndo) or says why it was skipped; the words are the card's.
 */
function accountMailJob<I>(
  name: string,
  words: { sent: string; failed: string },
  send: (deps: MailDeps, payload: I, mailer: MailerRef) => Promise<void | { skipped: string }>,
) {
  return defineJob<null, I, [MailDeps]>(name, {
    lane: MAIL_LANE,
    retry: { maxAttempts: 5 },
    summarize: ({ done, failed }) => (failed > 0 ? words.failed : done > 0 ? words.sent : "Nothing to send."),
    handler: (deps) => {
      const mailer: MailerRef = { current: null };
      return async ({ item, saveProgress }) => {
        if (item.progress?.sent) return;
        if (!mailSettings(deps.config)) return NO_MAIL;
        const skipped = await send(deps, item.payload, mailer);
        if (skipped) return skipped;
        await saveProgress({ sent: true });
      };
    },
  });
}

/** The invitation: a new token for the address's invitation (the one sent before stops working). */
export const inviteMailJob = accountMailJob<{ email: string; role: string; invitedBy: string }>(
  "staff-invite-mail",
  { sent: "Invitation sent.", failed: "The invitation could not be sent." },
  async (deps, { email, role, invitedBy }, mailer) => {
    const token = await rekeyLinkToken(deps.db, inviteIdentifier(email), LINKS.invite.ttlMs);
    if (!token) return { skipped: "The invitation was revoked or accepted." };
    const mail = inviteMail(deps.config.SITE_URL, token, role, invitedBy);
    // A failed mail gives the invitation a token nobody has: it stays listed, to be resent.
    await sendOrUndo(deps, mailer, { to: email, ...mail }, async () => void (await rekeyLinkToken(deps.db, inviteIdentifier(email), LINKS.invite.ttlMs)));
  },
);

/**
 * The reset link. The request page queues one for any address typed (the same work whether or
 * not it has an account); the item finds out, and mails only an enabled staff account.
 */
export const resetMailJob = accountMailJob<{ email: string }>(
  "admin-password-reset-mail",
  { sent: "Password reset request handled.", failed: "The password reset mail could not be sent." },
  async (deps, { email }, mailer) => {
    const [user] = await deps.db.select({ id: users.id, email: users.email, disabledAt: users.disabledAt }).from(users).where(eq(users.email, email));
    if (!user || user.disabledAt || !(await isStaff(deps.db, user.id))) return { skipped: "No enabled staff account has this address." };
    const token = await issueLinkToken(deps.db, LINKS.reset.kind, user.id, LINKS.reset.ttlMs);
    await sendOrUndo(deps, mailer, { to: user.email, ...resetMail(deps.config.SITE_URL, token) }, () => forgetLinkToken(deps.db, token));
  },
);

/** The value an email-change link stands for. */
export interface EmailChange {
  userId: string;
  oldEmail: string;
  newEmail: string;
}

/** The confirmation link, to the new address. */
export const emailConfirmMailJob = accountMailJob<EmailChange>(
  "admin-email-confirm-mail",
  { sent: "Confirmation mail sent.", failed: "The confirmation mail could not be sent." },
  async (deps, change, mailer) => {
    const token = await issueLinkToken(deps.db, LINKS.email.kind, JSON.stringify(change), LINKS.email.ttlMs);
    await sendOrUndo(deps, mailer, { to: change.newEmail, ...emailConfirmMail(deps.config.SITE_URL, token, change.oldEmail) }, () => forgetLinkToken(deps.db, token));
  },
);

/** The notice to the old address once the new one is confirmed. */
export const emailChangedMailJob = accountMailJob<{ oldEmail: string; newEmail: string }>(
  "admin-email-changed-mail",
  { sent: "Notice sent.", failed: "The notice could not be sent." },
  async (deps, { oldEmail, newEmail }, mailer) => {
    await sendOrUndo(deps, mailer, { to: oldEmail, ...emailChangedMail(deps.config.SITE_URL, newEmail) }, async () => {});
  },
);

/** What an admin did to a staff account, as the notice to that person says it (decision 0090). */
export type StaffChange = { kind: "role_change"; from: string[]; to: string[] } | { kind: "disable" } | { kind: "enable" } | { kind: "second_factor_reset" };

export function staffChangeMail(siteUrl: string, change: StaffChange, by: string) {
  const site = siteName(siteUrl);
  const what =
    change.kind === "role_change"
      ? [`${by} changed your role in the admin area of ${site} from "${change.from.join(", ") || "none"}" to "${change.to.join(", ")}".`, "What you may see and do changes at your next page."]
      : change.kind === "disable"
        ? [`${by} disabled your account in the admin area of ${site}.`, "You were signed out everywhere and cannot sign in until an administrator enables the account again."]
        : change.kind === "enable"
          ? [`${by} enabled your account in the admin area of ${site} again.`, "You can sign in with your password."]
          : [`${by} reset the second factor of your account in the admin area of ${site}.`, "Your authenticator app and passkeys no longer sign you in, and you were signed out everywhere. Sign in with your password and set up a new second factor."];
  const subject =
    change.kind === "role_change" ? "Your admin role was changed" : change.kind === "disable" ? "Your admin account was disabled" : change.kind === "enable" ? "Your admin account was enabled" : "Your second factor was reset";
  const text = [...what, "", `If you did not expect this, tell another administrator of the site, or ${by}, at once.`].join("\n");
  return { subject, text };
}

/** The notice to the person an admin acted on: what was done and by whom (queued in the change's transaction). */
export const staffChangeMailJob = accountMailJob<{ email: string; change: StaffChange; by: string }>(
  "staff-change-mail",
  { sent: "Notice sent.", failed: "The notice could not be sent." },
  async (deps, { email, change, by }, mailer) => {
    await sendOrUndo(deps, mailer, { to: email, ...staffChangeMail(deps.config.SITE_URL, change, by) }, async () => {});
  },
);
