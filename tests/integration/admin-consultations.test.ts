import { rmSync } from "node:fs";
import { openField } from "../../core/sealing.server";
import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { listFreeSlots } from "../../app/booking/availability.server";
import { createBooking } from "../../app/booking/bookings.server";
import { addDays, vancouverDate } from "../../app/booking/slots.server";
import { auditLog, jobItems, calendarFeeds, conflictMatches, consultationBookings, consultationClosedDates, consultationSettings, contactSubmissions, contentText, teamMembers } from "../../db/schema";
import { startSite, type SiteServer } from "../helpers/server";
import { formPost, get, openDataDir, signInHttp, preparedDataDir } from "../helpers/admin-http";
import { textOf } from "../helpers/html-text";

/**
 * The Consultations tab (decision 0080) against a built server: bookings with their stored
 * conflict results (Latin, Persian and Chinese names), the status rules, notes, availability
 * settings with field messages, closed dates, the inbox's conflict filter, and the private
 * calendar feed (valid, replaced, revoked, disabled account).
 */

const PASSWORD = "consultations tab passphrase";
const email = (who: string) => `consult-${who}@example.test`;
const TAB = "/admin/dashboard/consultations";
const log = pino({ level: "silent" });

const bookingForm = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries({ kind: "video", area: "family", email: "visitor@example.com", phone: "", description: "", parties: "", consent: "on", ...fields })) form.set(key, value);
  return form;
};

