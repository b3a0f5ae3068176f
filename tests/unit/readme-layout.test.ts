import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_MODULES } from "../../structure.config.mjs";

/**
 * The README's "What is where" names every top-level module of app/ (a folder or a source file),
 * and every one it names exists: a module added, moved or removed without the README fails here.
 */
const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

/** The section's text, from its heading to the next one. */
function section(title: string): string {
  const start = readme.indexOf(`## ${title}\n`);
  expect(start, `README has "## ${title}"`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The top-level entries of app/ the text names as `app/<name>` or `app/<name>/`. */
function named(text: string): string[] {
  return [...new Set([...text.matchAll(/`app\/([^/`\s]+)\/?[^`]*`/g)].map(([, name]) => name))].sort();
}

const modules = () =>
  readdirSync(path.join(root, "app"))
    .filter((entry) => !NOT_MODULES.some(([name]) => name === entry))
    .sort();

describe("the README's layout", () => {
  it("names every top-level module of app/, and only ones that exist", () => {
    const listed = named(section("What is where"));
    expect(modules().filter((entry) => !listed.includes(entry))).toEqual([]);
    expect(listed.filter((entry) => !existsSync(path.join(root, "app", entry)))).toEqual([]);
  });

  it("reads names the way the check does", () => {
    expect(named("- `app/blog/` and `app/routes.ts`, `app/admin/kit/` (`app/i18n/defaults/`)")).toEqual(["admin", "blog", "i18n", "routes.ts"]);
  });
});
