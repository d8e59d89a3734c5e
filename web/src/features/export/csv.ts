/**
 * CSV for the back office's exports (SPEC §9): every cell quoted, double quotes doubled, rows ended
 * by CRLF (RFC 4180). A cell starting with =, @, tab or carriage return, or with + or - unless it is
 * a plain number or phone number, gets a leading ' so a spreadsheet shows it as text instead of
 * running it as a formula (OWASP "CSV Injection"). A phone number such as "+44 20 7946 0958" is
 * left as it is: without letters a cell can call no function and name no cell.
 * Pure: no DOM, so it is unit tested on its own.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed number or phone number: digits, spaces, dots, hyphens and brackets after one + or -. */
const NUMBER_OR_PHONE = /^[+-][\d\s().-]*\d[\d\s().-]*$/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text) && !NUMBER_OR_PHONE.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** `{prefix}-YYYY-MM-DD.csv` with the local date: contact-messages-2026-11-21.csv. */
export function csvFileName(prefix: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
