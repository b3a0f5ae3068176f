// `npm run db:restore -- FILE [--force]`: load a backup made by `npm run db:backup` into the
// database of DATABASE_URL (PostgreSQL) or the embedded one in DATA_DIR. A database that holds
// any data is refused unless --force (its data is then replaced). Exit 0 on success, 2 on bad
// input or a refused target, 1 when the database cannot be reached or the file is damaged.
//
// Moving from the embedded database to PostgreSQL: `npm run db:backup -- --out site.jsonl.gz`,
// then `DATABASE_URL=postgres://... npm run db:restore -- site.jsonl.gz`, then start the site
// with that DATABASE_URL.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, RestoreRefused, restoreBackup } from "../db/backup";
import { runningServerPid } from "../server/control";
import { configOrFail, fail, takeDataDir } from "./cli";

const USAGE = "Usage: npm run db:restore -- site-backup.jsonl.gz [--force]";

async function main() {
  let positionals: string[] = [];
  let force = false;
  try {
    const parsed = parseArgs({ options: { force: { type: "boolean" } }, strict: true, allowPositionals: true });
    positionals = parsed.positionals;
    force = parsed.values.force ?? false;
  } catch (error) {
    fail(`${(error as Error).message}. ${USAGE}`, 2);
  }
  if (positionals.length !== 1) fail(`Name one backup file. ${USAGE}`, 2);
  const file = path.resolve(positionals[0]!);
  if (!existsSync(file)) fail(`${file} does not exist.`, 2);

  const env = configOrFail();

  let release = () => {};
  const dataDir = path.resolve(env.DATA_DIR);
  if (!env.DATABASE_URL) {
    const pid = runningServerPid(dataDir);
    if (pid !== null) fail(`A server (pid ${pid}) is using the database in ${dataDir}: stop it, restore, then start it again.`, 1);
    release = takeDataDir(dataDir);
  }
  try {
    const where = env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dataDir, "pglite") };
    const summary = await restoreBackup(where, file, { force });
    const later = summary.migrationsApplied > 0 ? `, then brought up to this version (${summary.migrationsApplied} migrations)` : "";
    console.log(`Restored ${summary.rows} rows of ${summary.tables} tables from ${file}${later}.`);
  } finally {
    release();
  }
}

main().catch((error) => {
  if (error instanceof RestoreRefused) fail(error.message, 2);
  if (error instanceof BackupError) fail(error.message, 1);
  fail(`db:restore failed: ${(error as Error).message}`, 1);
});
