// What the command-line scripts (admin:create, db:backup, db:restore) share.
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, parseEnv, type Env } from "../core/config";
import { prepareDataDir, SharedDataDir } from "../core/data-dir";
import { openDatabase, type Db } from "../db/client";
import { controlSocketPath, runningServerPid } from "../server/control";
import { DataDirLocked, lockDataDir } from "../server/pglite-lock";

/** Print the message and exit: 2 for a wrong setting or input, 1 for anything else. */
export function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

/**
 * Take the embedded database's folder for this process (owner-only files, as the server's,
 * core/data-dir.ts) or exit saying why not; returns the release of its lock.
 */
export function takeDataDir(dataDir: string): () => void {
  try {
    prepareDataDir(dataDir);
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof SharedDataDir) fail(error.message, 2);
    if (error instanceof DataDirLocked) fail(error.message, 1);
    throw error;
  }
}

/** The environment the server reads, checked, or exit 2 with its first problem. */
export function configOrFail(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.problems[0] ?? "Invalid environment.", 2);
    throw error;
  }
}

/**
 * Whether a server runs on the embedded database in `dataDir`, so the command goes to it over its
 * control socket (PGlite belongs to one process); exit 1 when one runs without a socket.
 */
export function serverRuns(dataDir: string): boolean {
  const pid = runningServerPid(dataDir);
  if (pid === null) return false;
  if (!existsSync(controlSocketPath(dataDir))) {
    fail(`A server (pid ${pid}) holds the database in ${dataDir} but offers no control socket; stop it and run this again.`, 1);
  }
  return true;
}

/**
 * `work` on the database, closed after: PostgreSQL with a `databaseUrl`, else the embedded one in
 * `dataDir` while holding the DATA_DIR lock a server would.
 */
export async function withDatabase<T>(options: { databaseUrl?: string; dataDir: string; migrate?: boolean }, work: (db: Db) => Promise<T>): Promise<T> {
  const release = options.databaseUrl ? () => {} : takeDataDir(options.dataDir);
  try {
    const database = await openDatabase({
      databaseUrl: options.databaseUrl,
      pgliteDir: options.databaseUrl ? undefined : path.join(options.dataDir, "pglite"),
      migrate: options.migrate,
    });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
