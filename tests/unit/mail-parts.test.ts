import { expect, it } from "vitest";
import { createMailer } from "../../core/mail";
import { startSmtpFake } from "../fakes/smtp";
it("sends an HTML part, a calendar invitation and the one-click unsubscribe headers beside the plain text", async () => {
  const smtp = await startSmtpFake();
  const m = createMailer({ smtpUrl: smtp.url, from: "firm@example.test" });
  await m.send({ to: "a@example.test", subject: "Hi", text: "plain ünïcode", html: "<p>html</p>", listUnsubscribe: "https://x.test/u/1", oneClickUnsubscribe: true, calendar: { method: "REQUEST", filename: "invite.ics", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR" } });
  const [mail] = await smtp.waitFor(1);
  expect(mail.header("List-Unsubscribe")).toBe("<https://x.test/u/1>");
  expect(mail.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  expect(mail.text).toBe("plain ünïcode");
  expect(mail.part("text/html")?.text).toBe("<p>html</p>");
  expect(mail.part("text/calendar")?.text).toContain("BEGIN:VCALENDAR");
  m.close(); await smtp.stop();
});
