// The Chinese characters of every source file whose text may reach a Chinese page: the
// built-in texts, the components and the demo content. Shared by the subsetter and its test.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isChinese } from "../../app/fonts/chinese-chars.ts";

const root = new URL("../..", import.meta.url).pathname;

function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/noto-sans-sc-subset/.test(name))
    .map((name) => join(dir, name));
}

/** Sorted by code point, each once. */
export function chineseCharsInSources() {
  const files = [...sourceFiles(join(root, "app")), join(root, "db/demo.ts")];
  const chars = new Set(files.flatMap((file) => [...readFileSync(file, "utf8")].filter(isChinese)));
  return [...chars].sort((a, b) => a.codePointAt(0) - b.codePointAt(0));
}
