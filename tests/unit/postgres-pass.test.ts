import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMBEDDED_ONLY, ON_POSTGRES } from "../integration/on-postgres";

/**
 * CI's PostgreSQL pass runs the integration files declared in tests/integration/on-postgres.ts.
 * A file that reaches the database helper (tests/helpers/db.ts, which opens a database on the
 * PostgreSQL server when DATABASE_URL is set) or names DATABASE_URL is declared there, however it
 * spells the import and through whichever helper: otherwise it silently skips PostgreSQL.
 */
const root = path.resolve(import.meta.dirname, "../..");
const folder = path.join(root, "tests/integration");
const DATABASE_HELPER = path.join(root, "tests/helpers/db.ts");
const SPEC = /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g;

/** The file an import names, if it is one of ours (relative or "~/"), with or without its extension. */
function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? path.join(root, "app", spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, ".ts"), path.join(base, "index.ts")]) {
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** Whether a file reaches the database helper through its imports (tests' helpers followed, app code not). */
function reachesHelper(file: string, seen = new Set<string>()): boolean {
  if (file === DATABASE_HELPER) return true;
  if (seen.has(file) || !file.startsWith(path.join(root, "tests"))) return false;
  seen.add(file);
  for (const [, spec] of readFileSync(file, "utf8").matchAll(SPEC)) {
    const target = resolve(file, spec);
    if (target && reachesHelper(target, seen)) return true;
  }
  return false;
}

const touchesTheDatabase = (name: string) => {
  const file = path.join(folder, name);
  return reachesHelper(file) || readFileSync(file, "utf8").includes("DATABASE_URL");
};
const files = readdirSync(folder).filter((name) => name.endsWith(".test.ts"));

describe("the PostgreSQL pass's files", () => {
  it("holds every integration file that opens its own database or names DATABASE_URL", () => {
    const declared = new Set([...ON_POSTGRES, ...Object.keys(EMBEDDED_ONLY)]);
    expect(files.filter(touchesTheDatabase).filter((name) => !declared.has(name))).toEqual([]);
  });

  it("declares only files that exist and reach the database, each once", () => {
    const declared = [...ON_POSTGRES, ...Object.keys(EMBEDDED_ONLY)];
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared.filter((name) => !files.includes(name))).toEqual([]);
    expect(ON_POSTGRES.filter((name) => !touchesTheDatabase(name))).toEqual([]);
  });

  it("finds the helper in any spelling and through another helper", () => {
    const probe = path.join(folder, "probe.test.ts");
    // What the check reads: the import resolved to the helper's file, not the text of the import.
    expect(resolve(probe, "../helpers/db")).toBe(DATABASE_HELPER);
    expect(resolve(probe, "../helpers/db.ts")).toBe(DATABASE_HELPER);
    expect(resolve(probe, "./../../tests/helpers/db.js")).toBe(DATABASE_HELPER);
    expect(resolve(probe, "../helpers")).toBeNull();
    expect(reachesHelper(path.join(root, "tests/helpers/db.ts"))).toBe(true);
    // A file that opens its database only through tests/helpers/db.ts is found.
    expect(reachesHelper(path.join(folder, "typed-jobs.test.ts"))).toBe(true);
    expect(touchesTheDatabase("contact-mail.test.ts")).toBe(false);
  });
});
