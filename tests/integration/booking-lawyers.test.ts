/**
 * Bookable lawyers (issue 46, decision 0104) on the real database: one booking per lawyer per
 * slot under 50 simultaneous requests, two lawyers' same time both bookable, "any lawyer" never
 * giving one lawyer two bookings of a slot, round-robin, and the refusals that store nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import pino from "pino";
import { eq } from "drizzle-orm";
import { withTestDatabase } from "../helpers/db";
import { bookableLawyers, consultationBookings, rateLimits, teamMembers } from "../../db/schema";
import type { Db } from "../../db/client";
import { createBooking } from "../../app/booking/bookings.server";
import { slotGridChanged } from "../../app/booking/slot-grid-changes.server";
import { slotsApi } from "../../app/booking/slots-api.server";
import { bookingWeek } from "../../app/booking/booking-page.server";
import { vancouverMoment } from "../../app/booking/slots.server";
import { issueManageToken } from "../../app/booking/manage-tokens.server";
import { loadManagePage, manageBooking } from "../../app/booking/manage.server";

let db: Db;
const log = pino({ level: "silent" });
const NOW = new Date("2027-01-04T18:00:00Z");
const deps = () => ({ db, log, now: () => NOW, rateLimit: 1000 });
const TEN = vancouverMoment("2027-01-12", 10 * 60)!;
let ids: { farsi: number; english: number; chinese: number };

withTestDatabase((test) => (db = test.database.db));
beforeEach(async () => {
  await db.delete(consultationBookings);
  await db.delete(bookableLawyers);
  await db.delete(teamMembers);
  await db.delete(rateLimits);
  const [farsi, english, chinese] = await db
    .insert(teamMembers)
    .values([
      { name: "Dara Farsi", orderIndex: 2 },
      { name: "Eve English", orderIndex: 1 },
      { name: "Chen Chinese", orderIndex: 3 },
    ])
    .returning({ id: teamMembers.id });
  ids = { farsi: farsi!.id, english: english!.id, chinese: chinese!.id };
  await db.insert(bookableLawyers).values([
    { memberId: ids.farsi, bookable: true, languages: ["en", "fa"], areas: ["immigration"], kinds: ["video"] },
    { memberId: ids.english, bookable: true, languages: ["en"] },
    { memberId: ids.chinese, bookable: false, languages: ["zh"] },
  ]);
  // Written behind the instance's back: what the booking pages and the slots API reuse is read again.
  slotGridChanged();
});

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries({ start: TEN.toISOString(), kind: "video", area: "", name: "Sam Visitor", email: "sam@example.com", consent: "on", ...values })) data.set(key, value);
  return data;
};
const rows = () => db.select().from(consultationBookings);

describe("one booking per lawyer per slot", () => {
  it("fifty simultaneous bookings of one lawyer's slot give one booking", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => createBooking(deps(), form({ lawyer: String(ids.farsi), email: `v${i}@example.com` }), `10.0.0.${i}`)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(49);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.lawyerId).toBe(ids.farsi);
  });

  it("two lawyers' same time can both be booked", async () => {
    const a = await createBooking(deps(), form({ lawyer: String(ids.farsi) }), "10.0.1.1");
    const b = await createBooking(deps(), form({ lawyer: String(ids.english) }), "10.0.1.2");
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await rows()).map((row) => row.lawyerId).sort()).toEqual([ids.farsi, ids.english].sort());
  });

  it("any lawyer: simultaneous bookings fill each free lawyer once, never one lawyer twice", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createBooking(deps(), form({ email: `a${i}@example.com` }), `10.0.2.${i}`)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(2);
    const stored = await rows();
    expect(stored.map((row) => row.lawyerId).sort()).toEqual([ids.farsi, ids.english].sort());
  });

  it("any lawyer goes round-robin: the one with fewer recent bookings first", async () => {
    await createBooking(deps(), form({ lawyer: String(ids.english), start: vancouverMoment("2027-01-12", 11 * 60)!.toISOString() }), "10.0.3.1");
    const next = await createBooking(deps(), form({}), "10.0.3.2");
    expect(next.status).toBe(201);
    expect(next.status === 201 && next.booking.lawyer).toBe(ids.farsi);
  });
});

describe("refusals store nothing", () => {
  it("an unknown or unbookable lawyer: 400 at the lawyer field", async () => {
    for (const lawyer of ["999999", String(ids.chinese), "abc"]) {
      const result = await createBooking(deps(), form({ lawyer }), "10.0.4.1");
      expect(result).toEqual({ status: 400, errors: { lawyer: "booking.validation.lawyer-invalid" } });
    }
    expect(await rows()).toHaveLength(0);
  });

  it("a lawyer who does not meet this way: 400 at the meeting kind", async () => {
    const result = await createBooking(deps(), form({ lawyer: String(ids.farsi), kind: "office" }), "10.0.4.2");
    expect(result).toEqual({ status: 400, errors: { kind: "booking.validation.lawyer-kind" } });
    expect(await rows()).toHaveLength(0);
  });
});

describe("the booking page's times follow the way of meeting chosen", () => {
  const timesOn = async (query: string) => {
    const week = await bookingWeek(db, new URL(`http://site.test/virtual-consultation?week=2027-01-11&day=2027-01-12${query}`), "en", NOW);
    return { week, starts: (week.chosen?.slots ?? []).map((slot) => slot.start) };
  };

  it("lists only times a lawyer who meets that way is free, and keeps the way in the day and week links", async () => {
    // Eve (every way) is booked at 10:00: only Dara, who meets by video only, is free then.
    expect((await createBooking(deps(), form({ lawyer: String(ids.english), kind: "office" }), "10.0.6.1")).status).toBe(201);
    const office = await timesOn("&kind=office");
    expect(office.starts).not.toContain(TEN.toISOString());
    expect(office.starts).toContain(vancouverMoment("2027-01-12", 10 * 60 + 30)!.toISOString());
    expect(office.week.filter.kind).toBe("office");
    expect(office.week.days[0]!.href).toContain("kind=office");
    // By video (and with no way asked, the firm's first: video), Dara's 10:00 is offered.
    expect((await timesOn("&kind=video")).starts).toContain(TEN.toISOString());
    const first = await timesOn("");
    expect(first.starts).toContain(TEN.toISOString());
    expect(first.week.filter.kind).toBeNull();
  });

  it("with no way asked, one lawyer's page is for the firm's first way they meet", async () => {
    await db.update(bookableLawyers).set({ kinds: ["office"] }).where(eq(bookableLawyers.memberId, ids.farsi));
    slotGridChanged();
    const office = await timesOn(`&lawyer=${ids.farsi}`);
    expect(office.week.kind).toBe("office");
    expect(office.starts).toContain(TEN.toISOString());
    // Asked for a way they do not meet: none of their times.
    expect((await timesOn(`&lawyer=${ids.farsi}&kind=video`)).starts).toEqual([]);
  });
});

describe("the slots API", () => {
  const api = () => slotsApi({ db, now: () => NOW, rateLimit: 1000 });
  const ask = (query: string) => api()(new URL(`http://site.test/api/consultations/slots?from=2027-01-12&to=2027-01-12${query}`), "10.0.5.1");

  it("answers each lawyer's slots with their id, narrowed by lawyer, area and language", async () => {
    const all = await ask("");
    expect(all.status).toBe(200);
    const slots = (all.body as { slots: Array<{ lawyer: number }> }).slots;
    expect(new Set(slots.map((slot) => slot.lawyer))).toEqual(new Set([ids.farsi, ids.english]));
    const farsi = (await ask("&lang=fa")).body as { slots: Array<{ lawyer: number }> };
    expect(new Set(farsi.slots.map((slot) => slot.lawyer))).toEqual(new Set([ids.farsi]));
    const family = (await ask("&area=family")).body as { slots: Array<{ lawyer: number }> };
    expect(new Set(family.slots.map((slot) => slot.lawyer))).toEqual(new Set([ids.english]));
    const one = (await ask(`&lawyer=${ids.english}`)).body as { slots: Array<{ lawyer: number }> };
    expect(one.slots).toHaveLength(16);
  });

  it("refuses an unknown lawyer", async () => {
    expect(await ask("&lawyer=999999")).toMatchObject({ status: 400, body: { error: "bad-lawyer" } });
    expect(await ask("&lawyer=x")).toMatchObject({ status: 400, body: { error: "bad-lawyer" } });
  });
});

describe("moving a booking to another lawyer (the manage link)", () => {
  const manage = async (token: string, fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return manageBooking(deps(), data, token, "10.0.9.1");
  };
  const bookWith = async (lawyer: number, start = TEN) => {
    const result = await createBooking(deps(), form({ lawyer: String(lawyer), area: "immigration", start: start.toISOString() }), "10.0.9.2");
    if (result.status !== 201) throw new Error(`not booked: ${result.status}`);
    const [row] = (await rows()).filter((entry) => entry.id === result.booking.id);
    return { id: result.booking.id, token: await issueManageToken(db, row!.id, row!.endsAt) };
  };

  it("offers the lawyers who take the area and meet the way, keeps the lawyer by default, and moves to another or any", async () => {
    const { id, token } = await bookWith(ids.english);
    const page = await loadManagePage(deps(), token);
    if (page.state !== "valid") throw new Error("invalid");
    expect(page.choice.lawyer).toBe("same");
    expect(page.lawyers.map((lawyer) => lawyer.id).sort()).toEqual([ids.farsi, ids.english].sort());
    // Another lawyer at the same time: both lawyers' same time are two slots.
    expect(await manage(token, { intent: "reschedule", start: TEN.toISOString(), lawyer: String(ids.farsi) })).toMatchObject({ status: 200, done: "moved" });
    expect((await rows()).find((row) => row.id === id)).toMatchObject({ lawyerId: ids.farsi, startsAt: TEN });
  });

  it("refuses a lawyer who does not meet the chosen way, or one not bookable; nothing changes", async () => {
    const { id, token } = await bookWith(ids.english);
    expect(await manage(token, { intent: "reschedule", start: TEN.toISOString(), lawyer: String(ids.farsi), kind: "phone", phone: "604 555 0101" })).toEqual({ status: 400, error: "booking.validation.lawyer-kind" });
    expect(await manage(token, { intent: "reschedule", start: TEN.toISOString(), lawyer: String(ids.chinese) })).toEqual({ status: 400, error: "booking-manage-choose" });
    expect((await rows()).find((row) => row.id === id)).toMatchObject({ lawyerId: ids.english, kind: "video" });
    // "Any lawyer" an hour later: the free lawyer who fits goes by round-robin (Dara has no bookings, Eve has this one).
    const later = new Date(TEN.getTime() + 3_600_000);
    expect(await manage(token, { intent: "reschedule", start: later.toISOString(), lawyer: "any" })).toMatchObject({ status: 200, done: "moved" });
    expect((await rows()).find((row) => row.id === id)).toMatchObject({ lawyerId: ids.farsi, startsAt: later });
  });

  it("a time the chosen lawyer has just lost: 409 with that lawyer's nearest free times, not another's", async () => {
    const { id, token } = await bookWith(ids.english);
    const later = new Date(TEN.getTime() + 3_600_000);
    await bookWith(ids.farsi, later);
    const answer = await manage(token, { intent: "reschedule", start: later.toISOString(), lawyer: String(ids.farsi) });
    expect(answer.status).toBe(409);
    const nearest = answer.status === 409 ? answer.nearest.map((slot) => slot.start.getTime()) : [];
    expect(nearest.length).toBeGreaterThan(0);
    // Eve is free then, Dara is not: Dara's nearest times leave it out.
    expect(nearest).not.toContain(later.getTime());
    expect((await rows()).find((row) => row.id === id)).toMatchObject({ lawyerId: ids.english, startsAt: TEN });
  });
});
