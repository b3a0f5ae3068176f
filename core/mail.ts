import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "./config";

/**
 * Outgoing mail through the firm's SMTP server (nodemailer). Sending is done by background jobs
 * (app/contact/notify.server.ts): the caller stores first and never waits for the mail server.
 */

export interface MailSettings {
  smtpUrl: string;
  from: string;
}

/** SMTP settings when mail can be sent, else null (unset SMTP_URL is a state, not an error). */
export function mailSettings(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): MailSettings | null {
  if (!config.SMTP_URL || !config.MAIL_FROM) return null;
  return { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: { name: string; address: string };
  /** An https/http address that unsubscribes the recipient (List-Unsubscribe, RFC 2369). */
  listUnsubscribe?: string;
  /** Adds `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the address above takes a POST. */
  oneClickUnsubscribe?: boolean;
  /** An HTML part beside the plain text (the text stays the part every client can read). */
  html?: string;
  /** A calendar invitation (.ics text) sent as the text/calendar alternative and as an attachment. */
  calendar?: { method: "REQUEST" | "CANCEL" | "PUBLISH"; filename: string; content: string };
}

/** A mail that did not go out, with a sentence for the admin; `retryable` when trying later may work. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The server's reply code when it gave one; 5xx means this mail to this address will never go. */
    readonly responseCode?: number,
  ) {
    super(message);
  }

  /** A permanent refusal (5xx): the address is refused, not the server unreachable. */
  get permanent(): boolean {
    return typeof this.responseCode === "number" && this.responseCode >= 500;
  }
}

/** One header line: control characters (CR, LF, tabs, NUL...) become spaces, so no value can start a header. */
export function headerText(value: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Text for an HTML mail part: every interpolated value goes through here. */
export function htmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A plain address (no display name, no control characters, one @), or null. */
export function plainAddress(value: string): string | null {
  const address = value.trim();
  return /^[^\s@<>",;:()[\]\\]+@[^\s@<>",;:()[\]\\]+$/.test(address) ? address : null;
}

/** Where the failure happened, named without the password of SMTP_URL. */
const serverName = (smtpUrl: string) => {
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return "the mail server";
  }
};

function describe(error: unknown, server: string): MailError {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const reply = e.response ? ` (${headerText(e.response, 160)})` : "";
  if (e.code === "EAUTH") return new MailError(`The mail server ${server} refused the user name or password in SMTP_URL${reply}.`, false);
  if (typeof e.responseCode === "number" && e.responseCode >= 500) {
    return new MailError(`The mail server ${server} refused the mail${reply}: check MAIL_FROM and the recipient address.`, false, e.responseCode);
  }
  if (typeof e.responseCode === "number" && e.responseCode >= 400) {
    return new MailError(`The mail server ${server} refused the mail for now${reply}; it will be tried again.`, true, e.responseCode);
  }
  if (["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EPROTOCOL"].includes(e.code ?? "")) {
    return new MailError(`The mail server ${server} could not be reached (${e.code}); it will be tried again.`, true);
  }
  return new MailError(`The mail could not be sent through ${server}: ${headerText(e.message ?? String(error), 200)}.`, true);
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(settings: MailSettings): Mailer {
  const server = serverName(settings.smtpUrl);
  // Short time limits: a mail server that hangs must not hold a job for minutes.
  const transport: Transporter = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // A message never attaches a file or URL of the server's choosing.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      const replyToAddress = mail.replyTo ? plainAddress(mail.replyTo.address) : null;
      const listUnsubscribe = mail.listUnsubscribe && /^https?:\/\/[^\s<>]+$/.test(mail.listUnsubscribe) ? mail.listUnsubscribe : null;
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: mail.to,
          subject: headerText(mail.subject),
          text: mail.text,
          ...(mail.replyTo && replyToAddress ? { replyTo: { name: headerText(mail.replyTo.name, 100), address: replyToAddress } } : {}),
          ...(mail.html ? { html: mail.html } : {}),
          ...(listUnsubscribe ? { list: { unsubscribe: listUnsubscribe } } : {}),
          ...(listUnsubscribe && mail.oneClickUnsubscribe ? { headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
          ...(mail.calendar
            ? {
                icalEvent: { method: mail.calendar.method, filename: mail.calendar.filename, content: mail.calendar.content },
              }
            : {}),
        });
        return { messageId: String(info.messageId ?? "") };
      } catch (error) {
        throw describe(error, server);
      }
    },
    close() {
      transport.close();
    },
  };
}
