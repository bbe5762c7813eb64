import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGoldenPrints, goldenShop } from '../../test/golden-receipts.js';
import { sold } from '../../test/sales-factories.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * Golden receipts: one fixed sale (fixed time, the first receipt number) drawn for each layout
 * (58 mm at 32 characters a line, 80 mm at 48 and at 42) in two languages, compared byte for byte
 * with the files in ./golden (test/golden-receipts.ts).
 */
describe('golden receipts', () => {
  let t: TestApp;
  let cookie: string;
  let receiptNo: string;

  beforeAll(async () => {
    const golden = await goldenShop();
    t = golden.t;
    const s = golden.s;
    cookie = s.admin;
    const sale = await sold(t.app, cookie, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: s.sugar.id, quantity: 2000, discount: 1000 },
        { product_id: s.bread.id, quantity: 1000 },
        { product_id: s.milk.id, quantity: 3000 },
      ],
      discount: 500,
      tendered: 100_000,
    });
    receiptNo = sale.receipt_no;
  });
  afterAll(() => t.close());

  /** Each layout: its name in the files' names and how the routes are asked for it. */
  const layouts = [
    { name: '58', what: '58 mm (32 characters)', query: 'width=58' },
    { name: '80', what: '80 mm (48 characters)', query: 'width=80' },
    { name: '80-42', what: '80 mm at 42 characters', query: 'columns=42' },
  ];
  for (const lang of ['en', 'de'] as const) {
    for (const layout of layouts) {
      it(`${lang}, ${layout.what}: ESC/POS bytes and SVG as the golden files`, async () => {
        expect(receiptNo).toBe('000001');
        const query = `${layout.query}&lang=${lang}`;
        await expectGoldenPrints(t, cookie, receiptNo, query, `sale-${lang}-${layout.name}`);
      });
    }
  }
});
