/**
 * Each lawyer's own calendar read through the guarded fetcher (issue 46 item 2, decision 0105),
 * against a fake calendar server: a good read stored as busy times (the address sealed), every
 * failure (unreachable, slow, too large, not a calendar, 404, a loopback address) stored as a
 * sentence while the last good busy times stay in force, and one read per calendar per sweep.
 * The fake listens on 127.0.0.2, which an injected address rule lets stand for a public host, as
 * tests/integration/guarded-fetch.test.ts does; 127.0.0.1 stays refused like any loopback address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import pino from "pino";
import { openTestDatabase } from "../helpers/db";
import { startFakeCalendar, type FakeCalendar } from "../fakes/calendar";
import { auditLog, consultationBookings, lawyerCalendars, lawyerFeeds, teamMembers, users } from "../../db/schema";
import { createLawyerFeed, renderLawyerFeed, revokeLawyerFeed } from "../../app/booking/lawyer-feed.server";
import { renderFeed } from "../../app/booking/feed.server";
import type { Db } from "../../db/client";
import { manualClock } from "../../core/clock";
import { isAllowedAddress } from "../../core/outside/guarded-fetch";
import { openField, sealField } from "../../core/sealing.server";
import {
  busyIntervals,
  calendarStates,
  checkAddress,
  readCalendar,
  readDueCalendars,
  removeCalendar,
  setCalendarAddress,
  type ReaderDeps,
} from "../../app/booking/lawyer-calendars.server";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let fake: FakeCalendar;
let loopback: FakeCalendar;
const log = pino({ level: "silent" });
const clock = manualClock(new Date("2027-01-04T18:00:00Z"));
const actor = { id: "admin-1" };
let deps: ReaderDeps;
let alice: number;
let bob: number;

const ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//EN",
  "BEGIN:VEVENT",
  "UID:court@test",
  "DTSTAMP:20261201T000000Z",
  "DTSTART:20270112T170000Z",
  "DTEND:20270112T190000Z",
  "SUMMARY:Hearing – Client X",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:weekly@test",
  "DTSTAMP:20261201T000000Z",
  "DTSTART:20270105T200000Z",
  "DTEND:20270105T210000Z",
  "RRULE:FREQ=WEEKLY;COUNT=3",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");
const GOOD = [
  ["2027-01-05T20:00:00.000Z", "2027-01-05T21:00:00.000Z"],
  ["2027-01-12T17:00:00.000Z", "2027-01-12T19:00:00.000Z"],
  ["2027-01-12T20:00:00.000Z", "2027-01-12T21:00:00.000Z"],
  ["2027-01-19T20:00:00.000Z", "2027-01-19T21:00:00.000Z"],
];
const FROM = new Date("2027-01-01T00:00:00Z");
const TO = new Date("2027-03-01T00:00:00Z");
const busyOf = async (member: number) => ((await busyIntervals(db, [member], FROM, TO)).get(member) ?? []).map((i) => [i.start.toISOString(), i.end.toISOString()]);
const stored = async (member: number) => (await db.select().from(lawyerCalendars).where(eq(lawyerCalendars.memberId, member)))[0];

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
  fake = await startFakeCalendar("127.0.0.2");
  loopback = await startFakeCalendar("127.0.0.1");
  loopback.ics = ICS;
  // http to loopback is the tests' seam (OUTSIDE_FETCH_ALLOW_LOOPBACK); of loopback, only 127.0.0.2 passes the rule.
  deps = { db, clock, log, fetch: { allowLoopback: true, allowAddress: (a) => a === "127.0.0.2" || isAllowedAddress(a), timeoutMs: 1_500 } };
  await db.insert(users).values({ id: actor.id, name: "Admin", email: "admin@firm.test" });
  [{ id: alice }, { id: bob }] = await db.insert(teamMembers).values([{ name: "Alice Lawyer" }, { name: "Bob Lawyer" }]).returning({ id: teamMembers.id });
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await loopback?.close();
  await handle?.drop();
});
beforeEach(async () => {
  await db.delete(lawyerCalendars);
  fake.ics = ICS;
  fake.mode = "ok";
  clock.set("2027-01-04T18:00:00Z");
});

const address = (path = "/calendar.ics", origin = fake.origin) => {
  const checked = checkAddress(`${origin}${path}`, { allowHttp: true });
  if (!checked.ok) throw new Error(checked.message);
  return checked;
};

describe("a lawyer's calendar", () => {
  it("stores the address sealed, reads the busy times, and answers them per lawyer", async () => {
    await setCalendarAddress(db, actor, alice, address(), clock.now());
    const row = await stored(alice);
    expect(row.address).not.toContain(fake.origin);
    expect(openField(row.address, "lawyer_calendars.address")).toBe(`${fake.origin}/calendar.ics`);
    expect(row.host).toBe("127.0.0.2");
    // Served with a byte-order mark, as some servers do.
    fake.ics = `\uFEFF${ICS}`;
    expect(await readCalendar(deps, alice)).toEqual({ ok: true, busy: 4, skipped: 0 });
    expect(await busyOf(alice)).toEqual(GOOD);
    const both = await busyIntervals(db, [alice, bob], new Date("2027-01-12T18:00:00Z"), new Date("2027-01-13T00:00:00Z"));
    expect([...both.keys()].sort()).toEqual([alice, bob].sort());
    expect(both.get(bob)).toEqual([]);
    expect(both.get(alice)!.map((i) => i.start.toISOString())).toEqual(["2027-01-12T18:00:00.000Z", "2027-01-12T20:00:00.000Z"]);
    // Nothing of the events but their times.
    expect(JSON.stringify(row)).not.toContain("Client X");
    expect(JSON.stringify(await stored(alice))).not.toContain("Client X");
    // Audited with the host, never the address.
    const entries = await db.select().from(auditLog).where(eq(auditLog.entity, "lawyer_calendar"));
    expect(entries.map((e) => [e.action, e.details])).toContainEqual(["create", { host: "127.0.0.2" }]);
    expect(JSON.stringify(entries)).not.toContain("calendar.ics");
    const [state] = await calendarStates(db, clock.now());
    expect(state).toMatchObject({ memberId: alice, host: "127.0.0.2", error: null, busyAhead: 4 });
  });

  it.each([
    ["slow", /did not send the whole calendar within 2 seconds/],
    ["big", /larger than 2 MB/],
    ["page", /not an iCalendar calendar/],
    ["gone", /answered 404 \(not found\).*replace it here/],
    ["error", /answered 503/],
  ] as const)("keeps the last good busy times when the calendar turns %s, and says why", async (mode, sentence) => {
    await setCalendarAddress(db, actor, alice, address(), clock.now());
    await readCalendar(deps, alice);
    const goodRead = (await stored(alice)).readAt;
    clock.advance(10 * 60_000);
    fake.mode = mode;
    const started = Date.now();
    const outcome = await readCalendar(deps, alice);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(outcome.ok).toBe(false);
    const row = await stored(alice);
    expect(row.error).toMatch(sentence);
    expect(row.readAt).toEqual(goodRead);
    expect(row.triedAt!.getTime()).toBe(clock.now().getTime());
    expect(await busyOf(alice)).toEqual(GOOD);
    // The next good read clears the sentence.
    fake.mode = "ok";
    expect((await readCalendar(deps, alice)).ok).toBe(true);
    expect((await stored(alice)).error).toBeNull();
  });

  it("never reads a loopback address (the guard), keeping the last good busy times", async () => {
    await setCalendarAddress(db, actor, alice, address(), clock.now());
    await readCalendar(deps, alice);
    await db.update(lawyerCalendars).set({ address: sealField(`${loopback.origin}/calendar.ics`, "lawyer_calendars.address") }).where(eq(lawyerCalendars.memberId, alice));
    const outcome = await readCalendar(deps, alice);
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/The address was refused: only calendars on the public internet/) });
    expect(loopback.hits).toBe(0);
    expect(await busyOf(alice)).toEqual(GOOD);
    // Without the tests' seam, even the stand-in public host is refused (http, loopback).
    await setCalendarAddress(db, actor, bob, address(), clock.now());
    const hits = fake.hits;
    expect(await readCalendar({ db, clock, log }, bob)).toEqual({ ok: false, error: expect.stringMatching(/refused/) });
    expect(fake.hits).toBe(hits);
  });

  it("says so when the calendar's server cannot be reached, keeping the last good busy times", async () => {
    const other = await startFakeCalendar("127.0.0.2");
    other.ics = ICS;
    await setCalendarAddress(db, actor, alice, address("/calendar.ics", other.origin), clock.now());
    await readCalendar(deps, alice);
    await other.close();
    const outcome = await readCalendar(deps, alice);
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/could not be reached/) });
    expect(await busyOf(alice)).toEqual(GOOD);
  });

  it("reads each due calendar once per sweep across instances, then again 10 minutes later", async () => {
    await setCalendarAddress(db, actor, alice, address(), clock.now());
    await setCalendarAddress(db, actor, bob, address(), clock.now());
    const before = fake.hits;
    const [first, second] = await Promise.all([readDueCalendars(deps), readDueCalendars(deps)]);
    expect([...first, ...second].sort()).toEqual([alice, bob].sort());
    expect(fake.hits - before).toBe(2);
    clock.advance(9 * 60_000);
    expect(await readDueCalendars(deps)).toEqual([]);
    clock.advance(60_000);
    expect((await readDueCalendars(deps)).sort()).toEqual([alice, bob].sort());
    expect(fake.hits - before).toBe(4);
  });

  it("forgets the old busy times when the address is replaced, and everything when removed", async () => {
    await setCalendarAddress(db, actor, alice, address(), clock.now());
    await readCalendar(deps, alice);
    expect(await busyOf(alice)).toHaveLength(4);
    await setCalendarAddress(db, actor, alice, address("/other.ics"), clock.now());
    expect(await busyOf(alice)).toEqual([]);
    await removeCalendar(db, actor, alice);
    expect(await stored(alice)).toBeUndefined();
    await expect(removeCalendar(db, actor, alice)).rejects.toThrow(/no calendar address/);
  });

  it("checks the address an admin pastes", () => {
    expect(checkAddress("webcal://p01-caldav.icloud.com/published/2/abc")).toEqual({ ok: true, url: "https://p01-caldav.icloud.com/published/2/abc", host: "p01-caldav.icloud.com" });
    expect(checkAddress("")).toEqual({ ok: false, message: "Enter the calendar's address." });
    expect(checkAddress("calendar.google.com/x.ics")).toMatchObject({ ok: false, message: expect.stringMatching(/starting with https/) });
    expect(checkAddress("http://calendar.example/x.ics")).toMatchObject({ ok: false, message: expect.stringMatching(/https/) });
    expect(checkAddress("https://u:p@calendar.example/x.ics")).toMatchObject({ ok: false, message: expect.stringMatching(/user name or password/) });
    expect(checkAddress(`https://calendar.example/${"x".repeat(2000)}`)).toMatchObject({ ok: false, message: expect.stringMatching(/at most 2000/) });
  });
});

describe("a lawyer's own feed", () => {
  it("holds that lawyer's live bookings with the staff feed's details only, at a secret address shown once", async () => {
    await db.delete(consultationBookings);
    await db.delete(lawyerFeeds);
    const booking = (lawyerId: number | null, startsAt: string, status: "booked" | "confirmed" | "cancelled" = "booked") => ({
      lawyerId,
      startsAt: new Date(startsAt),
      endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000),
      kind: "video" as const,
      name: "Visitor Name",
      email: "visitor@example.test",
      phone: "604 555 0100",
      status,
    });
    const [mine] = await db
      .insert(consultationBookings)
      .values([booking(alice, "2027-01-12T17:00:00Z", "confirmed"), booking(bob, "2027-01-12T18:00:00Z"), booking(alice, "2027-01-13T18:00:00Z", "cancelled"), booking(null, "2027-01-14T18:00:00Z")])
      .returning({ id: consultationBookings.id });
    const { token, replaced } = await createLawyerFeed(db, actor, alice);
    expect(replaced).toBe(false);
    const stored = await db.select().from(lawyerFeeds);
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toBe(token);
    const text = await renderLawyerFeed(db, `${token}.ics`, "https://firm.example", new Date("2027-01-10T00:00:00Z"));
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain(`booking-${mine.id}@firm.example`);
    expect(text!.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    for (const secret of ["Visitor Name", "visitor@example.test", "604 555 0100"]) expect(text).not.toContain(secret);
    // Not a staff feed's address, and the staff feed's renderer opens nothing with it.
    expect(await renderFeed(db, `${token}.ics`, "https://firm.example", new Date())).toBeNull();
    // Replacing makes the old address open nothing; revoking too.
    const again = await createLawyerFeed(db, actor, alice);
    expect(again.replaced).toBe(true);
    expect(await renderLawyerFeed(db, `${token}.ics`, "https://firm.example", new Date())).toBeNull();
    await revokeLawyerFeed(db, actor, alice);
    expect(await renderLawyerFeed(db, `${again.token}.ics`, "https://firm.example", new Date())).toBeNull();
    expect(await renderLawyerFeed(db, "not-a-token.ics", "https://firm.example", new Date())).toBeNull();
    const entries = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity, "lawyer_feed"));
    expect(entries.map((e) => e.action)).toEqual(["create", "replace", "revoke"]);
  });
});
