import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../core/mail";
import { defaultTexts } from "~/i18n/defaults";
import { dataDirWithAdmin, formPost, get, signInHttp } from "../helpers/admin-http";
import { startSite, type SiteServer } from "../helpers/server";
import { startSmtpFake, type ReceivedMail, type SmtpFake } from "../fakes/smtp";

/**
 * The firm's notification of each contact message, end to end: the built server stores the
 * message, its job runner mails it through a real SMTP peer on 127.0.0.1 (tests/fakes/smtp.ts),
 * and the Inbox shows the mail's state. A mail server that refuses for now, one that is down
 * and one that refuses for good; header injection through the form's one-line fields.
 */

const ADMIN = { email: "mail-admin@example.test", password: "contact mail passphrase" };
const MAIL_FROM = "Firm Website <website@firm.example>";
const NOTIFY_TO = "intake@firm.example";

let smtp: SmtpFake;
let site: SiteServer;
let dataDir: string;
let cookie = "";

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();

const success = defaultTexts.get("contact.form.success")!.en;

/** The contact form as a browser without JavaScript posts it. */
async function sendContact(fields: Partial<Record<"name" | "email" | "phone" | "subject" | "message", string>>) {
  const answer = await formPost(`${site.url}/contact`, { name: "Jane Doe", email: "jane@example.com", phone: "", subject: "Question", message: "Hello.", ...fields });
  return { status: answer.status, html: decode(await answer.text()), at: Date.now() };
}

/** What the Inbox shows of the message with this subject (its text), or "" when it is not listed. */
async function inboxItem(subject: string): Promise<string> {
  const html = await (await get(`${site.url}/admin/dashboard/inbox`, cookie)).text();
  const item = html.split("<article").find((part) => part.includes(subject));
  return item ? decode(`<article${item.split("</article>")[0]}`) : "";
}

