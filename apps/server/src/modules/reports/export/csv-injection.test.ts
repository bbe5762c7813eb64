import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeCsvCell, unescapeCsvCell } from '../../../lib/csv.js';
import { buildProduct } from '../../../test/stock-factories.js';
import { type Shop, buildShop, sold, stock } from '../../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../../test/test-app.js';
import { semicolonFormulas } from '../../../test/spreadsheet-cells.js';

const HYPERLINK = '=HYPERLINK("http://x")';
const CMD = "+cmd|' /C calc'!A0";

describe('CSV cells a spreadsheet would run', () => {
  it('escapes text starting with = + - @ tab or CR, never a number', () => {
    expect(escapeCsvCell(HYPERLINK)).toBe(`'${HYPERLINK}`);
    expect(escapeCsvCell(CMD)).toBe(`'${CMD}`);
    expect(escapeCsvCell('-1+cmd|x')).toBe("'-1+cmd|x");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('\t=1')).toBe("'\t=1");
    expect(escapeCsvCell('\r=1')).toBe("'\r=1");
    expect(escapeCsvCell(-12.5)).toBe(-12.5);
    expect(escapeCsvCell('-12.5')).toBe('-12.5');
    expect(escapeCsvCell('Sugar = sweet')).toBe('Sugar = sweet');
    expect(escapeCsvCell(null)).toBe('');
  });

  it('reads back what it escaped, a quote the name had included', () => {
    for (const s of [HYPERLINK, CMD, "'=x", "''-y", "'plain", 'plain', '-3'])
      expect(unescapeCsvCell(String(escapeCsvCell(s)))).toBe(s);
  });
});

describe('exports with formula-like names', () => {
  let t: TestApp;
  let s: Shop;
  let day: string;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const evil = await buildProduct(t.app, s.admin, {
      name: HYPERLINK,
      code: 'EVIL1',
      category: CMD,
      price: 100,
    });
    await stock(t.app, s.admin, s.supplier, s.shop.id, [{ product: evil, quantity: 10_000, unit_cost: 50 }]);
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: evil.id, quantity: 1000 }],
      tendered: 100,
    });
    day = sale.business_day;
    // An expense larger than the day's profit makes the net profit negative.
    const cat = await t.app.inject({
      method: 'POST',
      url: '/api/expense-categories',
      headers: { cookie: s.admin },
      payload: { name: 'Rent' },
    });
    const expense = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { cookie: s.admin },
      payload: {
        id: '01900000-0000-7000-8000-000000000001',
        date: day,
        category_id: cat.json().id,
        amount: 50_000,
        method: 'cash',
        location_id: s.shop.id,
      },
    });
    expect(expense.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const parse = (body: string) =>
    Papa.parse<string[]>(body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

  it('the products export quotes them, and imports back as the same names', async () => {
    const res = await t.app.inject({ url: '/api/products/export.csv', headers: { cookie: s.admin } });
    expect(res.statusCode).toBe(200);
    const row = parse(res.body).find((r) => r[0] === 'EVIL1')!;
    expect(row[1]).toBe(`'${HYPERLINK}`);
    expect(row[3]).toBe(`'${CMD}`);
    expect(res.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: s.admin },
      payload: { csv: res.body },
    });
    const evil = again
      .json<{ rows: { code: string; name: string }[] }>()
      .rows.find((r) => r.code === 'EVIL1')!;
    expect(evil.name).toBe(HYPERLINK);
  });

  it("the products export: a formula after a ';' does not start a cell of a ';' spreadsheet, and imports back", async () => {
    // Excel in de, es, pt splits a line at ';': the cell after it was bare, starting with '=' or '@'
    const name = "Soap;=1+1+cmd|' /C calc'!A0";
    const category = 'Home;@SUM(1+1)';
    const csv = `code,name,category,price\nINJ1,"${name}",${category},100\n`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: s.admin },
      payload: { csv, commit: true },
    });
    expect(made.statusCode, made.body).toBe(200);
    const res = await t.app.inject({ url: '/api/products/export.csv', headers: { cookie: s.admin } });
    expect(semicolonFormulas(res.body)).toEqual([]);
    expect(
      parse(res.body)
        .find((r) => r[0] === 'INJ1')!
        .slice(1, 4),
    ).toEqual([name, '', category]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: s.admin },
      payload: { csv: res.body },
    });
    const row = again
      .json<{ rows: { code: string; name: string; action: string }[] }>()
      .rows.find((r) => r.code === 'INJ1')!;
    expect(row).toMatchObject({ name, action: 'unchanged' });
  });

  it('the sales report CSV quotes them; negative amounts stay numbers', async () => {
    const res = await t.app.inject({
      url: `/api/reports/sales/export?format=csv&group=product&from=${day}&to=${day}`,
      headers: { cookie: s.admin },
    });
    expect(res.statusCode).toBe(200);
    const row = parse(res.body).find((r) => r[1] === 'EVIL1')!;
    expect(row[0]).toBe(`'${HYPERLINK}`);
    expect(row[2]).toBe(`'${CMD}`);

    const profit = await t.app.inject({
      url: `/api/reports/profit/export?format=csv&from=${day}&to=${day}`,
      headers: { cookie: s.admin },
    });
    expect(profit.statusCode).toBe(200);
    const negative = parse(profit.body)
      .flat()
      .filter((c) => c.startsWith('-') || c.startsWith("'-"));
    expect(negative.length).toBeGreaterThan(0);
    for (const c of negative) expect(c).toMatch(/^-\d+(\.\d+)?$/);
  });

  it('XLSX writes them as text, never as formulas', async () => {
    const res = await t.app.inject({
      url: `/api/reports/sales/export?format=xlsx&from=${day}&to=${day}`,
      headers: { cookie: s.admin },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('By product')!;
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((r) => r.eachCell((c) => cells.push(c)));
    const name = cells.find((c) => c.value === HYPERLINK)!;
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(cells.find((c) => c.value === CMD)!.type).toBe(ExcelJS.ValueType.String);
    for (const book_ of book.worksheets)
      book_.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });
});
