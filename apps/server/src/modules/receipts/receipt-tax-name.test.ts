import type { ReceiptDocument } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedLines, withColumnGaps } from '../../test/escpos-text.js';
import { type Shop, buildShop, sold } from '../../test/sales-factories.js';
import { buildProduct, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { receiptMarkup } from './receipt-markup.js';

/**
 * A business that calls its tax otherwise (GST, ICMS…) has it printed so beside each rate, in every
 * language and at 32, 42 and 48 characters a line, the net base shown only where the row fits;
 * without a name of its own the receipt says the language's word, as it always did.
 */
describe('receipts name the tax as the business calls it', () => {
  let t: TestApp;
  let s: Shop;
  let oilId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const oil = await buildProduct(t.app, s.admin, { name: 'Cooking oil', price: 25_000, tax_rate: 750 });
    oilId = oil.id;
    await received(t.app, s.admin, {
      supplier_id: s.supplier,
      location_id: s.shop.id,
      lines: [{ product_id: oil.id, quantity: 10_000, unit_cost: 50 }],
    });
  });
  afterAll(() => t.close());

  const setName = async (tax_name: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { tax_name },
    });
    expect(res.statusCode, res.body).toBe(200);
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
  /** The receipt's tax rows as printed at a number of characters a line, within them. */
  const taxRows = async (receiptNo: string, cpl: 32 | 42 | 48, lang: string, word: RegExp) => {
    const res = await t.app.inject({
      url: `/api/receipts/${receiptNo}/escpos?columns=${cpl}&lang=${lang}`,
      headers: { cookie: s.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = Buffer.from(res.json<{ data: string }>().data, 'base64');
    expect(Math.max(...printedLines(bytes).map((l) => [...l].length))).toBeLessThanOrEqual(cpl);
    return printedLines(withColumnGaps(bytes))
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => word.test(l));
  };

  it('GST in English and German at 48, 42 and 32 characters, the base where the row fits', async () => {
    await setName('GST');
    const sale = await mixedSale();
    const en = /GST|VAT/;
    for (const cpl of [48, 42] as const)
      expect(await taxRows(sale.receipt_no, cpl, 'en', en)).toEqual([
        'GST 7.5% incl. (net 230.81) 17.31',
        'GST 16% incl. (net 299.46) 47.91',
      ]);
    expect(await taxRows(sale.receipt_no, 32, 'en', en)).toEqual([
      'GST 7.5% incl. 17.31',
      'GST 16% incl. (net 299.46) 47.91',
    ]);
    const de = /GST|MwSt/;
    for (const cpl of [48, 42] as const)
      expect(await taxRows(sale.receipt_no, cpl, 'de', de)).toEqual([
        'inkl. 7,5 % GST (netto 230,81) 17,31',
        'inkl. 16 % GST (netto 299,46) 47,91',
      ]);
    expect(await taxRows(sale.receipt_no, 32, 'de', de)).toEqual([
      'inkl. 7,5 % GST 17,31',
      'inkl. 16 % GST 47,91',
    ]);
    // the receipt on screen too
    const svg = await t.app.inject({
      url: `/api/receipts/${sale.receipt_no}/svg?columns=42&lang=es`,
      headers: { cookie: s.admin },
    });
    const text = svg.body.replace(/<[^>]+>/g, '').replace(/&#xa0;/g, ' ');
    expect(text).toContain('GST 7,5 % incl. (base 230,81)');
    expect(text).not.toContain('IVA');
  });

  it('a name of 12 characters keeps the base only where it fits: 48 in German, 42 and 48 in English', async () => {
    await setName('Sales Tax ST');
    const sale = await mixedSale();
    const word = /Sales Tax ST|VAT|MwSt/;
    expect(await taxRows(sale.receipt_no, 48, 'de', word)).toEqual([
      'inkl. 7,5 % Sales Tax ST (netto 230,81) 17,31',
      'inkl. 16 % Sales Tax ST (netto 299,46) 47,91',
    ]);
    expect(await taxRows(sale.receipt_no, 42, 'de', word)).toEqual([
      'inkl. 7,5 % Sales Tax ST 17,31',
      'inkl. 16 % Sales Tax ST 47,91',
    ]);
    expect(await taxRows(sale.receipt_no, 42, 'en', word)).toEqual([
      'Sales Tax ST 7.5% incl. (net 230.81) 17.31',
      'Sales Tax ST 16% incl. (net 299.46) 47.91',
    ]);
    expect(await taxRows(sale.receipt_no, 32, 'en', word)).toEqual([
      'Sales Tax ST 7.5% incl. 17.31',
      'Sales Tax ST 16% incl. 47.91',
    ]);
  });

  it("without a name of its own, the language's word again", async () => {
    await setName('');
    const sale = await mixedSale();
    expect(await taxRows(sale.receipt_no, 48, 'en', /GST|VAT/)).toEqual([
      'VAT 7.5% incl. (net 230.81) 17.31',
      'VAT 16% incl. (net 299.46) 47.91',
    ]);
    expect(await taxRows(sale.receipt_no, 32, 'pt', /GST|IVA/)).toEqual([
      'IVA 7,5% incl. 17,31',
      'IVA 16% incl. 47,91',
    ]);
  });
});

describe("a receipt document's tax in one figure", () => {
  const doc = (language: ReceiptDocument['language'], tax_name?: string): ReceiptDocument => ({
    type: 'sale',
    id: 'x',
    receipt_no: '000001',
    language,
    currency: 'KES',
    time_zone: 'Africa/Nairobi',
    time: '2026-11-24T09:26:53Z',
    business: {
      name: 'Duka',
      address: '',
      phone: '',
      tax_number: '',
      ...(tax_name === undefined ? {} : { tax_name }),
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
    // rates that do not add up to the tax: one row
    tax: 1_601,
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
  });

  it('names the business’s tax when it has a name, else says what it always said', () => {
    expect(receiptMarkup(doc('en', 'GST'), 48)).toContain('GST included | 16.01');
    expect(receiptMarkup(doc('de', 'GST'), 32)).toContain('inkl. GST | 16,01');
    expect(receiptMarkup(doc('es', 'ICMS'), 42)).toContain('ICMS incluido | 16,01');
    for (const name of [undefined, '', '  ']) {
      expect(receiptMarkup(doc('en', name), 48)).toContain('Tax included | 16.01');
      expect(receiptMarkup(doc('es', name), 48)).toContain('IVA incluido | 16,01');
    }
  });
});
