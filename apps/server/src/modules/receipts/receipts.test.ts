import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedText } from '../../test/escpos-text.js';
import { type Shop, buildShop, reverse, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** The text an SVG receipt shows: receiptline draws each character in its own tspan. */
function svgText(svg: string): string {
  return svg
    .replace(/<[^>]+>/g, '')
    .replace(/&#xa0;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
}

describe('receipts on screen', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  it('finds a receipt by number and draws it as SVG with the business, lines, totals and change', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: {
        receipt_footer: 'Karibu tena | come again {soon}',
        payment_details: { mpesa_paybill: '123456' },
      },
    });
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 2000 }],
      tendered: 40_000,
    });
    const found = await t.app.inject({
      url: `/api/receipts/${sale.receipt_no}`,
      headers: { cookie: s.admin },
    });
    expect(found.json()).toEqual({ type: 'sale', id: sale.id, receipt_no: sale.receipt_no });
    for (const width of [58, 80]) {
      const res = await t.app.inject({
        url: `/api/receipts/${sale.receipt_no}/svg?width=${width}`,
        headers: { cookie: s.admin },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body.startsWith('<svg')).toBe(true);
      expect(res.body).not.toContain('googleapis');
      const svg = svgText(res.body);
      expect(svg).toContain('Mama Mboga Stores');
      expect(svg).toContain('Sugar 1 kg');
      expect(svg).toContain(sale.receipt_no);
      expect(svg).toContain('KES');
      expect(svg).toContain('40.00'); // change
      expect(svg).toContain('Karibu tena | come again {soon}'); // markup characters kept as text
      expect(svg).toContain('123456');
    }
    const rev = await reverse(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    const revSvg = await t.app.inject({
      url: `/api/receipts/${rev.json<{ receipt_no: string }>().receipt_no}/svg?lang=de`,
      headers: { cookie: s.admin },
    });
    // the HTML receipt (the SVG the browser prints) of a refund: titled so, no thanks
    expect(svgText(revSvg.body)).toContain('ERSTATTUNG');
    expect(svgText(revSvg.body)).not.toContain('Vielen Dank');
    expect(svgText(revSvg.body)).toContain(`Storniert Beleg Nr. ${sale.receipt_no}`);
    expect(
      (await t.app.inject({ url: '/api/receipts/999999', headers: { cookie: s.admin } })).statusCode,
    ).toBe(404);
  });

  it("a refund slip of a discounted line shows the price and the discount, adding up to what is refunded, as the sale's receipt did", async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 2000, discount: 2_000 }],
      tendered: 40_000,
    });
    const rev = await reverse(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    const refunded = rev.json<{ receipt_no: string; total: number }>();
    expect(refunded.total).toBe(18_000 - 1_000);
    const svg = svgText(
      (
        await t.app.inject({
          url: `/api/receipts/${refunded.receipt_no}/svg?width=80`,
          headers: { cookie: s.admin },
        })
      ).body,
    );
    // "1 pc x 180.00" then 180.00, "Discount -10.00": the column adds up to the 170.00 refunded
    expect(svg).toMatch(/x 180\.00\s*180\.00/);
    expect(svg).toMatch(/Discount\s*-10\.00/);
  });

  it("words the payment details in the receipt's language, printed and on screen", async () => {
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: {
        payment_details: { mpesa_paybill: '247247', mpesa_account: '0700123456', mpesa_till: '5123456' },
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 20_000,
    });
    const words = {
      en: ['Pay to', 'M-Pesa paybill 247247, account 0700123456', 'M-Pesa till 5123456'],
      es: ['Pagar a', 'Paybill de M-Pesa 247247, cuenta 0700123456', 'Número de caja M-Pesa 5123456'],
      pt: ['Pagar a', 'Paybill M-Pesa 247247, conta 0700123456', 'Número do caixa M-Pesa 5123456'],
      de: ['Zahlbar an', 'M-Pesa-Paybill 247247, Konto 0700123456', 'M-Pesa-Kassennummer 5123456'],
    };
    for (const [lang, expected] of Object.entries(words)) {
      const get = (kind: string) =>
        t.app.inject({
          url: `/api/receipts/${sale.receipt_no}/${kind}?columns=48&lang=${lang}`,
          headers: { cookie: s.admin },
        });
      const escpos = await get('escpos');
      expect(escpos.statusCode, escpos.body).toBe(200);
      const printed = printedText(Buffer.from(escpos.json<{ data: string }>().data, 'base64'));
      const screen = svgText((await get('svg')).body);
      for (const text of [printed, screen]) {
        for (const line of expected) expect(text, lang).toContain(line);
        if (lang !== 'en') expect(text, lang).not.toMatch(/paybill|account|till/);
      }
    }
  });
});