describe("the Consultations tab against a running server", () => {
  let site: SiteServer | null = null;
  let dataDir = "";
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let lawyerId = "";
  const url = (p: string) => `${site!.url}${p}`;
  const act = (fields: Record<string, string>, who = "boss") => formPost(url(`${TAB}.data`), fields, { cookie: cookies[who] });
  const page = async (query = "", who = "boss") => {
    const response = await get(url(`${TAB}${query}`), cookies[who]);
    return { status: response.status, html: await response.text() };
  };
  /** The stopped server's database, for what a test must read or set directly. */
  async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDataDir>>["db"]) => Promise<T>): Promise<T> {
    await site?.stop();
    site = null;
    const store = await openDataDir(dataDir);
    try {
      return await work(store.db);
    } finally {
      await store.close();
      site = await startSite({ DATA_DIR: dataDir });
    }
  }

  beforeAll(async () => {
    dataDir = await preparedDataDir("consultations-", async (db) => {
      await createOrPromoteAdmin(db, { email: email("boss"), password: PASSWORD }, { via: "test", role: "admin" });
      await createOrPromoteAdmin(db, { email: email("ed"), password: PASSWORD }, { via: "test", role: "intake" });
      lawyerId = (await createOrPromoteAdmin(db, { email: email("rev"), password: PASSWORD }, { via: "test", role: "lawyer" })).userId;
      await createOrPromoteAdmin(db, { email: email("writer"), password: PASSWORD }, { via: "test", role: "editor" });
      await db.insert(teamMembers).values({ name: "Layla Lawyer" });

      // Earlier records: contact messages in three scripts.
      const earlier = await db
        .insert(contactSubmissions)
        .values([
          { name: "María García", email: "maria@example.com", message: "Subject: Lease\n\nHello" },
          { name: "علی رضایی", email: "ali@example.com", message: "Subject: Visa\n\nسلام" },
          { name: "王小明", email: "wang@example.com", message: "Subject: 合同\n\n你好" },
        ])
        .returning({ id: contactSubmissions.id });
      ids.contactMaria = earlier[0].id;
      ids.contactAli = earlier[1].id;
      ids.contactWang = earlier[2].id;

      const now = new Date();
      const today = vancouverDate(now);
      const slots = await listFreeSlots(db, { from: today, to: addDays(today, 20), now });
      expect(slots.length).toBeGreaterThan(3);
      // Without accents, with the Arabic forms of ی, and the same Chinese characters: all match.
      const conflicted = await createBooking({ db, log, now: () => now }, bookingForm({ start: slots[0].start.toISOString(), name: "Maria Garcia", parties: "علي رضايي; 王小明", description: "A custody question" }), "198.51.100.1", "fa");
      expect(conflicted.status).toBe(201);
      ids.conflicted = conflicted.status === 201 ? conflicted.booking.id : 0;
      const clean = await createBooking({ db, log, now: () => now }, bookingForm({ start: slots[1].start.toISOString(), name: "Jonathan Smithers", email: "jon@example.com" }), "198.51.100.2");
      expect(clean.status).toBe(201);
      ids.clean = clean.status === 201 ? clean.booking.id : 0;
      const other = await createBooking({ db, log, now: () => now }, bookingForm({ start: slots[2].start.toISOString(), name: "Priya Natarajan", email: "priya@example.com" }), "198.51.100.3");
      ids.other = other.status === 201 ? other.booking.id : 0;
      // A booking whose time has passed (the visitor did not come).
      const past = new Date(now.getTime() - 2 * 3_600_000);
      const [missed] = await db
        .insert(consultationBookings)
        .values({ startsAt: past, endsAt: new Date(past.getTime() + 30 * 60_000), kind: "phone", name: "Past Visitor", email: "past@example.com" })
        .returning({ id: consultationBookings.id });
      ids.past = missed.id;
    }, { demo: true });

    site = await startSite({ DATA_DIR: dataDir });
    for (const who of ["boss", "ed", "rev", "writer"]) cookies[who] = await signInHttp(site.url, email(who), PASSWORD);
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores the conflict check with the booking: which name matched which earlier record, and how closely", async () => {
    const rows = await withDb((db) => db.select().from(conflictMatches).orderBy(asc(conflictMatches.id)));
    const ofBooking = rows.filter((row) => row.bookingId === ids.conflicted);
    // Both names are sealed at rest (decision 0093); they open to the names given and matched.
    expect(ofBooking.every((row) => row.name.startsWith("v1.") && row.matched.startsWith("v1."))).toBe(true);
    const opened = ofBooking.map((row) => [openField(row.name, "conflict_matches.name"), row.source, row.recordId, openField(row.matched, "conflict_matches.matched"), row.reason]);
    expect(opened.sort()).toEqual(
      [
        ["Maria Garcia", "contact", ids.contactMaria, "María García", "same"],
        ["علي رضايي", "contact", ids.contactAli, "علی رضایی", "same"],
        ["王小明", "contact", ids.contactWang, "王小明", "same"],
      ].sort(),
    );
    for (const row of ofBooking) expect(row.similarity).toBeGreaterThanOrEqual(0.99);
    // Nothing matched the others.
    expect(rows.filter((row) => row.bookingId === ids.clean)).toEqual([]);
  });

  it("refuses anonymous visitors: the tab sends them to sign in, its actions answer 401", async () => {
    const anonymous = await get(url(TAB));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login");
    expect((await formPost(url(TAB), { intent: "status", id: String(ids.clean), action: "confirm" })).status).toBe(401);
  });

  it("lists the bookings with the visitor's details and 'Possible conflict' with its matches; filters by it", async () => {
    const { status, html } = await page();
    expect(status).toBe(200);
    const text = textOf(html);
    for (const expected of ["Maria Garcia", "Jonathan Smithers", "visitor@example.com", "A custody question", "علي رضايي; 王小明", "Farsi", "Family"]) expect(text).toContain(expected);
    expect(text).toContain("Possible conflict");
    expect(text).toContain(`matched contact message #${ids.contactMaria}: “María García” (same name)`);
    expect(text).toContain(`matched contact message #${ids.contactAli}: “علی رضایی” (same name)`);

    const conflicts = textOf((await page("?show=conflict")).html);
    expect(conflicts).toContain("Maria Garcia");
    expect(conflicts).not.toContain("Jonathan Smithers");
    const booked = textOf((await page("?show=booked")).html);
    expect(booked).toContain("Jonathan Smithers");
    expect((await page("?show=everything")).status).toBe(400);
  });

  it("shows a week as a table of Vancouver days and hours with the booking in it, and links to the next week", async () => {
    const [booking] = await withDb((db) => db.select().from(consultationBookings).where(eq(consultationBookings.id, ids.clean)));
    const day = vancouverDate(booking.startsAt);
    const { status, html } = await page(`?view=week&week=${day}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<table[\s\S]*<th scope="col"[\s\S]*<th scope="row"/);
    expect(html).toContain(`dateTime="${day}"`);
    expect(textOf(html)).toContain("Jonathan Smithers");
    expect(html).toContain("Next week");
    expect((await page("?view=week&week=2027-02-30")).status).toBe(400);
  });

  it("confirms, cancels and marks no-shows by the status rules, each in the audit log", async () => {
    const confirm = await act({ intent: "status", id: String(ids.clean), action: "confirm" });
    expect(confirm.status).toBe(200);
    const again = await act({ intent: "status", id: String(ids.clean), action: "confirm" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This booking is confirmed: it cannot be confirmed.");
    // Decline is for a booking not yet confirmed.
    expect((await act({ intent: "status", id: String(ids.clean), action: "decline" })).status).toBe(409);
    const early = await act({ intent: "status", id: String(ids.clean), action: "no-show" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("A booking can be marked as a no-show only after its start.");
    // Intake handles bookings too (an editor sees none: decision 0090).
    expect((await act({ intent: "status", id: String(ids.clean), action: "cancel" }, "ed")).status).toBe(200);
    const revive = await act({ intent: "status", id: String(ids.clean), action: "confirm" });
    expect(revive.status).toBe(409);
    expect(await revive.text()).toContain("This booking is cancelled: it cannot be confirmed.");
    expect((await act({ intent: "status", id: String(ids.other), action: "decline" })).status).toBe(200);

    const started = await act({ intent: "status", id: String(ids.past), action: "confirm" });
    expect(started.status).toBe(409);
    expect(await started.text()).toContain("This consultation has already started.");
    expect((await act({ intent: "status", id: String(ids.past), action: "no-show" })).status).toBe(200);
    expect((await act({ intent: "status", id: "999999", action: "confirm" })).status).toBe(404);
    expect((await act({ intent: "status", id: String(ids.conflicted), action: "archive" })).status).toBe(400);

    const stored = await withDb(async (db) => ({
      bookings: await db.select({ id: consultationBookings.id, status: consultationBookings.status }).from(consultationBookings),
      audit: await db.select().from(auditLog).where(eq(auditLog.entity, "consultation_booking")).orderBy(asc(auditLog.id)),
    }));
    const statusOf = (id: number) => stored.bookings.find((b) => b.id === id)?.status;
    expect(statusOf(ids.clean)).toBe("cancelled");
    expect(statusOf(ids.other)).toBe("declined");
    expect(statusOf(ids.past)).toBe("no_show");
    expect(statusOf(ids.conflicted)).toBe("booked");
    expect(stored.audit.map((entry) => [entry.action, Number(entry.entityId)])).toEqual([
      ["confirm", ids.clean],
      ["cancel", ids.clean],
      ["decline", ids.other],
      ["no_show", ids.past],
    ]);
    expect(stored.audit.every((entry) => entry.sessionId)).toBe(true);
  });

  it("saves staff notes, refusing ones too long with the field's message", async () => {
    expect((await act({ intent: "notes", id: String(ids.conflicted), notes: "  Called back; checking the García file.  " })).status).toBe(200);
    const long = await act({ intent: "notes", id: String(ids.conflicted), notes: "x".repeat(4001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Notes can be at most 4000 characters.");
    const [row] = await withDb((db) => db.select().from(consultationBookings).where(eq(consultationBookings.id, ids.conflicted)));
    expect(row.staffNotes).toBe("Called back; checking the García file.");
    expect(textOf((await page()).html)).toContain("Called back; checking the García file.");
  });

  const weekdayFields = (overrides: Record<string, string> = {}) => {
    const fields: Record<string, string> = { intent: "settings", slotMinutes: "30", bufferMinutes: "0", minNoticeHours: "24", horizonDays: "60" };
    for (const day of [1, 2, 3, 4, 5]) Object.assign(fields, { [`open-${day}`]: "on", [`from-${day}`]: "09:00", [`to-${day}`]: "17:00" });
    return { ...fields, ...overrides };
  };
  const postSettings = (fields: Record<string, string>, kinds: string[], who = "boss") => {
    const body = new URLSearchParams(fields);
    for (const kind of kinds) body.append("kinds", kind);
    return fetch(url(`${TAB}.data`), { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site!.url, Cookie: cookies[who] }, redirect: "manual" });
  };

  it("refuses invalid availability with each field's message and changes nothing; intake may not change it", async () => {
    const bad = await postSettings(weekdayFields({ "from-1": "18:00", slotMinutes: "5", bufferMinutes: "abc", "to-3": "25:00" }), []);
    expect(bad.status).toBe(400);
    const body = await bad.text();
    for (const message of [
      "Monday: closing time must be after opening time.",
      "Wednesday: enter a time as HH:MM (24-hour).",
      "Enter a whole number of minutes from 15 to 240.",
      "Enter a whole number of minutes from 0 to 120.",
      "Offer at least one kind of meeting.",
    ])
      expect(body).toContain(message);
    for (const field of ["to-1", "to-3", "slotMinutes", "bufferMinutes", "kinds"]) expect(body).toContain(`"${field}"`);
    const editor = await postSettings(weekdayFields(), ["video"], "ed");
    expect(editor.status).toBe(403);
    expect(await editor.text()).toContain("Your role (intake) cannot change the consultation availability.");
    expect(await withDb((db) => db.select().from(consultationSettings))).toEqual([]);
  });

  it("adds and removes closed dates with a note; settings saved later keep them; the slots leave them out", async () => {
    const added = await act({ intent: "add-closed-date", day: "2027-09-28", note: "Firm retreat" });
    expect(added.status).toBe(200);
    const twice = await act({ intent: "add-closed-date", day: "2027-09-28", note: "" });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("This date is already closed.");
    expect((await act({ intent: "add-closed-date", day: "2027-02-30", note: "" })).status).toBe(400);
    expect((await act({ intent: "add-closed-date", day: "2027-10-01", note: "" }, "ed")).status).toBe(403);
    expect((await act({ intent: "add-closed-date", day: "2027-12-29", note: "Office move" })).status).toBe(200);

    // Saturdays open 10:00-12:00, 45-minute slots, video only.
    const saved = await postSettings(weekdayFields({ "open-6": "on", "from-6": "10:00", "to-6": "12:00", slotMinutes: "45", minNoticeHours: "0", horizonDays: "365" }), ["video"]);
    expect(saved.status).toBe(200);
    const html = textOf((await page()).html);
    expect(html).toContain("Firm retreat");
    expect(html).toContain("Christmas Day");
    expect(html).toContain("National Day for Truth and Reconciliation");

    expect((await act({ intent: "remove-closed-date", day: "2027-12-29" })).status).toBe(200);
    expect((await act({ intent: "remove-closed-date", day: "2027-12-29" })).status).toBe(404);
    const stored = await withDb(async (db) => ({ settings: await db.select().from(consultationSettings), closed: await db.select().from(consultationClosedDates) }));
    expect(stored.settings[0]).toMatchObject({ slotMinutes: 45, kinds: ["video"], minNoticeHours: 0, horizonDays: 365 });
    expect(stored.settings[0].hours[6]).toEqual({ open: "10:00", close: "12:00" });
    expect(stored.closed.map((row) => [row.day, row.note])).toEqual([["2027-09-28", "Firm retreat"]]);

    const slots = (await (await fetch(url("/api/consultations/slots?from=2027-09-25&to=2027-10-01"))).json()) as { slots: Array<{ start: string }> };
    const days = new Set(slots.slots.map((slot) => vancouverDate(new Date(slot.start))));
    expect(days.has("2027-09-25")).toBe(true); // a Saturday, open now
    expect(days.has("2027-09-28")).toBe(false); // closed by the firm
    expect(days.has("2027-09-30")).toBe(false); // a BC statutory holiday
    expect(days.has("2027-09-29")).toBe(true);
  });

  it("stores the conflict check with a contact message, shows it in the inbox and filters by it", async () => {
    const sent = await formPost(url("/contact"), { name: "Garcia Maria", email: "gm@example.com", phone: "", subject: "Reordered name", message: "Hello again." }, { headers: { "X-Forwarded-For": "198.51.100.77" } });
    expect(sent.status).toBe(200);
    const unrelated = await formPost(url("/contact"), { name: "Zhou Unrelated", email: "z@example.com", phone: "", subject: "No conflict here", message: "Hi." }, { headers: { "X-Forwarded-For": "198.51.100.78" } });
    expect(unrelated.status).toBe(200);

    const inbox = textOf(await (await get(url("/admin/dashboard/inbox"), cookies.ed)).text());
    expect(inbox).toContain("Possible conflict");
    expect(inbox).toContain(`Garcia Maria matched booking #${ids.conflicted} (its visitor): “Maria Garcia” (same name)`);
    expect(inbox).toContain(`matched contact message #${ids.contactMaria}: “María García” (same name)`);
    const filtered = textOf(await (await get(url("/admin/dashboard/inbox?show=conflict"), cookies.ed)).text());
    expect(filtered).toContain("Reordered name");
    expect(filtered).not.toContain("No conflict here");
    // The earlier message a later booking matched is in the filter too, showing that hit (decision 0106).
    expect(filtered).toContain("Visa");
    expect(filtered).toContain("Matched later by booking #");

    const matches = await withDb(async (db) => {
      const [message] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.name, "Garcia Maria"));
      return db.select().from(conflictMatches).where(eq(conflictMatches.contactId, message.id));
    });
    expect(matches.map((m) => m.source).sort()).toEqual(["booking", "contact"]);
  });

  it("gives each staff member a private calendar feed: the .ics without a session, replaced, revoked, and dead for a disabled account", async () => {
    const made = await act({ intent: "create-feed" });
    expect(made.status).toBe(200);
    // Addresses as paths: reading the database restarts the site on another port.
    const feedOf = (answer: string) => /\/admin\/calendar\/[0-9a-f]{64}\.ics/.exec(answer)?.[0];
    const feedUrl = /http:\/\/[^"\s]+\/admin\/calendar\/[0-9a-f]{64}\.ics/.exec(await made.text())?.[0];
    expect(feedUrl).toBeTruthy();
    const feed = await fetch(url(feedOf(feedUrl!)!));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")?.split(/,\s*/).sort()).toEqual(["no-store", "private"]);
    const ics = await feed.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("X-WR-TIMEZONE:America/Vancouver");
    // The one live booking (the others are cancelled, declined or a no-show); no personal data.
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(`UID:booking-${ids.conflicted}@127.0.0.1`);
    for (const personal of ["Maria", "visitor@example.com", "custody", "رضا"]) expect(ics).not.toContain(personal);
    // The same UID on every fetch.
    expect(await (await fetch(url(feedOf(feedUrl!)!))).text()).toContain(`UID:booking-${ids.conflicted}@127.0.0.1`);
    expect(textOf((await page()).html)).toContain("You have a feed since");
    const [row] = await withDb((db) => db.select().from(calendarFeeds));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(feedUrl).not.toContain(row.tokenHash);

    const replaced = await act({ intent: "create-feed" });
    const newUrl = /http:\/\/[^"\s]+\/admin\/calendar\/[0-9a-f]{64}\.ics/.exec(await replaced.text())?.[0];
    expect((await fetch(url(feedOf(feedUrl!)!))).status).toBe(404);
    expect((await fetch(url(feedOf(newUrl!)!))).status).toBe(200);
    expect((await act({ intent: "revoke-feed" })).status).toBe(200);
    expect((await fetch(url(feedOf(newUrl!)!))).status).toBe(404);
    expect((await fetch(url("/admin/calendar/not-a-token.ics"))).status).toBe(404);

    // A lawyer's feed stops when an admin disables the account.
    const own = await act({ intent: "create-feed" }, "rev");
    const lawyerFeed = /http:\/\/[^"\s]+\/admin\/calendar\/[0-9a-f]{64}\.ics/.exec(await own.text())?.[0];
    expect((await fetch(url(feedOf(lawyerFeed!)!))).status).toBe(200);
    expect((await formPost(url("/admin/dashboard/staff.data"), { intent: "disable", userId: lawyerId, confirm: email("rev") }, { cookie: cookies.boss })).status).toBe(200);
    expect((await fetch(url(feedOf(lawyerFeed!)!))).status).toBe(404);
    const audit = await withDb((db) => db.select().from(auditLog).where(and(eq(auditLog.entity, "calendar_feed"))).orderBy(asc(auditLog.id)));
    expect(audit.map((entry) => entry.action)).toEqual(["create", "replace", "revoke", "create"]);
  });
  it("lets an admin set, read and remove a lawyer's calendar address (never shown back) and make the lawyer's own feed; others may not", async () => {
    const before = await page();
    const member = /Layla Lawyer[\s\S]*?name="member" value="(\d+)"/.exec(before.html)?.[1];
    expect(member).toBeTruthy();
    expect(textOf(before.html)).toContain("Lawyers' calendars");
    // Intake sees the state, not the form, and may not change it (lawyers alike: the role matrix).
    const refused = await act({ intent: "set-lawyer-calendar", member: member!, address: "https://calendar.example/x.ics" }, "ed");
    expect(refused.status).toBe(403);
    expect((await page("", "ed")).html).not.toContain('value="set-lawyer-calendar"');
    const plain = await act({ intent: "set-lawyer-calendar", member: member!, address: "http://calendar.example/basic.ics" });
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain("Use the calendar's https:// (or webcal://) address.");
    // A private address: saved sealed, read at once, refused by the guard (this machine), and said so.
    const secret = "s3cr3t-calendar-key";
    const saved = await act({ intent: "set-lawyer-calendar", member: member!, address: `https://127.0.0.1:9/calendar/${secret}/basic.ics` });
    expect(saved.status).toBe(200);
    const answer = await saved.text();
    expect(answer).toContain("The address was refused");
    expect(answer).not.toContain(secret);
    const after = await page();
    expect(after.html).not.toContain(secret);
    expect(textOf(after.html)).toContain("Calendar address set, host 127.0.0.1.");
    expect(textOf(after.html)).toContain("No busy times are known from it yet.");
    // The lawyer's own feed: shown once, an .ics without a session.
    const made = await act({ intent: "create-lawyer-feed", member: member! });
    const feedPath = /\/admin\/calendar\/[0-9a-f]{64}\.ics/.exec(await made.text())?.[0];
    expect(feedPath).toBeTruthy();
    const feed = await fetch(url(feedPath!));
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");
    expect(textOf((await page()).html)).toMatch(/own feed of their bookings, made/);
    expect((await act({ intent: "revoke-lawyer-feed", member: member! })).status).toBe(200);
    expect((await fetch(url(feedPath!))).status).toBe(404);
    expect((await act({ intent: "remove-lawyer-calendar", member: member! })).status).toBe(200);
    expect((await act({ intent: "remove-lawyer-calendar", member: member! })).status).toBe(404);
    expect((await act({ intent: "read-lawyer-calendar", member: "abc" })).status).toBe(400);
  });

  it("lets an admin edit the decline messages per language (blank English refused, intake refused), and intake decline with 'we cannot act' and the referral line", async () => {
    const keys = ["booking-mail-declined-intro", "booking-mail-cannot-act-intro", "booking-mail-referral-text"];
    const fields = (overrides: Record<string, string> = {}) => {
      const all: Record<string, string> = { intent: "decline-texts" };
      for (const key of keys) Object.assign(all, { [`${key}.en`]: `EN ${key} {when}`, [`${key}.fa`]: `فا ${key}`, [`${key}.zh`]: `中 ${key}` });
      return { ...all, ...overrides };
    };
    const blank = await act(fields({ "booking-mail-cannot-act-intro.en": "  " }));
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("The 'we cannot act' message in English is required.");
    const intake = await act(fields(), "ed");
    expect(intake.status).toBe(403);
    const stored = () => withDb((db) => db.select().from(contentText).where(eq(contentText.key, "booking-mail-referral-text")));
    expect((await stored())[0].content).not.toContain("EN booking-mail-referral-text");

    expect((await act(fields({ "booking-mail-referral-text.en": "Lawyer Referral Service: 604-687-3221" }))).status).toBe(200);
    const [referral] = await stored();
    expect([referral.content, referral.contentFa, referral.contentZh]).toEqual(["Lawyer Referral Service: 604-687-3221", "فا booking-mail-referral-text", "中 booking-mail-referral-text"]);
    const tab = textOf((await page()).html);
    expect(tab).toContain("Decline messages");
    expect(tab).toContain("فا booking-mail-cannot-act-intro");

    const declined = await act({ intent: "status", id: String(ids.conflicted), action: "cannot-act", referral: "on" }, "ed");
    expect(declined.status).toBe(200);
    expect((await act({ intent: "status", id: String(ids.conflicted), action: "cannot-act" }, "ed")).status).toBe(409);
    expect((await act({ intent: "status", id: String(ids.conflicted), action: "cannot-act", referral: "yes" }, "ed")).status).toBe(400);
    const after = await withDb(async (db) => ({
      booking: (await db.select().from(consultationBookings).where(eq(consultationBookings.id, ids.conflicted)))[0],
      audit: await db.select().from(auditLog).where(and(eq(auditLog.entity, "consultation_booking"), eq(auditLog.entityId, String(ids.conflicted)), eq(auditLog.action, "decline"))),
    }));
    expect(after.booking.status).toBe("declined");
    expect(after.audit.map((entry) => [entry.action, entry.details])).toEqual([["decline", { status: "declined", reason: "cannot-act", referral: true }]]);
  });

  it("makes a team member bookable from the Team Management tab: bad input refused per field, editor and intake refused, the slots follow at once", async () => {
    const TEAM = "/admin/dashboard/team";
    const member = /Layla Lawyer[\s\S]*?name="member" value="(\d+)"/.exec((await page()).html)?.[1];
    expect(member).toBeTruthy();
    const from = addDays(vancouverDate(new Date()), 3);
    const slotsOf = async () => {
      const response = await fetch(url(`/api/consultations/slots?from=${from}&to=${addDays(from, 7)}&lawyer=${member}`));
      return { status: response.status, body: (await response.json()) as { slots?: Array<{ lawyer: number | null }>; error?: string } };
    };
    expect((await slotsOf()).body.error).toBe("bad-lawyer");
    // The section is the availability's: the admin sees it, an editor (who edits the team) does not.
    expect(textOf(await (await get(url(TEAM), cookies.boss)).text())).toContain("Bookable for consultations");
    expect(textOf(await (await get(url(TEAM), cookies.writer)).text())).not.toContain("Bookable for consultations");

    const week = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].flatMap((day) => [[`open_${day}`, "08:00"], [`close_${day}`, "20:00"]]));
    const good = { intent: "lawyer", id: member!, bookable: "on", own_hours: "on", ...week, overrides: "", time_off: "", languages: "fa", kinds: "video" };
    const bad = await formPost(url(`${TEAM}.data`), { ...good, open_1: "18:00", close_1: "09:00", overrides: "2027-13-01 off", languages: "", kinds: "fax", user_id: "no-such-account" }, { cookie: cookies.boss });
    expect(bad.status).toBe(400);
    const refused = await bad.text();
    for (const message of ["The start of the day must be before its end.", "write a date and hours, e.g. 2027-01-15 10:00-14:00", "Unknown language.", "Unknown meeting kind."]) expect(refused).toContain(message);
    for (const field of ["open_1", "overrides", "languages", "kinds"]) expect(refused).toContain(`"${field}"`);
    const noAccount = await formPost(url(`${TEAM}.data`), { ...good, user_id: "no-such-account" }, { cookie: cookies.boss });
    expect(noAccount.status).toBe(400);
    expect(await noAccount.text()).toContain("This staff account does not exist.");
    for (const who of ["writer", "ed"]) {
      const denied = await formPost(url(`${TEAM}.data`), good, { cookie: cookies[who] });
      expect(denied.status, who).toBe(403);
      expect(await denied.text()).toContain("cannot change the consultation availability.");
    }
    // Nothing was stored by any of them.
    expect((await slotsOf()).body.error).toBe("bad-lawyer");

    const saved = await formPost(url(`${TEAM}.data`), good, { cookie: cookies.boss });
    expect(saved.status).toBe(200);
    // At once (the grid's change hook), not after the API's few seconds of reuse.
    const after = await slotsOf();
    expect(after.status).toBe(200);
    expect(after.body.slots!.length).toBeGreaterThan(0);
    expect(after.body.slots!.every((slot) => slot.lawyer === Number(member))).toBe(true);
    // The booking page offers her; a Farsi visitor sees her among the Farsi speakers.
    expect(textOf(await (await get(url("/fa/virtual-consultation?speaks=fa"))).text())).toContain("Layla Lawyer");
    const tab = textOf(await (await get(url(TEAM), cookies.boss)).text());
    expect(tab).toContain("Bookable");
    const audit = await (await get(url("/admin/dashboard/audit/export?entity=bookable_lawyer"), cookies.boss)).text();
    expect(audit).toContain(`${email("boss")},update,bookable_lawyer,${member}`);
  });

  it("warns before closing a date that holds a booking, listing it; closes only once confirmed and asks that visitor to rebook", async () => {
    const member = /Layla Lawyer[\s\S]*?name="member" value="(\d+)"/.exec((await page()).html)?.[1];
    const from = addDays(vancouverDate(new Date()), 5);
    const slots = (await (await fetch(url(`/api/consultations/slots?from=${from}&to=${addDays(from, 14)}&lawyer=${member}`))).json()) as { slots: Array<{ start: string }> };
    const start = slots.slots[0]!.start;
    const day = vancouverDate(new Date(start));
    const booked = await formPost(url("/virtual-consultation"), { start, kind: "video", area: "", lawyer: member!, speaks: "", name: "Quentin Closer", email: "quentin@example.com", phone: "", description: "", parties: "", consent: "on", website: "" }, { headers: { "X-Forwarded-For": "198.51.100.201" } });
    expect(booked.status).toBe(303);

    const warned = await act({ intent: "add-closed-date", day, note: "Flood" });
    expect(warned.status).toBe(409);
    const warning = await warned.text();
    expect(warning).toContain(`1 consultation is booked on ${day}:`);
    expect(warning).toContain("Quentin Closer");
    expect(warning).toContain('"confirm"');
    // Nothing closed: the time is still offered.
    const still = (await (await fetch(url(`/api/consultations/slots?from=${day}&to=${day}&lawyer=${member}`))).json()) as { slots: Array<{ start: string }> };
    expect(still.slots.length).toBeGreaterThan(0);
    expect((await act({ intent: "add-closed-date", day, note: "Flood", confirm: "yes" })).status).toBe(400);

    const closed = await act({ intent: "add-closed-date", day, note: "Flood", confirm: "on" });
    expect(closed.status).toBe(200);
    const after = (await (await fetch(url(`/api/consultations/slots?from=${day}&to=${day}`))).json()) as { slots: unknown[] };
    expect(after.slots).toEqual([]);
    // The visitor's "choose another time" mail is queued with the closing (its text: booking-mail.test.ts); the booking stays.
    const stored = await withDb(async (db) => ({
      audit: await db.select().from(auditLog).where(and(eq(auditLog.entity, "consultation_closed_date"), eq(auditLog.entityId, day))),
      booking: (await db.select().from(consultationBookings).where(eq(consultationBookings.email, "quentin@example.com")))[0],
      jobs: await db.select().from(jobItems),
    }));
    expect(stored.audit.map((entry) => entry.details)).toEqual([{ rebook: [stored.booking.id] }]);
    expect(stored.booking.status).toBe("booked");
    expect(stored.jobs.filter((item) => item.label === `Booking #${stored.booking.id}: rebook mail to the visitor`).map((item) => item.payload)).toEqual([{ bookingId: stored.booking.id, mail: "rebook", to: "visitor" }]);
  });
});
