/**
 * A person's data on request and the sealed story (issue 43 items 5 and 6; decisions 0092, 0093),
 * against a real server: the People tab finds a person by e-mail or name, exports everything as
 * one JSON file and erases it after a confirmation (refused for a current client, refused for an
 * editor), with the access entries about the person's records and none about anyone else's; the database files hold no story in clear; a missing or wrong sealing key stops the start.
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../app/auth/admin-users.server";
import { listFreeSlots } from "../../app/booking/availability.server";
import { createBooking } from "../../app/booking/bookings.server";
import { addDays, vancouverDate } from "../../app/booking/slots.server";
import { weekStart } from "../../app/booking/staff.server";
import { partyRows } from "../../app/conflicts/conflicts.server";
import { openField, sealField } from "../../core/sealing.server";
import { auditLog, conflictRecords, consultationBookings, contactSubmissions, newsletterSubscribers } from "../../db/schema";
import { spawnSite, startSite, freePort, type SiteServer } from "../helpers/server";
import { formPost, get, openDataDir, signInHttp, preparedDataDir } from "../helpers/admin-http";
import { textOf } from "../helpers/html-text";
import { consultationParties } from "../../db/schema";

const PASSWORD = "correct horse battery staple";
const email = (who: string) => `people-${who}@example.test`;
const TAB = "/admin/dashboard/people";
const log = pino({ level: "silent" });
// Words of a story that must never be in the database files in clear.
const STORY = "Quetzalcoatl marmalade custody in Squamish";
const BOOKING_STORY = "Zephyrine orchard boundary dispute";
const PARTY = "Brontosaurus Holdings Unlimited";

const bookingForm = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries({ kind: "video", area: "family", phone: "", description: "", parties: "", consent: "on", ...fields })) form.set(key, value);
  return form;
};

describe("a person's data on the People tab", () => {
  let site: SiteServer | undefined;
  let dataDir: string;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let omidWeek = "";

  beforeAll(async () => {
    dataDir = await preparedDataDir("people-", async (db) => {
      await createOrPromoteAdmin(db, { email: email("boss"), password: PASSWORD }, { via: "test", role: "admin" });
      await createOrPromoteAdmin(db, { email: email("ed"), password: PASSWORD }, { via: "test", role: "editor" });
      await createOrPromoteAdmin(db, { email: email("law"), password: PASSWORD, name: "Lena Lawyer" }, { via: "test", role: "lawyer" });
      // Jane: a past booking with another party, and a newsletter subscription.
      const past = new Date(Date.now() - 40 * 86_400_000);
      const [booking] = await db
        .insert(consultationBookings)
        .values({ startsAt: past, endsAt: new Date(past.getTime() + 1_800_000), kind: "phone", name: "Jane Visitor", email: "Jane@Example.com", description: sealField(BOOKING_STORY, "consultation_bookings.description"), status: "confirmed" })
        .returning({ id: consultationBookings.id });
      ids.janeBooking = booking.id;
      await db.insert(consultationParties).values(partyRows(booking.id, [PARTY]));
      const [subscriber] = await db.insert(newsletterSubscribers).values({ email: "jane@example.com", confirmedAt: past }).returning({ id: newsletterSubscribers.id });
      ids.janeSubscriber = subscriber.id;
      // Omid: a consultation still ahead (a current client).
      const now = new Date();
      const today = vancouverDate(now);
      const slots = await listFreeSlots(db, { from: today, to: addDays(today, 20), now });
      const ahead = await createBooking({ db, log, now: () => now }, bookingForm({ start: slots[0].start.toISOString(), name: "Omid Future", email: "omid@example.com", description: "Still to come" }), "198.51.100.9");
      expect(ahead.status).toBe(201);
      ids.omidBooking = ahead.status === 201 ? ahead.booking.id : 0;
      omidWeek = vancouverDate(slots[0].start);
    }, { demo: true });

    site = await startSite({ DATA_DIR: dataDir });
    for (const who of ["boss", "ed", "law"]) cookies[who] = await signInHttp(site.url, email(who), PASSWORD);
    // Jane writes through the contact form, as a visitor does.
    const sent = await formPost(`${site.url}/contact`, { name: "Jane Visitor", email: "jane@example.com", phone: "+1 604 555 0199", subject: "My matter", message: STORY });
    expect(sent.status).toBe(200);
    expect((await formPost(`${site.url}/contact`, { name: "Kim Other", email: "kim@example.com", phone: "", subject: "Another matter", message: "Someone else's story" })).status).toBe(200);
    // The lawyer opens the Inbox (Jane's and Kim's messages, Jane's subscription), then the week of Omid's consultation only.
    expect((await get(`${site.url}/admin/dashboard/inbox`, cookies.law)).status).toBe(200);
    expect((await get(`${site.url}/admin/dashboard/consultations?view=week&week=${omidWeek}`, cookies.law)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const url = (p: string) => `${site!.url}${p}`;
  const erase = (who: string, fields: Record<string, string>) => formPost(url(`${TAB}.data`), { intent: "erase", ...fields }, { cookie: cookies[who] });
  const recordsOf = async (q: string) => {
    const html = await (await get(url(`${TAB}?q=${encodeURIComponent(q)}`), cookies.boss)).text();
    return /name="records" value="([^"]*)"/.exec(html)?.[1]?.replace(/&quot;/g, '"') ?? "";
  };

  it("an editor is refused the tab, the export and the erasure (403), and nothing is erased", async () => {
    expect((await get(url(`${TAB}?q=jane@example.com`), cookies.ed)).status).toBe(403);
    const exported = await get(url(`${TAB}/export?q=jane@example.com`), cookies.ed);
    expect(exported.status).toBe(403);
    expect(await exported.text()).not.toContain("Jane");
    const refused = await erase("ed", { q: "jane@example.com", records: "x", confirm: "yes" });
    expect(refused.status).toBe(403);
    expect((await get(url(`${TAB}/export?q=jane@example.com`))).status).toBe(401);
  });

  it("finds everything about a person by e-mail in any case, and lists what an erasure takes", async () => {
    const response = await get(url(`${TAB}?q=JANE@example.com`), cookies.boss);
    expect(response.status).toBe(200);
    const html = textOf(await response.text());
    expect(html).toContain("Contact messages (1)");
    expect(html).toContain("Consultation bookings (1)");
    expect(html).toContain("Newsletter subscriptions (1)");
    expect(html).toMatch(/Goes: 1 contact message \(#\d+\), 1 consultation booking \(#\d+\), 1 newsletter subscription \(#\d+\)\. Kept: [^.]*the access entries/);
    expect(html).toContain("Access entries about them (1)");
    // The page lists records; the stories are only in the file.
    expect(html).not.toContain(STORY);
    const bad = await get(url(`${TAB}?q=j`), cookies.boss);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter an e-mail address or a name (at least 2 characters).");
  });

  it("exports one JSON file with the messages, bookings (story and other parties) and subscriptions; the audit names no content", async () => {
    const response = await get(url(`${TAB}/export?q=jane@example.com`), cookies.boss);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = await response.json();
    expect(file.contactMessages).toHaveLength(1);
    expect(file.contactMessages[0]).toMatchObject({ name: "Jane Visitor", email: "jane@example.com", phone: "+1 604 555 0199", subject: "My matter", message: STORY });
    ids.janeContact = file.contactMessages[0].id;
    expect(file.bookings).toEqual([expect.objectContaining({ id: ids.janeBooking, description: BOOKING_STORY, otherParties: [PARTY], status: "confirmed" })]);
    expect(file.newsletter).toEqual([expect.objectContaining({ email: "jane@example.com" })]);
    // The lawyer's look at the Inbox, naming only Jane's records (her booking: the conflict note on her message shows it),
    // not Kim's message, and not the week of Omid's booking.
    expect(file.accessEntries).toEqual([
      { id: expect.any(Number), at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), action: "view", by: { name: "Lena Lawyer", email: email("law") }, where: "inbox", records: { contact: [ids.janeContact], booking: [ids.janeBooking], subscriber: [ids.janeSubscriber] } },
    ]);
    expect(JSON.stringify(file)).not.toMatch(/Kim|Omid|consultations week/);
    // By name, folded as the conflict check folds it.
    const byName = await (await get(url(`${TAB}/export?q=${encodeURIComponent("jane visitor")}`), cookies.boss)).json();
    expect(byName.contactMessages.map((m: { id: number }) => m.id)).toEqual([ids.janeContact]);
    expect(byName.bookings.map((b: { id: number }) => b.id)).toEqual([ids.janeBooking]);
  });

  it("erasure needs the box ticked and the list as it was confirmed; nothing changes otherwise", async () => {
    const records = await recordsOf("jane@example.com");
    expect(records).toMatch(/^contactMessages:\d+;bookings:\d+;newsletter:\d+$/);
    const unticked = await erase("boss", { q: "jane@example.com", records });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Tick the box to confirm the erasure of the records listed.");
    const stale = await erase("boss", { q: "jane@example.com", records: "contactMessages:;bookings:;newsletter:", confirm: "yes" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Not erased: the records found changed since you looked. Review the list and confirm again.");
    expect(await recordsOf("jane@example.com")).toBe(records);
  });

  it("a current client (a consultation ahead) is refused with the reason, nothing erased", async () => {
    const records = await recordsOf("omid@example.com");
    const refused = await erase("boss", { q: "omid@example.com", records, confirm: "yes" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(new RegExp(`Not erased: this person is a current client, with consultation #${ids.omidBooking} on \\d{4}-\\d{2}-\\d{2} still ahead\\.`));
    expect(await recordsOf("omid@example.com")).toBe(records);
  });

  it("erases what was confirmed and says what went; the search then finds only the kept conflict-check names", async () => {
    const records = await recordsOf("jane@example.com");
    const erased = await erase("boss", { q: "jane@example.com", records, confirm: "yes" });
    expect(erased.status).toBe(200);
    const answer = await erased.text();
    for (const text of [`1 contact message (#${ids.janeContact})`, `1 consultation booking (#${ids.janeBooking})`]) expect(answer).toContain(text);
    expect(answer).toMatch(/1 newsletter subscription \(#\d+\)/);
    const after = await (await get(url(`${TAB}/export?q=${encodeURIComponent("Jane Visitor")}`), cookies.boss)).json();
    expect([after.contactMessages, after.bookings, after.newsletter]).toEqual([[], [], []]);
    expect(after.conflictRecords.map((r: { name: string }) => r.name)).toEqual(["Jane Visitor", "Jane Visitor"]);
  });

  it("the retention period: at least 12 months, an editor may not change it", async () => {
    const low = await formPost(url(`${TAB}.data`), { intent: "retention", retentionMonths: "6" }, { cookie: cookies.boss });
    expect(low.status).toBe(400);
    expect(await low.text()).toContain("Keep records at least 12 months.");
    expect((await formPost(url(`${TAB}.data`), { intent: "retention", retentionMonths: "36" }, { cookie: cookies.ed })).status).toBe(403);
    const saved = await formPost(url(`${TAB}.data`), { intent: "retention", retentionMonths: "36" }, { cookie: cookies.boss });
    expect(saved.status).toBe(200);
    expect(await (await get(url(TAB), cookies.boss)).text()).toMatch(/name="retentionMonths"[^>]*value="36"/);
  });

  it("staff mark a booking as a client (kept past the retention period); a bad value changes nothing", async () => {
    const act = (fields: Record<string, string>) => formPost(url("/admin/dashboard/consultations.data"), { intent: "client", ...fields }, { cookie: cookies.boss });
    const bad = await act({ id: String(ids.omidBooking), client: "maybe" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose client or not a client.");
    expect((await act({ id: "999999", client: "true" })).status).toBe(404);
    expect((await act({ id: String(ids.omidBooking), client: "true" })).status).toBe(200);
    expect((await formPost(url("/admin/dashboard/consultations.data"), { intent: "client", id: String(ids.omidBooking), client: "true" })).status).toBe(401);
  });

  describe("on the stopped server's files", () => {
    beforeAll(async () => {
      await site?.stop();
      site = undefined;
    }, 60_000);

    it("the database keeps what was erased only as names, with audit entries naming ids, never content", async () => {
      const store = await openDataDir(dataDir);
      try {
        expect((await store.db.select({ email: contactSubmissions.email }).from(contactSubmissions)).map((r) => r.email)).toEqual(["kim@example.com"]);
        expect((await store.db.select({ id: consultationBookings.id }).from(consultationBookings)).map((r) => r.id)).toEqual([ids.omidBooking]);
        const kept = await store.db.select().from(conflictRecords).orderBy(asc(conflictRecords.id));
        expect(kept.map((row) => [row.origin, row.role, openField(row.name, "conflict_records.name")])).toEqual([
          ["contact", "person", "Jane Visitor"],
          ["booking", "person", "Jane Visitor"],
          ["booking", "party", PARTY],
        ]);
        const entries = await store.db.select().from(auditLog).where(inArray(auditLog.action, ["erase", "export"])).orderBy(asc(auditLog.id));
        expect(entries.map((entry) => [entry.action, entry.entity])).toEqual([
          ["export", "person"],
          ["export", "person"],
          ["erase", "person"],
          ["export", "person"],
        ]);
        const erasure = entries.find((entry) => entry.action === "erase")!;
        expect(erasure.details).toMatchObject({ search: "email", contactMessages: [ids.janeContact], bookings: [ids.janeBooking] });
        expect(JSON.stringify(entries)).not.toMatch(/jane|Quetzalcoatl|Zephyrine|Brontosaurus/i);
        // The erasure kept the access entries: the lawyer's look at the Inbox still names Jane's message.
        const looks = await store.db.select().from(auditLog).where(and(eq(auditLog.entity, "client_records"), eq(auditLog.action, "view")));
        expect(looks.map((entry) => entry.details)).toContainEqual(expect.objectContaining({ where: "inbox", records: expect.objectContaining({ contact: expect.arrayContaining([ids.janeContact]) }) }));
        // …and the look at the week of Omid's consultation, which Jane's file left out, was recorded.
        expect(looks.map((entry) => entry.details)).toContainEqual(expect.objectContaining({ where: `consultations week of ${weekStart(omidWeek)}`, records: { booking: [ids.omidBooking] } }));
        expect(await store.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "jane@example.com"))).toEqual([]);
        const [omid] = await store.db.select().from(consultationBookings).where(eq(consultationBookings.id, ids.omidBooking));
        expect(omid.clientAt).not.toBeNull();
        const marks = await store.db.select().from(auditLog).where(eq(auditLog.action, "mark-client"));
        expect(marks.map((entry) => [entry.entity, entry.entityId])).toEqual([["consultation_booking", String(ids.omidBooking)]]);
      } finally {
        await store.close();
      }
    });

    it("no file of the embedded database holds a story or another party's name in clear; a clear name is found (the scan works)", () => {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = path.join(dir, name);
          if (statSync(file).isDirectory()) walk(file);
          else files.push(file);
        }
      };
      walk(path.join(dataDir, "pglite"));
      const holding = (words: string) => files.filter((file) => readFileSync(file).includes(Buffer.from(words, "utf8")));
      // Omid's booking is still there: its name is in clear (the conflict check reads it), its story is not.
      expect(holding("Omid Future").length).toBeGreaterThan(0);
      for (const words of ["Still to come", "Quetzalcoatl marmalade", "Zephyrine orchard", "Brontosaurus Holdings"]) expect(holding(words), words).toEqual([]);
    });

    it("a wrong or missing sealing key stops the start with one clear line", async () => {
      const line =
        "ENCRYPTION_KEY is missing or is not the key this database's client records were sealed with: start with the ENCRYPTION_KEY kept beside SESSION_SECRET (docs/operations.md).";
      for (const key of ["another-key-that-is-long-enough-0123456789", undefined]) {
        const run = spawnSite({ DATA_DIR: dataDir, PORT: String(await freePort()), ENCRYPTION_KEY: key });
        expect(await run.exited, `ENCRYPTION_KEY ${key ?? "unset"}`).not.toBe(0);
        const lines = run.output().trim().split("\n").filter((l) => !l.includes("ENCRYPTION_KEY is not set: generated one"));
        expect(lines.at(-1)).toBe(line);
        expect(lines.filter((l) => l.includes("ENCRYPTION_KEY is missing"))).toHaveLength(1);
      }
    });
  });
});
