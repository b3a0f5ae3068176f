import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { boundaryBroken } from "../../eslint.config.js";

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

/** The messages of the rule inside app/ (tabs, kit, domain modules: decision 0057). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "layers/boundaries").map((m) => m.message);
}

const SPEC = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|tsx|mjs)$/.test(name)) yield file;
  }
}

/** Every import inside app/ (static and dynamic) that breaks a rule of decision 0057. */
function boundaryImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(root, "app"))) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(SPEC)) {
      const target = spec.startsWith("~/") ? path.join(root, "app", spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
      if (!target) continue;
      const from = path.relative(root, file).split(path.sep).join("/");
      const broken = boundaryBroken(from, path.relative(root, target).split(path.sep).join("/"));
      if (broken) found.push(`${from} -> ${spec} (${broken})`);
    }
  }
  return found;
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

  it("fails lint on an admin tab that imports another tab, in any spelling", async () => {
    expect(await boundaryErrors("app/admin/blog/components/Example.tsx", 'import { ContentEditor } from "~/admin/content/components/ContentEditor";\nexport const c = ContentEditor;\n')).toHaveLength(1);
    expect(await boundaryErrors("app/admin/blog/components/Example.tsx", 'import type { InboxResult } from "../../inbox/actions.server";\nexport type R = InboxResult;\n')).toHaveLength(1);
    expect(await boundaryErrors("app/admin/automation/example.ts", 'export { postsBeingPosted } from "../instagram/example.server";\n')).toHaveLength(1);
  });

  it("fails lint on the kit importing a tab, a domain module importing app/admin, and app/auth importing the kit", async () => {
    expect(await boundaryErrors("app/admin/kit/Example.tsx", 'import { TeamManager } from "../team/components/TeamManager";\nexport const t = TeamManager;\n')).toHaveLength(1);
    expect(await boundaryErrors("app/blog/example.server.ts", 'import { intents } from "../admin/blog/edit-actions.server";\nexport const i = intents;\n')).toHaveLength(1);
    expect(await boundaryErrors("app/instagram/example.server.ts", 'const kit = () => import("~/admin/kit/action.server");\nexport const k = kit;\n')).toHaveLength(1);
    expect(await boundaryErrors("app/auth/example.server.ts", 'import { adminAction } from "../admin/kit/action.server";\nexport const a = adminAction;\n')).toHaveLength(1);
  });

  it("lets a tab import the kit, domain modules and core/, the kit import auth, and routes import tabs", async () => {
    const tab = 'import { adminAction } from "~/admin/kit/action.server";\nimport { savePost } from "~/blog/manage.server";\nimport { PostEditor } from "./components/PostEditor";\nimport { storeImage } from "../../../core/media";\nexport const x = [adminAction, savePost, PostEditor, storeImage];\n';
    expect(await boundaryErrors("app/admin/blog/example.ts", tab)).toEqual([]);
    expect(await boundaryErrors("app/admin/kit/example.ts", 'import { requireAdminData } from "~/auth/guard.server";\nexport const r = requireAdminData;\n')).toEqual([]);
    expect(await boundaryErrors("app/routes/admin/example.tsx", 'import { AdminTab } from "~/admin/kit/AdminTab";\nexport const a = AdminTab;\n')).toEqual([]);
  });

  it("holds no import inside app/ that breaks the tab, kit and domain-module rules", () => {
    expect(boundaryImports()).toEqual([]);
  });
});
