/**
 * The CSV files staff download (the bookings list, the payments): one way to write a cell, a line
 * and the header, so every export is escaped and defused alike, whether the web streams it or the
 * worker writes it to a file (docs/product.md#json-api, docs/decisions/022-exports-that-finish.md).
 */

/**
 * One CSV cell, always between quotes (a quote inside doubled), so no text is
 * ever split into cells, whatever separator the spreadsheet opening the file
 * expects (`x;=1+1` stays one cell where `;` separates). A cell that starts
 * like a formula (=, +, -, @, a tab or a carriage return) is defused with a
 * leading `'`, so a visitor's text never runs in a spreadsheet (OWASP, "CSV Injection").
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One row: its cells, comma-separated, ended by CRLF (RFC 4180). */
export const csvLine = (cells: Array<string | number | null | undefined>) => `${cells.map(csvCell).join(",")}\r\n`;

/** The first line of a file: a byte-order mark, so Excel reads the file as UTF-8, then the headers. */
export const csvHeader = (columns: readonly string[]) => `\uFEFF${csvLine([...columns])}`;
