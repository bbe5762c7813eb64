/**
 * The cells of a CSV line as a spreadsheet whose list separator is `;` splits it (Excel in German,
 * Spanish or Portuguese opening a file by a double click): a `"` opens or closes a quoted stretch,
 * and a `;` outside one ends the cell.
 */
export function semicolonCells(line: string): string[] {
  const cells = [''];
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ';' && !quoted) cells.push('');
    else cells[cells.length - 1] += ch;
  }
  return cells;
}

/** The cells of a CSV file such a spreadsheet would start with a formula character (OWASP). */
export function semicolonFormulas(csv: string): string[] {
  return csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .flatMap(semicolonCells)
    .filter((c) => /^[=+\-@\t\r]/.test(c));
}
