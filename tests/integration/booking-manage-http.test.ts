/**
 * The cancel-or-reschedule page through the built server (decision 0079): a booking and its link
 * are stored before the server starts; the page shows the booking and free times without
 * JavaScript, never cached, indexed or referred off the site; its Cancel spends the link, mails
 * the CANCEL invitation, and a spent, altered or cross-site use gets a clear answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { defaultTexts } from "~/i18n/defaults";
import type { Lang } from "~/i18n/languages";
import { consultationBookings } from "../../db/schema";
import { issueManageToken } from "~/booking/manage-tokens.server";
import { vancouverMoment } from "~/booking/slots.server";
import { formPost, get, openDataDir } from "../helpers/admin-http";
import { h1, textOf } from "../helpers/html-text";
import { copyPgliteTemplate } from "../helpers/pglite-template";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp";

const text = (key: string, lang: Lang = "en") => defaultTexts.get(key)![lang];
const START = vancouverMoment("2027-01-12", 10 * 60)!;

let smtp: SmtpFake;
let site: SiteServer;
let token = "";
let faToken = "";

beforeAll(async () => {
  smtp = await startSmtpFake();
  const dataDir = tempDir("booking-manage-");
  await copyPgliteTemplate(path.join(dataDir, "pglite"));
  const store = await openDataDir(dataDir);
  try {
    const rows = await store.db
      .insert(consultationBookings)
      .values([
        { startsAt: START, endsAt: new Date(START.getTime() + 30 * 60_000), kind: "video", area: "family", language: "en", name: "Ana Client", email: "ana@example.com", videoRoom: `consultation-${"a".repeat(32)}` },
        { startsAt: new Date(START.getTime() + 60 * 60_000), endsAt: new Date(START.getTime() + 90 * 60_000), kind: "phone", language: "fa", name: "Sara", email: "sara@example.com", phone: "+1 604 555 0100" },
      ])
      .returning();
    token = await issueManageToken(store.db, rows[0].id, rows[0].endsAt);
    faToken = await issueManageToken(store.db, rows[1].id, rows[1].endsAt);
  } finally {
    await store.close();
  }
  site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", TEST_CLOCK_START: "2027-01-04T18:00:00Z", SMTP_URL: smtp.url, MAIL_FROM: "Firm <office@firm.example>", CONTACT_NOTIFY_TO: "intake@firm.example" });
}, 120_000);
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

describe("/virtual-consultation/manage/<token>", () => {
  it("shows the booking and free times as plain radio buttons, private, not indexed, no Referer off the site", async () => {
    const page = await get(`${site.url}/virtual-consultation/manage/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const html = await page.text();
    expect(h1(html)).toBe(text("booking-manage-title"));
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(textOf(html)).toContain(text("practice-areas-family-title"));
    expect((html.match(/<input type="radio"[^>]* name="start"/g) ?? []).length).toBeGreaterThan(10);
    expect(html).toContain(`value="${new Date(START.getTime() + 30 * 60_000).toISOString()}"`);
    // Each time carries Vancouver's offset for the page script's "Your time" note (decision 0111), and the booking's own time too.
    expect(html).toMatch(/<input type="radio" data-offset="-\d+"[^>]* name="start"/);
    expect(html).toContain(`<time dateTime="${START.toISOString()}" data-offset="`);
    expect(html).toContain("data-page-module=");
    // A day picker over the whole horizon (60 days from 2027-01-04), not two weeks.
    const days = [...html.matchAll(/<option value="(\d{4}-\d{2}-\d{2})"/g)].map((match) => match[1]);
    expect(days.at(-1)! >= "2027-02-26").toBe(true);
    const other = await get(`${site.url}/virtual-consultation/manage/${token}?day=2027-02-25&kind=phone`);
    const otherHtml = await other.text();
    expect(otherHtml).toContain(`value="${vancouverMoment("2027-02-25", 10 * 60)!.toISOString()}"`);
    // Changing to a phone call asks for the number.
    expect(otherHtml).toMatch(/<input id="manage-phone"[^>]* required/);

    const fa = await get(`${site.url}/fa/virtual-consultation/manage/${faToken}`);
    expect(fa.status).toBe(200);
    expect(h1(await fa.text())).toBe(text("booking-manage-title", "fa"));
  });

  it("answers an altered or made-up link with 410 and a sentence", async () => {
    const altered = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    for (const url of [`${site.url}/virtual-consultation/manage/${altered}`, `${site.url}/zh/virtual-consultation/manage/nothing`]) {
      const page = await get(url);
      expect(page.status).toBe(410);
      const html = await page.text();
      const lang = url.includes("/zh/") ? "zh" : "en";
      expect(h1(html)).toBe(text("booking-manage-invalid-title", lang));
      expect(textOf(html)).toContain(text("booking-manage-invalid-text", lang));
    }
    const post = await formPost(`${site.url}/virtual-consultation/manage/${altered}`, { intent: "cancel" });
    expect(post.status).toBe(410);
    expect(h1(await post.text())).toBe(text("booking-manage-invalid-title"));
  });

  it("refuses a cross-site POST and changes nothing", async () => {
    const post = await formPost(`${site.url}/virtual-consultation/manage/${token}`, { intent: "cancel" }, { origin: "https://evil.example" });
    // React Router refuses a cross-origin action itself (400) before the page's own check (403).
    expect([400, 403]).toContain(post.status);
    expect((await get(`${site.url}/virtual-consultation/manage/${token}`)).status).toBe(200);
  });

  it("cancels with the page's button: the answer says so, the CANCEL invitation is mailed, the link is spent", async () => {
    // The button asks first; only the confirm step's form cancels (without script too).
    const asked = await formPost(`${site.url}/virtual-consultation/manage/${token}`, { intent: "cancel" });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(h1(question)).toBe(text("booking-manage-cancel-confirm-title"));
    expect(question).toMatch(/<input type="hidden" name="confirm" value="yes"/);
    expect((await get(`${site.url}/virtual-consultation/manage/${token}`)).status).toBe(200);
    const post = await formPost(`${site.url}/virtual-consultation/manage/${token}`, { intent: "cancel", confirm: "yes" });
    expect(post.status).toBe(200);
    expect(post.headers.get("cache-control")).toMatch(/no-store/);
    expect(h1(await post.text())).toBe(text("booking-manage-cancelled-title"));
    const [mail] = await smtp.waitFor(1, 30_000);
    const all = await smtp.waitFor(2, 30_000);
    const visitor = all.find((m) => m.rcptTo.includes("ana@example.com"))!;
    expect(visitor.header("Subject")).toBe(text("booking-mail-cancelled-subject"));
    expect(visitor.part("text/calendar")!.text).toContain("METHOD:PUBLISH");
    expect(visitor.part("text/calendar")!.text).toContain("STATUS:CANCELLED");
    expect(all.some((m) => m.rcptTo.includes("intake@firm.example"))).toBe(true);
    expect(mail).toBeDefined();
    const again = await get(`${site.url}/virtual-consultation/manage/${token}`);
    expect(again.status).toBe(410);
  });
});
