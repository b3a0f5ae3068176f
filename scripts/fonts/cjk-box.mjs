// `npm run fonts:cjk-box`: writes app/fonts/cjk-box.woff2, "CJK Box", a font of one empty glyph one
// em wide for every Chinese character (decision 0085). It is the last family of the Chinese
// pages' stack: on a device without a Chinese font, the first paint (before Noto Sans SC has
// arrived) sets Chinese text in it, blank and exactly as wide and as tall as Noto Sans SC's
// glyphs, so when the web font swaps in no line is rewrapped (the shift stays near 0) and no box
// or empty .notdef is ever shown. Its vertical metrics are copied from Noto Sans SC's subset.
import { readFileSync, writeFileSync } from "node:fs";
import fontverter from "fontverter";

const root = new URL("../../", import.meta.url);

/** The ranges mapped, each to the one blank glyph: all full-width in Noto Sans SC. */
export const CJK_BOX_RANGES = [
  [0x2e80, 0x9fff], // radicals, CJK punctuation, kana, bopomofo, enclosed, Ext. A, unified ideographs
  [0xf900, 0xfaff], // compatibility ideographs
  [0xfe30, 0xfe4f], // compatibility forms
  [0xff01, 0xff60], // full-width forms (，：；！？（）)
  [0xffe0, 0xffe6], // full-width signs
];

const UNITS = 1000;

/** Noto Sans SC's vertical metrics (hhea and OS/2), so a line is as tall before the swap as after. */
async function notoMetrics() {
  const sfnt = await fontverter.convert(readFileSync(new URL("app/fonts/noto-sans-sc-subset-400.woff2", root)), "truetype");
  const tables = new Map();
  for (let i = 0, n = sfnt.readUInt16BE(4); i < n; i++) {
    const at = 12 + i * 16;
    tables.set(sfnt.toString("latin1", at, at + 4), sfnt.readUInt32BE(at + 8));
  }
  const head = tables.get("head"), hhea = tables.get("hhea"), os2 = tables.get("OS/2");
  const scale = UNITS / sfnt.readUInt16BE(head + 18);
  const s16 = (at) => Math.round(sfnt.readInt16BE(at) * scale);
  const u16 = (at) => Math.round(sfnt.readUInt16BE(at) * scale);
  return {
    ascender: s16(hhea + 4), descender: s16(hhea + 6), lineGap: s16(hhea + 8),
    typoAscender: s16(os2 + 68), typoDescender: s16(os2 + 70), typoLineGap: s16(os2 + 72),
    winAscent: u16(os2 + 74), winDescent: u16(os2 + 76), fsSelection: sfnt.readUInt16BE(os2 + 62) & 0x0080,
  };
}

const be = (size, write) => {
  const buffer = Buffer.alloc(size);
  write(buffer);
  return buffer;
};

function cmapTable() {
  // Format 13 (3,10), "many-to-one range mappings", as Apple's Last Resort font: every character
  // of a range maps to the one glyph, so the table is 12 bytes per range.
  const groups = CJK_BOX_RANGES;
  const length = 16 + groups.length * 12;
  const table = Buffer.alloc(12 + length);
  table.writeUInt16BE(0, 0); // version
  table.writeUInt16BE(1, 2); // one encoding record
  table.writeUInt16BE(3, 4); // Windows
  table.writeUInt16BE(10, 6); // Unicode full repertoire
  table.writeUInt32BE(12, 8);
  table.writeUInt16BE(13, 12);
  table.writeUInt32BE(length, 16);
  table.writeUInt32BE(groups.length, 24);
  groups.forEach(([start, end], i) => {
    table.writeUInt32BE(start, 28 + i * 12);
    table.writeUInt32BE(end, 32 + i * 12);
    table.writeUInt32BE(1, 36 + i * 12);
  });
  return table;
}

function sfnt(tables) {
  const tags = Object.keys(tables).sort();
  const n = tags.length;
  const searchRange = 16 * 2 ** Math.floor(Math.log2(n));
  let offset = 12 + n * 16;
  const header = Buffer.alloc(offset);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(n, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(Math.log2(searchRange / 16), 8);
  header.writeUInt16BE(n * 16 - searchRange, 10);
  const bodies = [];
  const checksum = (buffer) => {
    const padded = Buffer.concat([buffer, Buffer.alloc((4 - (buffer.length % 4)) % 4)]);
    let sum = 0;
    for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
    return { padded, sum };
  };
  tags.forEach((tag, i) => {
    const { padded, sum } = checksum(tables[tag]);
    header.write(tag, 12 + i * 16, "latin1");
    header.writeUInt32BE(sum, 12 + i * 16 + 4);
    header.writeUInt32BE(offset, 12 + i * 16 + 8);
    header.writeUInt32BE(tables[tag].length, 12 + i * 16 + 12);
    bodies.push(padded);
    offset += padded.length;
  });
  const font = Buffer.concat([header, ...bodies]);
  const headAt = header.readUInt32BE(12 + tags.indexOf("head") * 16 + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font).sum) >>> 0, headAt + 8);
  return font;
}

