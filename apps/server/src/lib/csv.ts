import Papa from 'papaparse';

/** What a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text (a negative amount, a quantity): a spreadsheet keeps it a number. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

export type CsvCell = string | number | null | undefined;

/**
 * A cell a spreadsheet will not run: text starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a single quote in front. Numbers, and text that is only a number, stay as they are.
 */
export function escapeCsvCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (PLAIN_NUMBER.test(value)) return value;
  // A quote already in front of a formula character gets one more, so the import reads it back.
  const formula = FORMULA_START.test(value) || isEscaped(value);
  return formula ? `'${value}` : value;
}

/** The cell as it was before `escapeCsvCell` (an import of Duka's own export reads back the same). */
export function unescapeCsvCell(value: string): string {
  return isEscaped(value) ? value.slice(1) : value;
}

function isEscaped(value: string): boolean {
  return value.startsWith("'") && (FORMULA_START.test(value.slice(1)) || isEscaped(value.slice(1)));
}

/**
 * Rows as CSV (CR LF line ends), every cell escaped: the one CSV writer of the server. Every text
 * cell is quoted, not only one holding a comma: a spreadsheet whose list separator is `;` (Excel
 * in German, Spanish, Portuguese) splits an unquoted `Soap;=1+1` there, and its second cell, not
 * escaped (its first character is not the cell's), would run as a formula. Numbers hold no
 * separator and stay bare; an empty cell stays empty.
 */
export function toCsvRows(rows: CsvCell[][]): string {
  return Papa.unparse(
    rows.map((r) => r.map(escapeCsvCell)),
    { newline: '\r\n', quotes: (value: unknown) => typeof value === 'string' && value !== '' },
  );
}
