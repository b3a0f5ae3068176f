/**
 * The data part of migration 0017 (decision 0093): the first start with sealing seals every row
 * written before, once; later starts check the key and seal nothing again; another key is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { openTestDatabase } from "../helpers/db";
import { TEST_ENCRYPTION_KEY } from "../helpers/test-key";
import { conflictMatches, consultationBookings, consultationParties, contactSubmissions } from "../../db/schema";
import type { Db } from "../../db/client";
import { checkSealingKey, installSealingKey, openField, SealingKeyWrong } from "../../core/sealing.server";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
  // Rows as an earlier version stored them: everything in clear (one text even looks sealed).
  const [message] = await db.insert(contactSubmissions).values({ name: "Old Sender", email: "old@example.com", message: "Subject: Old\n\nA story from before sealing" }).returning();
  await db.insert(contactSubmissions).values({ name: "Tricky", email: "t@example.com", message: "v1.AAAAnot-really-sealed" });
  const start = new Date("2027-01-12T18:00:00Z");
  const [booking] = await db.insert(consultationBookings).values({ startsAt: start, endsAt: new Date(start.getTime() + 1_800_000), kind: "video", name: "Old Visitor", email: "ov@example.com", description: "An old booking story" }).returning();
  await db.insert(consultationParties).values({ bookingId: booking.id, name: "Old Party Ltd", nameFold: "old party ltd" });
  await db.insert(conflictMatches).values({ contactId: message.id, name: "Old Sender", source: "booking", recordId: booking.id, matched: "Old Visitor", similarity: 0.6, reason: "similar" });
}, 60_000);
afterAll(async () => {
  installSealingKey(TEST_ENCRYPTION_KEY);
  await handle?.drop();
});

describe("sealing the rows written before sealing", () => {
  it("seals each clear value once, and they open to what was stored", async () => {
    // Rows sealed: two messages, a description, a party, a conflict match (both its names).
    expect(await checkSealingKey(db)).toBe(5);
    const messages = await db.select().from(contactSubmissions).orderBy(asc(contactSubmissions.id));
    expect(messages.every((row) => row.message.startsWith("v1."))).toBe(true);
    expect(messages.map((row) => openField(row.message, "contact_submissions.message"))).toEqual(["Subject: Old\n\nA story from before sealing", "v1.AAAAnot-really-sealed"]);
    const [booking] = await db.select().from(consultationBookings);
    expect(openField(booking.description, "consultation_bookings.description")).toBe("An old booking story");
    const [party] = await db.select().from(consultationParties);
    expect(openField(party.name, "consultation_parties.name")).toBe("Old Party Ltd");
    const [match] = await db.select().from(conflictMatches);
    expect([openField(match.name, "conflict_matches.name"), openField(match.matched, "conflict_matches.matched")]).toEqual(["Old Sender", "Old Visitor"]);
    // The next start checks the key and seals nothing again.
    expect(await checkSealingKey(db)).toBe(0);
    expect(openField((await db.select().from(contactSubmissions).orderBy(asc(contactSubmissions.id)))[0].message, "contact_submissions.message")).toBe("Subject: Old\n\nA story from before sealing");
  });

  it("another key is refused before anything is read", async () => {
    installSealingKey("a-different-key-that-is-long-enough-000000");
    await expect(checkSealingKey(db)).rejects.toThrow(SealingKeyWrong);
    installSealingKey(TEST_ENCRYPTION_KEY);
    expect(await checkSealingKey(db)).toBe(0);
  });
});
