import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, contentText, users } from "../../db/schema";
import { seedDatabase } from "../../server/seed";
import { ChangeEvents, type ChangeKind } from "../../core/events";
import { ContentSaveError, listContentEntries, saveContentEntries } from "~/content/entries.server";
import { CONTENT_MAX_LENGTH, contentSaveFromFormData, contentSaveSchema, contentSaveToFormData } from "~/content/schema";
import { translationStatus } from "~/translation/states";
import { categoryGroups } from "~/admin/content/categories";
import { defaultTexts } from "~/i18n/defaults";
import { openTestDatabase, usingPostgres } from "../helpers/db";

describe(`Website Content tab server (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let events: ChangeEvents;
  const heard: ChangeKind[] = [];
  const userId = "admin-user-1";
  const actor = { id: userId };

  beforeAll(async () => {
    test = await openTestDatabase();
    await seedDatabase(test.database.db, { demo: true });
    await test.database.db.insert(users).values({ id: userId, name: "Admin", email: "admin@example.com" });
    events = new ChangeEvents(test.database);
    events.on((kind) => heard.push(kind));
    await events.start();
  });
  afterAll(async () => {
    await events?.stop();
    await test?.drop();
  });
  beforeEach(() => {
    heard.length = 0;
  });

  const deps = () => ({ db: test.database.db, events });
  const row = async (key: string) => (await test.database.db.select().from(contentText).where(eq(contentText.key, key)))[0];
  const auditFor = (key: string) =>
    test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "content_text"), eq(auditLog.entityId, key)));

  it("lists every site text except the team members' texts, by category then key", async () => {
    const entries = await listContentEntries(test.database.db);
    expect(entries.length).toBe(defaultTexts.size);
    expect(entries.some((e) => e.key.startsWith("team.member."))).toBe(false);
    expect(entries.find((e) => e.key === "hero-headline")).toMatchObject({ category: "home", contentFa: expect.any(String) });
    const order = entries.map((e) => `${e.category}\u0000${e.key}`);
    expect(order).toEqual([...order].sort());
    // Every category of the table has a place in the left navigation.
    const placed = new Set(categoryGroups(entries.map((e) => e.category)).flatMap((g) => g.categories));
    expect(entries.every((e) => placed.has(e.category))).toBe(true);
  });

  it("saves a batch in one go, writes an audit row per changed entry and emits one 'content' event", async () => {
    const before = await row("hero-tagline");
    const result = await saveContentEntries(deps(), actor, {
      entries: [
        { key: "hero-headline", content: "Trusted Vancouver lawyers", contentFa: "وکلای مورد اعتماد ونکوور", contentZh: "值得信赖的温哥华律师" },
        // Sent unchanged: saved, but neither audited nor counted as a change.
        { key: "hero-tagline", content: before.content, contentFa: before.contentFa ?? "", contentZh: before.contentZh ?? "" },
        { key: "footer-about-title", content: "About the firm", contentFa: "", contentZh: "关于本所" },
      ],
    });
    expect(result.saved).toEqual(["hero-headline", "hero-tagline", "footer-about-title"]);
    expect(result.changed).toEqual(["hero-headline", "footer-about-title"]);

    expect(await row("hero-headline")).toMatchObject({ content: "Trusted Vancouver lawyers", contentFa: "وکلای مورد اعتماد ونکوور", contentZh: "值得信赖的温哥华律师" });
    // A blank translation is stored as "none", so the English text shows instead.
    const footer = await row("footer-about-title");
    expect(footer.contentFa).toBeNull();
    expect(translationStatus(footer.contentFa, footer.contentZh)).toBe("partial");

    const audit = await auditFor("hero-headline");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId, action: "update", details: { fields: ["content", "content_fa", "content_zh"] } });
    expect(await auditFor("footer-about-title")).toHaveLength(1);
    expect(await auditFor("hero-tagline")).toHaveLength(0);

    await vi.waitFor(() => expect(heard).toEqual(["content"]));
  });

  it("names a new data version once a change has been heard, so late subscribers can tell", async () => {
    const before = events.version;
    expect(before).toMatch(/^[0-9a-f]{8}\.\d+$/);
    await events.emit("team");
    await vi.waitFor(() => expect(heard).toEqual(["team"]));
    expect(events.version).not.toBe(before);
    expect(events.version.split(".")[0]).toBe(before.split(".")[0]);
  });

  it("emits nothing and audits nothing when nothing changed", async () => {
    const current = await row("hero-headline");
    const auditBefore = (await auditFor("hero-headline")).length;
    const result = await saveContentEntries(deps(), actor, {
      entries: [{ key: "hero-headline", content: current.content, contentFa: current.contentFa ?? "", contentZh: current.contentZh ?? "" }],
    });
    expect(result.changed).toEqual([]);
    expect(await auditFor("hero-headline")).toHaveLength(auditBefore);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });

  it("never creates a key: a batch with an unknown key is refused as a whole", async () => {
    const before = await row("hero-tagline");
    await expect(
      saveContentEntries(deps(), actor, {
        entries: [
          { key: "hero-tagline", content: "Changed in a refused batch", contentFa: "", contentZh: "" },
          { key: "no-such-key", content: "x", contentFa: "", contentZh: "" },
        ],
      }),
    ).rejects.toThrow(ContentSaveError);
    expect(await row("hero-tagline")).toEqual(before);
    expect(await row("no-such-key")).toBeUndefined();
    expect(heard).toEqual([]);
  });

  it("rolls the whole batch back when one write fails", async () => {
    const before = await row("hero-tagline");
    const failing = {
      db: test.database.db,
      events: { emit: vi.fn(async () => {}) },
    };
    // An audit row for a user who does not exist breaks the foreign key mid-transaction.
    await expect(
      saveContentEntries(failing, { id: "no-such-user" }, {
        entries: [{ key: "hero-tagline", content: "Should not stay", contentFa: "", contentZh: "" }],
      }),
    ).rejects.toThrow();
    expect(await row("hero-tagline")).toEqual(before);
    expect(failing.events.emit).not.toHaveBeenCalled();
  });

  it("validates with the form's schema: lengths, team texts, duplicates, empty saves", () => {
    const entry = { key: "hero-headline", content: "a", contentFa: "", contentZh: "" };
    expect(contentSaveSchema.safeParse({ entries: [entry] }).success).toBe(true);
    const tooLong = contentSaveSchema.safeParse({ entries: [{ ...entry, contentFa: "ب".repeat(CONTENT_MAX_LENGTH + 1) }] });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0].message).toMatch(/Farsi text is longer than 20,000 characters/);
    const team = contentSaveSchema.safeParse({ entries: [{ ...entry, key: "team.member.1.bio" }] });
    expect(team.error?.issues[0].message).toBe("Team member texts are edited in the Team Management tab.");
    expect(contentSaveSchema.safeParse({ entries: [entry, entry] }).success).toBe(false);
    expect(contentSaveSchema.safeParse({ entries: [] }).error?.issues[0].message).toBe("There are no unsaved changes to save.");
    expect(contentSaveSchema.safeParse({ entries: [{ ...entry, key: "" }] }).success).toBe(false);
  });

  it("reads the form's repeated fields and turns CRLF line breaks into LF", () => {
    const form = contentSaveToFormData([
      { key: "a", content: "one\r\ntwo", contentFa: "یک", contentZh: "", version: 7, reviewing: 12 },
      { key: "b", content: "three", contentFa: "", contentZh: "三" },
    ]);
    // The version each entry was opened on travels with it; an entry without one saves unchecked (null).
    // So does the pending change an entry showed for review (decision 0063).
    expect(contentSaveFromFormData(form)).toEqual({
      entries: [
        { key: "a", content: "one\ntwo", contentFa: "یک", contentZh: "", version: 7, reviewing: 12 },
        { key: "b", content: "three", contentFa: "", contentZh: "三", version: null, reviewing: null },
      ],
    });
  });

  it("leaves the audit log alone for keys outside the batch", async () => {
    const rows = await test.database.db.select().from(auditLog).where(inArray(auditLog.entityId, ["hero-tagline", "no-such-key"]));
    expect(rows).toEqual([]);
  });
});
