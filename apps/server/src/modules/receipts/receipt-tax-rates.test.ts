import type { ReceiptDocument, Sale } from '@duka/domain';
import { transform } from 'receiptline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedLines, withColumnGaps } from '../../test/escpos-text.js';
import { type Shop, buildShop, reverse, sold } from '../../test/sales-factories.js';
import { buildProduct, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { receiptMarkup } from './receipt-markup.js';

/** The tax rows of a receipt as the printer prints them, each trimmed, spaces collapsed. */
const taxRows = (lines: string[]) =>
  lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => /VAT|MwSt|IVA|Tax included/.test(l));

describe('receipt tax by rate', () => {
  let t: TestApp;
  let s: Shop;
  let oilId: string;
  let sweetIds: string[];
  /** The receipt's printed lines at a roll width (58: 32 characters, 80: 48) or at 42 characters. */
  const printed = async (receiptNo: string, width: 58 | 80 | 42, lang = 'en') => {
    const layout = width === 42 ? 'columns=42' : `width=${width}`;
    const res = await t.app.inject({
      url: `/api/receipts/${receiptNo}/escpos?${layout}&lang=${lang}`,
      headers: { cookie: s.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = Buffer.from(res.json<{ data: string }>().data, 'base64');
    // every printed line within the layout's characters
    const plain = printedLines(bytes);
    const cpl = width === 58 ? 32 : width === 42 ? 42 : 48;
    expect(Math.max(...plain.map((l) => [...l].length))).toBeLessThanOrEqual(cpl);
    return printedLines(withColumnGaps(bytes));
  };
  /** Sugar ×2 at 16 % with 10.00 off the line, bread at 0 %, oil at 7.5 %, 5.00 off the sale. */
  const mixedSale = () =>
    sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: s.sugar.id, quantity: 2000, discount: 1_000 },
        { product_id: s.bread.id, quantity: 1000 },
        { product_id: oilId, quantity: 1000 },
      ],
      discount: 500,
      tendered: 100_000,
    });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const oil = await buildProduct(t.app, s.admin, { name: 'Cooking oil', price: 25_000, tax_rate: 750 });
    oilId = oil.id;
    const sweets = await Promise.all(
      ['A', 'B', 'C'].map((x) =>
        buildProduct(t.app, s.admin, { name: `Sweet ${x}`, price: 100, tax_rate: 1600 }),
      ),
    );
    sweetIds = sweets.map((p) => p.id);
    await received(t.app, s.admin, {
      supplier_id: s.supplier,
      location_id: s.shop.id,
      lines: [oil, ...sweets].map((p) => ({ product_id: p.id, quantity: 10_000, unit_cost: 50 })),
    });
  });
  afterAll(() => t.close());

  it('a sale at 16 %, 7.5 % and 0 % with line and sale discounts: one row per taxed rate, adding up to its tax', async () => {
    const sale = await mixedSale();
    // the lines' own tax: 47.91 at 16 %, 17.31 at 7.5 %, none on the bread
    expect(sale.lines.map((l) => [l.tax_rate, l.net, l.tax])).toEqual([
      [1600, 34_737, 4_791],
      [0, 6_451, 0],
      [750, 24_812, 1_731],
    ]);
    expect(sale.tax).toBe(4_791 + 1_731);
    expect(taxRows(await printed(sale.receipt_no, 80))).toEqual([
      'VAT 7.5% incl. (net 230.81) 17.31',
      'VAT 16% incl. (net 299.46) 47.91',
    ]);
    // 58 mm: the base where the row fits in 32 characters, else the rate alone
    expect(taxRows(await printed(sale.receipt_no, 58))).toEqual([
      'VAT 7.5% incl. 17.31',
      'VAT 16% incl. (net 299.46) 47.91',
    ]);
    // 42 characters (80 mm): both rows fit with their base
    expect(taxRows(await printed(sale.receipt_no, 42))).toEqual([
      'VAT 7.5% incl. (net 230.81) 17.31',
      'VAT 16% incl. (net 299.46) 47.91',
    ]);
    // the receipt on screen is drawn from the same document
    const svg = await t.app.inject({
      url: `/api/receipts/${sale.receipt_no}/svg?width=80`,
      headers: { cookie: s.admin },
    });
    const text = svg.body.replace(/<[^>]+>/g, '').replace(/&#xa0;/g, ' ');
    expect(text).toContain('VAT 7.5% incl. (net 230.81)');
    expect(text).toContain('VAT 16% incl. (net 299.46)');
    expect(text).not.toContain('Tax included');
  });

  it("prints the rates in the receipt's language, with its decimal sign (German, Spanish)", async () => {
    const sale = await mixedSale();
    expect(taxRows(await printed(sale.receipt_no, 80, 'de'))).toEqual([
      'inkl. 7,5 % MwSt. (netto 230,81) 17,31',
      'inkl. 16 % MwSt. (netto 299,46) 47,91',
    ]);
    expect(taxRows(await printed(sale.receipt_no, 58, 'de'))).toEqual([
      'inkl. 7,5 % MwSt. 17,31',
      'inkl. 16 % MwSt. 47,91',
    ]);
    const es80 = taxRows(await printed(sale.receipt_no, 80, 'es'));
    expect(es80).toEqual(['IVA 7,5 % incl. (base 230,81) 17,31', 'IVA 16 % incl. (base 299,46) 47,91']);
    expect(taxRows(await printed(sale.receipt_no, 42, 'de'))).toEqual([
      'inkl. 7,5 % MwSt. (netto 230,81) 17,31',
      'inkl. 16 % MwSt. (netto 299,46) 47,91',
    ]);
  });

  it("adds the lines' own tax: 3 lines of 1.00 at 16 % print 0.42, not 3.00's 0.41", async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: sweetIds.map((id) => ({ product_id: id, quantity: 1000 })),
      tendered: 1_000,
    });
    expect(sale.tax).toBe(42);
    for (const width of [58, 42, 80] as const)
      expect(taxRows(await printed(sale.receipt_no, width))).toEqual(['VAT 16% incl. (net 2.58) 0.42']);
  });

  it('a receipt whose lines carry no tax prints no tax row', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 2000 }],
      tendered: 20_000,
    });
    expect(sale.tax).toBe(0);
    for (const width of [58, 42, 80] as const) {
      const lines = await printed(sale.receipt_no, width);
      expect(taxRows(lines)).toEqual([]);
      expect(lines.join('\n')).toContain('TOTAL');
    }
  });

  it('a reversal prints the tax going back by the rate each line was sold at', async () => {
    const sale: Sale = await mixedSale();
    // one of the two bags of sugar, the bread and the oil come back
    const res = await reverse(t.app, s.admin, sale.id, {
      lines: [
        { line_no: 1, quantity: 1000 },
        { line_no: 2, quantity: 1000 },
        { line_no: 3, quantity: 1000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const rev = res.json<{ receipt_no: string; tax: number; lines: { tax: number }[] }>();
    // half the sugar's 47.91 rounds to 23.96; the oil's 17.31 whole
    expect(rev.lines.map((l) => l.tax)).toEqual([2_396, 0, 1_731]);
    expect(rev.tax).toBe(2_396 + 1_731);
    expect(taxRows(await printed(rev.receipt_no, 80))).toEqual([
      'VAT 7.5% incl. (net 230.81) 17.31',
      'VAT 16% incl. (net 149.73) 23.96',
    ]);
    expect(taxRows(await printed(rev.receipt_no, 58, 'de'))).toEqual([
      'inkl. 7,5 % MwSt. 17,31',
      'inkl. 16 % MwSt. 23,96',
    ]);
  });
});

/** The receipt as the printer lays it out, in plain text (receiptline's text renderer). */
const asText = (markup: string, cpl: number) =>
  transform(markup, { cpl, encoding: 'multilingual', command: 'text' })
    .split('\n')
    .map((l) => l.trimEnd());

describe('tax rows of a receipt document', () => {
  const doc = (over: Partial<ReceiptDocument>): ReceiptDocument => ({
    type: 'sale',
    id: 'x',
    receipt_no: '000001',
    language: 'en',
    currency: 'KES',
    time_zone: 'Africa/Nairobi',
    time: '2026-11-24T09:26:53Z',
    business: {
      name: 'Duka',
      address: '',
      phone: '',
      tax_number: '',
      header: '',
      footer: '',
      payment_details: [],
    },
    location: 'Main',
    cashier: 'Wanjiku',
    kind: 'cash',
    lines: [{ name: 'Sugar', quantity: 1000, unit: 'pc', unit_price: 11_600, amount: 11_600, discount: 0 }],
    gross: 11_600,
    discount: 0,
    tax: 1_600,
    tax_rates: [{ rate: 1600, amount: 11_600, tax: 1_600 }],
    total: 11_600,
    tendered: null,
    change: null,
    debtor: null,
    balance_after: null,
    provider: null,
    reference: null,
    sale_receipt_no: null,
    reason: null,
    close: null,
    ...over,
  });

  it('writes a rate with its fraction as the locale does, in Portuguese too', () => {
    const rates = { tax: 1_600, tax_rates: [{ rate: 1250, amount: 11_600, tax: 1_600 }] };
    expect(receiptMarkup(doc({ ...rates, language: 'pt' }), 48)).toMatch(
      /IVA 12,5\s?% incl\. \(base 100,00\) \| 16,00/,
    );
    expect(receiptMarkup(doc(rates), 48)).toContain('VAT 12.5% incl. (net 100.00) | 16.00');
  });

  it('shows the base at 42 characters only where the row fits in 42, as at 32 and 48', () => {
    // 1,000,000.00 at 7.5 %: "inkl. 7,5 % MwSt. (netto 930.232,56) 69.767,44" is 46 characters
    const big = {
      language: 'de' as const,
      lines: [{ name: 'Generator', quantity: 1000, unit: 'pc', unit_price: 1e8, amount: 1e8, discount: 0 }],
      gross: 1e8,
      total: 1e8,
      tax: 6_976_744,
      tax_rates: [{ rate: 750, amount: 1e8, tax: 6_976_744 }],
    };
    const rowsAt = (cpl: 32 | 42 | 48, over: Partial<ReceiptDocument>) => {
      const lines = asText(receiptMarkup(doc(over), cpl), cpl);
      for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(cpl);
      return lines.filter((l) => l.includes('MwSt') || l.includes('VAT')).map((l) => l.replace(/\s+/g, ' '));
    };
    expect(rowsAt(48, big)).toEqual(['inkl. 7,5 % MwSt. (netto 930.232,56) 69.767,44']);
    expect(rowsAt(42, big)).toEqual(['inkl. 7,5 % MwSt. 69.767,44']);
    expect(rowsAt(32, big)).toEqual(['inkl. 7,5 % MwSt. 69.767,44']);
    // a row of 33 to 42 characters: with its base at 42 and 48, without at 32
    const mid = { tax_rates: [{ rate: 750, amount: 24_812, tax: 1_731 }], tax: 1_731 };
    expect(rowsAt(42, mid)).toEqual(['VAT 7.5% incl. (net 230.81) 17.31']);
    expect(rowsAt(48, mid)).toEqual(['VAT 7.5% incl. (net 230.81) 17.31']);
    expect(rowsAt(32, mid)).toEqual(['VAT 7.5% incl. 17.31']);
  });

  it('falls back to one "Tax included" row when the rates do not add up to the tax (or there are none)', () => {
    for (const over of [{ tax_rates: [] }, { tax: 1_601 }]) {
      const markup = receiptMarkup(doc(over), 32);
      expect(markup).toContain('Tax included');
      expect(markup).not.toContain('VAT');
    }
    const none = receiptMarkup(doc({ tax: 0, tax_rates: [] }), 48);
    expect(none).not.toMatch(/Tax included|VAT/);
  });
});
