/**
 * The conflict check (issue 33, decision 0076) on a table of names: Latin, Persian and Chinese
 * script, accents, case, word order and misspellings, against contact messages, bookings and
 * other parties, with pg_trgm and unaccent on PGlite (and PostgreSQL in CI's second run).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../helpers/db";
import { consultationBookings, consultationParties, contactSubmissions } from "../../db/schema";
import type { Db } from "../../db/client";
import { CONFLICT_THRESHOLD, findConflicts, partyRows } from "../../app/conflicts/conflicts.server";
import { eq } from "drizzle-orm";
import { conflictsOf, hitsOn, storeConflicts } from "../../app/conflicts/conflict-store.server";
import { conflictPath, recordPath } from "../../app/conflicts/conflict-labels";
import { listSubmissions } from "../../app/contact/inbox.server";
import { contactMail } from "../../app/contact/notify.server";
import { listBookings } from "../../app/booking/staff.server";
import { firmMail } from "../../app/booking/mails.server";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const ids: Record<string, number> = {};

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
  for (const name of ["José García", "محمد رضايي", "王小明", "Acme Holdings Ltd.", "John Brown"]) {
    const [row] = await db.insert(contactSubmissions).values({ name, email: "x@example.com", message: "m" }).returning({ id: contactSubmissions.id });
    ids[name] = row.id;
  }
  const start = new Date("2027-01-12T18:00:00Z");
  const [booking] = await db
    .insert(consultationBookings)
    .values({ startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000), kind: "video", name: "Zoë Ångström", email: "z@example.com" })
    .returning({ id: consultationBookings.id });
  ids.booking = booking.id;
  // As a booking stores them: each name sealed, with its clear fold for matching (decision 0093).
  await db.insert(consultationParties).values(partyRows(booking.id, ["Northwind Trading Inc.", "张伟"]));
}, 60_000);
afterAll(async () => handle?.drop());

const check = async (name: string) => (await findConflicts(db, [name])).map((m) => [m.source, m.matched, m.reason]);

describe("conflict check", () => {
  it.each([
    ["jose garcia", [["contact", "José García", "same"]]],
    ["JOSÉ GARCÍA", [["contact", "José García", "same"]]],
    ["García José", [["contact", "José García", "same"]]],
    ["Jose Garsia", [["contact", "José García", "similar"]]],
    ["محمد رضایی", [["contact", "محمد رضايي", "same"]]],
    ["محمد رضائی", [["contact", "محمد رضايي", "similar"]]],
    ["王小明", [["contact", "王小明", "same"]]],
    ["张伟", [["party", "张伟", "same"]]],
    ["zoe angstrom", [["booking", "Zoë Ångström", "same"]]],
    ["Angstrom Zoe", [["booking", "Zoë Ångström", "same"]]],
    ["Northwind Trading", [["party", "Northwind Trading Inc.", "similar"]]],
    ["acme holdings ltd", [["contact", "Acme Holdings Ltd.", "same"]]],
  ])("%s matches %j", async (name, expected) => {
    expect(await check(name)).toEqual(expected);
  });

  it.each([["John Smith"], ["王晓明"], ["Maria Lopez"], ["علی"]])("%s matches nothing (below %s)", async (name) => {
    expect(await check(name)).toEqual([]);
  });

  it("reports the record, the score and each of several names given; a booking's own records are left out when asked", async () => {
    const matches = await findConflicts(db, ["Zoe Angstrom", "northwind trading inc", "  "]);
    expect(matches).toEqual([
      { name: "Zoe Angstrom", source: "booking", recordId: ids.booking, matched: "Zoë Ångström", similarity: 1, reason: "same" },
      { name: "northwind trading inc", source: "party", recordId: ids.booking, matched: "Northwind Trading Inc.", similarity: 1, reason: "same" },
    ]);
    expect(await findConflicts(db, ["Zoe Angstrom", "Northwind Trading Inc."], { excludeBookingId: ids.booking })).toEqual([]);
    expect(await findConflicts(db, ["José García"], { excludeContactId: ids["José García"] })).toEqual([]);
    expect(CONFLICT_THRESHOLD).toBe(0.5);
  });
});

describe("a conflict hit both ways (decision 0106)", () => {
  it("links the match to the earlier record, shows the hit on that record, and counts it in both lists", async () => {
    const now = new Date("2027-01-05T18:00:00Z");
    // A later booking whose other party is the earlier message's writer.
    const start = new Date("2027-01-13T18:00:00Z");
    const [later] = await db
      .insert(consultationBookings)
      .values({ startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000), kind: "phone", phone: "604 555 0100", name: "Rita Later", email: "r@example.com" })
      .returning();
    await storeConflicts(db, { bookingId: later.id }, ["Rita Later", "Acme Holdings Ltd"]);
    // A later contact message from the earlier booking's visitor.
    const [message] = await db.insert(contactSubmissions).values({ name: "Zoe Angstrom", email: "z2@example.com", message: "m" }).returning();
    await storeConflicts(db, { contactId: message.id }, ["Zoe Angstrom"]);

    const [own] = (await conflictsOf(db, "booking", [later.id])).get(later.id)!;
    expect(own).toMatchObject({ source: "contact", recordId: ids["Acme Holdings Ltd."] });
    expect(conflictPath(own)).toBe(`/admin/dashboard/inbox?show=conflict#submission-${ids["Acme Holdings Ltd."]}`);
    const [messageMatch] = (await conflictsOf(db, "contact", [message.id])).get(message.id)!;
    expect(conflictPath(messageMatch)).toBe(`/admin/dashboard/consultations?booking=${ids.booking}#booking-${ids.booking}`);

    // The Inbox: the earlier message shows the later booking's hit, and the filter and its count hold both.
    const inbox = await listSubmissions(db, undefined, { conflictOnly: true });
    expect(inbox.items.map((item) => item.id).sort((a, b) => a - b)).toEqual([ids["Acme Holdings Ltd."], message.id].sort((a, b) => a - b));
    expect(inbox.conflicts).toBe(2);
    const earlier = inbox.items.find((item) => item.id === ids["Acme Holdings Ltd."])!;
    expect(earlier.conflicts).toEqual([]);
    expect(earlier.hits).toEqual([{ by: "booking", byId: later.id, name: "Acme Holdings Ltd", matched: "Acme Holdings Ltd.", similarity: 1, reason: "same" }]);
    expect(recordPath(earlier.hits[0].by, earlier.hits[0].byId)).toBe(`/admin/dashboard/consultations?booking=${later.id}#booking-${later.id}`);

    // The Consultations tab: the earlier booking shows the later message's hit; one booking by its number.
    const bookings = await listBookings(db, "conflict", now);
    expect(bookings.items.map((b) => b.id).sort((a, b) => a - b)).toEqual([ids.booking, later.id].sort((a, b) => a - b));
    expect(bookings.conflicts).toBe(2);
    expect(bookings.items.find((b) => b.id === ids.booking)!.hits).toMatchObject([{ by: "contact", byId: message.id, matched: "Zoë Ångström" }]);
    const one = await listBookings(db, "all", now, { bookingId: later.id });
    expect(one.items.map((b) => b.id)).toEqual([later.id]);

    // The firm's mails name the records with their addresses in the admin, both ways.
    const [laterRow] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, later.id));
    const notice = firmMail("confirmation", laterRow, { parties: ["Acme Holdings Ltd"], areaName: null, conflicts: [own] }, "https://firm.example");
    expect(notice.text).toContain(`- "Acme Holdings Ltd" matched "Acme Holdings Ltd." in contact message #${ids["Acme Holdings Ltd."]} (same name): https://firm.example/admin/dashboard/inbox?show=conflict#submission-${ids["Acme Holdings Ltd."]}`);
    expect(notice.text).toContain(`https://firm.example/admin/dashboard/consultations?booking=${later.id}#booking-${later.id}`);
    const [earlierBooking] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, ids.booking));
    const hits = (await hitsOn(db, "booking", [ids.booking])).get(ids.booking)!;
    const changed = firmMail("changed", earlierBooking, { parties: [], areaName: null, conflicts: [], hits }, "https://firm.example");
    expect(changed.text).toContain(`- Matched later by contact message #${message.id}: "Zoe Angstrom" matched "Zoë Ångström" (same name): https://firm.example/admin/dashboard/inbox?show=conflict#submission-${message.id}`);
    const [messageRow] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, message.id));
    const contact = contactMail(messageRow, "https://firm.example", [messageMatch]);
    expect(contact.text).toContain("POSSIBLE CONFLICT");
    expect(contact.text).toContain(`in booking #${ids.booking} (its visitor) (same name): https://firm.example/admin/dashboard/consultations?booking=${ids.booking}#booking-${ids.booking}`);
    expect(contactMail(messageRow, "https://firm.example").text).toContain("Conflict check: no earlier record matched.");
  });
});
