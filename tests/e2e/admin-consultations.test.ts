/**
 * The Consultations tab in Chromium (issue 33, decision 0080): an admin sees a booking whose
 * visitor matches an earlier contact message ("Possible conflict" with the match), an intake person
 * confirms it from their own sign-in (decision 0090) then declines it with "We cannot act"
 * (decision 0096), an editor finds no Inbox or Consultations tab
 * and a 403 page at their address, the admin changes the office hours (a refused value shows its
 * message first), and every page passes axe.
 * A site of its own, seeded on its stopped database before it starts.
 */
import { rmSync } from "node:fs";
import pino from "pino";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFreeSlots } from "../../app/booking/availability.server";
import { createBooking } from "../../app/booking/bookings.server";
import { addDays, vancouverDate } from "../../app/booking/slots.server";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { bookableLawyers, contactSubmissions, teamMembers } from "../../db/schema";
import { startFakeCalendar, type FakeCalendar } from "../fakes/calendar";
import { openAdminPage } from "../helpers/admin";
import { dataDirWithAdmin, openDataDir } from "../helpers/admin-http";
import { expectNoAxeViolations, launchBrowser, waitForHydration } from "../helpers/browser";
import { startSite, type SiteServer } from "../helpers/server";

const ADMIN = { email: "consultations.admin@example.test", password: "consultations admin passphrase" };
const INTAKE = { email: "front.desk@example.test", password: "front desk passphrase one" };
const EDITOR = { email: "blog.writer@example.test", password: "blog writer passphrase one" };
const TAB = "/admin/dashboard/consultations";

