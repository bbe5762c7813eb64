import { currencyMinorDigits } from '@duka/domain';
import ExcelJS from 'exceljs';
import { type ExportDocument, kindAt } from './export-tables.js';
import { cellValue } from './values.js';

/** Every table of the report on its own sheet, with the business, range and time above it. */
export async function toXlsx(
  doc: ExportDocument,
  labels: { business: string; range: string; made: string },
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Duka';
  book.title = `${doc.title} — ${doc.business}`;
  const digits = currencyMinorDigits(doc.currency);
  const moneyFormat = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  const used = new Set<string>();
  for (const table of doc.tables) {
    // Sheet names: at most 31 characters, none of []:*?/\ and unique.
    let name = table.title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
    while (used.has(name)) name = `${name.slice(0, 28)} ${used.size}`;
    used.add(name);
    const sheet = book.addWorksheet(name);
    sheet.addRow([doc.title]).font = { bold: true, size: 14 };
    sheet.addRow([labels.business, doc.business]);
    sheet.addRow([labels.range, `${doc.range} (${doc.location})`]);
    sheet.addRow([labels.made, doc.made]);
    sheet.addRow([]);
    const header = sheet.addRow(table.columns.map((c) => c.label));
    header.font = { bold: true };
    const counts: ExcelJS.Cell[] = [];
    /** Whole quantities: '#,##0.###' shows them with a bare decimal sign ("22.") in Excel and LibreOffice. */
    const wholes: ExcelJS.Cell[] = [];
    const noteWholes = (row: ExcelJS.Row) =>
      table.columns.forEach((c, j) => {
        const cell = row.getCell(j + 1);
        if (c.kind === 'quantity' && Number.isInteger(cell.value)) wholes.push(cell);
      });
    table.rows.forEach((r, i) => {
      const row = sheet.addRow(
        table.columns.map((c) => cellValue(r[c.key], kindAt(table, i, c), doc.currency)),
      );
      table.columns.forEach((c, j) => {
        if (kindAt(table, i, c) !== c.kind) counts.push(row.getCell(j + 1));
      });
      noteWholes(row);
    });
    if (table.totals) {
      const totals = table.totals;
      const row = sheet.addRow(table.columns.map((c) => cellValue(totals[c.key], c.kind, doc.currency)));
      row.font = { bold: true };
      noteWholes(row);
    }
    table.columns.forEach((c, i) => {
      const column = sheet.getColumn(i + 1);
      column.width = Math.max(12, Math.min(40, c.label.length + 4));
      if (c.kind === 'money') column.numFmt = moneyFormat;
      if (c.kind === 'quantity') column.numFmt = '#,##0.###';
      if (c.kind === 'percent') column.numFmt = '0.00"%"';
    });
    // after the columns' formats, which every cell of a column takes: a count among money stays a count
    for (const cell of [...counts, ...wholes]) cell.numFmt = '#,##0';
    sheet.views = [{ state: 'frozen', ySplit: 6 }];
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
