/**
 * CSV for spreadsheets (RFC 4180, CRLF line ends). A cell a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so an order's
 * name or e-mail typed by a shopper can never run as a formula on a staff member's computer.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A figure the code formatted itself (never shopper text): written as it is. */
export interface CsvFigure {
  figure: string;
}
export type CsvValue = string | number | null | undefined | CsvFigure;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.figure;
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Money in cents as dollars with 2 decimals, a number to a spreadsheet ("-1.50" for a negative). */
export function csvMoney(cents: number): CsvFigure {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return { figure: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}
