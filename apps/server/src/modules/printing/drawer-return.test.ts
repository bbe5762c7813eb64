import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, sold, staffWith } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);

/**
 * ADR 12: the server claims a cash sale's one drawer opening when it signs the pulsed bytes for the
 * printer helper. When the helper then sends nothing (out of paper, cover open, no connection),
 * the page gives the opening back, so the sale's next print opens the drawer.
 */
describe("a cash sale's first-print drawer opening given back (/api/receipts/:no/drawer-return)", () => {
  let t: TestApp;
  let s: Shop;
  let seller: Awaited<ReturnType<typeof staffWith>>;

  const escpos = async (cookie: string, receiptNo: string) => {
    const res = await t.app.inject({
      url: `/api/receipts/${receiptNo}/escpos?width=80`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: string }>().data;
  };
  const pulsed = async (cookie: string, receiptNo: string) =>
    Buffer.from(await escpos(cookie, receiptNo), 'base64').includes(DRAWER_KICK);
  /** Signs the print of the bytes the escpos route handed out, as the qz-tray client asks. */
  const signPrint = (cookie: string, receiptNo: string, data: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/print/sign',
      headers: { cookie },
      payload: {
        request: JSON.stringify({
          call: 'print',
          params: {
            printer: { name: 'Counter' },
            options: { jobName: `Receipt #${receiptNo}`, copies: 1 },
            data: [{ type: 'raw', format: 'command', flavor: 'base64', data }],
          },
          timestamp: t.clock.now().getTime(),
        }),
      },
    });
  const giveBack = (cookie: string, receiptNo: string) =>
    t.app.inject({ method: 'POST', url: `/api/receipts/${receiptNo}/drawer-return`, headers: { cookie } });
  const cashSale = async () =>
    sold(t.app, seller.cookie, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 20_000,
    });
  /** A cash sale whose pulsed bytes were signed for the helper: its opening is claimed. */
  const claimed = async () => {
    const sale = await cashSale();
    const data = await escpos(seller.cookie, sale.receipt_no);
    expect(Buffer.from(data, 'base64').includes(DRAWER_KICK)).toBe(true);
    expect((await signPrint(seller.cookie, sale.receipt_no, data)).statusCode).toBe(200);
    expect(await pulsed(seller.cookie, sale.receipt_no)).toBe(false);
    return sale;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    seller = await staffWith(t.app, s.admin, ['sell_cash']);
  });
  afterAll(() => t.close());

  it('the seller gives it back: the next print has the pulse again and is signed; a second give-back finds nothing', async () => {
    const sale = await claimed();
    const res = await giveBack(seller.cookie, sale.receipt_no);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ returned: true });
    const data = await escpos(seller.cookie, sale.receipt_no);
    expect(Buffer.from(data, 'base64').includes(DRAWER_KICK)).toBe(true);
    expect((await signPrint(seller.cookie, sale.receipt_no, data)).statusCode).toBe(200);
    // claimed again by that print: a reprint does not open the drawer
    expect(await pulsed(seller.cookie, sale.receipt_no)).toBe(false);
    expect((await signPrint(seller.cookie, sale.receipt_no, data)).statusCode).toBe(403);
    // the opening given back is kept as a record, not deleted
    const rows = await t.db.kysely
      .selectFrom('drawer_openings')
      .select(['reason', 'sale_id'])
      .where('user_id', '=', seller.user.id)
      .orderBy('reason')
      .execute();
    expect(rows.filter((r) => r.reason === 'first_print_returned')).toEqual([
      { reason: 'first_print_returned', sale_id: null },
    ]);
    expect((await giveBack(seller.cookie, sale.receipt_no)).json()).toEqual({ returned: true });
    expect((await giveBack(seller.cookie, sale.receipt_no)).json()).toEqual({ returned: false });
  });

  it('only its claimer, within five minutes; nothing to give back before a print', async () => {
    const fresh = await cashSale();
    expect((await giveBack(seller.cookie, fresh.receipt_no)).json()).toEqual({ returned: false });
    expect(await pulsed(seller.cookie, fresh.receipt_no)).toBe(true);

    const sale = await claimed();
    const another = await staffWith(t.app, s.admin, ['sell_cash']);
    // the admin sees every sale and may open the drawer, but did not claim this one
    expect((await giveBack(s.admin, sale.receipt_no)).json()).toEqual({ returned: false });
    expect((await giveBack(another.cookie, sale.receipt_no)).statusCode).toBe(404);
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await giveBack(seller.cookie, sale.receipt_no)).json()).toEqual({ returned: false });
    expect(await pulsed(seller.cookie, sale.receipt_no)).toBe(false);
  });

  // (another business's receipt numbers: the tenancy walk, http/tenancy-walk.test.ts, takes every route)
  it('refuses a user who may not open the drawer', async () => {
    const sale = await claimed();
    const reports = await staffWith(t.app, s.admin, ['view_sales_report']);
    const refused = await giveBack(reports.cookie, sale.receipt_no);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect(await pulsed(seller.cookie, sale.receipt_no)).toBe(false);
    expect((await giveBack(seller.cookie, sale.receipt_no)).json()).toEqual({ returned: true });
  });
});