describe("Consultations tab", () => {
  let dataDir = "";
  let site: SiteServer | null = null;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let bookingId = 0;
  let calendar: FakeCalendar;
  let lawyerId = 0;

  beforeAll(async () => {
    dataDir = await dataDirWithAdmin("consultations-e2e-", ADMIN, { demo: true });
    const store = await openDataDir(dataDir);
    try {
      await store.db.insert(contactSubmissions).values({ name: "Sofía Hernández", email: "sofia@example.com", message: "Subject: Earlier matter\n\nHello" });
      const now = new Date();
      const today = vancouverDate(now);
      const [slot] = await listFreeSlots(store.db, { from: today, to: addDays(today, 20), now });
      const form = new FormData();
      for (const [key, value] of Object.entries({ start: slot.start.toISOString(), kind: "phone", area: "civil-litigation", name: "Sofia Hernandez", email: "sh@example.com", phone: "+1 604 555 0100", description: "A dispute with a contractor", parties: "Acme Renovations Ltd", consent: "on" })) form.set(key, value);
      const booked = await createBooking({ db: store.db, log: pino({ level: "silent" }), now: () => now }, form, "198.51.100.20");
      expect(booked.status).toBe(201);
      bookingId = booked.status === 201 ? booked.booking.id : 0;
      await createOrPromoteAdmin(store.db, INTAKE, { via: "test", role: "intake" });
      await createOrPromoteAdmin(store.db, EDITOR, { via: "test", role: "editor" });
      // A bookable lawyer whose own calendar (a fake ICS server) will hold a busy event (issue 46).
      [{ id: lawyerId }] = await store.db.insert(teamMembers).values({ name: "Bahar Busy", orderIndex: 1 }).returning({ id: teamMembers.id });
      await store.db.insert(bookableLawyers).values({ memberId: lawyerId, bookable: true, languages: ["en", "fa"] });
    } finally {
      await store.close();
    }
    calendar = await startFakeCalendar();
    // The tests' seam for the guarded fetcher: http to this machine (never allowed in production).
    site = await startSite({ DATA_DIR: dataDir, NODE_ENV: "test", OUTSIDE_FETCH_ALLOW_LOOPBACK: "1" });
    browser = await launchBrowser();
    ({ page, errors } = await openAdminPage(browser, site.url, ADMIN));
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await calendar?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const booking = () => page.locator(`article#booking-${bookingId}`);

  it("shows the seeded booking with its possible conflict and why, and passes axe", async () => {
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Consultations", exact: true }).click();
    await page.waitForURL((url) => url.pathname === TAB);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Consultation bookings", level: 2 }).waitFor();
    await expect.poll(() => booking().getByText("Possible conflict", { exact: true }).first().isVisible()).toBe(true);
    const note = booking().getByRole("region", { name: "Possible conflict" });
    expect(await note.textContent()).toContain("Sofia Hernandez matched contact message #1: “Sofía Hernández” (same name)");
    expect(await booking().textContent()).toContain("Acme Renovations Ltd");
    await expectNoAxeViolations(page);
  });

  it("lets an intake person, signed in on their own, confirm the booking; the admin sees it confirmed", async () => {
    const { page: intake, errors: intakeErrors } = await openAdminPage(browser, site!.url, INTAKE);
    // Intake's first tab is the inbox; no content tab is offered.
    expect(new URL(intake.url()).pathname).toBe("/admin/dashboard/inbox");
    const tabs = await intake.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link").allTextContents();
    expect(tabs).toEqual(["Inbox", "Consultations"]);
    await intake.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Consultations", exact: true }).click();
    await intake.waitForURL((url) => url.pathname === TAB);
    await waitForHydration(intake);
    const card = intake.locator(`article#booking-${bookingId}`);
    await card.getByRole("button", { name: /^Confirm/ }).waitFor();
    await expectNoAxeViolations(intake);
    await card.getByRole("button", { name: /^Confirm/ }).click();
    await intake.locator("[data-sonner-toast]").filter({ hasText: "Booking confirmed" }).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => card.getByText("Confirmed", { exact: true }).isVisible()).toBe(true);
    // The availability is not intake's to change: shown, not editable.
    expect(await intake.getByRole("button", { name: "Save availability" }).count()).toBe(0);
    expect(intakeErrors.filter((e) => /Content Security Policy|Uncaught|TypeError|Hydration/i.test(e))).toEqual([]);
    await intake.context().close();

    // Stored: the admin's reloaded tab shows it confirmed, with no Confirm button left.
    await page.reload({ waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(await booking().getByText("Confirmed", { exact: true }).isVisible()).toBe(true);
    expect(await booking().getByRole("button", { name: /^Confirm/ }).count()).toBe(0);
  });

  it("lets an intake person decline the confirmed booking with 'We cannot act' and the referral line, in a dialog that passes axe (decision 0096)", async () => {
    const { page: intake, errors: intakeErrors } = await openAdminPage(browser, site!.url, INTAKE);
    await intake.goto(`${site!.url}${TAB}`);
    await waitForHydration(intake);
    const card = intake.locator(`article#booking-${bookingId}`);
    await card.getByRole("button", { name: /^We cannot act/ }).click();
    const dialog = intake.getByRole("alertdialog", { name: "Decline: we cannot act for this visitor?" });
    await dialog.waitFor();
    const referral = dialog.getByRole("checkbox", { name: /Add the referral line/ });
    expect(await referral.isChecked()).toBe(true);
    await expectNoAxeViolations(intake);
    await dialog.getByRole("button", { name: "Decline", exact: true }).click();
    await intake.locator("[data-sonner-toast]").filter({ hasText: "Booking declined" }).first().waitFor({ timeout: 15_000 });
    // The decline messages are shown to intake, not editable.
    expect(await intake.getByRole("button", { name: "Save decline messages" }).count()).toBe(0);
    expect(intakeErrors.filter((e) => /Content Security Policy|Uncaught|TypeError|Hydration/i.test(e))).toEqual([]);
    await intake.context().close();

    await page.reload({ waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(await booking().getByText("Declined", { exact: true }).isVisible()).toBe(true);
    expect(await booking().getByRole("button", { name: /^We cannot act/ }).count()).toBe(0);
  });

  it("shows an editor no Inbox or Consultations tab, and a 403 page with the reason at their address", async () => {
    const { page: editor } = await openAdminPage(browser, site!.url, EDITOR);
    const tabs = await editor.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link").allTextContents();
    expect(tabs).toContain("Blog Posts");
    expect(tabs).not.toContain("Inbox");
    expect(tabs).not.toContain("Consultations");
    for (const [address, sentence] of [
      ["/admin/dashboard/inbox", "Your role (editor) cannot read the inbox."],
      [TAB, "Your role (editor) cannot see consultation bookings."],
    ] as const) {
      const response = await editor.goto(`${site!.url}${address}`);
      expect(response?.status(), address).toBe(403);
      await editor.getByText(sentence).waitFor();
      const main = (await editor.locator("main").textContent()) ?? "";
      expect(main).not.toContain("Sofia Hernandez");
      expect(main).not.toContain("sh@example.com");
      await expectNoAxeViolations(editor);
    }
    await editor.context().close();
  });

  it("changes the office hours: a closing time before opening is refused with its message, then saved", async () => {
    const form = page.getByRole("form", { name: "Availability settings" });
    await form.getByLabel("Monday opens at").fill("18:00");
    await form.getByRole("button", { name: "Save availability" }).click();
    await form.getByText("Monday: closing time must be after opening time.").waitFor({ timeout: 15_000 });
    await form.getByLabel("Monday opens at").fill("10:00");
    await form.getByLabel("Monday closes at").fill("15:00");
    await form.getByLabel("Open on Saturday").check();
    await form.getByRole("button", { name: "Save availability" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Availability saved" }).first().waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    // Stored: the reloaded form shows the new hours.
    await page.reload({ waitUntil: "networkidle" });
    await waitForHydration(page);
    const reloaded = page.getByRole("form", { name: "Availability settings" });
    expect(await reloaded.getByLabel("Monday opens at").inputValue()).toBe("10:00");
    expect(await reloaded.getByLabel("Monday closes at").inputValue()).toBe("15:00");
    expect(await reloaded.getByLabel("Open on Saturday").isChecked()).toBe(true);
  });

  it("takes a time off the booking page when the lawyer's own calendar has a busy event then", async () => {
    const from = addDays(vancouverDate(new Date()), 3);
    const slotsOf = async (day: string) =>
      ((await (await fetch(`${site!.url}/api/consultations/slots?from=${day}&to=${day}&lawyer=${lawyerId}`)).json()) as { slots: Array<{ start: string }> }).slots.map((slot) => slot.start);
    const all = ((await (await fetch(`${site!.url}/api/consultations/slots?from=${from}&to=${addDays(from, 10)}&lawyer=${lawyerId}`)).json()) as { slots: Array<{ start: string }> }).slots;
    const busy = all[2]!.start;
    const day = vancouverDate(new Date(busy));
    expect(await slotsOf(day)).toContain(busy);
    const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    calendar.ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VEVENT", "UID:court@example.test", `DTSTAMP:${stamp(new Date().toISOString())}`, `DTSTART:${stamp(busy)}`, `DTEND:${stamp(new Date(new Date(busy).getTime() + 30 * 60_000).toISOString())}`, "SUMMARY:Court", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");

    await page.goto(`${site!.url}${TAB}`);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Calendar address of Bahar Busy" });
    await form.getByLabel("Calendar address (iCal)").fill(`${calendar.origin}/calendar.ics`);
    await form.getByRole("button", { name: "Save the address" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Calendar address saved and read" }).first().waitFor({ timeout: 15_000 });
    expect(calendar.hits).toBeGreaterThan(0);
    // The API reuses what it read for a few seconds: the busy time goes within them.
    await expect.poll(() => slotsOf(day), { timeout: 10_000 }).not.toContain(busy);
    expect((await slotsOf(day)).length).toBeGreaterThan(0);
    const bookingPage = await (await fetch(`${site!.url}/virtual-consultation?lawyer=${lawyerId}&day=${day}`)).text();
    expect(bookingPage).not.toContain(`value="${busy}"`);
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    expect(errors.filter((e) => /Content Security Policy|Uncaught|TypeError|ReferenceError|Hydration|Minified React error/i.test(e))).toEqual([]);
  });
});