async function waitForInbox(subject: string, expected: string | RegExp, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = await inboxItem(subject);
    if (typeof expected === "string" ? item.includes(expected) : expected.test(item)) return item;
    if (Date.now() > deadline) throw new Error(`The Inbox never showed ${String(expected)}; last: ${item}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const mailWithSubject = (subject: string): ReceivedMail | undefined => smtp.received.find((mail) => mail.header("Subject")?.includes(subject));

beforeAll(async () => {
  smtp = await startSmtpFake();
  dataDir = await dataDirWithAdmin("contact-mail-", ADMIN);
  site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", SMTP_URL: smtp.url, MAIL_FROM, CONTACT_NOTIFY_TO: NOTIFY_TO, CONTACT_RATE_LIMIT: "1000" });
  cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the contact notification mail", () => {
  it("mails the message to CONTACT_NOTIFY_TO from MAIL_FROM, answerable to the visitor, and the Inbox says it was sent", async () => {
    const before = smtp.received.length;
    const sent = await sendContact({
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "604-555-0100",
      subject: "Study permit refused",
      message: "My study permit was refused last week.\nCan you help with an appeal? — Jane",
    });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(success);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.mailFrom).toBe("website@firm.example");
    expect(mail.rcptTo).toEqual([NOTIFY_TO]);
    expect(mail.header("From")).toBe(MAIL_FROM);
    expect(mail.header("To")).toBe(NOTIFY_TO);
    expect(mail.header("Reply-To")).toBe("Jane Doe <jane@example.com>");
    expect(mail.header("Subject")).toBe("Contact form: Study permit refused (Jane Doe)");
    expect(mail.text).toContain("Name: Jane Doe");
    expect(mail.text).toContain("Email: jane@example.com");
    expect(mail.text).toContain("Phone: 604-555-0100");
    expect(mail.text).toContain("Subject: Study permit refused");
    expect(mail.text).toContain("My study permit was refused last week.");
    expect(mail.text).toContain("Can you help with an appeal? — Jane");
    expect(mail.text).toContain(`${site.url}/admin/dashboard/inbox`);
    expect(await waitForInbox("Study permit refused", "Notification mail sent")).toContain("My study permit was refused last week.");
  });

  it("keeps the message and the visitor's success when the server refuses for now, and delivers on a retry", async () => {
    const before = smtp.received.length;
    const attemptsBefore = smtp.attempts;
    smtp.refuseNext(1, 451);
    const sent = await sendContact({ subject: "Greylisted question", message: "Sent while the mail server said try later." });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(success);
    // Stored at once: the Inbox lists it as soon as the visitor has the answer.
    expect(await inboxItem("Greylisted question")).toContain("Sent while the mail server said try later.");
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(smtp.attempts - attemptsBefore).toBe(2);
    expect(mail.header("Subject")).toContain("Greylisted question");
    expect(mail.receivedAt).toBeGreaterThan(sent.at);
    await waitForInbox("Greylisted question", "Notification mail sent");
  });

  it("keeps the message while the mail server is down, shows why the mail waits, and sends it once the server is back", async () => {
    const before = smtp.received.length;
    await smtp.stop();
    const sent = await sendContact({ subject: "Sent while mail is down", message: "Nobody is listening on the SMTP port." });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(success);
    const waiting = await waitForInbox("Sent while mail is down", "Notification mail waiting to be retried");
    expect(waiting).toContain("Nobody is listening on the SMTP port.");
    expect(waiting).toMatch(new RegExp(`The mail server 127\\.0\\.0\\.1:${smtp.port} could not be reached \\(\\w+\\); it will be tried again\\.`));
    await smtp.start();
    await smtp.waitFor(before + 1, 60_000);
    expect(mailWithSubject("Sent while mail is down")?.text).toContain("Nobody is listening on the SMTP port.");
    await waitForInbox("Sent while mail is down", "Notification mail sent");
  });

  it("shows a mail the server refused for good as not sent, with the server's reason", async () => {
    smtp.refuseNext(1, 550, "No such mailbox here");
    const sent = await sendContact({ subject: "Refused for good", message: "The recipient does not exist." });
    expect(sent.status).toBe(200);
    const item = await waitForInbox("Refused for good", "Notification mail not sent");
    expect(item).toContain(`The mail server 127.0.0.1:${smtp.port} refused the mail (550 No such mailbox here): check MAIL_FROM and the recipient address.`);
    expect(mailWithSubject("Refused for good")).toBeUndefined();
  });

  it("lets no line break in the name, email or subject start a header or reach another recipient", async () => {
    const before = smtp.received.length;
    const refused = await sendContact({ email: "jane@example.com\r\nBcc: victim@evil.example", subject: "Injected email" });
    expect(refused.status).toBe(400);
    const sent = await sendContact({
      name: "Mallory\r\nBcc: victim@evil.example",
      email: "mallory@example.com",
      subject: "Injection\r\nX-Injected: yes\nBcc: victim2@evil.example",
      message: "Body line\r\n.\r\nMAIL FROM:<evil@evil.example>\r\nRCPT TO:<victim3@evil.example>\r\nDATA\r\nSubject: smuggled\r\n\r\nSmuggled.\r\n.",
    });
    expect(sent.status).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(smtp.received).toHaveLength(before + 1);
    expect(mail.rcptTo).toEqual([NOTIFY_TO]);
    const names = mail.headerLines.map((line) => line.split(":")[0].toLowerCase());
    expect(names).not.toContain("bcc");
    expect(names).not.toContain("x-injected");
    expect(names.filter((name) => name === "subject")).toHaveLength(1);
    expect(mail.header("Subject")).toBe("Contact form: Injection X-Injected: yes Bcc: victim2@evil.example (Mallory Bcc: victim@evil.example)");
    expect(mail.header("Reply-To")).toBe('"Mallory Bcc: victim@evil.example" <mallory@example.com>');
    // The body's lone dot is escaped on the wire: the whole text arrives as the one message's body.
    const body = mail.text.replace(/\r\n/g, "\n");
    expect(body).toContain("Body line\n.\nMAIL FROM:<evil@evil.example>\nRCPT TO:<victim3@evil.example>\nDATA\nSubject: smuggled\n\nSmuggled.\n.");
    // The whole text, to its last line: the link to the message in the Inbox.
    expect(body.trimEnd()).toMatch(new RegExp(`${site.url.replace(/[.]/g, "\\.")}/admin/dashboard/inbox#submission-\\d+$`));
    expect(await inboxItem("Injected email")).toBe("");
  });

  it("folds line breaks in header values even when a caller skips the form's checks", async () => {
    const before = smtp.received.length;
    const mailer = createMailer({ smtpUrl: smtp.url, from: "website@firm.example" });
    try {
      await mailer.send({
        to: NOTIFY_TO,
        subject: "Direct\r\nBcc: victim@evil.example",
        text: "Sent by the mail module itself.",
        replyTo: { name: "Eve\r\nX-Injected: yes", address: "eve@example.com" },
      });
      await mailer.send({ to: NOTIFY_TO, subject: "Bad reply address", text: "x", replyTo: { name: "Eve", address: "eve@example.com\r\nBcc: victim@evil.example" } });
    } finally {
      mailer.close();
    }
    const [direct, badReply] = (await smtp.waitFor(before + 2)).slice(before);
    expect(direct.rcptTo).toEqual([NOTIFY_TO]);
    expect(direct.header("Subject")).toBe("Direct Bcc: victim@evil.example");
    expect(direct.header("Reply-To")).toBe('"Eve X-Injected: yes" <eve@example.com>');
    expect(direct.headerLines.some((line) => /^(bcc|x-injected):/i.test(line))).toBe(false);
    expect(badReply.rcptTo).toEqual([NOTIFY_TO]);
    expect(badReply.header("Reply-To")).toBeUndefined();
    expect(badReply.headerLines.some((line) => /^bcc:/i.test(line))).toBe(false);
  });
});

describe("without SMTP_URL", () => {
  it("stores the message, answers the visitor, and the Inbox says mail is not set up", async () => {
    await site.stop();
    site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", SMTP_URL: undefined, CONTACT_NOTIFY_TO: NOTIFY_TO });
    cookie = await signInHttp(site.url, ADMIN.email, ADMIN.password);
    const sent = await sendContact({ subject: "No mail configured", message: "Written while SMTP_URL is unset." });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(success);
    const item = await inboxItem("No mail configured");
    expect(item).toContain("Written while SMTP_URL is unset.");
    expect(item).toContain("No notification mail: mail is not set up (SMTP_URL, MAIL_FROM, CONTACT_NOTIFY_TO).");
    // Earlier messages keep the state their mail reached.
    expect(await inboxItem("Study permit refused")).toContain("Notification mail sent");
  });
});
