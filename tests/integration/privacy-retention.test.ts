/**
 * Retention (issue 43 item 4, decision 0092): enquiries and bookings that did not become a client
 * are deleted by the housekeeping sweep once the retention period has passed (the clock set
 * forward), leaving only the names as conflict records; a crash mid-sweep is resumed and each
 * record is deleted once; nothing inside the period and no client's record is touched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { openTestDatabase } from "../helpers/db";
import { auditLog, conflictRecords, consultationBookings, consultationParties, contactSubmissions, newsletterSubscribers } from "../../db/schema";
import type { Db } from "../../db/client";
import { manualClock } from "../../core/clock";
import { findConflicts, partyRows } from "../../app/conflicts/conflicts.server";
import { sealField, openField } from "../../core/sealing.server";
import { monthsBefore, readRetentionMonths, retentionSchema, saveRetentionMonths, sweepRetention } from "../../app/privacy/retention.server";
import { runHousekeeping } from "../../app/revisions/housekeeping.server";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const log = { info: () => {}, error: () => {} };
const MADE = new Date("2027-03-01T18:00:00Z");
const DAY = 86_400_000;

async function contact(name: string, email: string, options: { client?: boolean; at?: Date } = {}) {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ name, email, message: sealField(`Subject: Matter of ${name}\n\nThe story of ${name}.`, "contact_submissions.message"), createdAt: options.at ?? MADE, clientAt: options.client ? MADE : null })
    .returning({ id: contactSubmissions.id });
  return row.id;
}

let slot = 0;
async function booking(name: string, email: string, parties: string[], options: { client?: boolean; at?: Date } = {}) {
  const at = new Date((options.at ?? MADE).getTime() + slot++ * 3_600_000);
  const [row] = await db
    .insert(consultationBookings)
    .values({ startsAt: new Date(at.getTime() + 2 * DAY), endsAt: new Date(at.getTime() + 2 * DAY + 1_800_000), kind: "video", name, email, description: sealField(`Booking story of ${name}`, "consultation_bookings.description"), createdAt: at, clientAt: options.client ? at : null })
    .returning({ id: consultationBookings.id });
  if (parties.length) await db.insert(consultationParties).values(partyRows(row.id, parties));
  return row.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
  for (const n of [1, 2, 3, 4, 5]) ids[`c${n}`] = await contact(`Old Sender ${n}`, `old${n}@example.com`);
  ids.b1 = await booking("Old Visitor One", "ov1@example.com", ["Northwind Trading Inc.", "Fatemeh Karimi"]);
  ids.b2 = await booking("Old Visitor Two", "ov2@example.com", []);
  // A client: marked on the message; their booking from the same address counts as a client's too.
  ids.client = await contact("Kept Client", "Client@Example.com", { client: true });
  ids.clientBooking = await booking("Kept Client", "client@example.com", ["Client Opponent Ltd"]);
  // Made inside the period, seen from the clock set forward 25 months.
  ids.recent = await contact("Recent Sender", "recent@example.com", { at: new Date(MADE.getTime() + 20 * 30 * DAY) });
}, 60_000);
afterAll(async () => handle?.drop());

const contactIds = async () => (await db.select({ id: contactSubmissions.id }).from(contactSubmissions).orderBy(asc(contactSubmissions.id))).map((r) => r.id);
const bookingIds = async () => (await db.select({ id: consultationBookings.id }).from(consultationBookings).orderBy(asc(consultationBookings.id))).map((r) => r.id);
const sweeps = () => db.select().from(auditLog).where(eq(auditLog.action, "retention")).orderBy(asc(auditLog.id));

describe("the retention sweep", () => {
  it("the setting: 24 months by default, never under 12 months nor over 120", async () => {
    expect(await readRetentionMonths(db)).toBe(24);
    expect(retentionSchema.safeParse({ retentionMonths: "6" }).error?.issues[0].message).toBe("Keep records at least 12 months.");
    expect(retentionSchema.safeParse({ retentionMonths: "121" }).error?.issues[0].message).toBe("Keep records at most 120 months.");
    expect(retentionSchema.safeParse({ retentionMonths: "ten" }).success).toBe(false);
    expect(retentionSchema.parse({ retentionMonths: "36" })).toEqual({ retentionMonths: 36 });
  });

  it("touches nothing inside the period (clock 23 months on)", async () => {
    const before = { contacts: await contactIds(), bookings: await bookingIds() };
    const clock = manualClock(monthsBefore(MADE, -23));
    expect(await sweepRetention({ db, clock, log })).toEqual({ contacts: 0, bookings: 0, signups: 0 });
    expect(await contactIds()).toEqual(before.contacts);
    expect(await bookingIds()).toEqual(before.bookings);
    expect(await sweeps()).toEqual([]);
    expect(await db.select().from(conflictRecords)).toEqual([]);
  });

  it("25 months on: a crash in the second batch keeps the first; the next sweep deletes the rest, each record once", async () => {
    const clock = manualClock(monthsBefore(MADE, -25));
    let batches = 0;
    const crashing = sweepRetention({
      db,
      clock,
      log,
      batchSize: 2,
      beforeCommit: () => {
        if (++batches === 2) throw new Error("power cut");
      },
    });
    await expect(crashing).rejects.toThrow("power cut");
    // The first batch (two messages, two bookings) is gone; the second rolled back whole.
    expect(await contactIds()).toEqual([ids.c3, ids.c4, ids.c5, ids.client, ids.recent]);
    expect(await bookingIds()).toEqual([ids.clientBooking]);
    expect(await sweeps()).toHaveLength(1);

    // The hourly sweep runs again (through the housekeeping, as the server runs it).
    expect(await runHousekeeping({ db, clock, log, also: sweepRetention })).toEqual({ contacts: 3, bookings: 0, signups: 0 });
    expect(await sweepRetention({ db, clock, log, batchSize: 2 })).toEqual({ contacts: 0, bookings: 0, signups: 0 });
    expect(await contactIds()).toEqual([ids.client, ids.recent]);
    expect(await bookingIds()).toEqual([ids.clientBooking]);

    const entries = (await sweeps()).filter((entry) => entry.entity === "client_records");
    const deletedContacts = entries.flatMap((entry) => (entry.details as { contacts: number[] }).contacts);
    const deletedBookings = entries.flatMap((entry) => (entry.details as { bookings: number[] }).bookings);
    expect(deletedContacts.sort()).toEqual([ids.c1, ids.c2, ids.c3, ids.c4, ids.c5].sort());
    expect(deletedBookings.sort()).toEqual([ids.b1, ids.b2].sort());
    // What the audit says is ids and counts, never a name or a story.
    expect(JSON.stringify(entries)).not.toMatch(/Old Sender|story|Northwind/i);
    for (const entry of entries) expect(entry.userId).toBeNull();

    // One conflict record per name: the person's own and each other party, no contact details.
    const kept = await db.select().from(conflictRecords).orderBy(asc(conflictRecords.id));
    expect(kept.map((row) => [row.origin, row.originId, row.role, openField(row.name, "conflict_records.name")]).sort()).toEqual(
      [
        ...[1, 2, 3, 4, 5].map((n) => ["contact", ids[`c${n}`], "person", `Old Sender ${n}`]),
        ["booking", ids.b1, "person", "Old Visitor One"],
        ["booking", ids.b1, "party", "Northwind Trading Inc."],
        ["booking", ids.b1, "party", "Fatemeh Karimi"],
        ["booking", ids.b2, "person", "Old Visitor Two"],
      ].sort(),
    );
    expect(kept.every((row) => row.name.startsWith("v1."))).toBe(true);
    expect(Object.keys(kept[0]).sort()).toEqual(["firstAt", "id", "keptAt", "name", "nameFold", "origin", "originId", "role"]);
    // The parties of the deleted bookings went with them.
    expect(await db.select().from(consultationParties).where(inArray(consultationParties.bookingId, [ids.b1, ids.b2]))).toEqual([]);
  });

  it("the conflict check still finds a deleted booking's other party and a deleted sender", async () => {
    const matches = await findConflicts(db, ["northwind trading", "Old Sender 3"]);
    expect(matches.map((m) => [m.source, m.matched])).toEqual(
      expect.arrayContaining([
        ["kept", "Northwind Trading Inc."],
        ["kept", "Old Sender 3"],
      ]),
    );
  });

  it("deletes sign-ups never confirmed after 30 days; a confirmed one and a recent one stay", async () => {
    const clock = manualClock(monthsBefore(MADE, -25));
    const ago = (days: number) => new Date(clock.now().getTime() - days * DAY);
    await db.insert(newsletterSubscribers).values([
      { email: "unconfirmed-old@example.com", createdAt: ago(31) },
      { email: "unconfirmed-new@example.com", createdAt: ago(29) },
      { email: "confirmed@example.com", createdAt: ago(800), confirmedAt: ago(800) },
    ]);
    const emails = async () => (await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.email))).map((r) => r.email);
    expect(await emails()).toEqual(["confirmed@example.com", "unconfirmed-new@example.com", "unconfirmed-old@example.com"]);
    expect((await sweepRetention({ db, clock, log })).signups).toBe(1);
    expect(await emails()).toEqual(["confirmed@example.com", "unconfirmed-new@example.com"]);
    expect((await sweeps()).filter((entry) => entry.entity === "newsletter_subscriber")).toHaveLength(1);
  });

  it("a shorter period set by an admin is audited and takes effect at the next sweep; a client's records stay", async () => {
    await saveRetentionMonths(db, null, 12);
    expect(await readRetentionMonths(db)).toBe(12);
    const [change] = await db.select().from(auditLog).where(eq(auditLog.entity, "retention"));
    expect(change.details).toEqual({ before: 24, after: 12 });
    // The recent message is 13 months old 33 months after MADE: past 12 months now.
    const result = await sweepRetention({ db, clock: manualClock(monthsBefore(MADE, -33)), log });
    expect(result.contacts).toBe(1);
    expect(await contactIds()).toEqual([ids.client]);
    expect(await bookingIds()).toEqual([ids.clientBooking]);
  });
});
