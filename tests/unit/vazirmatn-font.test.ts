import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import * as harfbuzz from "harfbuzzjs";
// @ts-expect-error: fontverter ships no type declarations
import fontverter from "fontverter";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module shared with the generator scripts
import { codePointsOf } from "../../scripts/fonts/unicode-range.mjs";

const require = createRequire(import.meta.url);
const root = new URL("../../", import.meta.url).pathname;
const ourCss = readFileSync(join(root, "app/fonts/vazirmatn.css"), "utf8");
const faces = ourCss.split("@font-face").slice(1);
const descriptor = (face: string, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1];
const persianFile = (weight: number) => readFileSync(join(root, `app/fonts/vazirmatn-persian-${weight}.woff2`));
const fontsourceFile = (weight: number) => readFileSync(require.resolve(`@fontsource/vazirmatn/files/vazirmatn-arabic-${weight}-normal.woff2`));
const fontsourceArabicRange = (weight: number): number[] => {
  const css = readFileSync(require.resolve(`@fontsource/vazirmatn/${weight}.css`), "utf8");
  const face = css.split("@font-face").find((f) => f.includes(`vazirmatn-arabic-${weight}-normal.woff2`))!;
  return codePointsOf(descriptor(face, "unicode-range")!);
};

/** Every Arabic-script character of the built-in texts, the components and the demo content. */
function arabicScriptInSources(): number[] {
  const files = readdirSync(join(root, "app"), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx)$/.test(name))
    .map((name) => join(root, "app", name))
    .concat(join(root, "db/demo.ts"));
  const codes = new Set(files.flatMap((file) => [...readFileSync(file, "utf8")].map((char) => char.codePointAt(0)!)));
  return [...codes].filter((code) => (code >= 0x600 && code <= 0x6ff) || (code >= 0xfb50 && code <= 0xfeff && code !== 0xfeff)).sort((a, b) => a - b);
}

async function sfntOf(woff2: Buffer): Promise<Uint8Array> {
  return fontverter.convert(woff2, "truetype");
}

/** Glyph advances and offsets of a text as harfbuzz shapes it, right to left, in Persian. */
async function shaped(woff2: Buffer, text: string) {
  const face = new harfbuzz.Face(new harfbuzz.Blob(await sfntOf(woff2)));
  const font = new harfbuzz.Font(face);
  const buffer = new harfbuzz.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  buffer.setLanguage("fa");
  harfbuzz.shape(font, buffer);
  // Copies: harfbuzz's results are views of its memory, which the next font may move.
  return buffer.getGlyphInfosAndPositions().map(({ cluster, xAdvance, xOffset, yOffset }) => ({ cluster, xAdvance, xOffset, yOffset }));
}

describe("Vazirmatn faces (npm run fonts:vazirmatn)", () => {
  it("split fontsource's Arabic range per weight into the Persian file and the rest, and declare no Latin face", () => {
    expect(faces.map((face) => descriptor(face, "font-weight"))).toEqual(["400", "400", "700", "700"]);
    for (const weight of [400, 700]) {
      const [persian, rest] = faces.filter((face) => descriptor(face, "font-weight") === String(weight));
      expect(descriptor(persian, "src")).toContain(`./vazirmatn-persian-${weight}.woff2`);
      expect(descriptor(rest, "src")).toContain(`@fontsource/vazirmatn/files/vazirmatn-arabic-${weight}-normal.woff2`);
      for (const face of [persian, rest]) {
        expect(descriptor(face, "font-family")).toBe("'Vazirmatn'");
        expect(descriptor(face, "font-display")).toBe("swap");
      }
      const persianCodes: number[] = codePointsOf(descriptor(persian, "unicode-range")!);
      const restCodes: number[] = codePointsOf(descriptor(rest, "unicode-range")!);
      expect(restCodes.filter((code) => persianCodes.includes(code))).toEqual([]);
      // Between them all of fontsource's Arabic range; besides it only the spaces.
      const arabic = fontsourceArabicRange(weight);
      expect(arabic.filter((code) => !persianCodes.includes(code) && !restCodes.includes(code))).toEqual([]);
      expect(persianCodes.filter((code) => !arabic.includes(code))).toEqual([0x20, 0xa0]);
    }
    expect(ourCss).not.toMatch(/latin/);
  });

  it("hold every Arabic-script character of the built-in texts and demo content in the Persian files", async () => {
    const used = arabicScriptInSources();
    expect(used.length).toBeGreaterThan(30);
    for (const weight of [400, 700]) {
      const declared: number[] = codePointsOf(descriptor(faces.find((face) => face.includes(`vazirmatn-persian-${weight}.woff2`))!, "unicode-range")!);
      const face = new harfbuzz.Face(new harfbuzz.Blob(await sfntOf(persianFile(weight))));
      const inFile = new Set(Array.from(face.collectUnicodes()));
      expect(used.filter((code) => !declared.includes(code)).map((code) => code.toString(16)), `declared ${weight}`).toEqual([]);
      expect(declared.filter((code) => !inFile.has(code)).map((code) => code.toString(16)), `in the file ${weight}`).toEqual([]);
      expect(persianFile(weight).length).toBeLessThan(fontsourceFile(weight).length * 0.7);
      // Like Inter's core (tests/unit/inter-font.test.ts): two cold round trips in Lighthouse's simulation.
      expect(persianFile(weight).length, `${weight}`).toBeLessThanOrEqual(12_700);
    }
  });

  it("shape Farsi exactly as fontsource's files do (joining forms, marks, the zero-width non-joiner)", async () => {
    const sample = "مشاوره حقوقی رایگان: می‌خواهیم پرونده‌ی شما را بشنویم؛ ۱۲۳۴ گزینه، چگونه؟ ژاله «وکیل»";
    for (const weight of [400, 700]) {
      const ours = await shaped(persianFile(weight), sample);
      const theirs = await shaped(fontsourceFile(weight), sample);
      expect(ours.length).toBeGreaterThan(40);
      expect(ours).toEqual(theirs);
    }
  });
});
