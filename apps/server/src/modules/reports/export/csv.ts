import { toCsvRows } from '../../../lib/csv.js';
import { type ExportDocument, type ExportTable, kindAt } from './export-tables.js';
import { cellValue } from './values.js';

/**
 * One table as CSV, under three rows saying whose report it is, for which range and when it was
 * made (then a blank row). Money in major units, quantities in units, so a spreadsheet adds them.
 */
export function toCsv(
  doc: ExportDocument,
  table: ExportTable,
  labels: { business: string; range: string; made: string },
): string {
  const head = [
    [labels.business, doc.business],
    [labels.range, `${doc.range} (${doc.location})`],
    [labels.made, doc.made],
    [],
    table.columns.map((c) => c.label),
  ];
  const all = table.totals ? [...table.rows, table.totals] : table.rows;
  const rows = all.map((r, i) =>
    table.columns.map((c) => cellValue(r[c.key], kindAt(table, i, c), doc.currency)),
  );
  return `\ufeff${toCsvRows([...head, ...rows])}\r\n`;
}
