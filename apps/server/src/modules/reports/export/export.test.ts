import type { StockReport } from '@duka/domain';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, sold, stock } from '../../../test/sales-factories.js';
import { buildProduct } from '../../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../../test/test-app.js';

describe('report exports', () => {
  let t: TestApp;
  let s: Shop;
  let day: string;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    // sold by weight: a line of 1.5 kg
    const beans = await buildProduct(t.app, s.admin, {
      name: 'Beans',
      code: 'BNS',
      price: 6_500,
      unit: 'kg',
    });
    await stock(t.app, s.admin, s.supplier, s.shop.id, [
      { product: beans, quantity: 10_000, unit_cost: 5_000 },
    ]);
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: s.sugar.id, quantity: 2000 },
        { product_id: beans.id, quantity: 1500 },
      ],
      tendered: 50_000,
    });
    day = sale.business_day;
  });
  afterAll(() => t.close());
  const file = (report: string, query: string) =>
    t.app.inject({
      url: `/api/reports/${report}/export?from=${day}&to=${day}&${query}`,
      headers: { cookie: s.admin },
    });

  it('CSV: the business, the range and the time on top, then a table that parses, money in major units', async () => {
    const res = await file('sales', 'format=csv&group=product');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="mama-mboga-stores-sales-.*-product\.csv"/,
    );
    const rows = Papa.parse<string[]>(res.body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Business', 'Mama Mboga Stores']);
    expect(rows[1]![0]).toBe('Range');
    expect(rows[2]![0]).toBe('Made');
    const header = rows[3]!;
    expect(header).toEqual([
      'Product',
      'Code',
      'Category',
      'Quantity',
      'Revenue',
      'Quantity reversed',
      'Reversed',
      'Net',
    ]);
    const sugar = rows.find((r) => r[0] === 'Sugar 1 kg')!;
    expect(sugar[3]).toBe('2');
    expect(sugar[7]).toBe('360');
    const beans = rows.find((r) => r[0] === 'Beans')!;
    expect(beans[3]).toBe('1.5');
    expect(beans[7]).toBe('97.5');
  });

  it('XLSX: every table on its own sheet, numbers as numbers', async () => {
    const res = await file('sales', 'format=xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Totals',
      'By day',
      'By product',
      'By category',
      'By cashier',
      'By location',
      'By kind of sale',
    ]);
    const byDay = book.getWorksheet('By day')!;
    expect(byDay.getCell('B2').value).toBe('Mama Mboga Stores');
    const row = byDay.getRow(7);
    expect(row.getCell(1).value).toBe(day);
    expect(row.getCell(3).value).toBe(457.5);
    // quantities: whole ones without a bare decimal sign ("22." in Excel), others to three decimals
    const byProduct = book.getWorksheet('By product')!;
    const quantities = byProduct.getColumn(4);
    const formats = new Map<unknown, string>();
    quantities.eachCell((cell, n) => {
      if (n > 6 && typeof cell.value === 'number') formats.set(cell.value, cell.numFmt);
    });
    expect(formats.size).toBeGreaterThan(0);
    for (const [value, format] of formats)
      expect(format, String(value)).toBe(Number.isInteger(value) ? '#,##0' : '#,##0.###');
  });

  it('PDF: a document titled with the report and the business, in the language asked for', async () => {
    for (const [report, lang, title] of [
      ['sales', 'en', 'Sales report'],
      ['profit', 'de', 'Gewinnbericht'],
      ['stock', 'es', 'Informe de inventario'],
    ] as const) {
      const res = await file(report, `format=pdf&lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // pdfkit writes the title into the info dictionary as UTF-16 when it is not plain ASCII
      const latin = pdf.toString('latin1');
      const utf16 = Buffer.from(`\ufeff${title} — Mama Mboga Stores`, 'utf16le').swap16().toString('latin1');
      expect(latin.includes(`(${title} — Mama Mboga Stores)`) || latin.includes(utf16), report).toBe(true);
    }
  });

  const csvOf = (body: string) =>
    Papa.parse<string[]>(body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

  it('CSV: every table ends with the totals its screen shows', async () => {
    // The sales by day, cashier, location and kind: counts, sales, reversals and net.
    for (const group of ['day', 'cashier', 'location', 'kind']) {
      const rows = csvOf((await file('sales', `format=csv&group=${group}`)).body);
      expect(rows.at(-1), group).toEqual(['Total', '1', '457.5', '0', '0', '457.5']);
    }
    // By product and category: the money columns add up, quantities of different units do not.
    expect(csvOf((await file('sales', 'format=csv&group=product')).body).at(-1)).toEqual([
      'Total',
      '',
      '',
      '',
      '457.5',
      '',
      '0',
      '457.5',
    ]);
    // Stock on hand: the values at cost and at price of the report's totals.
    const stock = (
      await t.app.inject({
        url: `/api/reports/stock?from=${day}&to=${day}`,
        headers: { cookie: s.admin },
      })
    ).json<StockReport>();
    const last = csvOf((await file('stock', 'format=csv')).body).at(-1)!;
    expect(last[0]).toBe('Total');
    expect(last.slice(-2).map(Number)).toEqual([
      stock.totals.value_cost / 100,
      stock.totals.value_price / 100,
    ]);
  });

  it('XLSX: the totals row at the foot of each sheet, in bold', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await file('stock', 'format=xlsx')).rawPayload as unknown as ArrayBuffer);
    const onHand = book.getWorksheet('On hand')!;
    const foot = onHand.getRow(onHand.rowCount);
    expect(foot.getCell(1).value).toBe('Total');
    expect(foot.font?.bold).toBe(true);
    expect(typeof foot.getCell(8).value).toBe('number');
  });
});
