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
