/**
 * CSV as RFC 4180 describes it (CRLF line ends, fields with a comma, quote or line break
 * quoted, quotes doubled), made safe to open in a spreadsheet.
 */

// A cell that a spreadsheet would read as a formula ('=HYPERLINK(...)', '+1...', '@SUM'),
// also after leading spaces, or in the full-width forms some locales accept.
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/** One field: neutralized with a leading apostrophe when it could run as a formula, then quoted if needed. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a byte-order mark first so Excel reads UTF-8 (Farsi, Chinese) correctly. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
