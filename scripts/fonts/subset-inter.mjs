// `npm run fonts:inter`: writes fontsource's Latin file of Inter as two smaller files and
// app/fonts/inter.css, fontsource's Inter faces with those two in place of its Latin one:
// - app/fonts/inter-latin-core-wght-400-700.woff2: letters, digits and the punctuation of prose,
//   which every English and Chinese page preloads (12.2 KiB);
// - app/fonts/inter-latin-rest-wght-400-700.woff2: the rest of fontsource's Latin range
//   (accented letters, code signs, other symbols), which a browser fetches only for a text that
//   uses them.
//
// Why: fontsource's Latin file keeps every OpenType feature (stylistic sets, character variants)
// and the whole weight axis (100-900): 47 KiB, fetched before the first paint. The site uses
// weights 400-700, kerning and ligatures (the rest keeps marks for combining accents). Inter's
// contextual alternates (`calt`: arrows from "->", punctuation raised between capitals) and
// tabular figures are left out. The core is the one file every page waits for before its
// largest paint: at 16 KiB it took a third round trip on a cold connection shared with the
// stylesheet and the hero image, at 12.2 KiB it takes two (docs/performance.md).
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import subsetFont from "subset-font";
import { codePointsOf, unicodeRangeOf } from "./unicode-range.mjs";

const root = new URL("../..", import.meta.url).pathname;
const require = createRequire(import.meta.url);
const source = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const coreTarget = join(root, "app/fonts/inter-latin-core-wght-400-700.woff2");
const restTarget = join(root, "app/fonts/inter-latin-rest-wght-400-700.woff2");
const cssTarget = join(root, "app/fonts/inter.css");

const css = readFileSync(require.resolve("@fontsource-variable/inter/wght.css"), "utf8");
const faces = css.split(/\n(?=\/\* )/);
const latinFace = faces.find((face) => face.startsWith("/* inter-latin-wght-normal */"));
if (!latinFace) throw new Error("fontsource's Latin face (inter-latin-wght-normal) was not found");
const latinRange = /unicode-range: ([^;]+);/.exec(latinFace)[1];
const span = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
// What prose in the site's three languages uses (Latin text on Chinese pages included): letters,
// digits, the space and the punctuation of sentences, addresses, phone numbers and emails
// (!"#$%&'()*+,-./:;?@), the no-break and other spaces of U+2000-200F, the soft hyphen and
// zero-width marks (so that no invisible character fetches the rest), dashes, curly quotes,
// bullet, ellipsis, middle dot, the copyright sign and "é" (Québec, Montréal, résumé).
// ASCII's code and markup signs (<=>[\]^_`{|}~), the other accented letters and signs such as
// ® ° ™ € go to the rest: each glyph costs ~80 bytes, and the core must arrive in the first
// round trips of a cold connection (docs/performance.md, "Lighthouse, 2026-11-25, later").
const CORE = new Set([
  ...span(0x00, 0x3b),
  0x3f,
  ...span(0x40, 0x5a),
  ...span(0x61, 0x7a),
  0x7f,
  0xa0, 0xa9, 0xad, 0xb7, 0xe9,
  ...span(0x2000, 0x200f),
  0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0xfeff,
]);
const latinCodes = codePointsOf(latinRange);
const coreCodes = latinCodes.filter((code) => CORE.has(code));
const restCodes = latinCodes.filter((code) => !CORE.has(code));
const sourceBytes = readFileSync(source);

const subset = (codes, keepFeatures) =>
  subsetFont(sourceBytes, String.fromCodePoint(...codes), {
    targetFormat: "woff2",
    keepFeatures,
    variationAxes: { wght: { min: 400, max: 700 } },
  });
const core = await subset(coreCodes, ["kern", "liga"]);
const rest = await subset(restCodes, ["kern", "liga", "ccmp", "locl", "mark", "mkmk"]);
writeFileSync(coreTarget, core);
writeFileSync(restTarget, rest);
// The subset is a modified version of Inter under the SIL Open Font License: the license goes with it.
copyFileSync(require.resolve("@fontsource-variable/inter/LICENSE"), join(root, "app/fonts/OFL-Inter.txt"));

// A browser downloads every face whose unicode-range meets the text, even where a later face
// covers the same code points, so fontsource's Latin face is replaced, not overridden. Its weight
// range stays 100 900: Chrome picks one weight range per family before looking at unicode-range,
// so a face with its own range is never used (the file clamps 100-300 to 400 and 900 to 800).
const latinFaceAs = (name, file, codes) =>
  latinFace
    .replace(/\/\* [^*]+ \*\//, `/* ${name} (subset by scripts/fonts/subset-inter.mjs) */`)
    .replace(/src: url\([^)]+\) format\('woff2-variations'\);/, `src: url(./${file}) format('woff2-variations');`)
    .replace(/unicode-range: [^;]+;/, `unicode-range: ${unicodeRangeOf(codes.map((code) => String.fromCodePoint(code)))};`);
const ourFaces = faces.flatMap((face) => {
  if (face !== latinFace) return [face.replaceAll("url(./files/", "url(@fontsource-variable/inter/files/")];
  return [
    latinFaceAs("inter-latin-core-wght-400-700", "inter-latin-core-wght-400-700.woff2", coreCodes),
    latinFaceAs("inter-latin-rest-wght-400-700", "inter-latin-rest-wght-400-700.woff2", restCodes),
  ];
});
writeFileSync(cssTarget, `/* Generated by \`npm run fonts:inter\` from @fontsource-variable/inter/wght.css. */\n${ourFaces.join("\n")}`);
console.log(`${relative(root, cssTarget)}: ${ourFaces.length} faces`);
console.log(`${relative(root, coreTarget)}: ${(core.length / 1024).toFixed(1)} KiB (${coreCodes.length} code points)`);
console.log(`${relative(root, restTarget)}: ${(rest.length / 1024).toFixed(1)} KiB (${restCodes.length} code points; fontsource's file: ${(sourceBytes.length / 1024).toFixed(0)} KiB)`);
