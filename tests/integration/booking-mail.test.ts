/**
 * What happens after a booking is stored (issue 33, decision 0079), against a real database, two
 * real job runners and a real SMTP peer on 127.0.0.1: the confirmation mail in each language with
 * its text, HTML and calendar parts, the firm's notice, a mail server down then back, the manage
 * link's cancel and reschedule (and refusals), and the 24-hour reminder exactly once.
 */
import { describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger } from "../../core/log";
import { manualClock } from "../../core/clock";
import type { Db } from "../../db/client";
import { auditLog, consultationBookings, jobs, rateLimits, users, verifications } from "../../db/schema";
import { TextStore } from "~/content/texts.server";
import { defaultTexts } from "~/i18n/defaults";
import { interpolate } from "~/i18n/lookup";
import type { Lang } from "~/i18n/languages";
import { createBooking } from "~/booking/bookings.server";
import { bookingMailJob, formatMeetingTime, videoLinkFor } from "~/booking/mails.server";
import { loadManagePage, manageBooking, MANAGE_RATE_LIMIT_PER_BOOKING } from "~/booking/manage.server";
import { queueDueReminders } from "~/booking/reminders.server";
import { addClosedDate, setBookingStatus } from "~/booking/staff.server";
import { listFreeSlots } from "~/booking/availability.server";
import { vancouverDate, vancouverMoment } from "~/booking/slots.server";
import { usingPostgres } from "../helpers/db";
import { withMailRunners } from "../helpers/mail-runners";
import { type ReceivedMail, type SmtpFake } from "../fakes/smtp";

const SITE_URL = "https://firm.example";
const MAIL_FROM = "Coastline Law <office@firm.example>";
const NOTIFY_TO = "intake@firm.example";
const log = createLogger("silent");
const text = (key: string, lang: Lang = "en", vars?: Record<string, string>) => interpolate(defaultTexts.get(key)![lang], vars);

let db: Db;
let smtp: SmtpFake;
// Monday 4 January 2027, 10:00 in Vancouver.
const clock = manualClock(new Date("2027-01-04T18:00:00Z"));
let ipCounter = 0;
const STAFF = { id: "intake-1", name: "Ida Intake", email: "ida@firm.example" };

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};
const at = (day: string, hour: number, minute = 0) => vancouverMoment(day, hour * 60 + minute)!;

async function book(start: Date, fields: Partial<Record<string, string>> = {}, language: Lang = "en") {
  const result = await createBooking(
    { db, log, now: () => clock.now(), rateLimit: 1000 },
    form({ start: start.toISOString(), kind: "video", area: "immigration", name: "Zoë Ångström", email: "zoe@example.com", phone: "", description: "A refused study permit.", parties: "Acme Holdings Ltd.", consent: "on", ...fields }),
    `198.51.100.${++ipCounter}`,
    language,
  );
  if (result.status !== 201) throw new Error(`not booked: ${JSON.stringify(result)}`);
  return result.booking.id;
}

const mailsTo = (address: string, subject?: string) => smtp.received.filter((m) => m.rcptTo.includes(address) && (!subject || m.header("Subject") === subject));
async function waitForMail(address: string, subject: string, count = 1, withinMs = 30_000): Promise<ReceivedMail> {
  const deadline = Date.now() + withinMs;
  while (mailsTo(address, subject).length < count) {
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address}; received: ${smtp.received.map((m) => `${m.rcptTo.join()} ${m.header("Subject")}`).join(" | ")}`);
    await sleep(50);
  }
  return mailsTo(address, subject)[count - 1];
}

/** The .ics of a mail, its folded lines undone, as NAME -> value (first occurrence). */
function calendarOf(mail: ReceivedMail): { raw: string; get(name: string): string | undefined; all(name: string): string[] } {
  const part = mail.part("text/calendar");
  if (!part) throw new Error(`no calendar part in ${mail.header("Subject")}`);
  const lines = part.text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const valuesOf = (name: string) => lines.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`)).map((line) => line.slice(line.indexOf(":") + 1));
  return { raw: part.text, get: (name) => valuesOf(name)[0], all: valuesOf };
}

