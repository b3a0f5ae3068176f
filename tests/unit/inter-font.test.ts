import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as harfbuzz from "harfbuzzjs";
// @ts-expect-error: fontverter ships no type declarations
import fontverter from "fontverter";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module shared with the generator scripts
import { codePointsOf } from "../../scripts/fonts/unicode-range.mjs";

const require = createRequire(import.meta.url);
const interCss = readFileSync(new URL("../../app/fonts/inter.css", import.meta.url), "utf8");
const fontsourceCss = readFileSync(require.resolve("@fontsource-variable/inter/wght.css"), "utf8");
const subsetFile = new URL("../../app/fonts/inter-latin-wght-400-800.woff2", import.meta.url);

const faces = (css: string) => css.split("@font-face").slice(1);
const descriptor = (face: string, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1];

async function unicodesOf(woff2: Buffer): Promise<Set<number>> {
  const sfnt = await fontverter.convert(woff2, "truetype");
  return new Set(Array.from(new harfbuzz.Face(new harfbuzz.Blob(sfnt)).collectUnicodes()));
}

describe("Inter faces (npm run fonts:inter)", () => {
  it("are fontsource's faces, with the smaller file in place of the Latin one", () => {
    const ours = faces(interCss);
    const theirs = faces(fontsourceCss);
    expect(ours).toHaveLength(theirs.length);
    ours.forEach((face, i) => {
      // Same family, weight range (Chrome matches one weight range per family) and code points.
      for (const name of ["font-family", "font-style", "font-display", "font-weight", "unicode-range"]) {
        expect(descriptor(face, name), name).toBe(descriptor(theirs[i], name));
      }
    });
    const latin = ours.filter((face) => face.includes("inter-latin-wght-400-800.woff2"));
    expect(latin).toHaveLength(1);
    expect(descriptor(latin[0], "unicode-range")).toMatch(/^U\+0000-00FF,/);
    expect(interCss).not.toContain("inter-latin-wght-normal");
  });

  it("keep every code point of fontsource's Latin file in the smaller one, which is much smaller", async () => {
    const source = readFileSync(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
    const subset = readFileSync(subsetFile);
    const range: number[] = codePointsOf(descriptor(faces(interCss).find((face) => face.includes("inter-latin-wght-400-800.woff2"))!, "unicode-range")!);
    // One at a time: harfbuzz's results are views of its memory, which the next font may move.
    const inSource = await unicodesOf(source);
    const inSubset = await unicodesOf(subset);
    const expected = range.filter((code) => inSource.has(code));
    expect(expected.length).toBeGreaterThan(200);
    expect(expected.filter((code) => !inSubset.has(code))).toEqual([]);
    expect(subset.length).toBeLessThan(source.length * 0.7);
  });
});
