// What the command-line scripts (admin:create, db:backup, db:restore) share.
import { ConfigError, parseEnv, type Env } from "../core/config";
import { prepareDataDir, SharedDataDir } from "../core/data-dir";
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
