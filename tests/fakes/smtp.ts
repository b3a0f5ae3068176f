import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { AddressInfo } from "node:net";

/**
 * A real SMTP peer on 127.0.0.1 (the `smtp-server` package) for the mail tests: it keeps every
 * message it accepts as received on the wire, can refuse the next attempts with a reply code
 * (451 greylisting, 550 for good), and can be stopped and started again on the same port
 * (a mail server that is down, then back).
 */

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO as the client sent them. */
  mailFrom: string;
  rcptTo: string[];
  /** The message exactly as received (CRLF line ends, dot-unstuffed). */
  raw: string;
  /** Each header line of the message after unfolding, in order ("Name: value"). */
  headerLines: string[];
  /** A header's decoded value (first occurrence), or undefined. */
  header(name: string): string | undefined;
  /** The text body, its transfer encoding undone (in a multipart message, the text/plain part). */
  text: string;
  /** Every leaf part of a multipart message (or the one body), decoded, with its Content-Type. */
  parts: MailPart[];
  /** The first part whose Content-Type starts with `type` (e.g. "text/html", "text/calendar"). */
  part(type: string): MailPart | undefined;
  /** Date.now() when the message was accepted. */
  receivedAt: number;
}

export interface MailPart {
  contentType: string;
  /** The part's header lines (unfolded), e.g. Content-Disposition. */
  headerLines: string[];
  text: string;
}

export interface SmtpFake {
  port: number;
  /** `smtp://127.0.0.1:PORT` */
  url: string;
  received: ReceivedMail[];
  /** RCPT TO commands seen (accepted or refused): how many times a client tried. */
  attempts: number;
  /** Refuse the next `count` attempts at RCPT TO with this reply. */
  refuseNext(count: number, code: number, text?: string): void;
  /** Resolves once `count` messages have been received (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stop listening (connections refused) ... */
  stop(): Promise<void>;
  /** ... and listen again on the same port. */
  start(): Promise<void>;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and ?B?) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "").toLowerCase()) {
    case "quoted-printable":
      return Buffer.from(
        body.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function splitEntity(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : "";
  const headerLines = head.split("\r\n").reduce<string[]>((lines, line) => {
    if (/^[ \t]/.test(line) && lines.length > 0) lines[lines.length - 1] += line.replace(/^[ \t]+/, " ");
    else lines.push(line);
    return lines;
  }, []);
  const header = (name: string) => {
    const line = headerLines.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
  };
  return { headerLines, header, body };
}

/** The leaf parts of a MIME entity, nested multiparts flattened in order. */
function leafParts(raw: string): MailPart[] {
  const { headerLines, header, body } = splitEntity(raw);
  const contentType = header("Content-Type") ?? "text/plain";
  const boundary = /^multipart\//i.test(contentType) ? /boundary="?([^";]+)"?/i.exec(contentType)?.[1] : undefined;
  if (!boundary) return [{ contentType, headerLines, text: decodeBody(body, header("Content-Transfer-Encoding")) }];
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => leafParts(section.replace(/^\r\n/, "").replace(/\r\n$/, "")));
}

export function parseMail(raw: string, mailFrom: string, rcptTo: string[]): ReceivedMail {
  const { headerLines, header } = splitEntity(raw);
  const parts = leafParts(raw);
  const part = (type: string) => parts.find((p) => p.contentType.toLowerCase().startsWith(type.toLowerCase()));
  const text = (part("text/plain") ?? parts[0])?.text ?? "";
  return { mailFrom, rcptTo, raw, headerLines, header, text, parts, part, receivedAt: Date.now() };
}

export async function startSmtpFake(port = 0): Promise<SmtpFake> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => boolean>();
  let refusals: { left: number; code: number; text: string } = { left: 0, code: 0, text: "" };
  let server: SMTPServer | null = null;
  const fake: SmtpFake = {
    port,
    url: "",
    received,
    attempts: 0,
    refuseNext(count, code, text = code < 500 ? "Greylisted, try again later" : "Mailbox unavailable") {
      refusals = { left: count, code, text };
    },
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} mails received in ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (received.length < count) return false;
          clearTimeout(timer);
          resolve(received.slice());
          return true;
        };
        if (!check()) waiters.add(check);
      });
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      const next = new SMTPServer({
        // Plain SMTP on loopback: no STARTTLS (its built-in certificate would fail verification) and no AUTH.
        disabledCommands: ["STARTTLS", "AUTH"],
        authOptional: true,
        logger: false,
        onRcptTo(_address, _session: SMTPServerSession, callback) {
          fake.attempts += 1;
          if (refusals.left > 0) {
            refusals.left -= 1;
            const error = new Error(refusals.text) as Error & { responseCode: number };
            error.responseCode = refusals.code;
            return callback(error);
          }
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const envelope = session.envelope;
            const from = envelope.mailFrom ? envelope.mailFrom.address : "";
            received.push(parseMail(Buffer.concat(chunks).toString("utf8"), from, envelope.rcptTo.map((r) => r.address)));
            for (const check of [...waiters]) if (check()) waiters.delete(check);
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        next.once("error", reject);
        next.listen(fake.port, "127.0.0.1", () => resolve());
      });
      server = next;
      fake.port = (next.server.address() as AddressInfo).port;
      fake.url = `smtp://127.0.0.1:${fake.port}`;
    },
  };
  await fake.start();
  return fake;
}
