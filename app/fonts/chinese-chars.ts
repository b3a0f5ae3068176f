/**
 * The characters the Chinese font subset is made of and checked against: CJK radicals,
 * punctuation, ideographs and full-width forms all sit at U+2E80 and above. One rule for the
 * generator (scripts/fonts/) and the server, so they never disagree about what needs a glyph.
 */
export const isChinese = (char: string): boolean => char.codePointAt(0)! >= 0x2e80;
