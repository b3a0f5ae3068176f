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
const coreFile = new URL("../../app/fonts/inter-latin-core-wght-400-700.woff2", import.meta.url);
const restFile = new URL("../../app/fonts/inter-latin-rest-wght-400-700.woff2", import.meta.url);

const faces = (css: string) => css.split("@font-face").slice(1);
const descriptor = (face: string, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1];

async function unicodesOf(woff2: Buffer): Promise<Set<number>> {
  const sfnt = await fontverter.convert(woff2, "truetype");
  return new Set(Array.from(new harfbuzz.Face(new harfbuzz.Blob(sfnt)).collectUnicodes()));
}

describe("Inter faces (npm run fonts:inter)", () => {
  it("are fontsource's faces, with two smaller files in place of the Latin one", () => {
    const ours = faces(interCss);
    const theirs = faces(fontsourceCss);
    const theirLatin = theirs.find((face) => face.includes("inter-latin-wght-normal.woff2"))!;
    const ourLatin = ours.filter((face) => /inter-latin-(core|rest)-wght-400-700\.woff2/.test(face));
    expect(ourLatin).toHaveLength(2);
    // The other faces as they were, in the same order.
    expect(ours.filter((face) => !ourLatin.includes(face))).toHaveLength(theirs.length - 1);
    ours
      .filter((face) => !ourLatin.includes(face))
      .forEach((face, i) => {
        const theirFace = theirs.filter((f) => f !== theirLatin)[i];
        for (const name of ["font-family", "font-style", "font-display", "font-weight", "unicode-range"]) {
          expect(descriptor(face, name), name).toBe(descriptor(theirFace, name));
        }
      });
    // The two Latin faces: same family and weight range (Chrome matches one weight range per
    // family), and between them exactly fontsource's code points, none twice.
    for (const face of ourLatin) {
      for (const name of ["font-family", "font-style", "font-display", "font-weight"]) expect(descriptor(face, name), name).toBe(descriptor(theirLatin, name));
    }
    const [core, rest] = ourLatin.map((face) => codePointsOf(descriptor(face, "unicode-range")!) as number[]);
    expect(core.filter((code) => rest.includes(code))).toEqual([]);
    expect([...core, ...rest].sort((a, b) => a - b)).toEqual((codePointsOf(descriptor(theirLatin, "unicode-range")!) as number[]).sort((a, b) => a - b));
    // The preloaded core holds letters, digits and the punctuation of prose; code signs go to the rest.
    for (const char of "Aa0 ,.?!@#%&*+/:;()'\"©–—‘’“”…·Québec Montréal") expect(core, char).toContain(char.codePointAt(0));
    for (const char of "<=>[]{}|~^_`®°™€çÉ") expect(rest, char).toContain(char.codePointAt(0));
    expect(interCss).not.toContain("inter-latin-wght-normal");
  });

  it("keep every code point of fontsource's Latin file, in two files smaller than it, the preloaded one within two cold round trips", async () => {
    const source = readFileSync(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
    // One at a time: harfbuzz's results are views of its memory, which the next font may move.
    const inSource = await unicodesOf(source);
    for (const [file, name] of [
      [coreFile, "core"],
      [restFile, "rest"],
    ] as const) {
      const face = faces(interCss).find((f) => f.includes(`inter-latin-${name}-wght-400-700.woff2`))!;
      const range: number[] = codePointsOf(descriptor(face, "unicode-range")!);
      const subset = readFileSync(file);
      const inSubset = await unicodesOf(subset);
      const expected = range.filter((code) => inSource.has(code));
      expect(expected.length, name).toBeGreaterThan(90);
      expect(expected.filter((code) => !inSubset.has(code)), name).toEqual([]);
      expect(subset.length, name).toBeLessThan(source.length / 2);
    }
    // Lighthouse's mobile simulation gives the core, beside the stylesheet and the hero image on
    // a cold connection, ~8.7 KB per round trip: 12.7 KB with its ~0.4 KB of headers takes two,
    // the former 16.5 KB took three (docs/performance.md, "Lighthouse, 2026-11-25, later").
    expect(readFileSync(coreFile).length).toBeLessThanOrEqual(12_700);
  });
});
