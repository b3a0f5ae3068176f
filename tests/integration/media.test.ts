import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { auditLog, media, mediaVariants, users } from "../../db/schema";
import { ImageRejected, MAX_UPLOAD_BYTES, storeImage } from "../../core/media";
import type { Services } from "../../server/services";
import { handleImageUpload } from "~/admin/media/media-upload.server";
import { readUploadForm, UPLOAD_BODY_LIMIT } from "~/admin/kit/upload.server";
import { openTestDatabase, usingPostgres } from "../helpers/db";

const ADMIN = { id: "media-test-admin", email: "media-admin@example.test", name: "Media Admin" };
const SECRET = "Secret Photographer 4711";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 30 } } });

async function mediaCount(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(media);
  const [{ v }] = await db.select({ v: count() }).from(mediaVariants);
  return { media: n, variants: v };
}

async function variantsOf(db: Db, id: string) {
  return db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, id)).orderBy(mediaVariants.width, mediaVariants.format);
}

function multipart(parts: Record<string, Blob | string>, headers: Record<string, string> = {}): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(parts)) body.set(name, value);
  return new Request("http://localhost/admin/media", { method: "POST", body, headers });
}

describe(`image pipeline (${usingPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  let services: Services;

  beforeAll(async () => {
    test = await openTestDatabase();
    db = test.database.db;
    await db.insert(users).values(ADMIN);
    services = { db } as unknown as Services;
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("strips EXIF and re-encodes to WebP and AVIF in every width up to the original", async () => {
    const input = await solid(2000, 1000)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: SECRET, Copyright: SECRET } } })
      .toBuffer();
    // The fixture really carries the metadata we expect to disappear.
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.includes(Buffer.from(SECRET))).toBe(true);

    const stored = await storeImage(db, input, { createdBy: ADMIN.id });
    expect(stored.url).toBe(`/media/${stored.id}`);
    expect([stored.width, stored.height]).toEqual([1920, 960]);

    const variants = await variantsOf(db, stored.id);
    expect(variants.map((v) => `${v.width}.${v.format}`)).toEqual(
      [320, 640, 960, 1280, 1920].flatMap((w) => [`${w}.avif`, `${w}.webp`]),
    );
    for (const variant of variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(variant.width / 2);
      expect(meta.exif).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from(SECRET))).toBe(false);
    }
    const [row] = await db.select().from(media).where(eq(media.id, stored.id));
    expect(row.createdBy).toBe(ADMIN.id);
  });

  it("never upscales a small image", async () => {
    const stored = await storeImage(db, await solid(500, 250).png().toBuffer());
    const variants = await variantsOf(db, stored.id);
    expect([...new Set(variants.map((v) => v.width))]).toEqual([320, 500]);
    expect(variants.every((v) => v.width <= 500)).toBe(true);
    expect(new Set(variants.map((v) => v.format))).toEqual(new Set(["webp", "avif"]));
    expect([stored.width, stored.height]).toEqual([500, 250]);
  });

  it("applies the EXIF orientation before dropping it", async () => {
    // Orientation 6 means "turn a quarter clockwise to display": 400x200 stored shows 200x400.
    const stored = await storeImage(db, await solid(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    expect([stored.width, stored.height]).toEqual([200, 400]);
  });

  it("refuses a file that is not an image, whatever its name, and stores nothing", async () => {
    const before = await mediaCount(db);
    await expect(storeImage(db, Buffer.from("just text, named photo.png"))).rejects.toThrow(new ImageRejected("The file is not an image."));
    await expect(storeImage(db, Buffer.alloc(0))).rejects.toThrow("The file is empty.");
    expect(await mediaCount(db)).toEqual(before);
  });

  it("refuses an image over 8 MB and stores nothing", async () => {
    const before = await mediaCount(db);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    (await solid(10, 10).png().toBuffer()).copy(big);
    await expect(storeImage(db, big)).rejects.toThrow("The image is larger than 8 MB.");
    expect(await mediaCount(db)).toEqual(before);
  });

  describe("upload handler (POST /admin/media)", () => {
    it("stores a multipart upload and records who uploaded it", async () => {
      const png = await solid(800, 400).png().toBuffer();
      const result = await handleImageUpload(services, ADMIN, multipart({ file: new Blob([new Uint8Array(png)], { type: "image/png" }) }));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.image.url).toMatch(/^\/media\/[0-9a-f-]{36}$/);
      expect([result.image.width, result.image.height]).toEqual([800, 400]);
      const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, result.image.id));
      expect(audit).toMatchObject([{ userId: ADMIN.id, action: "create", entity: "media" }]);
    });

    it("turns the black-and-white variant into greyscale", async () => {
      const png = await solid(400, 400).png().toBuffer();
      const result = await handleImageUpload(services, ADMIN, multipart({ file: new Blob([new Uint8Array(png)]), variant: "bw" }));
      if (!result.ok) throw new Error(result.error);
      const [variant] = await variantsOf(db, result.image.id);
      const { channels } = await sharp(variant.bytes).stats();
      const means = channels.slice(0, 3).map((c) => Math.round(c.mean));
      expect(new Set(means).size).toBe(1);
    });

    it("says why a text file named .png is refused, and stores nothing", async () => {
      const before = await mediaCount(db);
      const result = await handleImageUpload(services, ADMIN, multipart({ file: new File(["not an image"], "photo.png", { type: "image/png" }) }));
      expect(result).toEqual({ ok: false, status: 400, error: "The file is not an image." });
      expect(await mediaCount(db)).toEqual(before);
    });

    it("asks for a file when the field is missing or not multipart", async () => {
      expect(await handleImageUpload(services, ADMIN, multipart({ other: "x" }))).toMatchObject({ ok: false, status: 400, error: "Choose an image file to upload." });
      const json = new Request("http://localhost/admin/media", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
      expect(await handleImageUpload(services, ADMIN, json)).toMatchObject({ ok: false, status: 415 });
    });

    it("refuses a body declared larger than the limit without reading it", async () => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024));
        },
      });
      const request = new Request("http://localhost/admin/media", {
        method: "POST",
        body,
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(UPLOAD_BODY_LIMIT + 1) },
        duplex: "half",
      } as RequestInit);
      await expect(readUploadForm(request)).rejects.toThrow(/^The image is larger than 8 MB\.$/);
      expect(pulled).toBeLessThanOrEqual(1);
    });

    it("stops reading a body without a length once it passes the limit", async () => {
      let sent = 0;
      const chunk = new Uint8Array(1024 * 1024);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.byteLength;
          // An endless stream: only the limit can end this read.
          controller.enqueue(chunk);
        },
      });
      const request = new Request("http://localhost/admin/media", {
        method: "POST",
        body,
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        duplex: "half",
      } as RequestInit);
      const before = await mediaCount(db);
      expect(await handleImageUpload(services, ADMIN, request)).toEqual({ ok: false, status: 413, error: "The image is larger than 8 MB." });
      expect(sent).toBeLessThan(UPLOAD_BODY_LIMIT + 4 * chunk.byteLength);
      expect(await mediaCount(db)).toEqual(before);
    });
  });
});
