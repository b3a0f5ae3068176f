import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NOTO_SANS_SC_SUBSET_CHARS } from "~/fonts/noto-sans-sc-subset-chars.server";
import { chineseSubsetSheet, needsSlicedChineseFont, withSlicedChineseFont } from "~/fonts/chinese-fonts.server";
// @ts-expect-error: a plain JavaScript module shared with the generator script
import { chineseCharsInSources } from "../../scripts/fonts/chinese-chars.mjs";
// @ts-expect-error: a plain JavaScript module shared with the generator scripts
import { codePointsOf } from "../../scripts/fonts/unicode-range.mjs";

const fontsDir = new URL("../../app/fonts/", import.meta.url);
const subsetCss = readFileSync(new URL("noto-sans-sc-subset.css", fontsDir), "utf8");

/** "U+4E00-4E02, U+4E07" -> the characters it names. */
const charsOfRange = (range: string): string[] => (codePointsOf(range) as number[]).map((code) => String.fromCodePoint(code));

describe("Chinese font subset", () => {
  it("holds every Chinese character of the built-in texts, components and demo content", () => {
    const held = new Set(NOTO_SANS_SC_SUBSET_CHARS);
    const missing = (chineseCharsInSources() as string[]).filter((char) => !held.has(char));
    // A new default text with new characters still renders (from the slices), but costs requests:
    // regenerate with `npm install --no-save @expo-google-fonts/noto-sans-sc@0.4.3 && npm run fonts:chinese`.
    expect(missing.join("")).toBe("");
  });

  it("declares 400 and 700 faces of Noto Sans SC, each one woff2 file, for exactly those characters", () => {
    const faces = subsetCss.split("@font-face").slice(1);
    expect(faces.map((face) => /font-weight:\s*(\d+)/.exec(face)?.[1])).toEqual(["400", "700"]);
    for (const face of faces) {
      expect(face).toMatch(/font-family:\s*"Noto Sans SC"/);
      expect(face).toMatch(/font-display:\s*swap/);
      const range = /unicode-range:\s*([^;]+);/.exec(face)![1];
      expect(charsOfRange(range).join("")).toBe(NOTO_SANS_SC_SUBSET_CHARS);
      // The same typeface installed (Android, most Linux desktops) is used first, without a download.
      const sources = /src:\s*([^;]+);/.exec(face)![1];
      expect(sources).toMatch(/^local\("Noto Sans CJK SC( Bold)?"\), /);
      expect(sources.indexOf("local(")).toBeLessThan(sources.indexOf("url("));
      const file = /url\("\.\/([^"]+\.woff2)"\)/.exec(face)![1];
      const bytes = readFileSync(new URL(file, fontsDir));
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("wOF2");
      // One request per weight, small enough for a phone: the slices it replaces were ~1 MB a page.
      expect(statSync(new URL(file, fontsDir)).size).toBeLessThan(200 * 1024);
    }
  });

  it("tells which texts need characters outside the subset", () => {
    expect(needsSlicedChineseFont("海岸律师事务所 Coastline 2026")).toBe(false);
    expect(needsSlicedChineseFont("English only, and فارسی")).toBe(false);
    expect(needsSlicedChineseFont("海岸龘")).toBe(true);
  });

  it("links the slice sheets before the subset sheet only in documents that need them", () => {
    const document = (body: string) =>
      `<html><head><link rel="stylesheet" href="${chineseSubsetSheet}" data-precedence="fonts"/><link rel="stylesheet" href="/assets/root.css"/></head><body>${body}</body></html>`;
    const plain = document("<h1>海岸律师事务所</h1>");
    expect(withSlicedChineseFont(plain)).toBe(plain);

    const rare = withSlicedChineseFont(document("<h1>龘</h1>"));
    const sheets = [...rare.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(sheets).toHaveLength(4);
    expect(sheets[0]).toMatch(/noto-sans-sc\/400\.css|\/400-[\w-]+\.css/);
    expect(sheets[1]).toMatch(/noto-sans-sc\/700\.css|\/700-[\w-]+\.css/);
    expect(sheets.slice(2)).toEqual([chineseSubsetSheet, "/assets/root.css"]);

    // Pages in other languages never link the Chinese subset, so nothing is added to them.
    const english = "<html><head></head><body>龘</body></html>";
    expect(withSlicedChineseFont(english)).toBe(english);
  });
});
