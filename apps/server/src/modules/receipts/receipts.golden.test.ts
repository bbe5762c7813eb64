import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareGolden, stableSvg } from '../../test/golden-files.js';
import { buildShop, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Golden receipts: one fixed sale (fixed time, the first receipt number) drawn for each layout
 * (58 mm at 32 characters a line, 80 mm at 48 and at 42) in two languages, compared byte for byte
 * with the files in ./golden. After a deliberate
 * change to the receipt, look at the new output and rewrite them with UPDATE_GOLDEN=1.
 */
const GOLDEN = path.join(import.meta.dirname, 'golden');
const FIXED_TIME = Date.parse('2026-03-14T09:26:53Z');
const compare = (name: string, actual: Buffer) => compareGolden(GOLDEN, name, actual);

describe('golden receipts', () => {
  let t: TestApp;
  let cookie: string;
  let receiptNo: string;

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.advance(FIXED_TIME - t.clock.now().getTime());
    const s = await buildShop(t.app);
    cookie = s.admin;
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie },
      payload: {
        address: 'Moi Avenue 12, Nairobi',
        phone: '0722000000',
        tax_number: 'P051234567X',
        receipt_header: 'Open every day 7am - 9pm',
        receipt_footer: 'Goods once sold are exchanged within 7 days | Asante!',
        payment_details: { mpesa_paybill: '123456', mpesa_account: 'DUKA' },
      },
    });
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
        const escpos = await t.app.inject({
          url: `/api/receipts/${receiptNo}/escpos?${layout.query}&lang=${lang}`,
          headers: { cookie },
        });
        const bytes = Buffer.from(escpos.json<{ data: string }>().data, 'base64');
        compare(`sale-${lang}-${layout.name}.escpos`, bytes);
        const svg = await t.app.inject({
          url: `/api/receipts/${receiptNo}/svg?${layout.query}&lang=${lang}`,
          headers: { cookie },
        });
        compare(`sale-${lang}-${layout.name}.svg`, Buffer.from(stableSvg(svg.body)));
      });
    }
  }
});
