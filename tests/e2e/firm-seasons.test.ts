/**
 * The firm's times in late November as in June (issue 42, decision 0083), with a test clock on
 * both sides: a server of its own per season started with TEST_CLOCK_START (decision 0031) and
 * the browser's clock set to the same instant (Playwright's `clock.install`). In each season a
 * visitor books 10:00 Vancouver time a week ahead in Chromium, and the slot's label, the
 * confirmation page, the confirmation mail caught by a real SMTP peer and its .ics DTSTART all
 * name the same instant and the same wall time, UTC-7 (British Columbia keeps daylight time all
 * year from 8 March 2026: Node 20's own stale data would say UTC-8 and 18:00Z in December). The
 * admin's week of consultations then shows that booking at 10:00 in the server's HTML and after
 * hydration (the suite's listener fails the test on a mismatch).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sendControlCommand } from "../../server/control";
import { signIn } from "../helpers/admin";
import { expectNoAxeViolations, waitForHydration, watchConsole, withBrowser } from "../helpers/browser";
import { text } from "../helpers/page-checks";
import { startSite, type SiteServer } from "../helpers/server";
import { startSmtpFake, type ReceivedMail, type SmtpFake } from "../fakes/smtp";

const SEASONS = [
  // Monday 30 November 2026, 09:30 in Vancouver; the booking on Monday 7 December.
  { season: "late November 2026", now: "2026-11-30T16:30:00Z", week: "2026-12-07", day: "2026-12-07", start: "2026-12-07T17:00:00.000Z", dtstart: "20261207T170000Z", date: /Monday, December 7, 2026/, adminDay: /Dec 7/ },
  // Tuesday 1 June 2027, 09:30 in Vancouver; the booking on Tuesday 8 June.
  { season: "June 2027", now: "2027-06-01T16:30:00Z", week: "2027-06-07", day: "2027-06-08", start: "2027-06-08T17:00:00.000Z", dtstart: "20270608T170000Z", date: /Tuesday, June 8, 2027/, adminDay: /Jun 8/ },
];

let browser: Browser;
withBrowser((launched) => (browser = launched));

/** A radio's or `<time>`'s visible text without the visitor's-own-time note the page module adds. */
const withoutLocalNote = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("[data-local-time]").forEach((note) => note.remove());
    return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
  });

/** The .ics of a mail, its folded lines undone, as NAME -> value (first occurrence). */
function calendarValue(mail: ReceivedMail, name: string): string | undefined {
  const part = mail.part("text/calendar");
  if (!part) throw new Error(`no calendar part in ${mail.header("Subject")}`);
  const lines = part.text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const line = lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(":") + 1);
}

