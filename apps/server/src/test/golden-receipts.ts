import path from 'node:path';
import { expect } from 'vitest';
import { compareGolden, stableSvg } from './golden-files.js';
import { type Shop, buildShop } from './sales-factories.js';
import { type TestApp, buildTestApp } from './test-app.js';

/**
 * Golden receipts (modules/receipts/golden): printed by one shop at a fixed time, compared byte
 * for byte (ESC/POS and SVG) with the files. After a deliberate change, look at the new output and
 * rewrite them with UPDATE_GOLDEN=1.
 */
const GOLDEN = path.join(import.meta.dirname, '../modules/receipts/golden');
const FIXED_TIME = Date.parse('2026-03-14T09:26:53Z');

/** `actual` as the golden receipt file `name`. */
export const compareReceipt = (name: string, actual: Buffer) => compareGolden(GOLDEN, name, actual);

/**
 * A test app at the golden receipts' fixed time with a shop (buildShop) whose profile prints
 * everything a receipt's head and foot can: address, phone, tax number, header, footer, paybill.
 */
export async function goldenShop(): Promise<{ t: TestApp; s: Shop }> {
  const t = await buildTestApp();
  t.clock.advance(FIXED_TIME - t.clock.now().getTime());
  const s = await buildShop(t.app);
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/business/profile',
    headers: { cookie: s.admin },
    payload: {
      address: 'Moi Avenue 12, Nairobi',
      phone: '0722000000',
      tax_number: 'P051234567X',
      receipt_header: 'Open every day 7am - 9pm',
      receipt_footer: 'Goods once sold are exchanged within 7 days | Asante!',
      payment_details: { mpesa_paybill: '123456', mpesa_account: 'DUKA' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { t, s };
}

/** A receipt's ESC/POS bytes and its SVG (its filter's id made stable), as the routes print them. */
export async function printed(
  t: TestApp,
  cookie: string,
  receiptNo: string,
  query: string,
): Promise<{ escpos: Buffer; svg: string }> {
  const escpos = await t.app.inject({
    url: `/api/receipts/${receiptNo}/escpos?${query}`,
    headers: { cookie },
  });
  expect(escpos.statusCode, escpos.body).toBe(200);
  const svg = await t.app.inject({ url: `/api/receipts/${receiptNo}/svg?${query}`, headers: { cookie } });
  expect(svg.statusCode, svg.body).toBe(200);
  return { escpos: Buffer.from(escpos.json<{ data: string }>().data, 'base64'), svg: stableSvg(svg.body) };
}

/** Both prints of a receipt as their golden files `<name>.escpos` and `<name>.svg`. */
export async function expectGoldenPrints(
  t: TestApp,
  cookie: string,
  receiptNo: string,
  query: string,
  name: string,
): Promise<void> {
  const r = await printed(t, cookie, receiptNo, query);
  compareReceipt(`${name}.escpos`, r.escpos);
  compareReceipt(`${name}.svg`, Buffer.from(r.svg));
}
