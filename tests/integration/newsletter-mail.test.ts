import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultTexts } from "~/i18n/defaults";
import type { Lang } from "~/i18n/languages";
import { formPost, get } from "../helpers/admin-http";
import { h1, statusLine } from "../helpers/html-text";
import { startSite, type SiteServer } from "../helpers/server";
import { startSmtpFake, type ReceivedMail, type SmtpFake } from "../fakes/smtp";

/**
 * The newsletter's mails through the contact notification's path (the job runner's outbox and
 * nodemailer), against the built server and a real SMTP peer on 127.0.0.1: the confirmation
 * mail of a sign-up, in the language it was given in, whose link confirms; the welcome mail,
 * whose unsubscribe link takes the address off the list; at most one confirmation mail an hour
 * per address; a mail server that is down delays the mail and never the sign-up.
 */

const text = (key: string, lang: Lang = "en") => defaultTexts.get(key)![lang];
const MAIL_FROM = "Firm Newsletter <news@firm.example>";

let smtp: SmtpFake;
let site: SiteServer;


/** A 'Stay Informed' sign-up as a browser without JavaScript posts it. */
async function signUp(email: string, ip: string, path = "/blog") {
  const answer = await formPost(`${site.url}${path}`, { intent: "subscribe", email }, { headers: { "X-Forwarded-For": ip } });
  return { status: answer.status, html: await answer.text() };
}

const mailsTo = (address: string): ReceivedMail[] => smtp.received.filter((mail) => mail.rcptTo.includes(address));

async function waitForMailTo(address: string, count = 1): Promise<ReceivedMail> {
  const deadline = Date.now() + 60_000;
  while (mailsTo(address).length < count) {
    if (Date.now() > deadline) throw new Error(`no mail ${count} to ${address}; received: ${smtp.received.map((m) => m.rcptTo.join()).join(" | ")}`);
    await smtp.waitFor(smtp.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => {});
  }
  return mailsTo(address)[count - 1];
}

/** The site's links in a mail's text, by path. */
function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.text.match(new RegExp(`${site.url.replace(/[.:/]/g, "\\$&")}\\S*${path}\\?token=[A-Za-z0-9_%-]+`));
  if (!link) throw new Error(`no ${path} link in:\n${mail.text}`);
  return link[0];
}

beforeAll(async () => {
  smtp = await startSmtpFake();
  site = await startSite({ SEED_DEMO: "false", SMTP_URL: smtp.url, MAIL_FROM });
});

afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

