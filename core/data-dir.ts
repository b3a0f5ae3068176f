import fs, { chmodSync, lstatSync, mkdirSync, readdirSync, readlinkSync, statSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * DATA_DIR holds the embedded database (password hashes, the inbox), the generated session
 * secret, the pid file and the control socket: only the account running the server may read or
 * change any of it. Folders are 0700 and files 0600, from the first instant and for whatever the
 * embedded database writes later:
 * - the process umask becomes 0077, so every file and folder is created owner-only;
 * - PGlite (Emscripten's NODEFS) also sets modes explicitly with chmod: the files of a new
 *   database come out of a tar archive as 0666, and PostgreSQL rewrites its relation cache files
 *   (pg_internal.init) as 0644 at each start. `guardChmod` strips the group and other bits from
 *   every chmod of a path inside DATA_DIR;
 * - what an older install left looser is tightened at each start (`tightenTree`).
 */

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;
const OWNER_ONLY_UMASK = 0o077;

export class SharedDataDir extends Error {}

/** Create DATA_DIR owner-only (or tighten it and everything in it) and keep it that way. */
export function prepareDataDir(dataDir: string): void {
  process.umask(OWNER_ONLY_UMASK);
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const stat = statSync(dir);
  if (!stat.isDirectory()) throw new SharedDataDir(`Invalid DATA_DIR: ${dir} is not a folder`);
  // A sticky folder (/tmp) is shared by design: making it owner-only would break it for everyone.
  if (stat.mode & 0o1000) throw new SharedDataDir(`Invalid DATA_DIR: ${dir} is a shared folder; use a folder of its own, such as ${path.join(dir, "law-firm-data")}`);
  guardChmod(dir);
  tightenTree(dir);
}

/**
 * Make a folder and everything under it owner-only: folders 0700, everything else (files,
 * sockets) 0600. Symbolic links are not followed. Returns how many modes were changed.
 */
export function tightenTree(dir: string): number {
  let changed = 0;
  const visit = (file: string) => {
    let stat;
    try {
      stat = lstatSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // removed meanwhile
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE;
    if ((stat.mode & 0o7777) !== wanted) {
      chmodSync(file, wanted);
      changed++;
    }
    if (stat.isDirectory()) {
      let entries: string[] = [];
      try {
        entries = readdirSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      for (const entry of entries) visit(path.join(file, entry));
    }
  };
  visit(path.resolve(dir));
  return changed;
}

const guardedRoots = new Set<string>();
let installed = false;

function isGuarded(file: fs.PathLike): boolean {
  let resolved: string;
  try {
    resolved = path.resolve(file instanceof URL ? fileURLToPath(file) : String(file));
  } catch {
    return false;
  }
  for (const root of guardedRoots) {
    if (resolved === root || resolved.startsWith(root + path.sep)) return true;
  }
  return false;
}

/** The path of an open file descriptor, where the system tells (Linux: /proc/self/fd). */
function pathOfFd(fd: number): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return null;
  }
}

const ownerOnly = (mode: fs.Mode): fs.Mode => (typeof mode === "number" ? mode & ~0o077 : parseInt(mode, 8) & ~0o077);

/**
 * From now on, a chmod of a path inside `root` by this process (PGlite's NODEFS uses the
 * synchronous calls) keeps the group and other bits cleared.
 */
export function guardChmod(root: string): void {
  guardedRoots.add(path.resolve(root));
  if (installed) return;
  installed = true;
  const chmod = fs.chmodSync;
  const fchmod = fs.fchmodSync;
  fs.chmodSync = (file: fs.PathLike, mode: fs.Mode) => chmod(file, isGuarded(file) ? ownerOnly(mode) : mode);
  fs.fchmodSync = (fd: number, mode: fs.Mode) => {
    const file = pathOfFd(fd);
    return fchmod(fd, file !== null && isGuarded(file) ? ownerOnly(mode) : mode);
  };
  // ES-module importers of node:fs see the patched functions too.
  syncBuiltinESMExports();
}
