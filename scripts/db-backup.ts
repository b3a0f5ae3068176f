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
import { openDatabase } from "../db/client";
import { controlSocketPath, runningServerPid, sendControlCommand } from "../server/control";
import { configOrFail, fail, takeDataDir } from "./cli";

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

  if (env.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, migrate: false });
    try {
      report(await writeBackup(database.db, file, "postgres"));
    } finally {
      await database.close();
    }
    return;
  }

  const dataDir = path.resolve(env.DATA_DIR);
  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    if (!existsSync(controlSocketPath(dataDir))) {
      fail(`A server (pid ${pid}) holds the database in ${dataDir} but offers no control socket; stop it and run this again.`, 1);
    }
    const answer = await sendControlCommand(dataDir, { command: "backup", out: file }, 60 * 60_000);
    if (!answer.ok) fail(answer.error, 1);
    report(answer.backup!);
    return;
  }
  if (!existsSync(path.join(dataDir, "pglite"))) fail(`There is no database in ${dataDir}: set DATA_DIR (or DATABASE_URL) to the site's.`, 2);
  const release = takeDataDir(dataDir);
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite"), migrate: false });
    try {
      report(await writeBackup(database.db, file, "pglite"));
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((error) => {
  if (error instanceof BackupError) fail(error.message, 1);
  fail(`db:backup failed: ${(error as Error).message}`, 1);
});
