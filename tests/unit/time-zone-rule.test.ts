/**
 * `npm run lint` refuses a time zone written outside the firm clock (decision 0083): a zone
 * name, a `timeZone` option other than "UTC", a time-zone library. A deliberately wrong file
 * shows each refusal; the firm clock's own files and a UTC formatter pass.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function refusals(file: string, code: string): Promise<Array<{ line: number; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "firm-clock/no-time-zone").map(({ line, message }) => ({ line, message }));
}

// The first lint loads the whole configuration (typescript-eslint): seconds on a busy machine.
describe("the lint rule firm-clock/no-time-zone", { timeout: 60_000 }, () => {
  it("refuses every time zone in a deliberately wrong file", async () => {
    const wrong = readFileSync(path.join(root, "tests/fixtures/wrong-time-zone.ts.txt"), "utf8");
    const found = await refusals("app/booking/wrong.ts", wrong);
    const lines = (pattern: RegExp) => found.filter((f) => pattern.test(f.message)).map((f) => f.line);
    // The two libraries (imports), the names (lines 6, 8, 9, 10, 11), and the three timeZone options.
    expect(lines(/only in the firm clock/)).toEqual([6, 8, 9, 10, 11]);
    expect(lines(/Time-zone rules come from the firm clock alone/)).toEqual([3, 4]);
    expect(lines(/No `timeZone` option but "UTC"/)).toEqual([7, 8, 9]);
    expect(found.every((f) => f.message.includes("firm"))).toBe(true);
  });

  it("refuses them in the browser's code and in scripts and tests alike", async () => {
    expect(await refusals("app/booking/booking-page.ts", 'const f = new Intl.DateTimeFormat("fa", { timeZone: "America/Vancouver" });\n')).toHaveLength(2);
    expect(await refusals("scripts/bench/x.mjs", 'export const z = "Asia/Shanghai";\n')).toHaveLength(1);
    expect(await refusals("tests/e2e/x.test.ts", 'export const z = "America/Vancouver";\n')).toHaveLength(1);
  });

  it("lets the firm clock's own files name the zone and read the library, and anyone format in UTC", async () => {
    expect(await refusals("core/firm-time.ts", 'export const FIRM_ZONE = "America/Vancouver";\n')).toEqual([]);
    expect(await refusals("core/firm-clock.server.ts", 'import moment from "moment-timezone";\nexport const m = moment;\n')).toEqual([]);
    expect(await refusals("app/blog/dates.ts", 'export const f = new Intl.DateTimeFormat("en", { timeZone: "UTC", dateStyle: "long" });\n')).toEqual([]);
    expect(await refusals("app/x.ts", 'export const words = "Vancouver time and/or UTC";\nexport const path = "blog/posts";\n')).toEqual([]);
  });

});
