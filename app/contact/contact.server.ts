import type { Db } from "../../db/client";
import { contactSubmissions } from "../../db/schema";
import { hitRateLimit } from "../../core/rate-limit";
import { logRefusal, type Logger } from "../../core/log";
import { storeConflicts } from "../conflicts/conflict-store.server";
import { sealField } from "../../core/sealing.server";
import { CONTACT_FIELDS, CONTACT_LIMITS, emptyContactValues, HONEYPOT_FIELD, readContactForm, storedContactMessage, validateContact, type ContactField, type ContactValues } from "./schema";

/** What the contact action answers; the page shows it as toasts (with JavaScript) or inline (without). */
export type ContactActionData =
  | { ok: true }
  | {
      ok: false;
      /** Per-field message keys (validation). */
      errors?: Partial<Record<ContactField, string>>;
      /** The message key to show for the whole form. */
      formError: string;
      /** What the visitor typed, so a page rendered without JavaScript keeps it. */
      values: ContactValues;
    };

export interface ContactDeps {
  db: Db;
  log: Logger;
  /** Accepted messages per address per hour. */
  rateLimit: number;
  /** Queues the firm's notification mail of a message, in the transaction that stores it; unset when mail is not configured. */
  notify?: (tx: Db, submissionId: number) => Promise<unknown>;
  /** Counts the stored message in the visit statistics (app/stats, decision 0082). */
  countEnquiry?: (kind: "contact") => Promise<void>;
}

export const RATE_WINDOW_MS = 60 * 60 * 1000;

/**
 * Validate, filter spam, rate-limit and store one contact form submission. Never throws:
 * any failure becomes contact.form.error, so the visitor keeps what they typed.
 */
export async function submitContact(
  deps: ContactDeps,
  form: FormData,
  clientIp: string,
): Promise<{ status: number; body: ContactActionData }> {
  const values = readContactForm(form);
  // Sent back only when refused, and never longer than each field may be.
  const echoed = () => clipContactValues(values);
  try {
    // A bot filled the field people cannot see: it is told "thank you" and nothing is stored.
    const trap = form.get(HONEYPOT_FIELD);
    if (typeof trap === "string" && trap.trim() !== "") {
      deps.log.info({ ip: clientIp }, "contact form honeypot filled; submission dropped");
      return { status: 200, body: { ok: true } };
    }

    const checked = validateContact(values);
    if (!checked.success) {
      return { status: 400, body: { ok: false, errors: checked.errors, formError: checked.firstError, values: echoed() } };
    }

    // Only well-formed messages count towards the limit, so typing mistakes never lock anyone out.
    const limit = await hitRateLimit(deps.db, `contact:${clientIp}`, { limit: deps.rateLimit, windowMs: RATE_WINDOW_MS });
    if (!limit.allowed) {
      logRefusal(deps.log, clientIp, "contact form rate limit reached", { count: limit.count });
      return { status: 429, body: { ok: false, formError: "contact.validation.rate-limited", values: echoed() } };
    }

    const { name, email, phone, subject, message } = checked.data;
    // The message and its notification job commit together; the mail goes out from the job
    // queue later and never fails the visitor's form.
    await deps.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(contactSubmissions)
        .values({ name, email, phone, message: sealField(storedContactMessage(subject, message), "contact_submissions.message"), notifyStatus: deps.notify ? "queued" : "none" })
        .returning({ id: contactSubmissions.id });
      // The conflict check, stored with the message (staff only; decision 0080).
      await storeConflicts(tx, { contactId: stored.id }, [name]);
      if (deps.notify) await deps.notify(tx, stored.id);
    });
    await deps.countEnquiry?.("contact");
    return { status: 200, body: { ok: true } };
  } catch (error) {
    deps.log.error({ err: error }, "contact form submission failed");
    return { status: 500, body: { ok: false, formError: "contact.form.error", values: echoed() } };
  }
}

/**
 * What the visitor typed, as the answer to a refused form sends it back: each field at most its
 * limit, so a body of megabytes is never echoed (a half of a character pair is not kept).
 */
export function clipContactValues(values: ContactValues): ContactValues {
  const clipped = emptyContactValues();
  for (const field of CONTACT_FIELDS) {
    let value = values[field].slice(0, CONTACT_LIMITS[field]);
    if (/[\uD800-\uDBFF]$/.test(value)) value = value.slice(0, -1);
    clipped[field] = value;
  }
  return clipped;
}
