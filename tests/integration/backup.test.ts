import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackup } from "../../db/backup";
import { migrationsFolder, openDatabase, pgliteOptions } from "../../db/client";
import { migrationState, shippedMigrations } from "../../db/migration-state";
import { contactSubmissions, mediaVariants } from "../../db/schema";
import { formPost, openDataDir, snapshotTables } from "../helpers/admin-http";
import { runScript } from "../helpers/scripts";
import { startSite, tempDir, type SiteServer } from "../helpers/server";

const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: "warn" });

async function tableSnapshot(dataDir: string) {
  const store = await openDataDir(dataDir);
  try {
    const tables = await snapshotTables(store.db, []);
    const sequences = (await store.db.execute(
      sql`select c.relname as name, pg_sequence_last_value(c.oid::regclass)::text as value from pg_class c where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace order by 1`,
    )) as unknown as { rows: { name: string; value: string | null }[] };
    const variants = await store.db.select().from(mediaVariants).orderBy(mediaVariants.mediaId, mediaVariants.format, mediaVariants.width);
    return { tables, sequences: sequences.rows, variants };
  } finally {
    await store.close();
  }
}

describe("npm run db:backup and db:restore on the embedded database", () => {
  const source = tempDir("site-backup-source-");
  const target = tempDir("site-backup-target-");
  const file = path.join(tempDir("site-backup-file-"), "site.jsonl.gz");
  let site: SiteServer | undefined;
  let before: Awaited<ReturnType<typeof tableSnapshot>>;

  beforeAll(async () => {
    site = await startSite({ ...env(source), SEED_DEMO: "true" });
    const answer = await formPost(`${site.url}/contact`, {
      name: "Backup Person",
      email: "backup@example.test",
      phone: "",
      subject: "Keep me",
      message: "Every row and image must come back.",
    });
    expect(answer.status).toBe(200);
  });
  afterAll(async () => {
    await site?.stop();
    for (const dir of [source, target, path.dirname(file)]) rmSync(dir, { recursive: true, force: true });
  });

  it("backs up the running site through the server, and the site keeps serving", async () => {
    const result = await runScript("db-backup.ts", ["--out", file], env(source));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Backed up \d+ rows of \d+ tables to .*site\.jsonl\.gz, with 7 images \(\d+ stored sizes, [\d.]+ MB\)/);
    expect((await fetch(`${site!.url}/healthz`)).status).toBe(200);
    // Owner-only: it holds password hashes and the inbox.
    const { statSync } = await import("node:fs");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await site!.stop();
    site = undefined;
    before = await tableSnapshot(source);
    expect(before.variants.length).toBeGreaterThan(0);
    expect(Object.keys(before.tables).length).toBeGreaterThanOrEqual(20);
  });

  it("restores into an empty folder every row, every image's bytes and every sequence", async () => {
    const result = await runScript("db-restore.ts", [file], env(target));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Restored \d+ rows of \d+ tables from /);
    const after = await tableSnapshot(target);
    expect(after.tables).toEqual(before.tables);
    expect(after.sequences).toEqual(before.sequences);
    expect(after.variants.length).toBe(before.variants.length);
    after.variants.forEach((variant, i) => expect(Buffer.compare(variant.bytes, before.variants[i].bytes)).toBe(0));

    // The restored site serves the same image and takes new messages after the restored ones.
    const restored = await startSite(env(target));
    try {
      const variant = before.variants.find((v) => v.format === "webp")!;
      const image = await fetch(`${restored.url}/media/${variant.mediaId}/${variant.width}.webp`);
      expect(image.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await image.arrayBuffer()), before.variants.find((v) => v === variant)!.bytes)).toBe(0);
      const answer = await formPost(`${restored.url}/contact`, { name: "After Restore", email: "after@example.test", phone: "", subject: "New", message: "A new message." });
      expect(answer.status).toBe(200);
    } finally {
      await restored.stop();
    }
    const store = await openDataDir(target);
    try {
      const rows = await store.db.select({ email: contactSubmissions.email }).from(contactSubmissions).orderBy(contactSubmissions.id);
      expect(rows.map((row) => row.email)).toEqual(["backup@example.test", "after@example.test"]);
    } finally {
      await store.close();
    }
  });

  it("refuses a database that holds data unless --force, and then replaces it", async () => {
    const refused = await runScript("db-restore.ts", [file], env(target));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^The target database is not empty \(\d+ rows, in .*\)\. Restoring replaces all of its data: run again with --force to do so\.\n$/);

    const forced = await runScript("db-restore.ts", [file, "--force"], env(target));
    expect(forced.code).toBe(0);
    expect((await tableSnapshot(target)).tables).toEqual(before.tables);
  });

  it("refuses a cut-off or foreign file with a sentence, and leaves the database as it was", async () => {
    const lines = gunzipSync(readFileSync(file)).toString("utf8").trimEnd().split("\n");
    const cut = path.join(path.dirname(file), "cut.jsonl.gz");
    writeFileSync(cut, gzipSync(lines.slice(0, -1).join("\n") + "\n"));
    const foreign = path.join(path.dirname(file), "foreign.gz");
    writeFileSync(foreign, "not a backup at all");
    // Changed after the backup: a failed restore must keep this row.
    const store = await openDataDir(target);
    await store.db.insert(contactSubmissions).values({ name: "Kept", email: "kept@example.test", message: "Still here." });
    await store.close();
    const kept = (await tableSnapshot(target)).tables;

    const incomplete = await runScript("db-restore.ts", [cut, "--force"], env(target));
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr).toBe(`${cut} is incomplete (it ends before its last table): nothing was restored.\n`);
    const notBackup = await runScript("db-restore.ts", [foreign, "--force"], env(target));
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toBe(`${foreign} is not a backup of this site, or it is damaged (its compression is broken).\n`);
    expect((await tableSnapshot(target)).tables).toEqual(kept);
  });

  it("brings a backup made by an earlier version up to this version's migrations", async () => {
    const shipped = shippedMigrations();
    // A database as the previous version left it: every migration but the last.
    const dir = tempDir("site-backup-old-");
    const folder = path.join(dir, "migrations");
    const { cpSync } = await import("node:fs");
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8"));
    journal.entries = journal.entries.slice(0, -1);
    writeFileSync(journalFile, JSON.stringify(journal));
    const client = await PGlite.create(path.join(dir, "old"), pgliteOptions());
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    await client.query("insert into contact_submissions (name, email, message) values ('Old', 'old@example.test', 'From before the upgrade.')");
    await client.close();

    const old = await openDatabase({ pgliteDir: path.join(dir, "old"), migrate: false });
    const oldFile = path.join(dir, "old.jsonl.gz");
    await writeBackup(old.db, oldFile, "pglite");
    await old.close();

    const summary = await restoreBackup({ pgliteDir: path.join(dir, "new") }, oldFile);
    expect(summary).toMatchObject({ migrationsInBackup: shipped.length - 1, migrationsApplied: 1 });
    const restored = await openDatabase({ pgliteDir: path.join(dir, "new"), migrate: false });
    try {
      expect(await migrationState(restored.db)).toBe("current");
      const rows = await restored.db.select({ email: contactSubmissions.email }).from(contactSubmissions);
      expect(rows).toEqual([{ email: "old@example.test" }]);
    } finally {
      await restored.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
