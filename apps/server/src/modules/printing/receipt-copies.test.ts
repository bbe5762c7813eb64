import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedText } from '../../test/escpos-text.js';
import { startFakePrinter } from '../../test/fake-printer.js';
import { type Shop, buildShop, paid, reversed, sold, staffWith } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);

/**
 * The server knows every print of a receipt (receipt-prints.ts): its network prints and the prints
 * it signs for the printer helper. The first is the original; every later one says "COPY" under
 * the title, in the business's language. A print that reached no printer does not count.
 */
describe('reprints say COPY', () => {
  let t: TestApp;
  let s: Shop;
  let seller: string;

  const networkPrint = (receiptNo: string, cookie = s.admin) =>
    t.app.inject({ method: 'POST', url: `/api/receipts/${receiptNo}/print`, headers: { cookie } });
  const setPrinter = async (port: number) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { printer_host: '127.0.0.1', printer_port: port, receipt_width: 80 },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The bytes the escpos route hands the printer helper's page. */
  const escpos = async (receiptNo: string, cookie = s.admin, query = '') => {
    const res = await t.app.inject({
      url: `/api/receipts/${receiptNo}/escpos?width=80${query}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: string }>().data;
  };
  const text = (base64: string) => printedText(Buffer.from(base64, 'base64'));
  /** Signs the print of these bytes, as the qz-tray client asks. */
  const sign = (receiptNo: string, data: string, cookie = s.admin) =>
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
  const cashSale = (cookie = s.admin) =>
    sold(t.app, cookie, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 50_000,
    });
  const transferSale = () =>
    sold(t.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      provider_id: s.mpesa.id,
      reference: `REF-${Date.now()}-${Math.random()}`,
    });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    seller = (await staffWith(t.app, s.admin, ['sell_cash'])).cookie;
  });
  afterAll(() => t.close());

  it('network prints: the first of a sale, a reversal or a payment is the original, each later one a copy', async () => {
    const cash = await cashSale();
    // the debtor owes, so pays
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      lines: [{ product_id: s.milk.id, quantity: 1000 }],
      debtor_id: s.debtor.id,
    });
    const payment = await paid(t.app, s.admin, s.debtor.id, {
      amount: 1_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    const refund = await reversed(t.app, s.admin, (await cashSale()).id, {
      lines: [{ line_no: 1, quantity: 1000 }],
    });
    const printer = await startFakePrinter();
    try {
      await setPrinter(printer.port);
      for (const receiptNo of [
        cash.receipt_no,
        (await transferSale()).receipt_no,
        refund.receipt_no,
        payment.receipt_no,
      ]) {
        const before = printer.jobs.length;
        for (let i = 0; i < 3; i++) expect((await networkPrint(receiptNo)).statusCode).toBe(200);
        await expect.poll(() => printer.jobs.length).toBe(before + 3);
        const [first, ...later] = printer.jobs.slice(before).map((job) => printedText(job));
        expect(first, receiptNo).toContain(`#${receiptNo}`);
        expect(first, receiptNo).not.toMatch(/COPY/);
        for (const copy of later) {
          expect(copy, receiptNo).toMatch(/COPY/);
          // under the title, above the number
          expect(copy.indexOf('COPY')).toBeLessThan(copy.indexOf(`#${receiptNo}`));
        }
      }
      // the first prints of the cash sale, the cash refund and the cash payment open the drawer;
      // no copy does
      expect(printer.jobs.filter((j) => j.includes(DRAWER_KICK))).toHaveLength(3);
    } finally {
      await printer.close();
    }
  });

  it('a network print that reached no printer does not count: the next print is the original', async () => {
    const sale = await transferSale();
    const empty = await startFakePrinter({ paperOut: true });
    try {
      await setPrinter(empty.port);
      expect((await networkPrint(sale.receipt_no)).json().error.code).toBe('printer_out_of_paper');
    } finally {
      await empty.close();
    }
    expect(text(await escpos(sale.receipt_no))).not.toMatch(/COPY/);
    const ready = await startFakePrinter();
    try {
      await setPrinter(ready.port);
      expect((await networkPrint(sale.receipt_no)).statusCode).toBe(200);
      expect((await networkPrint(sale.receipt_no)).statusCode).toBe(200);
      await expect.poll(() => ready.jobs.length).toBe(2);
      expect(printedText(ready.jobs[0]!)).not.toMatch(/COPY/);
      expect(printedText(ready.jobs[1]!)).toMatch(/COPY/);
    } finally {
      await ready.close();
    }
  });

  it("the printer helper: signing is printing; the original's bytes are signed once, then only the copy's", async () => {
    const sale = await transferSale();
    const original = await escpos(sale.receipt_no);
    expect(text(original)).not.toMatch(/COPY/);
    // fetching the bytes prints nothing
    expect(await escpos(sale.receipt_no)).toBe(original);
    expect((await sign(sale.receipt_no, original)).statusCode).toBe(200);
    const copy = await escpos(sale.receipt_no);
    expect(text(copy)).toMatch(/COPY/);
    const again = await sign(sale.receipt_no, original);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toMatch(/printed before/);
    expect((await sign(sale.receipt_no, copy)).statusCode).toBe(200);
    expect((await sign(sale.receipt_no, copy)).statusCode).toBe(200);
    // in the business's language (the page may ask for another)
    expect(text(await escpos(sale.receipt_no, s.admin, '&lang=de'))).toMatch(/KOPIE/);
    expect(text(await escpos(sale.receipt_no, s.admin, '&lang=es'))).toMatch(/COPIA/);
    const prints = await t.db.kysely
      .selectFrom('receipt_prints')
      .select(['original_of'])
      .where('receipt_no', '=', sale.receipt_no)
      .execute();
    // the original and two copies
    expect(prints.map((p) => p.original_of ?? 'copy').sort()).toEqual([sale.receipt_no, 'copy', 'copy']);
  });

  it('a first print the helper never sent, given back with its drawer opening, is the original again', async () => {
    const sale = await cashSale(seller);
    const first = await escpos(sale.receipt_no, seller);
    expect(Buffer.from(first, 'base64').includes(DRAWER_KICK)).toBe(true);
    expect((await sign(sale.receipt_no, first, seller)).statusCode).toBe(200);
    const reprint = await escpos(sale.receipt_no, seller);
    expect(text(reprint)).toMatch(/COPY/);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/receipts/${sale.receipt_no}/drawer-return`,
      headers: { cookie: seller },
    });
    expect(back.json()).toEqual({ returned: true });
    // the same bytes as the first time: the pulse, no "COPY"
    expect(await escpos(sale.receipt_no, seller)).toBe(first);
    expect((await sign(sale.receipt_no, first, seller)).statusCode).toBe(200);
  });

  it('a first print without a pulse that the helper never sent, given back, is the original again; only by its printer', async () => {
    const sale = await transferSale();
    const first = await escpos(sale.receipt_no);
    expect(Buffer.from(first, 'base64').includes(DRAWER_KICK)).toBe(false);
    expect((await sign(sale.receipt_no, first)).statusCode).toBe(200);
    expect(text(await escpos(sale.receipt_no))).toMatch(/COPY/);
    const giveBack = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/receipts/${sale.receipt_no}/print-return`,
        headers: { cookie },
      });
    // another user (who may not even read the sale) gives nothing back
    expect((await giveBack(seller)).statusCode).toBe(404);
    expect((await giveBack(s.admin)).json()).toEqual({ returned: true });
    expect(await escpos(sale.receipt_no)).toBe(first);
    expect((await giveBack(s.admin)).json()).toEqual({ returned: false });
    // past five minutes a print stands
    expect((await sign(sale.receipt_no, first)).statusCode).toBe(200);
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await giveBack(s.admin)).json()).toEqual({ returned: false });
    expect(text(await escpos(sale.receipt_no))).toMatch(/COPY/);
  });
});
