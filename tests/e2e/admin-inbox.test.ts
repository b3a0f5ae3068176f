import { randomBytes, randomInt } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { withAdminPage } from "../helpers/admin";
import { expectNoAxeViolations, toastText } from "../helpers/browser";
import { text } from "../helpers/page-checks";
import { parseCsv } from "../helpers/csv";

const baseUrl = inject("baseUrl");
const run = randomBytes(3).toString("hex");
// Values a spreadsheet would run as formulas, quotes, commas and a line break: the CSV must keep them inert and intact.
const NAME = `@SUM(1+1) Visitor ${run}`;
const EMAIL = `visitor-${run}@example.com`;
const PHONE = "+1 604 555 0199";
const SUBJECT = `=HYPERLINK("http://evil.example","Click") ${run}`;
const MESSAGE = `Hello, I need help with a "tenancy" dispute.\n-Thanks, ${run}`;
const SUBSCRIBER = `reader-${run}@example.com`;

let browser: Browser;
let admin: Page;
let errors: string[];

const submissionItem = () => admin.locator("main li").filter({ has: admin.getByRole("heading", { name: SUBJECT, level: 3 }) });

withAdminPage((opened) => ({ browser, page: admin, errors } = opened));

describe("Inbox tab", () => {
  it("receives a message sent with the public contact form", async () => {
    // Each run writes from its own address, so the contact form's hourly limit is not shared with other tests.
    const visitorContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${randomInt(1, 254)}` } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    const form = visitor.locator("form").filter({ has: visitor.locator('textarea[name="message"]') });
    await form.locator('input[name="name"]').fill(NAME);
    await form.locator('input[name="email"]').fill(EMAIL);
    await form.locator('input[name="phone"]').fill(PHONE);
    await form.locator('input[name="subject"]').fill(SUBJECT);
    await form.locator('textarea[name="message"]').fill(MESSAGE);
    await form.locator('button[type="submit"]').click();
    await visitor.getByText(text("contact.form.success", "en")).first().waitFor({ timeout: 15_000 });
    await visitorContext.close();

    // And a newsletter subscription from the blog's Stay Informed box (a plain form post).
    const subscribe = await fetch(`${baseUrl}/blog`, {
      method: "POST",
      body: new URLSearchParams({ intent: "subscribe", email: SUBSCRIBER }),
      headers: { "X-Forwarded-For": `198.51.100.${randomInt(1, 254)}` },
    });
    expect(subscribe.status).toBe(200);
  });

  it("lists it newest first with name, email, phone, subject, message and date, and passes axe", async () => {
    await admin.goto(`${baseUrl}/admin/dashboard/inbox`, { waitUntil: "networkidle" });
    await admin.getByRole("heading", { name: /^Contact messages \(\d+\)$/, level: 2 }).waitFor();
    const first = admin.locator("main li").first();
    expect(await first.getByRole("heading", { level: 3 }).textContent()).toBe(SUBJECT);
    const item = submissionItem();
    expect(await item.getByText(NAME, { exact: true }).isVisible()).toBe(true);
    expect(await item.getByRole("link", { name: EMAIL }).getAttribute("href")).toMatch(new RegExp(`^mailto:${EMAIL.replace(/[.+]/g, "\\$&")}\\?subject=`));
    expect(await item.getByRole("link", { name: PHONE }).getAttribute("href")).toBe("tel:+16045550199");
    // The subject is split from the stored 'Subject: …' text; the message keeps its line break.
    expect(await item.locator("p[dir=auto]").textContent()).toBe(MESSAGE);
    expect(await item.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await item.getByText("New", { exact: true }).isVisible()).toBe(true);

    await admin.getByRole("heading", { name: /^Newsletter subscribers \(\d+\)$/, level: 2 }).waitFor();
    expect(await admin.getByRole("cell", { name: SUBSCRIBER, exact: true }).isVisible()).toBe(true);
    // Signed up, not confirmed; and no confirmation mail goes out while mail is not configured.
    expect(await admin.getByRole("row").filter({ hasText: SUBSCRIBER }).getByText("Awaiting confirmation").isVisible()).toBe(true);
    expect(await admin.getByRole("note").filter({ hasText: "Confirmation mails are not sent until outgoing mail is configured" }).isVisible()).toBe(true);
    await expectNoAxeViolations(admin);
  });

  it("marks a message handled, and the state is stored", async () => {
    const toggle = submissionItem().getByRole("switch", { name: /Mark as handled/ });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await toastText(admin, "Marked as handled");
    await admin.reload({ waitUntil: "networkidle" });
    expect(await submissionItem().getByRole("switch", { name: /Mark as handled/ }).getAttribute("aria-checked")).toBe("true");
    expect(await submissionItem().getByText(/^Handled/).isVisible()).toBe(true);
  });

  it("exports the messages as a safe CSV", async () => {
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Export CSV of contact messages" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);

    const response = await admin.request.get(`${baseUrl}/admin/dashboard/inbox/export/submissions`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="contact-submissions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = (await response.body()).toString("utf8");
    expect(body.startsWith("\uFEFF")).toBe(true);
    expect(body.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual(["Received (Vancouver time)", "Name", "Email", "Phone", "Subject", "Message", "Handled (Vancouver time)"]);
    const row = rows.find((r) => r[2] === EMAIL)!;
    expect(row).toBeDefined();
    expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Formula starters get a leading apostrophe; everything else round-trips exactly.
    expect(row[1]).toBe(`'${NAME}`);
    expect(row[3]).toBe(`'${PHONE}`);
    expect(row[4]).toBe(`'${SUBJECT}`);
    expect(row[5]).toBe(MESSAGE);
    expect(row[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // The raw text quotes the fields with commas, quotes and line breaks.
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") ${run}"`);

    const subscribers = await admin.request.get(`${baseUrl}/admin/dashboard/inbox/export/subscribers`);
    expect(subscribers.status()).toBe(200);
    const subscriberRows = parseCsv((await subscribers.body()).toString("utf8").slice(1));
    expect(subscriberRows[0]).toEqual(["Email", "Language", "Subscribed (Vancouver time)", "Confirmed (Vancouver time)"]);
    // Only confirmed subscribers may be sent the newsletter: an address awaiting confirmation is not exported.
    expect(subscriberRows.find((r) => r[0] === SUBSCRIBER)).toBeUndefined();

    // Only an admin may take the data out.
    expect((await fetch(`${baseUrl}/admin/dashboard/inbox/export/submissions`)).status).toBe(401);
    expect((await admin.request.get(`${baseUrl}/admin/dashboard/inbox/export/everything`)).status()).toBe(404);
  });

  it("deletes a message after asking", async () => {
    await submissionItem().getByRole("button", { name: /^Delete/ }).click();
    const dialog = admin.getByRole("alertdialog");
    await dialog.getByText(/Are you sure you want to delete this message/).waitFor();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    expect(await toastText(admin, "Deleted!")).toContain("Message removed.");
    await submissionItem().waitFor({ state: "detached" });
    await admin.reload({ waitUntil: "networkidle" });
    expect(await submissionItem().count()).toBe(0);
    const csv = await (await admin.request.get(`${baseUrl}/admin/dashboard/inbox/export/submissions`)).text();
    expect(csv).not.toContain(EMAIL);
  });

  it("removes a newsletter subscriber after asking", async () => {
    const row = admin.getByRole("row").filter({ hasText: SUBSCRIBER });
    await row.getByRole("button", { name: /^Remove/ }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Remove", exact: true }).click();
    expect(await toastText(admin, "Deleted!")).toContain("Subscriber removed.");
    await row.waitFor({ state: "detached" });
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    expect(errors.filter((e) => /Content Security Policy|Uncaught|TypeError|ReferenceError|Hydration|Minified React error/i.test(e))).toEqual([]);
  });
});
