import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFolder, openDatabase, pgliteOptions, projectRoot } from "../../db/client";

/**
 * A new PGlite data folder starts with initdb, which costs 5-10 s on two busy cores (decision
 * 0060); the migrations after it take well under a second. Tests that need an empty, migrated
 * embedded database copy this template instead (about 0.3 s). It is made once per machine for
 * each set of migrations, PGlite version and database client, in the system temp folder, and
 * shared by parallel test processes (made aside, then renamed into place in one step).
 *
 * The server's own first start on an empty folder (initdb, migrations, file modes) stays
 * covered: tests/integration/startup.test.ts and data-dir.test.ts start on empty folders
 * (startSite's `freshDatabase`), as does database.test.ts's database on disk.
 */
let made: Promise<string> | undefined;

function templateKey(): string {
  const hash = createHash("sha256");
  const add = (file: string) => hash.update(file).update(readFileSync(file));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else add(file);
    }
  };
  walk(migrationsFolder());
  hash.update(JSON.stringify(pgliteOptions()));
  add(path.join(projectRoot(), "node_modules", "@electric-sql", "pglite", "package.json"));
  return hash.digest("hex").slice(0, 16);
}

async function makeTemplate(): Promise<string> {
  const final = path.join(tmpdir(), `site-test-pglite-${templateKey()}`);
  // The marker is written before the rename, so a folder at `final` is always complete.
  if (existsSync(path.join(final, "ready"))) return path.join(final, "pglite");
  const aside = mkdtempSync(path.join(tmpdir(), "site-test-pglite-making-"));
  try {
    const database = await openDatabase({ pgliteDir: path.join(aside, "pglite") });
    await database.close();
    writeFileSync(path.join(aside, "ready"), "");
    try {
      renameSync(aside, final);
    } catch (error) {
      // Another process renamed its template into place first: use that one.
      if (!existsSync(path.join(final, "ready"))) throw error;
    }
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return path.join(final, "pglite");
}

/** The template's pglite folder (made on first use). */
export function pgliteTemplate(): Promise<string> {
  made ??= makeTemplate().catch((error: unknown) => {
    made = undefined;
    throw error;
  });
  return made;
}

/** Put an empty, migrated embedded database at `pgliteDir` (which must not exist yet). */
export async function copyPgliteTemplate(pgliteDir: string): Promise<void> {
  const template = await pgliteTemplate();
  mkdirSync(path.dirname(pgliteDir), { recursive: true });
  cpSync(template, pgliteDir, { recursive: true });
}