describe("the newsletter's mails", () => {
  it("mails a sign-up its confirmation link in its language; following it confirms the address", async () => {
    const signed = await signUp("reader@example.com", "198.51.100.10", "/fa/blog");
    expect(signed.status).toBe(200);
    expect(statusLine(signed.html)).toBe(text("blog-newsletter-check-inbox", "fa"));

    const mail = await waitForMailTo("reader@example.com");
    expect(mail.rcptTo).toEqual(["reader@example.com"]);
    expect(mail.header("From")).toBe(MAIL_FROM);
    expect(mail.header("Subject")).toBe(text("newsletter-mail-confirm-subject", "fa"));
    expect(mail.text).toContain(text("newsletter-mail-confirm-text", "fa"));
    expect(mail.text).toContain(text("newsletter-mail-ignore-text", "fa"));
    const confirmUrl = linkIn(mail, "/fa/newsletter/confirm");
    const unsubscribeUrl = linkIn(mail, "/fa/newsletter/unsubscribe");
    expect(mail.header("List-Unsubscribe")).toBe(`<${unsubscribeUrl}>`);

    // Opening the link (as a mail filter would) changes nothing; its button confirms.
    const page = await get(confirmUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(h1(html)).toBe(text("newsletter-confirm-title", "fa"));
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toBe(new URL(confirmUrl).searchParams.get("token"));
    const confirmed = await formPost(confirmUrl, { token: token! });
    expect(confirmed.status).toBe(200);
    expect(h1(await confirmed.text())).toBe(text("newsletter-confirmed-title", "fa"));
    expect(h1(await (await get(confirmUrl)).text())).toBe(text("newsletter-confirmed-title", "fa"));
  });

  it("sends the confirmed subscriber a welcome mail whose unsubscribe link takes the address off the list", async () => {
    const welcome = await waitForMailTo("reader@example.com", 2);
    expect(welcome.header("Subject")).toBe(text("newsletter-mail-welcome-subject", "fa"));
    expect(welcome.text).toContain(text("newsletter-mail-welcome-text", "fa"));
    expect(welcome.text).not.toContain("/newsletter/confirm");
    const unsubscribeUrl = linkIn(welcome, "/fa/newsletter/unsubscribe");
    expect(welcome.header("List-Unsubscribe")).toBe(`<${unsubscribeUrl}>`);

    const page = await get(unsubscribeUrl);
    expect(page.status).toBe(200);
    expect(h1(await page.text())).toBe(text("newsletter-unsubscribe-title", "fa"));
    const left = await formPost(unsubscribeUrl, { token: new URL(unsubscribeUrl).searchParams.get("token")! });
    expect(left.status).toBe(200);
    expect(h1(await left.text())).toBe(text("newsletter-unsubscribed-title", "fa"));
    // Gone: both links of the address are dead.
    expect((await get(unsubscribeUrl)).status).toBe(404);
    expect((await get(linkIn(smtp.received.find((m) => m.rcptTo.includes("reader@example.com"))!, "/fa/newsletter/confirm"))).status).toBe(404);
  });

  it("sends one confirmation mail an hour however often the address is entered, and the confirmation link of the first works", async () => {
    expect((await signUp("twice@example.com", "198.51.100.11")).status).toBe(200);
    const first = await waitForMailTo("twice@example.com");
    expect(first.header("Subject")).toBe(text("newsletter-mail-confirm-subject"));
    for (let i = 0; i < 3; i++) expect((await signUp("twice@example.com", "198.51.100.11")).status).toBe(200);
    // Another address's mail, queued after the repeats, arrives; the repeats sent nothing.
    expect((await signUp("after@example.com", "198.51.100.12", "/zh/blog")).status).toBe(200);
    const after = await waitForMailTo("after@example.com");
    expect(after.header("Subject")).toBe(text("newsletter-mail-confirm-subject", "zh"));
    expect(linkIn(after, "/zh/newsletter/confirm")).toContain("/zh/newsletter/confirm?token=");
    expect(mailsTo("twice@example.com")).toHaveLength(1);
    const confirmUrl = linkIn(first, "/newsletter/confirm");
    const confirmed = await formPost(confirmUrl, { token: new URL(confirmUrl).searchParams.get("token")! });
    expect(h1(await confirmed.text())).toBe(text("newsletter-confirmed-title"));
  });

  it("answers a sign-up while the mail server is down and mails it once the server is back", async () => {
    await smtp.stop();
    // Down: its port drops every connection at once, counting them (a network failure, retried).
    let tried = 0;
    const down = createServer((socket) => void (tried++, socket.destroy()));
    await new Promise<void>((resolve) => down.listen(smtp.port, "127.0.0.1", resolve));
    const signed = await signUp("patient@example.com", "198.51.100.13");
    expect(signed.status).toBe(200);
    expect(statusLine(signed.html)).toBe(text("blog-newsletter-check-inbox"));
    // The site has tried and failed; a retry finds the server back.
    await vi.waitFor(() => expect(tried).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    await new Promise<void>((resolve, reject) => down.close((error) => (error ? reject(error) : resolve())));
    await smtp.start();
    const mail = await waitForMailTo("patient@example.com");
    const confirmUrl = linkIn(mail, "/newsletter/confirm");
    expect((await get(confirmUrl)).status).toBe(200);
  });
});
