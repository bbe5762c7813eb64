import { inflateSync } from 'node:zlib';
import type { SalesReport } from '@duka/domain';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { documentT } from '../../../lib/documents-i18n.js';
import { type ExportDocument, type ExportTable, salesTables } from './export-tables.js';
import { layoutColumns, toPdf } from './pdf.js';

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

/** Each line the PDF draws with the x it starts at (pdfkit sets `1 0 0 1 x y Tm` before its TJ). */
function drawnAt(pdf: Buffer): { text: string; x: number }[] {
  const raw = pdf.toString('latin1');
  const out: { text: string; x: number }[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let text: string;
    try {
      text = inflateSync(Buffer.from(raw.slice(start, raw.indexOf('endstream', start)), 'latin1')).toString(
        'latin1',
      );
    } catch {
      continue;
    }
    for (const d of text.matchAll(/1 0 0 1 ([\d.]+) [\d.]+ Tm\s*\/F\d+ [\d.]+ Tf\s*\[([^\]]*)\]\s*TJ/g))
      out.push({
        x: Number(d[1]),
        text: [...d[2]!.matchAll(/<([0-9a-f]*)>/gi)]
          .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
          .join(''),
      });
  }
  return out;
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
  it("aligns a figure column's header as its figures, to the right", async () => {
    const pdf = await toPdf(
      doc([
        {
          id: 'x',
          title: 'By product',
          columns: [
            { key: 'name', label: 'Product', kind: 'text' },
            { key: 'net', label: 'Net', kind: 'money' },
          ],
          rows: [{ name: 'Sugar', net: 123_456 }],
        },
      ]),
      labels,
    );
    const at = drawnAt(pdf);
    const x = (text: string) => at.find((l) => l.text === text)!.x;
    // "Net" is shorter than its figure: right-aligned, it starts further right
    expect(x('Net')).toBeGreaterThan(x('KES 1,234.56'));
    expect(x('Product')).toBe(x('Sugar'));
  });

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

  /** A week of a small shop: counts of one or two digits, the columns they once made too narrow. */
  const week = (n: number) => ({
    sales_count: n,
    sales_total: n * 45_750,
    reversals_count: n % 3,
    reversals_total: (n % 3) * 12_000,
    net: n * 45_750 - (n % 3) * 12_000,
  });
  const report: SalesReport = {
    from: '2026-03-01',
    to: '2026-03-03',
    location_id: null,
    totals: { ...week(42), tax: 123_456, discount: 2_000, average_sale: 45_750 },
    by_day: ['2026-03-01', '2026-03-02', '2026-03-03'].map((day, i) => ({ day, ...week(i * 7 + 3) })),
    by_product: [
      {
        product_id: 'p1',
        name: 'Cooking oil 20 litres, a name long enough to wrap',
        code: 'OIL20',
        category: 'Oils and fats',
        unit: 'pcs',
        quantity: 3_000,
        revenue: 9_000_000,
        reversed_quantity: 1_000,
        reversed_revenue: 3_000_000,
        net_quantity: 2_000,
        net: 6_000_000,
      },
    ],
    by_category: [
      { category: 'Oils and fats', revenue: 9_000_000, reversed_revenue: 3_000_000, net: 6_000_000 },
    ],
    by_cashier: [{ user_id: 'u1', name: 'Amina Wanjiru', ...week(30) }],
    by_location: [{ location_id: 'l1', name: 'Main shop', ...week(42) }],
    by_kind: [
      { kind: 'cash', ...week(40) },
      { kind: 'debtor', ...week(2) },
    ],
  };
  /** The words a header may wrap between, each with the space after it (pdfkit fits them so). */
  const wordsOf = (label: string) => label.match(/\S+ */g) ?? [];

  it('breaks a header between its words only, never inside one, in every language', async () => {
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    for (const lang of ['en', 'de', 'es', 'pt'] as const) {
      const tables = salesTables(report, documentT(lang));
      const document = { ...doc(tables), language: lang };
      const drawn = drawnLines(await toPdf(document, labels)).flatMap(words);
      // every word the PDF may draw: the top's, the tables' titles, headers and text cells, the foot's
      const known = new Set(
        [
          ...[document.title, document.business, document.range, document.location, document.made],
          labels.page(1, 1),
          ...tables.flatMap((x) => [
            x.title,
            ...x.columns.map((c) => c.label),
            ...[...x.rows, x.totals ?? {}].flatMap((r) => Object.values(r).map((v) => String(v))),
          ]),
        ].flatMap(words),
      );
      // no piece of a word: was "Sa" / "le" / "s", "Ve" / "rk" / "äu" / "fe", "Quantidade estornada" on 11 lines
      expect(
        drawn.filter((w) => /\p{L}/u.test(w) && !known.has(w) && w !== 'KES'),
        lang,
      ).toEqual([]);
      for (const table of tables)
        for (const { label } of table.columns)
          for (const word of words(label)) expect(drawn, `${lang} ${table.id}: "${label}"`).toContain(word);
    }
  });

  it('keeps every header word whole in a crowded table: the names give up width, then the header shrinks', async () => {
    const page = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 40 });
    const width = page.page.width - 80;
    const crowded = (n: number): ExportTable => ({
      id: 'crowded',
      title: '#',
      columns: [
        { key: 'name', label: 'Artikel', kind: 'text' },
        { key: 'code', label: 'Code', kind: 'text' },
        ...Array.from({ length: n }, (_, i) => ({
          key: `c${i}`,
          label: `Durchschnittsverkaufspreis ${i}`,
          kind: 'count' as const,
        })),
      ],
      rows: [
        {
          name: 'Zucker',
          code: 'Z1',
          ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, 1])),
        },
      ],
    });
    const cellsOf = (table: ExportTable) => table.rows.map((r) => table.columns.map((c) => String(r[c.key])));
    const layouts = new Map(
      [2, 9, 11].map((n) => [n, layoutColumns(page, crowded(n), cellsOf(crowded(n)), width)]),
    );
    for (const [n, layout] of layouts) {
      const table = crowded(n);
      const lines = drawnLines(await toPdf(doc([table]), labels));
      // each header's long word drawn whole, on a line of its own or before its number
      expect(
        lines.filter((l) => l.split(' ')[0] === 'Durchschnittsverkaufspreis'),
        `${n}`,
      ).toHaveLength(n);
      expect(layout.widths.reduce((s, w) => s + w, 0)).toBeLessThanOrEqual(width + 1e-6);
      page.font('Helvetica-Bold').fontSize(layout.header);
      table.columns.forEach((c, i) => {
        // a cell's text is drawn 6 pt (the gap) narrower than its column
        for (const word of wordsOf(c.label))
          expect(layout.widths[i]! - 6, `${n}: "${word}"`).toBeGreaterThanOrEqual(page.widthOfString(word));
      });
    }
    const [roomy, squeezed, shrunk] = [...layouts.values()];
    expect([roomy!.size, roomy!.header]).toEqual([8, 8]);
    // 9 long headers: the cells at their smallest, the names under their usual least (60 pt)
    expect([squeezed!.size, squeezed!.header]).toEqual([5, 5]);
    expect(squeezed!.widths[1]).toBeLessThan(60);
    // 11: not even so; the header smaller than the cells
    expect(shrunk!.size).toBe(5);
    expect(shrunk!.header).toBeLessThan(5);
  });
});
