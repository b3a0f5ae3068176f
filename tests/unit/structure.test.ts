import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";
import config, { EXCEPTIONS, MODULES, NOT_MODULES, modulePath } from "../../structure.config.mjs";

/**
 * The module order inside app/ (structure.config.mjs, decision 0095), checked by dependency-cruiser
 * in `npm run lint`. Here the same rules meet a small tree written for the test: an import against
 * the order and a circle of type-only imports must both be refused; an import down, and a named
 * exception, pass.
 */
const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "structure-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The violations (rule: from -> to) the declared rules find in a tree of these files. */
async function violations(name: string, files: Record<string, string>): Promise<string[]> {
  const base = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  }
  const { output } = await cruise(["app"], { baseDir: base, ruleSet: { forbidden: config.forbidden }, validate: true, tsPreCompilationDeps: true });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe("the module order inside app/", { timeout: 30_000 }, () => {
  it("refuses an import that runs up the order, and a circle of type-only imports", async () => {
    const found = await violations("wrong", {
      // The languages (a foundation) import a blog module (a domain): against the order.
      "app/i18n/languages.ts": 'import { postTitle } from "../blog/titles";\nexport const title = postTitle;\n',
      "app/blog/titles.ts": "export const postTitle = (t: string) => t.trim();\n",
      // Two blog files naming each other's types: a circle although nothing of it runs.
      "app/blog/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
      "app/blog/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
    });
    expect(found).toContain("order:i18n: app/i18n/languages.ts -> app/blog/titles.ts");
    expect(found.filter((v) => v.startsWith("no-circular:"))).toEqual([expect.stringMatching(/^no-circular: app\/blog\/[ab]\.ts -> app\/blog\/[ab]\.ts$/)]);
    expect(found).toHaveLength(2);
  });

  it("lets imports point down, and lets a named exception through but nothing else from its file", async () => {
    const [from, to] = ["app/audit/log.server.ts", "app/blog/schedule.ts"];
    expect(EXCEPTIONS.map(([file, target]) => [file.replace(/\\/g, ""), target.replace(/\\/g, "")])).toContainEqual([from, to]);
    const found = await violations("down", {
      "app/blog/schedule.ts": 'import { LANGS } from "../i18n/languages";\nexport const zones = LANGS;\n',
      "app/i18n/languages.ts": "export const LANGS = ['en'];\n",
      "app/routes/blog.tsx": 'import { zones } from "../blog/schedule";\nexport const z = zones;\n',
      [from]: 'import { zones } from "../blog/schedule";\nimport { later } from "../automation/later";\nexport const x = [zones, later];\n',
      "app/automation/later.ts": "export const later = 1;\n",
    });
    expect(found).toEqual([`order:audit: ${from} -> app/automation/later.ts`]);
  });

  it("places every top-level file and folder of app/ once, with a reason, and names at most 4 exceptions", () => {
    const declared = [...MODULES, ...NOT_MODULES].map(([name]) => name);
    expect(new Set(declared).size).toBe(declared.length);
    for (const [name, reason] of [...MODULES, ...NOT_MODULES, ...EXCEPTIONS.map(([file, , why]) => [file, why])]) expect(reason, name).toMatch(/\w{3,}.*\w/);
    const undeclared = readdirSync(path.join(root, "app")).filter((entry) => !declared.includes(entry));
    expect(undeclared).toEqual([]);
    expect(EXCEPTIONS.length).toBeLessThanOrEqual(4);
    // "components/ui" (primitives) stands below the rest of app/components (the site's views).
    expect(modulePath("components")).toBe("^app/components/(?!ui/)");
  });
});
