/**
 * CSV as RFC 4180 writes it (a header row, CRLF after every record, a field with a comma, quote or
 * line break quoted and its quotes doubled), made safe to open in a spreadsheet: text starting
 * with =, +, -, @, a tab or a carriage return would be read as a formula (CSV injection), so it
 * gets a leading apostrophe, which spreadsheets show as text. Numbers are ours and left alone.
 */

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
