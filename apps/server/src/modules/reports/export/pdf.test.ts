import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ExportDocument, ExportTable } from './export-tables.js';
import { toPdf } from './pdf.js';

/** Each line of text the PDF draws (pdfkit: one TJ array per line, WinAnsi bytes in hex). */
function drawnLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let text: string;
    try {
      text = inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of text.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push(
        [...tj[1]!.matchAll(/<([0-9a-f]*)>/gi)]
          .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
          .join(''),
      );
  }
  return lines;
}

const columns: ExportTable['columns'] = [
  { key: 'name', label: 'Product', kind: 'text' },
  { key: 'code', label: 'Code', kind: 'text' },
  { key: 'category', label: 'Category', kind: 'text' },
  { key: 'quantity', label: 'Quantity', kind: 'quantity' },
  { key: 'revenue', label: 'Sales total', kind: 'money' },
  { key: 'reversed_quantity', label: 'Quantity reversed', kind: 'quantity' },
  { key: 'reversed_revenue', label: 'Reversed', kind: 'money' },
  { key: 'net', label: 'Net', kind: 'money' },
];

const doc = (tables: ExportTable[]): ExportDocument => ({
  title: 'Sales report',
  business: 'Mama Mboga Stores',
  range: '1 Jan 2026 – 31 Dec 2026',
  location: 'All locations',
  made: '2 Jan 2027',
  language: 'en',
  currency: 'KES',
  tables,
});
const labels = { page: (p: number, n: number) => `Page ${p} of ${n}`, none: 'Nothing in this range.' };

describe('report PDF', () => {
  it('draws a large amount on one line, in every column, the totals too', async () => {
    const big = 99_999_999_999_999; // KES 999,999,999,999.99: a year of a chain of shops
    const table: ExportTable = {
      id: 'product',
      title: 'By product',
      columns,
      rows: [
        {
          name: 'Cooking oil 20 litres, a name long enough to need two lines in its column',
          code: 'OIL20',
          category: 'Dry goods',
          quantity: 123_456_789_000,
          revenue: big,
          reversed_quantity: 1_000,
          reversed_revenue: big,
          net: big,
        },
      ],
      totals: { name: 'Total', revenue: big, reversed_revenue: big, net: big },
    };
    const lines = drawnLines(await toPdf(doc([table]), labels));
    expect(lines).toContain('Total');
    // three money cells and three totals, each whole on its line (was "KES" / "999,999,999,999.99")
    expect(lines.filter((l) => l === 'KES 999,999,999,999.99')).toHaveLength(6);
    expect(lines).toContain('123,456,789');
  });

  it("writes quantities, percentages and counts in the document's language", async () => {
    const table: ExportTable = {
      id: 'product',
      title: 'Nach Produkt',
      columns: [
        { key: 'name', label: 'Produkt', kind: 'text' },
        { key: 'quantity', label: 'Menge', kind: 'quantity' },
        { key: 'margin', label: 'Marge', kind: 'percent' },
        { key: 'count', label: 'Verkäufe', kind: 'count' },
      ],
      rows: [{ name: 'Zucker', quantity: 1_234_500, margin: 25.34, count: 12_345 }],
    };
    const lines = drawnLines(await toPdf({ ...doc([table]), language: 'de' }, labels));
    expect(lines).toContain('1.234,5');
    expect(lines).toContain('25,34 %');
    expect(lines).toContain('12.345');
    expect(lines).not.toContain('1234.5');
  });

  it('writes a count among money (the totals figures) as a count, grouped as the language does', async () => {
    const table: ExportTable = {
      id: 'totals',
      title: 'Summen',
      columns: [
        { key: 'figure', label: 'Kennzahl', kind: 'text' },
        { key: 'amount', label: 'Betrag', kind: 'money' },
      ],
      rows: [
        { figure: 'Verkäufe', amount: 12_345 },
        { figure: 'Umsatz', amount: 1_234_567 },
      ],
      cellKinds: [{ amount: 'count' }, {}],
    };
    const lines = drawnLines(await toPdf({ ...doc([table]), language: 'de' }, labels));
    expect(lines).toContain('12.345');
    expect(lines.some((l) => l.startsWith('12.345,67'))).toBe(true);
    expect(lines.some((l) => l.startsWith('123,45'))).toBe(false);
  });
});