const tokenIn = (mail: ReceivedMail, prefix = "") => {
  const match = new RegExp(`${SITE_URL}${prefix}/virtual-consultation/manage/([0-9a-f]{64})`).exec(mail.text);
  if (!match) throw new Error(`no manage link in:\n${mail.text}`);
  return match[1];
};
const row = async (id: number) => (await db.select().from(consultationBookings).where(eq(consultationBookings.id, id)))[0];
const deps = () => ({ db, log, now: () => clock.now() });
const manage = (token: string, values: Record<string, string>, ip = "203.0.113.7") => manageBooking(deps(), form(values), token, ip);

// Two instances on one database: every test runs with both.
withMailRunners(
  {
    prepare: (db) => db.insert(users).values(STAFF),
    kinds: ({ db, smtp }) => [bookingMailJob.kind({ db, config: { SMTP_URL: smtp.url, MAIL_FROM, SITE_URL, CONTACT_NOTIFY_TO: NOTIFY_TO }, log, texts: new TextStore(db), clock })],
  },
  (world) => ({ db, smtp } = world),
);

describe(`booking mails (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it.each([
    ["en", "2027-01-12", "zoe-en@example.com"],
    ["fa", "2027-01-13", "zoe-fa@example.com"],
    ["zh", "2027-01-14", "zoe-zh@example.com"],
  ] as const)("mails the confirmation in %s with text, HTML, the video room, the manage link and a published calendar event", async (lang, day, email) => {
    const start = at(day, 10);
    const id = await book(start, { email }, lang);
    const stored = await row(id);
    expect(stored.videoRoom).toMatch(/^consultation-[0-9a-f]{32}$/);

    const when = formatMeetingTime(start, lang, text("booking-mail-time-zone", lang));
    // What each language reads (decision 0083): Gregorian dates, its own punctuation, "Vancouver time" once, no parentheses or direction marks.
    expect(when).toBe(
      {
        en: "Tuesday, January 12, 2027, 10:00 a.m. Vancouver time",
        fa: "چهارشنبه ۱۳ ژانویهٔ ۲۰۲۷، ساعت ۱۰:۰۰ به وقت ونکوور",
        zh: "2027年1月14日星期四 温哥华时间10:00",
      }[lang],
    );
    const mail = await waitForMail(email, text("booking-mail-confirmation-subject", lang, { when }));
    expect(mail.header("From")).toBe(MAIL_FROM);
    expect(mail.text).toContain(text("booking-mail-confirmation-intro", lang));
    expect(mail.text).toContain(when);
    expect(mail.text).toContain(text("booking-mail-kind-video", lang));
    expect(mail.text).toContain(text("practice-areas-immigration-title", lang));
    const video = videoLinkFor(stored, SITE_URL)!;
    expect(video).toBe(`${SITE_URL}${lang === "en" ? "" : `/${lang}`}/video-consultation#room=${stored.videoRoom}`);
    expect(mail.text).toContain(video);
    const token = tokenIn(mail, lang === "en" ? "" : `/${lang}`);
    // Only the token's SHA-256 is stored.
    expect(await db.select().from(verifications).where(eq(verifications.id, token))).toEqual([]);

    const html = mail.part("text/html")!.text;
    expect(html).toContain(`lang="${lang}"`);
    expect(html).toContain(`href="${video}"`);
    const ics = calendarOf(mail);
    expect(ics.get("METHOD")).toBe("PUBLISH");
    expect(ics.get("UID")).toBe(`consultation-${id}@firm.example`);
    expect(ics.get("SEQUENCE")).toBe("0");
    expect(ics.get("DTSTART")).toBe(start.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
    // 10:00 in Vancouver is 17:00 UTC: permanent daylight time (the firm clock's rules, on every runtime).
    expect(ics.get("DTSTART")).toBe(`${day.replace(/-/g, "")}T170000Z`);
    // Read back by a maintained parser (ical.js): a published event, the firm as organiser under its
    // own name with its reply address, nobody asked to accept or decline (decision 0106).
    const calendar = new ICAL.Component(ICAL.parse(ics.raw));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const event = calendar.getFirstSubcomponent("vevent")!;
    expect(event.getAllProperties("attendee")).toHaveLength(0);
    expect(ics.raw).not.toMatch(/RSVP/i);
    const organizer = event.getFirstProperty("organizer")!;
    expect(organizer.getParameter("cn")).toBe(text("firm-name", lang));
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe(`mailto:${NOTIFY_TO}`);
    expect(mail.part("text/calendar")!.contentType).toMatch(/method=PUBLISH/i);
    expect(mail.header("Reply-To")).toContain(NOTIFY_TO);

    const firm = await waitForMail(NOTIFY_TO, `New consultation: Zoë Ångström, ${formatMeetingTime(start, "en", "Vancouver time")}`);
    expect(firm.text).toContain(`Email: ${email}`);
    expect(firm.text).toContain("Other parties: Acme Holdings Ltd.");
    expect(firm.text).toContain(`${SITE_URL}/admin/dashboard/consultations`);
    expect(firm.header("Reply-To")).toContain(email);
  });

  it("tells a phone booking we will call, and an office booking the address", async () => {
    await book(at("2027-01-15", 10), { kind: "phone", phone: "+1 604 555 0199", email: "phone@example.com" });
    await book(at("2027-01-15", 11), { kind: "office", email: "office@example.com" });
    const phone = await waitForMail("phone@example.com", text("booking-mail-confirmation-subject", "en", { when: formatMeetingTime(at("2027-01-15", 10), "en", "Vancouver time") }));
    expect(phone.text).toContain(text("booking-mail-phone-text", "en", { phone: "+1 604 555 0199" }));
    expect(phone.text).not.toContain("/video-consultation");
    const notice = await waitForMail(NOTIFY_TO, `New consultation: Zoë Ångström, ${formatMeetingTime(at("2027-01-15", 10), "en", "Vancouver time")}`);
    expect(notice.text).toContain("Call: +1 604 555 0199");
    const office = await waitForMail("office@example.com", text("booking-mail-confirmation-subject", "en", { when: formatMeetingTime(at("2027-01-15", 11), "en", "Vancouver time") }));
    expect(office.text).toContain(text("booking-mail-office-text", "en", { address: text("contact-office-address") }));
  });

  it("stores and confirms a booking while the mail server is down, and mails it once when it is back", async () => {
    await smtp.stop();
    const start = at("2027-01-18", 9);
    const id = await book(start, { email: "patient@example.com" });
    expect((await row(id)).status).toBe("booked");
    await sleep(1500);
    await smtp.start();
    const subject = text("booking-mail-confirmation-subject", "en", { when: formatMeetingTime(start, "en", "Vancouver time") });
    await waitForMail("patient@example.com", subject);
    await waitForMail(NOTIFY_TO, `New consultation: Zoë Ångström, ${formatMeetingTime(start, "en", "Vancouver time")}`);
    await sleep(1500);
    expect(mailsTo("patient@example.com")).toHaveLength(1);
    expect(mailsTo(NOTIFY_TO).filter((m) => m.text.includes("patient@example.com"))).toHaveLength(1);
  });

  it("cancels through the manage link: the slot is free again, the visitor gets the cancelled event and the firm a notice; the link is spent", async () => {
    const start = at("2027-01-19", 14);
    const id = await book(start, { email: "cancel@example.com" });
    const when = formatMeetingTime(start, "en", "Vancouver time");
    const token = tokenIn(await waitForMail("cancel@example.com", text("booking-mail-confirmation-subject", "en", { when })));

    const page = await loadManagePage(deps(), token);
    expect(page.state).toBe("valid");
    const free = async () => (await listFreeSlots(db, { from: "2027-01-19", to: "2027-01-19", now: clock.now() })).map((s) => s.start.getTime());
    expect(await free()).not.toContain(start.getTime());

    // The button asks first (decision 0111): nothing changes until the visitor confirms.
    expect(await manage(token, { intent: "cancel" })).toEqual({ status: 200, done: "confirm-cancel" });
    expect((await row(id)).status).toBe("booked");
    expect(await manage(token, { intent: "cancel", confirm: "yes" })).toMatchObject({ status: 200, done: "cancelled" });
    expect((await row(id)).status).toBe("cancelled");
    expect(await free()).toContain(start.getTime());

    const cancelled = await waitForMail("cancel@example.com", text("booking-mail-cancelled-subject"));
    expect(cancelled.text).toContain(text("booking-mail-cancelled-intro", "en", { when }));
    const ics = calendarOf(cancelled);
    expect(ics.get("METHOD")).toBe("PUBLISH");
    expect(ics.get("UID")).toBe(`consultation-${id}@firm.example`);
    expect(ics.get("STATUS")).toBe("CANCELLED");
    expect(Number(ics.get("SEQUENCE"))).toBeGreaterThanOrEqual(1);
    const notice = await waitForMail(NOTIFY_TO, `Consultation cancelled by the visitor: Zoë Ångström, ${when}`);
    // Readable labels, not codes.
    expect(notice.text).toContain("Meeting: Video call");
    expect(notice.text).toContain(`Practice area: ${text("practice-areas-immigration-title")}`);
    expect(notice.text).toContain("Language: English");
    expect(notice.text).toContain("Status: Cancelled");
    expect(notice.text).not.toMatch(/Meeting: video|Practice area: immigration\b|Language: en\b/);
    // Earlier bookings in this file had the same visitor and party: the conflict flag names them.
    expect(notice.text).toContain("POSSIBLE CONFLICT");
    expect(notice.text).toMatch(/- "Zoë Ångström" matched "Zoë Ångström" in booking #\d+ \(its visitor\) \(same name\)/);

    expect(await loadManagePage(deps(), token)).toEqual({ state: "invalid" });
    expect(await manage(token, { intent: "cancel" })).toEqual({ status: 410, error: "booking-manage-invalid" });
  });

  it("reschedules through the manage link: new time, old slot free, SEQUENCE 1, a new link; the old one is refused", async () => {
    const start = at("2027-01-20", 9);
    const target = at("2027-01-21", 15, 30);
    const id = await book(start, { email: "move@example.com" });
    const oldWhen = formatMeetingTime(start, "en", "Vancouver time");
    const token = tokenIn(await waitForMail("move@example.com", text("booking-mail-confirmation-subject", "en", { when: oldWhen })));

    const page = await loadManagePage(deps(), token, new URLSearchParams({ day: "2027-01-21" }));
    if (page.state !== "valid") throw new Error("page not valid");
    expect(page.slots.map((s) => s.start.getTime())).toContain(target.getTime());
    // The whole horizon's days (60 by default), not two weeks; the times are the chosen day's only.
    expect(page.days.at(-1)! > "2027-02-20").toBe(true);
    expect(page.slots.every((s) => vancouverDate(s.start) === "2027-01-21")).toBe(true);

    expect(await manage(token, { intent: "reschedule", start: target.toISOString() })).toMatchObject({ status: 200, done: "moved" });
    const moved = await row(id);
    expect(moved.startsAt.toISOString()).toBe(target.toISOString());
    expect(moved.icsSequence).toBe(1);
    const freeOld = await listFreeSlots(db, { from: "2027-01-20", to: "2027-01-20", now: clock.now() });
    expect(freeOld.map((s) => s.start.getTime())).toContain(start.getTime());

    const newWhen = formatMeetingTime(target, "en", "Vancouver time");
    const changed = await waitForMail("move@example.com", text("booking-mail-changed-subject", "en", { when: newWhen }));
    const notice = await waitForMail(NOTIFY_TO, `Consultation moved: Zoë Ångström, ${newWhen}`);
    expect(notice.text).toContain(`Moved from ${oldWhen} to ${newWhen}`);
    const ics = calendarOf(changed);
    expect(ics.get("METHOD")).toBe("PUBLISH");
    expect(ics.get("UID")).toBe(`consultation-${id}@firm.example`);
    expect(ics.get("SEQUENCE")).toBe("1");
    expect(ics.get("DTSTART")).toBe("20270121T223000Z");
    await waitForMail(NOTIFY_TO, `Consultation moved: Zoë Ångström, ${newWhen}`);

    expect(await loadManagePage(deps(), token)).toEqual({ state: "invalid" });
    expect(await manage(token, { intent: "reschedule", start: at("2027-01-22", 9).toISOString() })).toEqual({ status: 410, error: "booking-manage-invalid" });
    const fresh = tokenIn(changed);
    expect(fresh).not.toBe(token);
    expect((await loadManagePage(deps(), fresh)).state).toBe("valid");
  });

  it("changes the way of meeting at the same time: a phone call needs a number, refused without one and nothing changed", async () => {
    const start = at("2027-01-28", 10);
    const id = await book(start, { email: "kind@example.com" });
    const token = tokenIn(await waitForMail("kind@example.com", text("booking-mail-confirmation-subject", "en", { when: formatMeetingTime(start, "en", "Vancouver time") })));
    const page = await loadManagePage(deps(), token, new URLSearchParams({ kind: "phone" }));
    expect(page.state === "valid" && page.choice.kind).toBe("phone");
    // An address of its own: the page's POSTs are counted per address.
    const IP = "192.0.2.150";
    const same = { intent: "reschedule", start: start.toISOString(), lawyer: "same" };
    expect(await manage(token, { ...same, kind: "phone" }, IP)).toEqual({ status: 400, error: "booking.validation.phone-required" });
    expect(await manage(token, { ...same, kind: "fax" }, IP)).toEqual({ status: 400, error: "booking.validation.kind-invalid" });
    expect(await manage(token, { ...same, kind: "video" }, IP)).toEqual({ status: 400, error: "booking-manage-choose" });
    expect((await row(id)).kind).toBe("video");
    expect(await manage(token, { ...same, kind: "phone", phone: "+1 604 555 0199" }, IP)).toMatchObject({ status: 200, done: "changed" });
    const changed = await row(id);
    expect([changed.kind, changed.phone, changed.startsAt.toISOString(), changed.icsSequence]).toEqual(["phone", "+1 604 555 0199", start.toISOString(), 1]);
  });

  it("closing a date that holds bookings: refused with the list until confirmed, then each visitor is mailed in their language with their link to move", async () => {
    const day = "2027-01-29";
    const visitors = [
      ["en", 10, "closed-en@example.com"],
      ["fa", 11, "closed-fa@example.com"],
      ["zh", 12, "closed-zh@example.com"],
    ] as const;
    const ids = [];
    for (const [lang, hour, email] of visitors) ids.push(await book(at(day, hour), { email, name: `Closed ${lang}` }, lang));
    const refused = await addClosedDate(db, STAFF, day, "Flood", { now: clock.now() }).catch((error: unknown) => error as { status: number; message: string });
    expect(refused).toMatchObject({ status: 409 });
    for (const lang of ["en", "fa", "zh"]) expect((refused as { message: string }).message).toContain(`Closed ${lang} (#`);
    expect(await listFreeSlots(db, { from: day, to: day, now: clock.now() })).not.toHaveLength(0);

    expect(await addClosedDate(db, STAFF, day, "Flood", { confirm: true, now: clock.now() })).toEqual({ notified: 3 });
    expect(await listFreeSlots(db, { from: day, to: day, now: clock.now() })).toHaveLength(0);
    for (const [index, [lang, hour, email]] of visitors.entries()) {
      const when = formatMeetingTime(at(day, hour), lang, text("booking-mail-time-zone", lang));
      const mail = await waitForMail(email, text("booking-mail-rebook-subject", lang, { when }));
      expect(mail.text).toContain(text("booking-mail-rebook-intro", lang));
      expect(mail.part("text/calendar")).toBeUndefined();
      // Their link opens the manage page, which offers other days (the closed one has no times now).
      const token = tokenIn(mail, lang === "en" ? "" : `/${lang}`);
      const page = await loadManagePage(deps(), token);
      expect(page.state === "valid" && page.days.includes(day)).toBe(false);
      expect(page.state === "valid" && page.days.length).toBeGreaterThan(0);
      // The booking itself stays as it was until the visitor moves or cancels it.
      expect((await row(ids[index]!)).status).toBe("booked");
    }
    expect(mailsTo(NOTIFY_TO).filter((m) => m.text.includes("closed-en@example.com") && m.header("Subject")?.startsWith("Consultation to be moved"))).toHaveLength(0);
  });

  it("refuses a slot taken meanwhile with 409 and the nearest free times, and keeps the link working", async () => {
    const mine = await book(at("2027-01-25", 10), { email: "taken@example.com" });
    const other = at("2027-01-25", 11);
    await book(other, { email: "someone@example.com" });
    const token = tokenIn(await waitForMail("taken@example.com", text("booking-mail-confirmation-subject", "en", { when: formatMeetingTime(at("2027-01-25", 10), "en", "Vancouver time") })));
    const answer = await manage(token, { intent: "reschedule", start: other.toISOString() });
    expect(answer.status).toBe(409);
    if (answer.status !== 409) return;
    expect(answer.nearest.length).toBeGreaterThan(0);
    expect(answer.nearest.map((s) => s.start.getTime())).not.toContain(other.getTime());
    expect((await row(mine)).startsAt.toISOString()).toBe(at("2027-01-25", 10).toISOString());
    // Not a slot at all (a Sunday): 400, nothing changed.
    expect(await manage(token, { intent: "reschedule", start: at("2027-01-24", 10).toISOString() })).toEqual({ status: 400, error: "booking-manage-choose" });
    expect(await manage(token, { intent: "reschedule", start: "soon" })).toEqual({ status: 400, error: "booking-manage-choose" });
    expect((await loadManagePage(deps(), token)).state).toBe("valid");
  });

  it("gives an altered token, a made-up one and one past the meeting the invalid page, and limits POSTs per booking", async () => {
    const start = at("2027-01-26", 10);
    await book(start, { email: "altered@example.com" });
    const token = tokenIn(await waitForMail("altered@example.com", text("booking-mail-confirmation-subject", "en", { when: formatMeetingTime(start, "en", "Vancouver time") })));
    const altered = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    expect(await loadManagePage(deps(), altered)).toEqual({ state: "invalid" });
    expect(await loadManagePage(deps(), "not-a-token")).toEqual({ state: "invalid" });
    expect(await manage(altered, { intent: "cancel" })).toEqual({ status: 410, error: "booking-manage-invalid" });
    // Past the meeting's end the link has expired.
    const later = { db, log, now: () => new Date(start.getTime() + 31 * 60_000) };
    expect(await loadManagePage(later, token)).toEqual({ state: "invalid" });

    await db.delete(rateLimits);
    for (let i = 0; i < MANAGE_RATE_LIMIT_PER_BOOKING; i++) {
      expect((await manage(token, { intent: "reschedule", start: "x" }, `192.0.2.${i}`)).status).toBe(400);
    }
    expect(await manage(token, { intent: "cancel" }, "192.0.2.99")).toEqual({ status: 429, error: "booking-manage-rate-limited" });
    expect((await loadManagePage(deps(), token)).state).toBe("valid");
    await db.delete(rateLimits);
  });

  it.each([
    ["en", "2027-02-01"],
    ["fa", "2027-02-02"],
    ["zh", "2027-02-03"],
  ] as const)("declines in %s by both paths: 'another time' invites a new booking, 'we cannot act' does not and adds the referral line when chosen", async (lang, day) => {
    const prefix = lang === "en" ? "" : `/${lang}`;
    const later = at(day, 10);
    const conflicted = at(day, 11);
    const outside = at(day, 13);
    const laterId = await book(later, { email: `later-${lang}@example.com` }, lang);
    const conflictId = await book(conflicted, { email: `conflict-${lang}@example.com` }, lang);
    const outsideId = await book(outside, { email: `outside-${lang}@example.com` }, lang);
    const zone = text("booking-mail-time-zone", lang);

    expect(await setBookingStatus(db, STAFF, laterId, "decline", clock.now())).toEqual({ status: "declined" });
    expect(await setBookingStatus(db, STAFF, conflictId, "cannot-act", clock.now(), { referral: true })).toEqual({ status: "declined" });
    expect(await setBookingStatus(db, STAFF, outsideId, "cannot-act", clock.now())).toEqual({ status: "declined" });

    const another = await waitForMail(`later-${lang}@example.com`, text("booking-mail-declined-subject", lang));
    expect(another.text).toContain(text("booking-mail-declined-intro", lang, { when: formatMeetingTime(later, lang, zone) }));
    expect(another.text).toContain(`${SITE_URL}${prefix}/virtual-consultation`);

    const withReferral = await waitForMail(`conflict-${lang}@example.com`, text("booking-mail-cannot-act-subject", lang));
    expect(withReferral.text).toContain(text("booking-mail-cannot-act-intro", lang, { when: formatMeetingTime(conflicted, lang, zone) }));
    expect(withReferral.text).toContain(text("booking-mail-referral-text", lang));
    expect(withReferral.text).not.toContain("/virtual-consultation");
    expect(withReferral.part("text/html")!.text).toContain(`lang="${lang}"`);
    expect(calendarOf(withReferral).get("METHOD")).toBe("PUBLISH");

    const without = await waitForMail(`outside-${lang}@example.com`, text("booking-mail-cannot-act-subject", lang));
    expect(without.text).toContain(text("booking-mail-cannot-act-intro", lang, { when: formatMeetingTime(outside, lang, zone) }));
    expect(without.text).not.toContain(text("booking-mail-referral-text", lang));
    expect((await row(outsideId)).status).toBe("declined");

    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, String(conflictId)));
    expect(audit.find((entry) => entry.entity === "consultation_booking")).toMatchObject({ action: "decline", userId: STAFF.id, details: { status: "declined", reason: "cannot-act", referral: true } });
  });

  it("mails the visitor 'confirmed' in their language when staff confirm, and an apology naming the firm when staff cancel", async () => {
    const start = at("2027-02-04", 10);
    const id = await book(start, { email: "confirmed-fa@example.com" }, "fa");
    const when = formatMeetingTime(start, "fa", text("booking-mail-time-zone", "fa"));
    await waitForMail("confirmed-fa@example.com", text("booking-mail-confirmation-subject", "fa", { when }));

    expect(await setBookingStatus(db, STAFF, id, "confirm", clock.now())).toEqual({ status: "confirmed" });
    const confirmed = await waitForMail("confirmed-fa@example.com", text("booking-mail-confirmed-subject", "fa", { when }));
    expect(confirmed.text).toContain(text("booking-mail-confirmed-intro", "fa"));
    expect(confirmed.text).toContain(text("booking-mail-kind-video", "fa"));
    tokenIn(confirmed, "/fa");

    expect(await setBookingStatus(db, STAFF, id, "cancel", clock.now())).toEqual({ status: "cancelled" });
    const cancelled = await waitForMail("confirmed-fa@example.com", text("booking-mail-firm-cancelled-subject", "fa"));
    expect(cancelled.text).toContain(text("booking-mail-firm-cancelled-intro", "fa", { when }));
    expect(cancelled.text).not.toContain(text("booking-mail-cancelled-intro", "fa", { when }));
    expect(calendarOf(cancelled).get("METHOD")).toBe("PUBLISH");
  });

  it("queues the reminder 24 hours before exactly once across two instances, and none for a cancelled booking", async () => {
    const start = at("2027-01-27", 10);
    const id = await book(start, { email: "remind@example.com" });
    const cancelledId = await book(at("2027-01-27", 11), { email: "remind-cancelled@example.com" });
    const cancelToken = tokenIn(await waitForMail("remind-cancelled@example.com", text("booking-mail-confirmation-subject", "en", { when: formatMeetingTime(at("2027-01-27", 11), "en", "Vancouver time") })));
    expect((await manage(cancelToken, { intent: "cancel", confirm: "yes" })).status).toBe(200);

    const sweep = () => queueDueReminders({ db, clock, log });
    const ours = (ids: number[]) => ids.filter((c) => c === id || c === cancelledId);
    clock.set(new Date(start.getTime() - 25 * 60 * 60 * 1000));
    expect(ours(await sweep())).toEqual([]);
    clock.advance(2 * 60 * 60 * 1000); // 23 hours before
    // Both instances sweep at once, then again.
    const claimed = (await Promise.all([sweep(), sweep()])).flat();
    expect(claimed.filter((c) => c === id)).toHaveLength(1);
    expect(claimed).not.toContain(cancelledId);
    expect(ours(await sweep())).toEqual([]);
    expect((await row(id)).reminderQueuedAt).not.toBeNull();

    const when = formatMeetingTime(start, "en", "Vancouver time");
    const reminder = await waitForMail("remind@example.com", text("booking-mail-reminder-subject", "en", { when }));
    expect(reminder.text).toContain(text("booking-mail-reminder-intro"));
    expect(reminder.text).toContain("/video-consultation#room=");
    await sleep(1000);
    expect(mailsTo("remind@example.com", text("booking-mail-reminder-subject", "en", { when }))).toHaveLength(1);
    expect(mailsTo("remind-cancelled@example.com").map((m) => m.header("Subject"))).not.toContain(
      text("booking-mail-reminder-subject", "en", { when: formatMeetingTime(at("2027-01-27", 11), "en", "Vancouver time") }),
    );
    const reminderJobs = await db.select().from(jobs).where(eq(jobs.kind, "booking-mail"));
    expect(reminderJobs.filter((j) => j.status === "failed")).toEqual([]);
    clock.set(new Date("2027-01-04T18:00:00Z"));
  });
});
