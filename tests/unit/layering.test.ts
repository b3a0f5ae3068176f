import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Dependencies point one way: server/ -> app/ -> core/ -> db/. The lint rule in
 * eslint.config.js refuses an import that runs back up, and the tree holds none.
 */
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const SPEC = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|tsx|mjs)$/.test(name)) yield file;
  }
}

/** Imports (static and dynamic) from files under `from` that resolve into one of `into`. */
function backImports(from: string, into: string[]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(root, from))) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(SPEC)) {
      const target = spec.startsWith("~/") ? path.join(root, "app", spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
      if (!target) continue;
      const top = path.relative(root, target).split(path.sep)[0];
      if (into.includes(top)) found.push(`${path.relative(root, file)} -> ${spec}`);
    }
  }
  return found;
}

// ESLint's first run loads its whole configuration: seconds on a busy machine.
describe("layering", { timeout: 60_000 }, () => {
  it("fails lint on an import that runs back up", async () => {
    expect(await restrictedImports("app/admin/example.ts", 'import { createApp } from "../../server/app";\nexport const app = createApp;\n')).toHaveLength(1);
    expect(await restrictedImports("app/example.ts", 'import { precompress } from "../scripts/build/precompress";\nexport const p = precompress;\n')).toHaveLength(1);
    expect(await restrictedImports("db/example.ts", 'import { pageCache } from "../server/page-cache";\nexport const p = pageCache;\n')).toHaveLength(1);
    expect(await restrictedImports("db/example.ts", 'import { defaultTexts } from "../app/i18n/defaults";\nexport const d = defaultTexts;\n')).toHaveLength(1);
    expect(await restrictedImports("db/example.ts", 'import { storeImage } from "../core/media";\nexport const s = storeImage;\n')).toHaveLength(1);
    expect(await restrictedImports("core/example.ts", 'import { useT } from "../app/i18n/hooks";\nexport const t = useT;\n')).toHaveLength(1);
    expect(await restrictedImports("core/example.ts", 'import { useT } from "~/i18n/hooks";\nexport const t = useT;\n')).toHaveLength(1);
    expect(await restrictedImports("server/example.ts", 'import { precompress } from "../scripts/build/precompress";\nexport const p = precompress;\n')).toHaveLength(1);
  });

  it("lets imports point down", async () => {
    expect(await restrictedImports("server/example.ts", 'import { loginAction } from "../app/auth/login.server";\nimport { storeImage } from "../core/media";\nexport const x = [loginAction, storeImage];\n')).toEqual([]);
    expect(await restrictedImports("app/admin/example.ts", 'import { storeImage } from "../../core/media";\nimport { renderToString } from "react-dom/server";\nexport const x = [storeImage, renderToString];\n')).toEqual([]);
    expect(await restrictedImports("core/example.ts", 'import type { Db } from "../db/client";\nexport type D = Db;\n')).toEqual([]);
  });

  it("holds no back import anywhere in the tree, dynamic ones included", () => {
    expect(backImports("app", ["server", "scripts"])).toEqual([]);
    expect(backImports("db", ["app", "core", "server", "scripts"])).toEqual([]);
    expect(backImports("core", ["app", "server", "scripts"])).toEqual([]);
    expect(backImports("server", ["scripts"])).toEqual([]);
  });
});
