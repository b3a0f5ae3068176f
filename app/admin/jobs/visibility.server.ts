/**
 * Jobs that work on client records (a message's notification, a booking's mails, newsletter mails)
 * carry their ids and, when a mail fails, the mail server's words: shown only to roles that see
 * client records (decision 0090). Others get the 403 sentence and an access-denied entry.
 */
import type { Services } from "~/services";
import { recordDenied, userCan, type AdminUser } from "~/auth/guard.server";
import { refusal } from "~/auth/roles";

const CLIENT_JOB_KINDS = new Set(["contact-notify", "booking-mail", "newsletter-mail", "newsletter-send"]);

/** The refusal sentence when this user may not see a job of this kind, else null (recorded). */
export async function jobRefusal(services: Services, user: AdminUser, request: Request, kind: string): Promise<string | null> {
  if (!CLIENT_JOB_KINDS.has(kind) || userCan(user, "inbox.read")) return null;
  await recordDenied(services, { ...user, roles: user.roles ?? [] }, request, "inbox.read");
  return refusal(user.roles ?? [], "inbox.read");
}
