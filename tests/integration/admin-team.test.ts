import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, contentText, media, teamMembers, users } from "../../db/schema";
import { seedDatabase } from "../../server/seed";
import { ImageRejected, readVariant } from "../../core/media";
import { addMember, deleteMember, listTeam, MemberNotFound, setMemberPhoto, updateMember } from "~/team/members.server";
import { readUploadForm, UploadRefused as UploadTooLarge } from "~/admin/kit/upload.server";
import { MEMBER_TEXT_FIELDS, memberFromFormData, memberSchema, memberTranslationState } from "~/team/schema";
import { openTestDatabase, usingPostgres } from "../helpers/db";

describe(`Team Management tab server (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  const emit = vi.fn(async (_kind: string) => {});
  const userId = "admin-user-1";
  const actor = { id: userId };
  const deps = () => ({ db: test.database.db, events: { emit } });

  beforeAll(async () => {
    test = await openTestDatabase();
    await seedDatabase(test.database.db, { demo: true });
    await test.database.db.insert(users).values({ id: userId, name: "Admin", email: "admin@example.com" });
  });
  afterAll(async () => {
    await test?.drop();
  });

  const textsOf = (id: number) =>
    test.database.db.select().from(contentText).where(like(contentText.key, `team.member.${id}.%`)).orderBy(contentText.key);
  const auditOf = (id: number) =>
    test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "team_member"), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);

  const formFor = (id: number, values: Record<string, string>) => {
    const form = new FormData();
    form.set("id", String(id));
    form.set("name", "Jane Doe");
    form.set("email", "");
    form.set("phone", "");
    form.set("order_index", "9");
    for (const field of MEMBER_TEXT_FIELDS) for (const lang of ["en", "fa", "zh"]) form.set(`${field}_${lang}`, "");
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    return form;
  };

  it("lists every member by order, active or not, with the texts in three languages", async () => {
    const team = await listTeam(test.database.db);
    expect(team).toHaveLength(3);
    expect(team.map((m) => m.orderIndex)).toEqual([1, 2, 3]);
    expect(team[0].texts.role.en).not.toBe("");
    expect(memberTranslationState(team[0].texts)).toBe("complete");
    expect(team[0].photoThumb).toMatch(/^\/media\/[0-9a-f-]{36}\/\d+\.webp$/);
  });

  let newId = 0;

  it("adds 'New Team Member' after the last one, active, with five empty texts", async () => {
    emit.mockClear();
    const { id, name } = await addMember(deps(), actor);
    newId = id;
    expect(name).toBe("New Team Member");
    const [row] = await test.database.db.select().from(teamMembers).where(eq(teamMembers.id, id));
    expect(row).toMatchObject({ name: "New Team Member", orderIndex: 4, active: true });
    const texts = await textsOf(id);
    expect(texts.map((t) => t.key).sort()).toEqual(MEMBER_TEXT_FIELDS.map((f) => `team.member.${id}.${f}`).sort());
    expect(texts.every((t) => t.category === "team" && t.content === "")).toBe(true);
    expect(texts.find((t) => t.key.endsWith(".bar_admissions"))?.label).toBe("Team Member bar_admissions - New Team Member");
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["create"]);
    expect(emit.mock.calls.map((c) => c[0])).toContain("team");
    const team = await listTeam(test.database.db);
    expect(memberTranslationState(team.find((m) => m.id === id)!.texts)).toBe("none");
  });

  it("saves the fields and texts, creating a missing text row and renaming labels", async () => {
    emit.mockClear();
    await test.database.db.delete(contentText).where(eq(contentText.key, `team.member.${newId}.education`));
    const parsed = memberSchema.parse(
      memberFromFormData(
        formFor(newId, {
          name: "  Jane Doe ",
          email: "jane@example.com",
          phone: "604-555-0199",
          order_index: "7",
          role_en: "Associate",
          role_fa: "وکیل همکار",
          role_zh: "律师",
          education_en: "JD, UBC\r\nBA, SFU",
        }),
      ),
    );
    await updateMember(deps(), actor, { ...parsed, id: newId, active: false });
    const [row] = await test.database.db.select().from(teamMembers).where(eq(teamMembers.id, newId));
    expect(row).toMatchObject({ name: "Jane Doe", email: "jane@example.com", phone: "604-555-0199", orderIndex: 7, active: false });
    const texts = await textsOf(newId);
    expect(texts).toHaveLength(5);
    const role = texts.find((t) => t.key.endsWith(".role"))!;
    expect(role).toMatchObject({ content: "Associate", contentFa: "وکیل همکار", contentZh: "律师", label: "Team Member role - Jane Doe" });
    expect(texts.find((t) => t.key.endsWith(".education"))).toMatchObject({ content: "JD, UBC\nBA, SFU", contentFa: null, category: "team" });
    const team = await listTeam(test.database.db);
    expect(memberTranslationState(team.find((m) => m.id === newId)!.texts)).toBe("partial");
    expect((await auditOf(newId)).map((a) => a.action)).toEqual(["create", "update"]);
    expect(emit.mock.calls.map((c) => c[0]).sort()).toEqual(["content", "team"]);
  });

  it("validates the member form: name required, a whole-number order, a real email", () => {
    const bad = memberSchema.safeParse(memberFromFormData(formFor(newId, { name: " ", order_index: "3.5", email: "not-an-email" })));
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain("Name is required");
    expect(messages).toContain("Order must be a whole number.");
    expect(messages).toContain("Enter a valid email address.");
    expect(memberSchema.parse(memberFromFormData(formFor(newId, { order_index: " 12 " }))).orderIndex).toBe(12);
  });

  it("refuses a file that is not an image and changes nothing", async () => {
    emit.mockClear();
    const before = (await test.database.db.select().from(teamMembers).where(eq(teamMembers.id, newId)))[0];
    const mediaBefore = (await test.database.db.select({ id: media.id }).from(media)).length;
    await expect(setMemberPhoto(deps(), actor, newId, "color", Buffer.from("%PDF-1.7 not an image"))).rejects.toThrow(ImageRejected);
    const after = (await test.database.db.select().from(teamMembers).where(eq(teamMembers.id, newId)))[0];
    expect(after).toEqual(before);
    expect((await test.database.db.select({ id: media.id }).from(media)).length).toBe(mediaBefore);
    expect(emit).not.toHaveBeenCalled();
  });

  it("stores an uploaded photo as media and points the member at it; the B/W one in greyscale", async () => {
    const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg().toBuffer();
    const { url } = await setMemberPhoto(deps(), actor, newId, "bw", jpeg);
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    const [row] = await test.database.db.select().from(teamMembers).where(eq(teamMembers.id, newId));
    expect(row.photoBwUrl).toBe(url);
    const team = await listTeam(test.database.db);
    const thumb = team.find((m) => m.id === newId)!.photoBwThumb!;
    expect(thumb).toBe(`${url}/320.webp`);
    const variant = await readVariant(test.database.db, url.slice("/media/".length), "webp");
    const { channels } = await sharp(variant!.bytes).stats();
    // A red picture uploaded as the black-and-white photo is stored grey: no channel stands out.
    expect(channels.length === 1 || Math.abs(channels[0].mean - channels[1].mean) < 2).toBe(true);
    const audit = await auditOf(newId);
    expect(audit.at(-1)).toMatchObject({ action: "update", details: { photo: "bw" } });
    await expect(setMemberPhoto(deps(), actor, 999_999, "color", jpeg)).rejects.toThrow(MemberNotFound);
  });

  it("deletes the member with all of its texts", async () => {
    emit.mockClear();
    await deleteMember(deps(), actor, newId);
    expect(await test.database.db.select().from(teamMembers).where(eq(teamMembers.id, newId))).toEqual([]);
    expect(await textsOf(newId)).toEqual([]);
    expect((await auditOf(newId)).at(-1)).toMatchObject({ action: "delete", details: { name: "Jane Doe", texts: 5 } });
    expect(emit.mock.calls.map((c) => c[0])).toContain("team");
    await expect(deleteMember(deps(), actor, newId)).rejects.toThrow(MemberNotFound);
    // The other members' texts are untouched.
    expect(await listTeam(test.database.db)).toHaveLength(3);
  });

  it("refuses an upload body over 8 MB before reading it all", async () => {
    const declared = new Request("http://x/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(9 * 1024 * 1024) },
      body: "--x--",
    });
    await expect(readUploadForm(declared)).rejects.toThrow(UploadTooLarge);

    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const streamed = new Request("http://x/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    await expect(readUploadForm(streamed)).rejects.toThrow(UploadTooLarge);
    expect(pulled).toBeLessThan(12);
  });
});
