import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, sold } from '../../test/sales-factories.js';
import { buildProduct, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { printableText } from './printable-text.js';

/** How many times `text` occurs in the bytes (ASCII text: the same in every code page). */
const count = (bytes: Buffer, text: string) => {
  let n = 0;
  for (let at = bytes.indexOf(text); at >= 0; at = bytes.indexOf(text, at + 1)) n += 1;
  return n;
};

describe('receipt ESC/POS bytes', () => {
  let t: TestApp;
  let s: Shop;
  let teaId: string;
  const escpos = async (receiptNo: string, width = 80) => {
    const res = await t.app.inject({
      url: `/api/receipts/${receiptNo}/escpos?width=${width}`,
      headers: { cookie: s.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return Buffer.from(res.json<{ data: string }>().data, 'base64');
  };

  beforeAll(async () => {
    t = await buildTestApp();
    // 09:26 UTC is 12:26 in Nairobi; the default business is English, KES, Africa/Nairobi
    t.clock.advance(Date.parse('2026-11-24T09:26:53Z') - t.clock.now().getTime());
    s = await buildShop(t.app);
    const tea = await buildProduct(t.app, s.admin, {
      name: 'Doğal loose tea',
      code: 'TEA1',
      unit: 'kg',
      price: 50_000,
    });
    teaId = tea.id;
    await received(t.app, s.admin, {
      supplier_id: s.supplier,
      location_id: s.shop.id,
      lines: [{ product_id: tea.id, quantity: 10_000, unit_cost: 30_000 }],
    });
  });
  afterAll(() => t.close());

  it("dates follow the business's locale and time zone: an English/Nairobi shop prints 24/11/2026 12:26", async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 10_000,
    });
    const bytes = await escpos(sale.receipt_no);
    expect(count(bytes, '24/11/2026')).toBe(1);
    expect(count(bytes, '12:26')).toBe(1);
    expect(count(bytes, '11/24/26')).toBe(0);
  });

  it('shows a line discount once, on its line, with the unit of measure; the sale discount once, in the totals', async () => {
    const lineOnly = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: teaId, quantity: 2500, discount: 1_000 }],
      tendered: 200_000,
    });
    const a = await escpos(lineOnly.receipt_no);
    expect(count(a, '2.5 kg x 500.00')).toBe(1);
    expect(count(a, 'Discount')).toBe(1);
    expect(count(a, '-10.00')).toBe(1);
    expect(count(a, 'Subtotal')).toBe(0);

    const both = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: teaId, quantity: 1000, discount: 1_000 },
        { product_id: s.bread.id, quantity: 2000 },
      ],
      discount: 500,
      tendered: 200_000,
    });
    const b = await escpos(both.receipt_no);
    expect(count(b, '1 kg x 500.00')).toBe(1);
    expect(count(b, '2 pc x 65.00')).toBe(1);
    // the line's 10.00 once (under it), the sale's 5.00 once (under the subtotal of 490 + 130)
    expect(count(b, '-10.00')).toBe(1);
    expect(count(b, 'Sale discount')).toBe(1);
    expect(count(b, '-5.00')).toBe(1);
    expect(count(b, 'Subtotal')).toBe(1);
    expect(count(b, '620.00')).toBe(1);
    expect(count(b, '615.00')).toBe(1);
  });

  it("writes a line's quantity in the receipt's language: 2,5 kg in German, as its money", async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: teaId, quantity: 2500 }],
      tendered: 200_000,
    });
    const res = await t.app.inject({
      url: `/api/receipts/${sale.receipt_no}/escpos?width=80&lang=de`,
      headers: { cookie: s.admin },
    });
    const bytes = Buffer.from(res.json<{ data: string }>().data, 'base64');
    expect(count(bytes, '2,5 kg x 500,00')).toBe(1);
    expect(count(bytes, '2.5 kg')).toBe(0);
  });

  it('transliterates what no code page of the printer has (ğ → g) instead of printing "?"', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: teaId, quantity: 1000 }],
      tendered: 100_000,
    });
    const bytes = await escpos(sale.receipt_no);
    expect(count(bytes, 'Dogal loose tea')).toBe(1);
    expect(count(bytes, 'Do?al')).toBe(0);
    // the screen keeps the name as it is
    const svg = await t.app.inject({
      url: `/api/receipts/${sale.receipt_no}/svg`,
      headers: { cookie: s.admin },
    });
    expect(svg.body).toContain('ğ');
  });

  it('printableText: accents dropped only where the printer lacks the letter; spelled letters; no "?"', () => {
    expect(printableText('Café Crème Straße')).toBe('Café Crème Straße');
    expect(printableText('Doğal ệ ı')).toBe('Dogal e i');
    expect(printableText('tea 😀 “x”')).toBe('tea  “x”');
  });

  it('printableText: a Greek word in Latin letters, not half Greek and half "?"; Cyrillic as it is', () => {
    expect(printableText('Γειά σου')).toBe('Geia sou');
    expect(printableText('ΟΥΖΕΡΙ Ψαράς, Χαλκίδα')).toBe('OUZERI Psaras, Chalkida');
    expect(printableText('Ουζερί ΘΕΣΣΑΛΟΝΙΚΗ')).toBe('Ouzeri THESSALONIKI');
    expect(printableText('Привет')).toBe('Привет');
  });

  it('prints a Greek product name in Latin letters', async () => {
    const greek = await buildProduct(t.app, s.admin, {
      name: 'Καφές ελληνικός',
      code: 'KAF1',
      price: 10_000,
    });
    await received(t.app, s.admin, {
      supplier_id: s.supplier,
      location_id: s.shop.id,
      lines: [{ product_id: greek.id, quantity: 5_000, unit_cost: 5_000 }],
    });
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: greek.id, quantity: 1000 }],
      tendered: 100_000,
    });
    const bytes = await escpos(sale.receipt_no);
    expect(count(bytes, 'Kafes ellinikos')).toBe(1);
    expect(count(bytes, '?')).toBe(0);
  });
});
