// `npm run db:backup -- --out FILE`: write a portable backup of every table (images included:
// they live in the database) to FILE, gzip-compressed JSON lines (db/backup.ts). Exit 0 on
// success, 2 on bad input, 1 when the database cannot be reached or the file cannot be written.
//
// With DATABASE_URL it reads PostgreSQL directly (in one snapshot, while the site runs). With the
// embedded database it asks the running server over its control socket, or, when no server runs,
// opens the database itself while holding the DATA_DIR lock a server would.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, writeBackup, type BackupSummary } from "../db/backup";
import { sendControlCommand } from "../server/control";
import { configOrFail, fail, serverRuns, withDatabase } from "./cli";

const USAGE = "Usage: npm run db:backup -- --out site-backup.jsonl.gz";

function report(summary: BackupSummary) {
  const megabytes = (summary.binaryBytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up ${summary.rows} rows of ${summary.tables} tables to ${summary.file}, with ${summary.media} images ` +
      `(${summary.mediaVariants} stored sizes, ${megabytes} MB). Keep SESSION_SECRET and the encryption key with it: they are not in the file.`,
  );
}

async function main() {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ options: { out: { type: "string" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    fail(`${(error as Error).message}. ${USAGE}`, 2);
  }
  if (!out) fail(`--out is required. ${USAGE}`, 2);
  const file = path.resolve(out);
  if (!existsSync(path.dirname(file))) fail(`The folder ${path.dirname(file)} does not exist.`, 2);

  const env = configOrFail();

  const dataDir = path.resolve(env.DATA_DIR);
  if (!env.DATABASE_URL) {
    if (serverRuns(dataDir)) {
      const answer = await sendControlCommand(dataDir, { command: "backup", out: file }, 60 * 60_000);
      if (!answer.ok) fail(answer.error, 1);
      report(answer.backup!);
      return;
    }
    if (!existsSync(path.join(dataDir, "pglite"))) fail(`There is no database in ${dataDir}: set DATA_DIR (or DATABASE_URL) to the site's.`, 2);
  }
  // With DATABASE_URL: one snapshot of PostgreSQL while the site runs.
  report(await withDatabase({ databaseUrl: env.DATABASE_URL, dataDir, migrate: false }, (db) => writeBackup(db, file, env.DATABASE_URL ? "postgres" : "pglite")));
}

main().catch((error) => {
  if (error instanceof BackupError) fail(error.message, 1);
  fail(`db:backup failed: ${(error as Error).message}`, 1);
});