function nameTable(names) {
  const records = Object.entries(names).map(([id, value]) => ({ id: Number(id), bytes: Buffer.from(value, "utf16le").swap16() }));
  const header = Buffer.alloc(6 + records.length * 12);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(records.length, 2);
  header.writeUInt16BE(header.length, 4);
  let offset = 0;
  records.forEach((record, i) => {
    const at = 6 + i * 12;
    header.writeUInt16BE(3, at);
    header.writeUInt16BE(1, at + 2);
    header.writeUInt16BE(0x409, at + 4);
    header.writeUInt16BE(record.id, at + 6);
    header.writeUInt16BE(record.bytes.length, at + 8);
    header.writeUInt16BE(offset, at + 10);
    offset += record.bytes.length;
  });
  return Buffer.concat([header, ...records.map((record) => record.bytes)]);
}

export async function cjkBoxFont() {
  const m = await notoMetrics();
  // Glyph 0 (.notdef) a plain rectangle, glyph 1 (every mapped character) empty: 1 em wide.
  const notdef = be(36, (b) => {
    b.writeInt16BE(1, 0);
    [100, 0, 900, 800].forEach((v, i) => b.writeInt16BE(v, 2 + i * 2));
    b.writeUInt16BE(3, 10); // last point of the one contour
    b.writeUInt16BE(0, 12); // no instructions
    b.fill(0x01, 14, 18); // four on-curve points, x and y as int16
    [100, 0, 800, 0].forEach((v, i) => b.writeInt16BE(v, 18 + i * 2));
    [0, 800, 0, -800].forEach((v, i) => b.writeInt16BE(v, 26 + i * 2));
  });
  const tables = {
    head: be(54, (b) => {
      b.writeUInt32BE(0x00010000, 0);
      b.writeUInt32BE(0x00010000, 4);
      b.writeUInt32BE(0x5f0f3cf5, 12);
      b.writeUInt16BE(0x000b, 16);
      b.writeUInt16BE(UNITS, 18);
      [100, 0, 900, 800].forEach((v, i) => b.writeInt16BE(v, 36 + i * 2));
      b.writeUInt16BE(8, 46);
      b.writeInt16BE(2, 48);
      b.writeInt16BE(0, 50); // short loca
    }),
    hhea: be(36, (b) => {
      b.writeUInt32BE(0x00010000, 0);
      b.writeInt16BE(m.ascender, 4);
      b.writeInt16BE(m.descender, 6);
      b.writeInt16BE(m.lineGap, 8);
      b.writeUInt16BE(UNITS, 10);
      b.writeInt16BE(900, 16); // xMaxExtent
      b.writeInt16BE(1, 18); // caret slope rise
      b.writeUInt16BE(1, 34); // numberOfHMetrics: every glyph 1 em
    }),
    maxp: be(32, (b) => {
      b.writeUInt32BE(0x00010000, 0);
      b.writeUInt16BE(2, 4);
      b.writeUInt16BE(4, 6);
      b.writeUInt16BE(1, 8);
      b.writeUInt16BE(2, 14); // maxZones
    }),
    "OS/2": be(96, (b) => {
      b.writeUInt16BE(4, 0);
      b.writeInt16BE(UNITS, 2);
      b.writeUInt16BE(400, 4);
      b.writeUInt16BE(5, 6);
      b.writeUInt32BE(1 << 17, 50); // ulUnicodeRange2: CJK unified ideographs (bit 59)
      b.write("NONE", 58, "latin1");
      b.writeUInt16BE(0x0040 | m.fsSelection, 62);
      b.writeUInt16BE(0x2e80, 64);
      b.writeUInt16BE(0xffff, 66);
      b.writeInt16BE(m.typoAscender, 68);
      b.writeInt16BE(m.typoDescender, 70);
      b.writeInt16BE(m.typoLineGap, 72);
      b.writeUInt16BE(m.winAscent, 74);
      b.writeUInt16BE(m.winDescent, 76);
      b.writeUInt32BE(1 << 18, 78); // code page 936, simplified Chinese
      b.writeUInt16BE(32, 92); // usBreakChar
    }),
    hmtx: be(6, (b) => b.writeUInt16BE(UNITS, 0)),
    loca: be(6, (b) => [0, 18, 18].forEach((v, i) => b.writeUInt16BE(v, i * 2))),
    glyf: notdef,
    cmap: cmapTable(),
    name: nameTable({ 1: "CJK Box", 2: "Regular", 4: "CJK Box", 6: "CJKBox-Regular" }),
    post: be(32, (b) => {
      b.writeUInt32BE(0x00030000, 0);
      b.writeInt16BE(-100, 8);
      b.writeInt16BE(50, 10);
    }),
  };
  return fontverter.convert(sfnt(tables), "woff2");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const font = await cjkBoxFont();
  writeFileSync(new URL("app/fonts/cjk-box.woff2", root), font);
  console.log(`app/fonts/cjk-box.woff2: ${font.length} bytes`);
}
