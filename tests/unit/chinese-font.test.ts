import { readFileSync, statSync } from "node:fs";
import * as harfbuzz from "harfbuzzjs";
// @ts-expect-error: fontverter ships no type declarations
import fontverter from "fontverter";
import { describe, expect, it } from "vitest";
import { defaultTexts } from "~/i18n/defaults";
import { isChinese } from "~/fonts/chinese-chars";
import { NOTO_SANS_SC_SUBSET_CHARS } from "~/fonts/noto-sans-sc-subset-chars.server";
import {
  CACHED_FONT_KEY,
  chineseSlicesSheet,
  chineseSubsetSheet,
  needsSlicedChineseFont,
  withSlicedChineseFont,
} from "~/document/chinese-font-slices.server";
// @ts-expect-error: a plain JavaScript module shared with the generator script
import { chineseCharsInSources } from "../../scripts/fonts/chinese-chars.mjs";
// @ts-expect-error: a plain JavaScript module shared with the generator scripts
import { codePointsOf } from "../../scripts/fonts/unicode-range.mjs";
// @ts-expect-error: a plain JavaScript module, the generator of the slices' sheet
import { chineseSlicesCss } from "../../scripts/fonts/chinese-slices.mjs";
// @ts-expect-error: a plain JavaScript module, the generator of "CJK Box"
import { CJK_BOX_RANGES, cjkBoxFont } from "../../scripts/fonts/cjk-box.mjs";

const fontsDir = new URL("../../app/fonts/", import.meta.url);
const subsetCss = readFileSync(new URL("noto-sans-sc-subset.css", fontsDir), "utf8");
const slicesCss = readFileSync(new URL("noto-sans-sc-slices.css", fontsDir), "utf8");

/** "U+4E00-4E02, U+4E07" -> the characters it names. */
const charsOfRange = (range: string): string[] => (codePointsOf(range) as number[]).map((code) => String.fromCodePoint(code));

