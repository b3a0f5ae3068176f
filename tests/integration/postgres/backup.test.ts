import { rmSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestoreRefused, restoreBackup, writeBackup } from "../../../db/backup";
import { openDatabase, type Database } from "../../../db/client";
import { contactSubmissions, mediaVariants } from "../../../db/schema";
import { seedDatabase } from "../../../server/seed";
import { snapshotTables } from "../../helpers/admin-http";
import { createTestDatabaseUrl, dropTestDatabase } from "../../helpers/db";
import { runScript } from "../../helpers/scripts";
import { tempDir } from "../../helpers/server";

/** The rows of a backup file (the header's time stamp and source left out). */
const rowsOf = (file: string) =>
  gunzipSync(readFileSync(file))
    .toString("utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith('{"backup":'));

async function withDatabase<T>(options: { databaseUrl?: string; pgliteDir?: string }, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ ...options, migrate: false });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe("moving the data from the embedded database to PostgreSQL and back", () => {
  const dir = tempDir("site-backup-pg-");
  let url: string;
  let original: Record<string, string>;

  beforeAll(async () => {
    url = (await createTestDatabaseUrl())!;
    const source = await openDatabase({ pgliteDir: path.join(dir, "source") });
    await seedDatabase(source.db, { demo: true });
    await source.db.insert(contactSubmissions).values({ name: "Moving", email: "moving@example.test", message: "Ünïcödé, 中文, فارسی and\nlines." });
    original = await snapshotTables(source.db, []);
    await writeBackup(source.db, path.join(dir, "from-pglite.jsonl.gz"), "pglite");
    await source.close();
  });
  afterAll(async () => {
    if (url) await dropTestDatabase(url);
    rmSync(dir, { recursive: true, force: true });
  });

  it("restores the embedded database's backup on PostgreSQL with npm run db:restore, every row and image equal", async () => {
    const result = await runScript("db-restore.ts", [path.join(dir, "from-pglite.jsonl.gz")], { DATABASE_URL: url });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    await withDatabase({ databaseUrl: url }, async (database) => {
      expect(await snapshotTables(database.db, [])).toEqual(original);
      expect((await database.db.select().from(mediaVariants)).length).toBeGreaterThan(0);
    });
  });

  it("backs PostgreSQL up with npm run db:backup into the same rows, and restores them on the embedded database", async () => {
    const result = await runScript("db-backup.ts", ["--out", path.join(dir, "from-postgres.jsonl.gz")], { DATABASE_URL: url });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(rowsOf(path.join(dir, "from-postgres.jsonl.gz"))).toEqual(rowsOf(path.join(dir, "from-pglite.jsonl.gz")));

    await restoreBackup({ pgliteDir: path.join(dir, "back") }, path.join(dir, "from-postgres.jsonl.gz"));
    await withDatabase({ pgliteDir: path.join(dir, "back") }, async (database) => {
      expect(await snapshotTables(database.db, [])).toEqual(original);
    });
  });

  it("refuses to overwrite PostgreSQL data unless forced", async () => {
    await expect(restoreBackup({ databaseUrl: url }, path.join(dir, "from-pglite.jsonl.gz"))).rejects.toBeInstanceOf(RestoreRefused);
    await withDatabase({ databaseUrl: url }, (database) => database.db.delete(contactSubmissions));
    await restoreBackup({ databaseUrl: url }, path.join(dir, "from-pglite.jsonl.gz"), { force: true });
    await withDatabase({ databaseUrl: url }, async (database) => expect(await snapshotTables(database.db, [])).toEqual(original));
  });
});
