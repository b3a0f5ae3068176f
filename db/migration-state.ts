import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, type Db } from "./client";

/** One migration as drizzle records it: `when` (the journal's time stamp) identifies it. */
export interface MigrationEntry {
  tag: string;
  when: number;
}

/** The migrations this version of the site ships, oldest first. */
export function shippedMigrations(folder = migrationsFolder()): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: MigrationEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The `when` of every migration applied to a database, oldest first; [] when none ever ran. */
export async function appliedMigrations(db: Db): Promise<number[]> {
  const exists = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  if (!exists.rows[0]?.present) return [];
  const result = (await db.execute(sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at`)) as unknown as {
    rows: { when: string }[];
  };
  return result.rows.map((row) => Number(row.when));
}

/** "current" when the database has exactly the shipped migrations, else how it differs. */
export async function migrationState(db: Db): Promise<"current" | "behind" | "ahead"> {
  const applied = await appliedMigrations(db);
  const shipped = shippedMigrations().map((entry) => entry.when);
  const last = applied.at(-1) ?? 0;
  if (last > (shipped.at(-1) ?? 0)) return "ahead";
  return shipped.every((when) => applied.includes(when)) ? "current" : "behind";
}
