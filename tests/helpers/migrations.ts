import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "../../db/schema";
import { pgliteOptions } from "../../db/client";

/** The product's migrations folder. */
export const MIGRATIONS = path.resolve(import.meta.dirname, "../../db/migrations");

/**
 * The migrations as they were before the first one whose tag `isTarget` picks: a copy of the
 * folder with the journal cut there, to migrate a database up to that point, add rows the
 * migration must handle, then run the real folder. `index` is where the journal was cut (-1 when
 * no tag matched, nothing cut); `remove` deletes the copy.
 */
export function migrationsBefore(isTarget: (tag: string) => boolean): { folder: string; index: number; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-before-"));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => isTarget(entry.tag));
  if (index >= 0) writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return { folder, index, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A fresh PGlite database migrated up to just before the migration `isTarget` picks, handed to
 * `run` to add the rows that migration must handle and then `migrateRest()` (the real folder);
 * closed, and the cut copy removed, afterwards.
 */
export async function onDatabaseBefore(
  isTarget: (tag: string) => boolean,
  run: (database: { client: PGlite; db: PgliteDatabase<typeof schema>; index: number; migrateRest(): Promise<void> }) => Promise<void>,
): Promise<void> {
  const { folder, index, remove } = migrationsBefore(isTarget);
  try {
    const client = await PGlite.create(pgliteOptions());
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: folder });
      await run({ client, db, index, migrateRest: () => migrate(db, { migrationsFolder: MIGRATIONS }) });
    } finally {
      await client.close();
    }
  } finally {
    remove();
  }
}