describe("Chinese font subset", () => {
  it("reads unicode ranges as written by hand and by a minifier", () => {
    expect(codePointsOf("U+4E00-4E02, U+4E07")).toEqual([0x4e00, 0x4e01, 0x4e02, 0x4e07]);
    expect(codePointsOf("U+9FF?")).toEqual(Array.from({ length: 16 }, (_, i) => 0x9ff0 + i));
  });

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
      // Swapped in when it arrives after the first paint: no box stays on screen (decision 0085).
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

  it("has a glyph in both weights' files for every Chinese character of every built-in Chinese text", async () => {
    // The CSS range says which characters the face claims; the files must really draw them, or a
    // text (the contact form's toast, a booking page's label) shows boxes or nothing.
    const wanted = new Set<string>();
    for (const entry of defaultTexts.values()) for (const char of entry.zh) if (isChinese(char)) wanted.add(char);
    expect(wanted.size).toBeGreaterThan(500);
    for (const weight of ["400", "700"]) {
      const sfnt = await fontverter.convert(readFileSync(new URL(`noto-sans-sc-subset-${weight}.woff2`, fontsDir)), "truetype");
      // Copied out at once: harfbuzz's results are views of its memory, which the next font may move.
      const drawn = new Set(Array.from(new harfbuzz.Face(new harfbuzz.Blob(sfnt)).collectUnicodes()));
      const missing = [...wanted].filter((char) => !drawn.has(char.codePointAt(0)!));
      expect(missing.join(""), weight).toBe("");
    }
  });

  it("ends the Chinese stack with \"CJK Box\": every built-in Chinese character blank, one em wide, as tall as Noto Sans SC", async () => {
    const appCss = readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");
    expect(/--font-zh:[^;]*, sans-serif, "CJK Box";/.test(appCss)).toBe(true);
    const face = /@font-face\s*\{\s*font-family: "CJK Box";([^}]*)\}/.exec(appCss)![1];
    expect(face).toMatch(/src: url\("\.\/fonts\/cjk-box\.woff2"\) format\("woff2"\);/);
    const range = (codePointsOf(/unicode-range:\s*([^;]+);/.exec(face)![1]) as number[]).length;
    expect(range).toBe((CJK_BOX_RANGES as [number, number][]).reduce((sum, [start, end]) => sum + end - start + 1, 0));
    // The committed file is what the generator makes (from the subset's metrics).
    const file = readFileSync(new URL("cjk-box.woff2", fontsDir));
    expect(Buffer.compare(file, await cjkBoxFont())).toBe(0);
    // Its cmap (format 13: ranges, each to one glyph), read from the file.
    const ttfOf = async (woff2: Buffer): Promise<Buffer> => fontverter.convert(woff2, "truetype");
    const tableAt = (ttf: Buffer, tag: string) => {
      for (let i = 0; i < ttf.readUInt16BE(4); i++) if (ttf.toString("latin1", 12 + i * 16, 16 + i * 16) === tag) return ttf.readUInt32BE(20 + i * 16);
      throw new Error(tag);
    };
    const ttf = await ttfOf(file);
    const cmap = tableAt(ttf, "cmap");
    const sub = cmap + ttf.readUInt32BE(cmap + 8);
    expect(ttf.readUInt16BE(sub)).toBe(13);
    const groups = Array.from({ length: ttf.readUInt32BE(sub + 12) }, (_, i) => [0, 4, 8].map((o) => ttf.readUInt32BE(sub + 16 + i * 12 + o)));
    const glyphOf = (code: number) => groups.find(([start, end]) => code >= start && code <= end)?.[2];
    expect([...NOTO_SANS_SC_SUBSET_CHARS].filter((char) => glyphOf(char.codePointAt(0)!) !== 1)).toEqual([]);
    expect(glyphOf(0x41)).toBeUndefined();
    // The same advance (1 em) as Noto Sans SC's ideographs, and the same line (hhea ascender, descender, gap).
    const noto = await ttfOf(readFileSync(new URL("noto-sans-sc-subset-400.woff2", fontsDir)));
    const metrics = (font: Buffer) => {
      const upem = font.readUInt16BE(tableAt(font, "head") + 18);
      const hhea = tableAt(font, "hhea");
      return { upem, line: [4, 6, 8].map((o) => font.readInt16BE(hhea + o) / upem) };
    };
    expect(metrics(ttf).line).toEqual(metrics(noto).line);
    const advance = (font: Buffer, text: string) => {
      const buffer = new harfbuzz.Buffer();
      buffer.addText(text);
      buffer.guessSegmentProperties();
      harfbuzz.shape(new harfbuzz.Font(new harfbuzz.Face(new harfbuzz.Blob(font))), buffer);
      return buffer.getGlyphPositions().reduce((sum, position) => sum + position.xAdvance, 0) / metrics(font).upem;
    };
    expect(advance(noto, "的律师事务所")).toBe(6);
    expect(advance(ttf, "的律师事务所")).toBe(6);
    // Chinese pages preload it, so it is there for the first layout.
    const html = withSlicedChineseFont(`<!DOCTYPE html><html lang="zh"><head></head><body><h1>海岸</h1></body></html>`, "zh", "n0nce");
    expect(html).toMatch(/<link rel="preload" as="font" type="font\/woff2" crossorigin="anonymous" href="[^"]*cjk-box[^"]*"\/>/);
  });

  it("tells which texts need characters outside the subset", () => {
    expect(needsSlicedChineseFont("海岸律师事务所 Coastline 2026")).toBe(false);
    expect(needsSlicedChineseFont("English only, and فارسی")).toBe(false);
    expect(needsSlicedChineseFont("海岸龘")).toBe(true);
  });

  it("names Noto Sans SC's sheets for after the first paint in Chinese documents, the slices only where needed", () => {
    const document = (body: string, lang = "zh") =>
      `<!DOCTYPE html><html lang="${lang}" dir="ltr"><head><link rel="stylesheet" href="/assets/root.css"/></head><body>${body}</body></html>`;
    const laterSheets = (html: string) => [...html.matchAll(/<meta name="font-sheet" content="([^"]+)"\/>/g)].map((m) => m[1]);
    const renderBlocking = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);

    const plain = withSlicedChineseFont(document("<h1>海岸律师事务所</h1>"), "zh", "n0nce");
    expect(laterSheets(plain)).toEqual([chineseSubsetSheet]);
    expect(renderBlocking(plain)).toEqual(["/assets/root.css"]);

    const rare = withSlicedChineseFont(document("<h1>龘</h1>"), "zh", "n0nce");
    expect(laterSheets(rare)).toEqual([chineseSubsetSheet, chineseSlicesSheet]);
    expect(renderBlocking(rare)).toEqual(["/assets/root.css"]);

    // Pages in other languages set no text in Noto Sans SC, so nothing is added to them.
    for (const lang of ["en", "fa"] as const) {
      const other = document("<p>龘</p>", lang);
      expect(withSlicedChineseFont(other, lang, "n0nce")).toBe(other);
    }
  });

  it("gives Chinese documents a head script, with the page's nonce, that adds the cached font's sheets before the first paint", () => {
    const html = withSlicedChineseFont(`<!DOCTYPE html><html lang="zh"><head></head><body><h1>海岸</h1></body></html>`, "zh", "n0nce");
    const head = html.slice(0, html.indexOf("</head>"));
    const script = /<script nonce="n0nce">([^<]+)<\/script>$/.exec(head)?.[1];
    expect(script).toBeDefined();
    // It reads the key the page script writes once both weights are downloaded.
    expect(script).toContain(JSON.stringify(CACHED_FONT_KEY));
    expect(readFileSync(new URL("../../app/document/page-script.ts", import.meta.url), "utf8")).toContain(`localStorage.setItem("${CACHED_FONT_KEY}"`);
    // After the meta tags it reads, and preloading exactly the subset's two files.
    expect(head.indexOf("<script nonce")).toBeGreaterThan(head.lastIndexOf('<meta name="font-sheet"'));
    expect([...script!.matchAll(/"(\/[^"]+\.woff2)"/g)].map((m) => m[1].replace(/-[\w-]{8}\.woff2$/, ""))).toEqual([
      expect.stringMatching(/noto-sans-sc-subset-400/),
      expect.stringMatching(/noto-sans-sc-subset-700/),
    ]);
  });

  it("has slices that hold every character of fontsource's, except the subset's, each tried on the device first", () => {
    const facesOf = (css: string) =>
      [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, face]) => ({
        weight: /font-weight:\s*(\d+)/.exec(face)![1],
        codes: codePointsOf(/unicode-range:\s*([^;]+);/.exec(face)![1]) as number[],
        src: /src:\s*([^;]+);/.exec(face)![1],
      }));
    const ours = facesOf(slicesCss);
    const subset = new Set([...NOTO_SANS_SC_SUBSET_CHARS].map((char) => char.codePointAt(0)));
    for (const weight of ["400", "700"]) {
      const fontsource = facesOf(readFileSync(new URL(`../../node_modules/@fontsource/noto-sans-sc/${weight}.css`, import.meta.url), "utf8"));
      const theirs = new Set(fontsource.flatMap((face) => face.codes));
      const mine = ours.filter((face) => face.weight === weight).flatMap((face) => face.codes);
      // Nothing the subset holds: a browser would download a slice for it (it fetches every face that meets the text).
      expect(mine.filter((code) => subset.has(code))).toEqual([]);
      expect(new Set(mine)).toEqual(new Set([...theirs].filter((code) => !subset.has(code))));
    }
    expect(ours.length).toBeGreaterThan(150);
    for (const face of ours) {
      expect(face.src).toMatch(/^local\("Noto Sans CJK SC( Bold)?"\), /);
      expect(face.src).toMatch(/url\("@fontsource\/noto-sans-sc\/files\/noto-sans-sc-[\w-]+-(400|700)-normal\.woff2"\) format\("woff2"\)$/);
    }
    // The file is what the generator writes for the current subset and fontsource version.
    expect(slicesCss).toBe(chineseSlicesCss(NOTO_SANS_SC_SUBSET_CHARS));
  });
});