describe.each(SEASONS)("firm times in $season", (season) => {
  let smtp: SmtpFake;
  let site: SiteServer;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const adminEmail = "seasons-admin@example.test";
  const adminPassword = `seasons ${randomBytes(12).toString("base64url")}`;
  const visitor = `visitor-${season.day}@example.com`;

  beforeAll(async () => {
    smtp = await startSmtpFake();
    site = await startSite({ SEED_DEMO: "false", TEST_CLOCK_START: season.now, SMTP_URL: smtp.url, MAIL_FROM: "Firm <office@firm.example>", CONTACT_NOTIFY_TO: "intake@firm.example" });
    const created = await sendControlCommand(site.dataDir, { command: "admin-create", email: adminEmail, password: adminPassword });
    if (!created.ok) throw new Error(`Could not create the admin: ${created.error}`);
    // A visitor abroad (UTC), so the browser's own zone data plays no part in Vancouver's times.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: "UTC" });
    await context.clock.install({ time: new Date(season.now) });
    page = await context.newPage();
    errors = watchConsole(page);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await site?.stop();
    await smtp?.stop();
  });

  it("the slot, the confirmation page, the mail and the .ics agree on 10:00 Vancouver time, UTC-7", async () => {
    const url = `${site.url}/virtual-consultation?week=${season.week}&day=${season.day}`;
    const served = await (await fetch(url)).text();
    expect(served).toContain(`value="${season.start}"`);
    await page.goto(url, { waitUntil: "networkidle" });
    expect(await page.evaluate(() => new Date().toISOString().slice(0, 10))).toBe(season.now.slice(0, 10));
    const radio = `input[name="start"][value="${season.start}"]`;
    // The page module has run (the browser's fake clock hides the paint timing waitForPageScript reads):
    // the visitor's own time, labelled as theirs, beside the firm's.
    await page.locator(`label:has(${radio}) [data-local-time]`).waitFor();
    expect(await page.locator(`label:has(${radio}) [data-local-time]`).textContent()).toMatch(/^Your time: .*5:00/);
    // The label reads 10:00 in the server's HTML and after the page module ran, and its offset is UTC-7.
    const label = await withoutLocalNote(page, `label:has(${radio})`);
    expect(label).toMatch(/^10:00\b/);
    expect(served.replace(/<!-- -->/g, "")).toMatch(new RegExp(`value="${season.start}"[^>]*>\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(await page.locator(radio).getAttribute("data-offset")).toBe("-420");

    const form = page.locator("form[data-booking-form]");
    await page.locator(radio).check();
    await form.getByLabel(text("booking-name-label", "en")).fill("Season Visitor");
    await form.getByLabel(text("booking-email-label", "en")).fill(visitor);
    await form.getByLabel(text("booking-consent-label", "en")).check();
    await Promise.all([page.waitForURL(/\/booked\//), form.getByRole("button", { name: text("booking-submit", "en") }).click()]);

    // The confirmation page: the same instant, the same wall time, the same date.
    const time = page.locator(`[data-booked-time] time[datetime="${season.start}"]`);
    expect(await time.count()).toBe(1);
    expect(await time.getAttribute("data-offset")).toBe("-420");
    expect(((await time.textContent()) ?? "").trim()).toBe(label);
    const confirmation = await withoutLocalNote(page, "[data-booked-time]");
    expect(confirmation).toMatch(season.date);
    expect(confirmation).toContain(`${label}–10:30`);
    await expectNoAxeViolations(page);

    // The mail: its subject and text say that date and time; its invitation starts at that instant.
    const deadline = Date.now() + 30_000;
    while (!smtp.received.some((m) => m.rcptTo.includes(visitor))) {
      if (Date.now() > deadline) throw new Error(`no mail to ${visitor}; received: ${smtp.received.map((m) => m.header("Subject")).join(" | ")}`);
      await sleep(100);
    }
    const mail = smtp.received.find((m) => m.rcptTo.includes(visitor))!;
    const subject = mail.header("Subject") ?? "";
    expect(subject).toMatch(season.date);
    expect(subject).toContain(`${label} Vancouver time`);
    expect(mail.text).toContain(`${label} Vancouver time`);
    expect(calendarValue(mail, "DTSTART")).toBe(season.dtstart);
    expect(new Date(season.dtstart.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z")).toISOString()).toBe(season.start);
    expect(errors).toEqual([]);
  });

  it("the admin's week of consultations shows that booking at 10:00 before and after hydration", async () => {
    await signIn(page, site.url, adminEmail, adminPassword);
    const url = `${site.url}/admin/dashboard/consultations?view=week&week=${season.week}`;
    const response = await page.goto(url);
    expect(response!.status()).toBe(200);
    // The week's table as the server drew it (parsed, not run) and as it reads after hydration.
    const served = await page.evaluate(
      (html) => (new DOMParser().parseFromString(html, "text/html").querySelector("main table")?.textContent ?? "").replace(/\s+/g, " "),
      await response!.text(),
    );
    expect(served).toContain("Season Visitor");
    await waitForHydration(page);
    expect(await page.evaluate(() => (document.querySelector("main table")?.textContent ?? "").replace(/\s+/g, " "))).toBe(served);
    // The booking sits in the 10:00 row, and its line says 10:00.
    const row = page.locator("main table tbody tr").filter({ hasText: "Season Visitor" });
    expect(await row.locator("th").textContent()).toBe("10:00");
    expect(await row.getByRole("listitem").filter({ hasText: "Season Visitor" }).textContent()).toMatch(/^10:00/);
    expect(await page.locator("main").textContent()).toMatch(season.adminDay);
    expect(errors).toEqual([]);
  });
});
