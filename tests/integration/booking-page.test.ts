/**
 * The visitor's booking at /virtual-consultation through the built server (issue 33, decision
 * 0078): the page in three languages with the week's free slots, never stored by the page cache;
 * POST's contract (303 to a confirmation page at a random reference, 400 with each field's
 * message in the visitor's language, 409 with the nearest free slots, 429, as HTML or JSON);
 * React Router's origin check; the honeypot; and, read from the database once the server has
 * stopped, exactly the bookings that were accepted.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { asc, eq } from "drizzle-orm";
import { startSite, tempDir, type SiteServer } from "../helpers/server";
import { copyPgliteTemplate } from "../helpers/pglite-template";
import { openDataDir } from "../helpers/admin-http";
import { escapeHtml, text } from "../helpers/page-checks";
import { consultationBookings, consultationParties, statsEnquiries } from "../../db/schema";
import { vancouverMoment } from "../../app/booking/slots.server";
import { mondayOf } from "../../app/booking/week";
import { pageCacheKey } from "../../server/page-cache";
import { openField } from "../../core/sealing.server";

/** A Vancouver wall-clock time as the instant the site uses (the firm clock: UTC-7 all year from March 2026). */
const at = (date: string, time: string) => vancouverMoment(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)))!.toISOString();
let site: SiteServer;
// Our own data directory, so the database can be read once the server has stopped.
const dataDir = tempDir("booking-page-");
beforeAll(async () => {
  await copyPgliteTemplate(path.join(dataDir, "pglite"), "demo");
  // Monday 4 January 2027, 09:45 in Vancouver: the first free slot (24 h notice) is Tuesday 10:00.
  site = await startSite({ DATA_DIR: dataDir, TEST_CLOCK_START: at("2027-01-04", "09:45"), BOOKING_RATE_LIMIT: "3", MAIL_FROM: "Coastline Law <office@firm.example>" });
}, 120_000);
afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const TUE_12_0900 = at("2027-01-12", "09:00");
const WED_13_0900 = at("2027-01-13", "09:00");
const THU_14_0900 = at("2027-01-14", "09:00");
const FRI_15_0900 = at("2027-01-15", "09:00");
const MON_18_0900 = at("2027-01-18", "09:00");
const TUE_5_1000 = at("2027-01-05", "10:00");

const good = {
  start: TUE_12_0900,
  kind: "video",
  area: "immigration",
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "604 555 0100",
  description: "My study permit was refused.",
  parties: "Acme Immigration Consulting Ltd.\nJohn Roe",
  consent: "on",
};

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers });
const page = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  return { response, html: await response.text() };
};
const freeStarts = async (from: string, to: string) => {
  const body = (await (await fetch(`${site.url}/api/consultations/slots?from=${from}&to=${to}`)).json()) as { slots: Array<{ start: string }> };
  return body.slots.map((slot) => slot.start);
};
const radio = (start: string) => `name="start" value="${start}"`;

