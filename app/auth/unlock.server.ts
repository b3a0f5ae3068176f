import { eq } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { hitRateLimit } from "../../core/rate-limit";
import { createMailer, mailSettings, type Mailer } from "../../core/mail";
import type { Config } from "../../core/config";
import type { Logger } from "../../core/log";
import { recordAudit } from "../changes/audit.server";
import { redirectWithToast } from "../toast/toast.server";
import { MAIL_LANE } from "../jobs/runner.server";
import { sendItemMail } from "../jobs/send-mail.server";
import { defineJob } from "../jobs/define.server";
import { adminEmailSchema, UNLOCK_INVALID, UNLOCK_REQUESTED, type LoginActionData } from "./forms";
import { isStaff } from "./guard.server";
import { consumeLinkToken, forgetLinkToken, issueLinkToken, peekLinkToken } from "./link-tokens.server";
import { accountDigest, issueDeviceCookie } from "./login-throttle.server";

/**
 * The unlock link by mail (decision 0055). A browser that never signed in to an account meets the
 * per-account lock of decision 0005 after anyone's failed guesses; the sign-in page then offers
 * "Email me an unlock link". The link goes to the account's own address, at most one mail per
 * account per MAIL_EVERY_MS, through the mail outbox (a job in the mail lane, decision 0048). It
 * holds a random token of which only the SHA-256 is stored (in better-auth's `verifications`
 * table, so no new table), valid TOKEN_TTL_MS and used once. Opening it shows a page with a
 * button (GET changes nothing, so a mail scanner that fetches links does not use it up); the
 * POST makes that browser a known device of the account (the device cookie of decision 0005),
 * and it can sign in at once while the lock holds for everyone else.
 */
export const UNLOCK = {
  TOKEN_TTL_MS: 60 * 60 * 1000,
  /** At most one unlock mail per account in this time (no mail bombing through the sign-in page). */
  MAIL_EVERY_MS: 15 * 60 * 1000,
} as const;

const IDENTIFIER = "admin-unlock";
/** Under `login:`, so the sign-in throttle's sweep of stale rows removes these too. */
const mailKey = (email: string) => `login:unlock-mail:${accountDigest(email)}`;

// ------------------------------------------------------------------ tokens (link-tokens.server.ts)

/** A new unlock token for an account's email; only its SHA-256 is stored. */
export function issueUnlockToken(db: Db, email: string, now = new Date()): Promise<string> {
  return issueLinkToken(db, IDENTIFIER, email.trim().toLowerCase(), UNLOCK.TOKEN_TTL_MS, now);
}

/** Whether a token would unlock now (the confirm page; uses nothing up). */
export async function unlockTokenValid(db: Db, token: string, now = new Date()): Promise<boolean> {
  return (await peekLinkToken(db, IDENTIFIER, token, now)) !== null;
}

/** Use a token up: the account's email when it was valid, else null. One statement, so used once. */
export async function consumeUnlockToken(db: Db, token: string, now = new Date()): Promise<string | null> {
  return (await consumeLinkToken(db, IDENTIFIER, token, now))?.value ?? null;
}

// ------------------------------------------------------------------ the mail

/** Take the account's one mail of the period: false when one was sent less than MAIL_EVERY_MS ago. */
export async function takeUnlockMailTurn(db: Db, email: string, now = new Date()): Promise<boolean> {
  return (await hitRateLimit(db, mailKey(email), { limit: 1, windowMs: UNLOCK.MAIL_EVERY_MS, now })).allowed;
}

interface UnlockDeps {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SITE_URL">;
  log: Logger;
}

export function unlockMail(siteUrl: string, token: string) {
  const link = new URL(`/admin/login?unlock=${token}`, siteUrl).href;
  const text = [
    `Someone asked for a link to unlock the admin sign-in of ${siteUrl} for this address: failed sign-in attempts have locked it for browsers that never signed in before.`,
    "",
    "Open this link in the browser you want to sign in with, and confirm there:",
    link,
    "",
    "The link works once, within one hour. It does not change your password.",
    "If you did not ask for it, ignore this mail; someone may be trying to guess your password.",
  ].join("\n");
  return { subject: "Unlock your admin sign-in", text };
}

/** The outbox job: makes the token and sends it (the token is never stored in plain, not even in the job). */
export const unlockMailJob = defineJob<null, { userId: string }, [UnlockDeps]>("admin-unlock-mail", {
  lane: MAIL_LANE,
  retry: { maxAttempts: 5 },
  summarize: ({ done, failed }) => (failed > 0 ? "The unlock mail could not be sent." : done > 0 ? "Unlock mail sent." : "Nothing to send."),
  handler: (deps) => {
    let mailer: Mailer | null = null;
    return async ({ item, saveProgress }) => {
      if (item.progress?.sent) return;
      const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, item.payload.userId));
      if (!user) return { skipped: "The account no longer exists." };
      const settings = mailSettings(deps.config);
      if (!settings) return { skipped: "Mail is not configured (SMTP_URL, MAIL_FROM)." };
      const token = await issueUnlockToken(deps.db, user.email);
      const mail = unlockMail(deps.config.SITE_URL, token);
      await sendItemMail(
        async () => {
          mailer ??= createMailer(settings);
          await mailer.send({ to: user.email, subject: mail.subject, text: mail.text });
        },
        // A link that never went out must not stay usable.
        () => forgetLinkToken(deps.db, token),
      );
      await saveProgress({ sent: true });
    };
  },
});

// ------------------------------------------------------------------ the sign-in page's two intents

/** "Email me an unlock link": the same answer whether or not the address has an admin account. */
export async function requestUnlockAction(form: FormData, context: AppLoadContext) {
  const { db, log, config } = context.services;
  const typedEmail = String(form.get("email") ?? "").slice(0, 255);
  const parsed = adminEmailSchema.safeParse(typedEmail);
  if (!parsed.success) {
    return data<LoginActionData>({ error: { title: "Unlock Failed", message: parsed.error.issues[0]?.message ?? "Enter a valid email address" }, email: typedEmail }, { status: 400 });
  }
  const email = parsed.data;
  const answer = data<LoginActionData>({ notice: UNLOCK_REQUESTED, email: typedEmail });
  if (!(await takeUnlockMailTurn(db, email))) return answer;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user || !(await isStaff(db, user.id))) return answer;
  if (!mailSettings(config)) {
    log.warn("an unlock link was asked for, but mail is not configured (SMTP_URL, MAIL_FROM)");
    return answer;
  }
  await unlockMailJob.enqueue(db, null, [{ label: "Unlock link", payload: { userId: user.id } }]);
  log.info({ ip: context.clientIp }, "admin unlock link queued");
  return answer;
}

/** The confirm button of the link's page: this browser becomes a known device of the account. */
export async function confirmUnlockAction(form: FormData, context: AppLoadContext) {
  const { db, config, log } = context.services;
  const email = await consumeUnlockToken(db, String(form.get("token") ?? ""));
  if (!email) return data<LoginActionData>({ error: { title: "Unlock Failed", message: UNLOCK_INVALID } }, { status: 400 });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const ip = context.clientIp || "unknown";
  if (user) await recordAudit(db, { userId: user.id, action: "unlock", entity: "session", details: { ip } });
  log.info({ ip }, "admin sign-in unlocked for a browser by mail link");
  const headers = new Headers({ "Set-Cookie": await issueDeviceCookie(config, email) });
  return redirectWithToast("/admin/login", { title: "Browser unlocked", description: "This browser can sign in to the account now.", type: "success" }, { headers });
}
