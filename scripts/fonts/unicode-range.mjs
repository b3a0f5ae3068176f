// CSS `unicode-range` values both ways, for the font scripts and their tests.

const hex = (code) => code.toString(16).toUpperCase();

/** "U+0000-00FF, U+0131" -> [0, 1, ..., 255, 305]. */
export function codePointsOf(range) {
  return range.split(",").flatMap((part) => {
    const digits = part.trim().replace(/^U\+/i, "");
    // A minifier may write a wildcard range: "U+9FF?" is U+9FF0-9FFF.
    const [from, to = from] = digits.includes("?")
      ? [parseInt(digits.replaceAll("?", "0"), 16), parseInt(digits.replaceAll("?", "F"), 16)]
      : digits.split("-").map((hexDigits) => parseInt(hexDigits, 16));
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/** Characters in code point order -> consecutive ones folded: "U+4E00-4E03, U+4E07". */
export function unicodeRangeOf(chars) {
  const points = chars.map((char) => char.codePointAt(0));
  const ranges = [];
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j++;
    ranges.push(i === j ? `U+${hex(points[i])}` : `U+${hex(points[i])}-${hex(points[j])}`);
    i = j + 1;
  }
  return ranges.join(", ");
}