describe("GET /virtual-consultation", () => {
  it.each([
    ["en", ""],
    ["fa", "/fa"],
    ["zh", "/zh"],
  ] as const)("shows the week's free slots in %s, grouped by day, in Vancouver time, with the form's fields", async (lang, prefix) => {
    const { response, html } = await page(`${prefix}/virtual-consultation`);
    expect(response.status).toBe(200);
    expect(html).toContain(`${escapeHtml(text("booking-form-title", lang))}</h2>`);
    // The week of the first free slot: Tuesday 5 January 10:00 Vancouver is the first one (notice).
    expect(html).toContain(radio(TUE_5_1000));
    expect(html).not.toContain(radio(at("2027-01-05", "09:30")));
    // The two weeks' days with free times (Tuesday 5 to Friday 8, Monday 11 to Friday 15), then
    // only the first one's times (issue 46: never a wall of every slot).
    const days = [...html.matchAll(/<button type="submit" value="day"[^>]*formAction="\?week=2027-01-04&amp;day=(\d{4}-\d{2}-\d{2})#booking-times"/g)].map((m) => m[1]);
    expect(days).toEqual(["2027-01-05", "2027-01-06", "2027-01-07", "2027-01-08", "2027-01-11", "2027-01-12", "2027-01-13", "2027-01-14", "2027-01-15"]);
    expect(html).toMatch(/<button type="submit" value="day" aria-current="date"[^>]*day=2027-01-05#/);
    expect(html.match(/name="start"/g)).toHaveLength(14);
    // "Vancouver time" said once, in the note; no zone abbreviation (decision 0083).
    expect(html).toContain(escapeHtml(text("booking-slot-zone-note", lang)));
    const tuesday = { en: "Tuesday, January 5, 2027", fa: "سه‌شنبه ۵ ژانویهٔ ۲۰۲۷", zh: "2027年1月5日星期二" }[lang];
    expect(html).toContain(`>${escapeHtml(text("booking-day-times", lang).replace("{date}", tuesday))}</h3>`);
    // Each time with Vancouver's offset then (the firm clock's), for the visitor's own time beside it.
    expect(html).toMatch(new RegExp(`<input type="radio" data-offset="-420" name="start" value="${TUE_5_1000}"/>${{ en: "10:00 a.m.", fa: "۱۰:۰۰", zh: "10:00" }[lang]}<`));
    for (const field of ["area", "kind", "name", "email", "phone", "description", "parties", "consent"]) expect(html).toContain(`name="${field}"`);
    expect(html).toContain('name="website"');
    expect(html).toContain(`href="${prefix}/privacy"`);
    expect(html).toContain(escapeHtml(text("booking-parties-label", lang)));
    // The hero's button is a same-page link to the form, which the page has.
    expect(html).toContain('href="#book"');
    expect(html).toContain('id="book"');
    expect(html).not.toContain("calendly");
    // The next two weeks: a button of the form (what was typed goes along), no earlier weeks.
    expect(html).toMatch(/<button type="submit" value="weeks"[^>]*formAction="\?week=2027-01-18#booking-start"/);
    expect(html.match(/value="weeks"/g)).toHaveLength(1);
    // The form posts to the page of the day it shows, so a refused post shows that day again.
    expect(html).toContain(`action="${prefix}/virtual-consultation?week=2027-01-04&amp;day=2027-01-05#book"`);
    // The contact page's and the practice areas' booking buttons lead to this form.
    for (const other of ["/contact", "/practice-areas"]) {
      const linking = await (await fetch(`${site.url}${prefix}${other}`)).text();
      expect(linking, other).toContain(`href="${prefix}/virtual-consultation#book"`);
    }
  });

  it("pages by two weeks with ?week= and by day with ?day=, and reads a week outside today..horizon as the default one", async () => {
    const { html } = await page("/virtual-consultation?week=2027-01-11&day=2027-01-12");
    expect(html).toContain(radio(TUE_12_0900));
    expect(html).not.toContain(radio(at("2027-01-11", "09:00")));
    expect(html).not.toContain(radio(TUE_5_1000));
    expect(html).toMatch(/formAction="\?week=2027-01-04#booking-start"/);
    expect(html).toMatch(/formAction="\?week=2027-01-25#booking-start"/);
    // Without ?day=, or with a day of other weeks, the first day with free times.
    for (const path of ["/virtual-consultation?week=2027-01-11", "/virtual-consultation?week=2027-01-11&day=2027-02-02"]) {
      const other = await page(path);
      expect(other.html, path).toContain(radio(at("2027-01-11", "09:00")));
      expect(other.html, path).not.toContain(radio(TUE_12_0900));
    }
    const far = await page("/virtual-consultation?week=2027-06-07");
    expect(far.html).toContain(radio(TUE_5_1000));
  });

  it.each([
    ["en", ""],
    ["fa", "/fa"],
    ["zh", "/zh"],
  ] as const)("stays within the public pages' budget in %s: at most 35 KB of HTML and 600 elements, no React", async (_lang, prefix) => {
    // Issue 46: the page was 77 KB with about 1,200 elements (a week's ~80 slot cards). The
    // busiest two weeks: ten days with free times, sixteen times on the chosen day.
    const { html } = await page(`${prefix}/virtual-consultation?week=2027-01-11`);
    expect(html.match(/value="day"/g)).toHaveLength(10);
    expect(html.match(/name="start"/g)).toHaveLength(16);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(35 * 1024);
    // Every start tag is an element (comments and the doctype start with "<!").
    expect(html.match(/<[a-zA-Z][^>]*>/g)!.length).toBeLessThanOrEqual(600);
    expect(html).not.toMatch(/__reactRouterContext|entry\.client|react-dom/);
  });

  it("is never stored by the page cache: a booked slot is gone from the very next page", async () => {
    const first = await page("/virtual-consultation?week=2027-01-11&day=2027-01-13");
    expect(first.response.headers.get("cache-control")).toBe("no-store");
    expect(first.html).toContain(radio(WED_13_0900));
    const again = await page("/virtual-consultation?week=2027-01-11&day=2027-01-13");
    expect(again.response.headers.get("x-cache")).toBeNull();
    const booked = await post("/virtual-consultation", { ...good, start: WED_13_0900, name: "Cache Test" });
    expect(booked.status).toBe(303);
    const after = await page("/virtual-consultation?week=2027-01-11&day=2027-01-13");
    expect(after.html).not.toContain(radio(WED_13_0900));
    expect(after.html).toContain(radio(at("2027-01-13", "09:30")));
  });
});

describe("?week= and the page cache's key (decision 0053)", () => {
  it("keeps a real Monday within a year of now, in every language, and drops anything else", () => {
    const monday = mondayOf(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
    for (const prefix of ["", "/fa", "/zh"]) {
      expect(pageCacheKey(`${prefix}/virtual-consultation?week=${monday}&utm_source=x`)).toBe(`${prefix}/virtual-consultation?week=${monday}`);
    }
    const tuesday = new Date(Date.parse(`${monday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const value of [tuesday, "2099-01-05", "2027-02-30", "x"]) expect(pageCacheKey(`/virtual-consultation?week=${value}`)).toBe("/virtual-consultation");
    // Other pages do not read it.
    expect(pageCacheKey(`/contact?week=${monday}`)).toBe("/contact");
    // ?day= likewise: a real date within a year, on the booking page only.
    expect(pageCacheKey(`/zh/virtual-consultation?week=${monday}&day=${tuesday}&fbclid=1`)).toBe(`/zh/virtual-consultation?day=${tuesday}&week=${monday}`);
    for (const value of ["2099-01-05", "2027-02-30", "x"]) expect(pageCacheKey(`/virtual-consultation?day=${value}`)).toBe("/virtual-consultation");
    expect(pageCacheKey(`/contact?day=${tuesday}`)).toBe("/contact");
  });
});

describe("POST /virtual-consultation", () => {
  let confirmation: string;
  let videoRoom: string;

  it("books a free slot: 303 to a confirmation page named by a random reference, not the id", async () => {
    const response = await post("/virtual-consultation", good);
    expect(response.status).toBe(303);
    confirmation = response.headers.get("location")!;
    expect(confirmation).toMatch(/^\/virtual-consultation\/booked\/[0-9a-f]{32}$/);
    expect(await freeStarts("2027-01-12", "2027-01-12")).not.toContain(TUE_12_0900);
  });

  it("shows the booking on the confirmation page: time, kind, area, what happens next; private and noindex", async () => {
    const { response, html } = await page(confirmation);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain(escapeHtml(text("booking-booked-title", "en")));
    // The firm clock's words (decision 0083): "Vancouver time" once, no abbreviation, no parentheses.
    expect(html).toContain(`Tuesday, January 12, 2027, <time dateTime="${TUE_12_0900}" data-offset="-420">9:00 a.m.</time>–9:30 a.m. Vancouver time<`);
    expect(html).toContain(text("booking-kind-video", "en"));
    expect(html).toContain(text("booking-area-immigration", "en"));
    expect(html).toContain(escapeHtml(text("booking-booked-next-2-video", "en")));
    // The video booking's room (decision 0079), the same link as the mail's, and where the manage link is.
    const link = /<a href="\/video-consultation#room=(consultation-[0-9a-f]{32})"[^>]*>([^<]+)<\/a>/.exec(html);
    expect(link?.[2]).toBe(text("booking-booked-video-link", "en"));
    videoRoom = link![1]!;
    expect(html).toContain(escapeHtml(text("booking-booked-manage-note", "en")));
    // Its own manage link and "Add to calendar", the booking as a published event (decision 0106).
    const manage = /<a href="(\/virtual-consultation\/manage\/[0-9a-f]{64})" rel="nofollow"[^>]*>([^<]+)<\/a>/.exec(html);
    expect(manage?.[2]).toBe(text("booking-booked-manage-link", "en"));
    const calendarLink = /<a href="([^"]+)" download="consultation.ics"[^>]*>([^<]+)<\/a>/.exec(html);
    expect(calendarLink?.[1]).toBe(`${manage![1]}/calendar.ics`);
    expect(calendarLink?.[2]).toBe(text("booking-booked-calendar-link", "en"));
    const ics = await fetch(`${site.url}${calendarLink![1]}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(ics.headers.get("cache-control")).toBe("private, no-store");
    const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const event = calendar.getFirstSubcomponent("vevent")!;
    expect((event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString()).toBe(TUE_12_0900);
    expect(event.getAllProperties("attendee")).toHaveLength(0);
    expect(event.getFirstProperty("organizer")!.getParameter("cn")).toBe(text("firm-name", "en"));
    expect(String(event.getFirstProperty("organizer")!.getFirstValue()).toLowerCase()).toBe("mailto:office@firm.example");
    expect((await fetch(`${site.url}${manage![1]}`)).status).toBe(200);
    expect((await fetch(`${site.url}${manage![1].replace(/.$/, (c) => (c === "0" ? "1" : "0"))}/calendar.ics`)).status).toBe(404);
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain("booked");
    const unknown = await page("/virtual-consultation/booked/00000000000000000000000000000000");
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain(escapeHtml(text("booking-booked-missing-title", "en")));
  });

  it("books in Chinese: the confirmation page is in Chinese", async () => {
    const response = await post("/zh/virtual-consultation", { ...good, start: THU_14_0900, kind: "office", area: "", name: "王小明" });
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/zh\/virtual-consultation\/booked\//);
    const { html } = await page(location);
    expect(html).toContain(text("booking-booked-title", "zh"));
    expect(html).toContain(text("booking-kind-office", "zh"));
    expect(html).toContain(text("booking-area-unsure", "zh"));
    expect(html).toContain("温哥华时间");
    expect(html).not.toContain("video-consultation#room=");
    expect(html).toContain(text("booking-booked-manage-note", "zh"));
    expect(html).toContain(text("booking-booked-calendar-link", "zh"));
    expect(html).toMatch(/href="\/zh\/virtual-consultation\/manage\/[0-9a-f]{64}"/);
  });

  it("refuses a taken slot with 409 and the nearest free slots as choices, keeping what was typed", async () => {
    const response = await post("/virtual-consultation", { ...good, name: "Second Visitor", description: "Kept text" });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain(escapeHtml(text("booking.validation.slot-taken", "en")));
    expect(html).not.toContain(radio(TUE_12_0900));
    expect(html).toContain(radio(at("2027-01-12", "09:30")));
    expect(html.match(/name="start"/g)).toHaveLength(5);
    expect(html).toContain('value="Second Visitor"');
    expect(html).toContain(">Kept text</textarea>");
  });

  it("answers 409 as JSON with the nearest free slots when asked", async () => {
    const response = await post("/virtual-consultation", good, { Accept: "application/json" });
    expect(response.status).toBe(409);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: string; nearest: Array<{ start: string; end: string; lawyer: number | null }> };
    expect(body.error).toBe(text("booking.validation.slot-taken", "en"));
    expect(body.nearest).toHaveLength(5);
    // Tuesday 09:30 to 11:30, the five closest to 09:00.
    expect(body.nearest[0]).toEqual({ start: at("2027-01-12", "09:30"), end: at("2027-01-12", "10:00"), lawyer: null });
    expect(body.nearest.map((slot) => slot.start)).not.toContain(TUE_12_0900);
  });

  const bad = {
    start: at("2027-01-12", "09:15"),
    kind: "carrier-pigeon",
    area: "tax",
    name: "",
    email: "not-an-email",
    phone: "1".repeat(51),
    description: "x".repeat(2001),
    parties: Array.from({ length: 21 }, (_, i) => `Party ${i}`).join("\n"),
    consent: "",
  };
  const expected = {
    kind: "booking.validation.kind-invalid",
    area: "booking.validation.area-invalid",
    name: "booking.validation.name-required",
    email: "booking.validation.email-invalid",
    phone: "booking.validation.phone-max",
    description: "booking.validation.description-max",
    parties: "booking.validation.parties-too-many",
    consent: "booking.validation.consent-required",
  };

  it.each(["fa", "zh"] as const)("answers 400 in %s with each field's message at its field, a summary, and the typed values", async (lang) => {
    const response = await post(`/${lang}/virtual-consultation`, { ...bad, phone: "", name: "", email: "x@", description: "نوشته من" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(escapeHtml(text("booking-errors-title", lang)));
    for (const [field, key] of Object.entries({ ...expected, email: "booking.validation.email-invalid" })) {
      if (field === "phone" || field === "description") continue;
      const message = escapeHtml(text(key, lang));
      // In the summary, as a link to the field, and at the field, tied to it.
      expect(html, field).toContain(`<a href="#booking-${field}" class="underline underline-offset-2">${message}</a>`);
      expect(html, field).toContain(`id="booking-${field}-error"`);
      expect(html, field).toMatch(new RegExp(`id="booking-${field}"[^>]*aria-describedby="[^"]*booking-${field}-error`));
    }
    expect(html).toContain(">نوشته من</textarea>");
    expect(html).toContain('value="x@"');
  });

  it("refuses a start that is not a slot (off the grid, a Saturday, inside the notice) with its message", async () => {
    for (const start of [at("2027-01-12", "09:15"), at("2027-01-16", "09:00"), at("2027-01-04", "15:00"), "tomorrow"]) {
      const response = await post("/fa/virtual-consultation", { ...good, start }, { Accept: "application/json" });
      expect(response.status, start).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors), start).toEqual(["start"]);
      expect([text("booking.validation.start-not-slot", "fa"), text("booking.validation.start-invalid", "fa")], start).toContain(body.errors.start);
    }
  });

  it("answers 400 as JSON with each field's message in the visitor's language", async () => {
    const response = await post("/zh/virtual-consultation", { ...bad, start: TUE_12_0900 }, { Accept: "application/json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: Object.fromEntries(Object.entries(expected).map(([field, key]) => [field, text(key, "zh")])) });
  });

  it.each([
    ["en", ""],
    ["zh", "/zh"],
  ] as const)("shows another day or other weeks without script, keeping everything typed and booking nothing (%s)", async (lang, prefix) => {
    const WED_20_0900 = at("2027-01-20", "09:00");
    const typed = { ...good, start: "", name: "Day Picker", email: "day@example.com", description: "Typed <before> choosing", parties: "Roe & Co" };
    // A day button: its formaction is the page of that day, its name `show`.
    const day = await post(`${prefix}/virtual-consultation?week=2027-01-18&day=2027-01-20`, { ...typed, show: "day" });
    expect(day.status).toBe(200);
    const html = await day.text();
    expect(html).toContain(radio(WED_20_0900));
    expect(html).not.toContain(radio(at("2027-01-18", "09:00")));
    expect(html).toMatch(/<button type="submit" value="day" aria-current="date"[^>]*day=2027-01-20#/);
    expect(html).toContain('value="Day Picker"');
    expect(html).toContain('value="day@example.com"');
    expect(html).toContain(">Typed &lt;before&gt; choosing</textarea>");
    expect(html).toContain(">Roe &amp; Co</textarea>");
    expect(html).toMatch(/<option value="immigration" selected="">/);
    expect(html).toMatch(/<input type="radio" name="kind" checked="" value="video"\/>/);
    // No message: nothing was refused, nothing was booked.
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain(escapeHtml(text("booking.validation.name-required", lang)));
    // A weeks button, with a time already chosen: the time is kept too, were it shown again.
    const weeks = await post(`${prefix}/virtual-consultation?week=2027-02-01`, { ...typed, start: WED_20_0900, show: "weeks" });
    expect(weeks.status).toBe(200);
    const later = await weeks.text();
    expect(later).toContain(radio(at("2027-02-01", "09:00")));
    expect(later).toContain('value="Day Picker"');
    const back = await post(`${prefix}/virtual-consultation?week=2027-01-18&day=2027-01-20`, { ...typed, start: WED_20_0900, show: "day" });
    expect(new RegExp(`<input[^>]*value="${WED_20_0900}"[^>]*>`).exec(await back.text())?.[0]).toMatch(/\bchecked=""/);
    expect(await freeStarts("2027-01-20", "2027-01-20")).toContain(WED_20_0900);
  });

  it.each(["en", "fa", "zh"] as const)("refuses a phone call without a number in %s with the phone field's message, and keeps the slot free", async (lang) => {
    const prefix = lang === "en" ? "" : `/${lang}`;
    const response = await post(`${prefix}/virtual-consultation`, { ...good, start: FRI_15_0900, kind: "phone", phone: " " }, { Accept: "application/json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { phone: text("booking.validation.phone-required", lang) } });
    expect(await freeStarts("2027-01-15", "2027-01-15")).toContain(FRI_15_0900);
  });

  it("refuses a booking without consent, in English, and keeps the slot free", async () => {
    // The form posts to the address of the day it shows, so the page it gets back shows that day.
    const response = await post("/virtual-consultation?week=2027-01-11&day=2027-01-15", { ...good, start: FRI_15_0900, consent: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(escapeHtml(text("booking.validation.consent-required", "en")));
    const chosen = new RegExp(`<input[^>]*value="${FRI_15_0900}"[^>]*>`).exec(html)?.[0];
    expect(chosen).toMatch(/\bchecked=""/);
    expect(await freeStarts("2027-01-15", "2027-01-15")).toContain(FRI_15_0900);
  });

  it("refuses a POST from another site (403 before React Router, as for the contact form: decision 0094)", async () => {
    for (const origin of ["https://evil.example", "null"]) {
      const response = await post("/virtual-consultation", { ...good, start: FRI_15_0900 }, { Origin: origin });
      expect(response.status, origin).toBe(403);
    }
    // The same site's own origin is fine (refused here only for the missing consent).
    const own = await post("/virtual-consultation", { ...good, start: FRI_15_0900, consent: "" }, { Origin: site.url });
    expect(own.status).toBe(400);
    expect(await own.text()).toContain(escapeHtml(text("booking.validation.consent-required", "en")));
    expect(await freeStarts("2027-01-15", "2027-01-15")).toContain(FRI_15_0900);
  });

  it("thanks a bot that filled the honeypot and books nothing", async () => {
    const response = await post("/virtual-consultation", { ...good, start: FRI_15_0900, website: "https://spam.example" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(escapeHtml(text("booking-received", "en")));
    expect(await freeStarts("2027-01-15", "2027-01-15")).toContain(FRI_15_0900);
  });

  it("answers 429 with the rate-limit sentence past BOOKING_RATE_LIMIT bookings per address", async () => {
    const response = await post("/virtual-consultation", { ...good, start: MON_18_0900, name: "Fourth" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("3600");
    expect(await response.text()).toContain(escapeHtml(text("booking.validation.rate-limited", "en")));
    const json = await post("/virtual-consultation", { ...good, start: MON_18_0900 }, { Accept: "application/json" });
    expect(json.status).toBe(429);
    expect(await json.json()).toEqual({ error: text("booking.validation.rate-limited", "en") });
    expect(await freeStarts("2027-01-18", "2027-01-18")).toContain(MON_18_0900);
  });

  it("stored exactly the three accepted bookings, with their parties and references, and nothing of any refusal", async () => {
    await site.stop();
    const store = await openDataDir(dataDir);
    try {
      const rows = await store.db.select().from(consultationBookings).orderBy(asc(consultationBookings.startsAt));
      expect(rows.map((row) => [row.startsAt.toISOString(), row.name, row.language, row.kind, row.area])).toEqual([
        [TUE_12_0900, "Jane Doe", "en", "video", "immigration"],
        [WED_13_0900, "Cache Test", "en", "video", "immigration"],
        [THU_14_0900, "王小明", "zh", "office", null],
      ]);
      expect(new Set(rows.map((row) => row.reference)).size).toBe(3);
      expect(confirmation.endsWith(rows[0]!.reference!)).toBe(true);
      expect(rows[0]!.videoRoom).toBe(videoRoom);
      expect(rows[2]!.videoRoom).toBeNull();
      // Each accepted booking, and nothing refused, counted as an enquiry in the statistics (decision 0082).
      const enquiries = await store.db.select().from(statsEnquiries).where(eq(statsEnquiries.kind, "booking"));
      expect(enquiries.reduce((sum, row) => sum + row.n, 0)).toBe(3);
      const parties = await store.db.select().from(consultationParties);
      expect(parties.filter((party) => party.bookingId === rows[0]!.id).map((party) => openField(party.name, "consultation_parties.name"))).toEqual(["Acme Immigration Consulting Ltd.", "John Roe"]);
    } finally {
      await store.close();
    }
  });
});

describe("BOOKING_URL set: the firm's own scheduler", () => {
  let other: SiteServer;
  beforeAll(async () => {
    other = await startSite({ BOOKING_URL: "https://scheduler.example/firm" });
  }, 120_000);
  afterAll(async () => other?.stop());

  it("links the button to it in a new tab, shows no form, takes no POST, and may be stored by the page cache", async () => {
    for (const prefix of ["", "/fa"]) {
      const response = await fetch(`${other.url}${prefix}/virtual-consultation`);
      const html = await response.text();
      expect(html).toContain('href="https://scheduler.example/firm" target="_blank" rel="noopener noreferrer"');
      expect(html).not.toContain('name="start"');
      expect(html).not.toContain('id="book"');
      expect(response.headers.get("cache-control")).not.toBe("no-store");
    }
    const contact = await (await fetch(`${other.url}/contact`)).text();
    expect(contact).toContain('href="https://scheduler.example/firm" target="_blank"');
    const response = await fetch(`${other.url}/virtual-consultation`, { method: "POST", body: new URLSearchParams(good), redirect: "manual" });
    expect(response.status).toBe(404);
  });
});
