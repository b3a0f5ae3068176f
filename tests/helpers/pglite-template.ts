import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFolder, openDatabase, pgliteOptions, projectRoot } from "../../db/client";
import { seedDatabase } from "../../server/seed";

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
 *
 * A second template is also seeded as a server seeds a fresh database with SEED_DEMO, the default
 * (server/seed.ts's own `seedDatabase`: settings, demo posts, team and their images). A server
 * started on a copy of it finds the seed made and skips it, which saves about a second of CPU per
 * start (decision 0113). It is made once per day, so the demo rows' dates are today's as a fresh
 * seed's would be; the seeding itself stays covered by the start-up tests' empty folders.
 */
export type TemplateKind = "migrated" | "demo";
const made = new Map<TemplateKind, Promise<string>>();

function templateKey(kind: TemplateKind): string {
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
  if (kind === "demo") {
    add(path.join(projectRoot(), "server", "seed.ts"));
    add(path.join(projectRoot(), "db", "demo.ts"));
    walk(path.join(projectRoot(), "db", "demo-assets"));
    walk(path.join(projectRoot(), "app", "i18n", "defaults"));
    hash.update(new Date().toISOString().slice(0, 10));
  }
  hash.update(JSON.stringify(pgliteOptions()));
  add(path.join(projectRoot(), "node_modules", "@electric-sql", "pglite", "package.json"));
  return hash.digest("hex").slice(0, 16);
}

async function makeTemplate(kind: TemplateKind): Promise<string> {
  const final = path.join(tmpdir(), `site-test-pglite-${kind === "demo" ? "demo-" : ""}${templateKey(kind)}`);
  // The marker is written before the rename, so a folder at `final` is always complete.
  if (existsSync(path.join(final, "ready"))) return path.join(final, "pglite");
  const aside = mkdtempSync(path.join(tmpdir(), "site-test-pglite-making-"));
  try {
    const database = await openDatabase({ pgliteDir: path.join(aside, "pglite") });
    try {
      if (kind === "demo") await seedDatabase(database.db, { demo: true });
    } finally {
      await database.close();
    }
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

/** A template's pglite folder (made on first use). */
export function pgliteTemplate(kind: TemplateKind = "migrated"): Promise<string> {
  let making = made.get(kind);
  if (!making) {
    making = makeTemplate(kind).catch((error: unknown) => {
      made.delete(kind);
      throw error;
    });
    made.set(kind, making);
  }
  return making;
}

/** Put an empty, migrated embedded database (or the seeded demo one) at `pgliteDir`, which must not exist yet. */
export async function copyPgliteTemplate(pgliteDir: string, kind: TemplateKind = "migrated"): Promise<void> {
  const template = await pgliteTemplate(kind);
  mkdirSync(path.dirname(pgliteDir), { recursive: true });
  cpSync(template, pgliteDir, { recursive: true });
}
