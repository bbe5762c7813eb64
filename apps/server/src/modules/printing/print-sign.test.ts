import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, paid, sold, staffWith } from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** What the qz-tray client hashes and the page sends to be signed. */
const callText = (call: string, params: unknown, timestamp: number) =>
  JSON.stringify({ call, params, timestamp });

const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]).toString('base64');

describe('signing printer calls (/api/print/sign)', () => {
  let t: TestApp;
  let s: Shop;
  let publicKey: crypto.KeyObject;
  let receipt: { receipt_no: string; data: string; data58: string };
  let stockOnly: string;
  let seller: string;

  const sign = (cookie: string | null, request: string, algorithm?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/print/sign',
      headers: cookie ? { cookie } : {},
      payload: { request, ...(algorithm ? { algorithm } : {}) },
    });
  const now = () => t.clock.now().getTime();
  const printParams = (data: string, jobName = `Receipt #${receipt.receipt_no}`, extra = {}) => ({
    printer: { name: 'Counter' },
    options: { jobName, copies: 1, ...extra },
    data: [{ type: 'raw', format: 'command', flavor: 'base64', data }],
  });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const cert = await t.app.inject({ url: '/api/print/certificate', headers: { cookie: s.admin } });
    publicKey = new crypto.X509Certificate(cert.body).publicKey;
    stockOnly = (await staffWith(t.app, s.admin, ['manage_stock', 'adding_supplier_stock'])).cookie;
    seller = (await staffWith(t.app, s.admin, ['sell_cash'])).cookie;
    // the seller's own sale: staff print the receipts of the sales they made (sale-access.ts)
    const sale = await sold(t.app, seller, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 20_000,
    });
    const escpos = async (w: number) =>
      (
        await t.app.inject({
          url: `/api/receipts/${sale.receipt_no}/escpos?width=${w}`,
          headers: { cookie: s.admin },
        })
      ).json<{ data: string }>().data;
    receipt = { receipt_no: sale.receipt_no, data: await escpos(80), data58: await escpos(58) };
  });
  afterAll(() => t.close());

  it("signs a read of the helper (SHA512): the hash is the client's, the certificate's key verifies it", async () => {
    const request = callText('printers.find', { query: 'Counter' }, now());
    const res = await sign(s.admin, request, 'SHA512');
    expect(res.statusCode, res.body).toBe(200);
    const { hash, signature } = res.json<{ hash: string; signature: string }>();
    expect(hash).toBe(crypto.createHash('sha256').update(request, 'utf8').digest('hex'));
    expect(crypto.verify('sha512', Buffer.from(hash), publicKey, Buffer.from(signature, 'base64'))).toBe(
      true,
    );
    for (const call of ['printers.getDefault', 'networking.device', 'networking.hostname']) {
      expect(
        (await sign(seller, callText(call, call === 'networking.hostname' ? undefined : null, now())))
          .statusCode,
        call,
      ).toBe(200);
    }
  });

  it('refuses SHA1 and SHA256, and anyone not signed in', async () => {
    const request = callText('printers.find', {}, now());
    for (const algorithm of ['SHA1', 'SHA256', 'sha512', 'MD5']) {
      const res = await sign(s.admin, request, algorithm);
      expect(res.statusCode, algorithm).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect((await sign(null, request)).statusCode).toBe(401);
  });

  it('prints a receipt only as the server renders it: its ESC/POS at 58 or 80 mm, its job name, one copy', async () => {
    // the cash sale's first print opens the drawer, once: the same bytes again are refused
    expect(Buffer.from(receipt.data, 'base64').includes(Buffer.from(DRAWER_KICK, 'base64'))).toBe(true);
    expect((await sign(seller, callText('print', printParams(receipt.data), now()))).statusCode).toBe(200);
    const again = await sign(seller, callText('print', printParams(receipt.data58), now()));
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toMatch(/already opened the cash drawer/);
    // reprints: the server now hands out the bytes without the pulse, and signs those
    const reprint = async (w: number) =>
      (
        await t.app.inject({
          url: `/api/receipts/${receipt.receipt_no}/escpos?width=${w}`,
          headers: { cookie: s.admin },
        })
      ).json<{ data: string }>().data;
    receipt = { ...receipt, data: await reprint(80), data58: await reprint(58) };
    expect(Buffer.from(receipt.data, 'base64').includes(Buffer.from(DRAWER_KICK, 'base64'))).toBe(false);
    for (const data of [receipt.data, receipt.data58]) {
      const request = callText('print', printParams(data), now());
      const res = await sign(seller, request);
      expect(res.statusCode, res.body).toBe(200);
      const { hash, signature } = res.json<{ hash: string; signature: string }>();
      expect(crypto.verify('sha512', Buffer.from(hash), publicKey, Buffer.from(signature, 'base64'))).toBe(
        true,
      );
    }
    const bytes = Buffer.from(receipt.data, 'base64');
    const forged = Buffer.concat([bytes.subarray(0, -4), Buffer.from('FREE BEER\n'), bytes.subarray(-4)]);
    const refused = [
      printParams(DRAWER_KICK), // the cash drawer on its own
      printParams(forged.toString('base64')),
      printParams(receipt.data, 'Receipt #999999'),
      printParams(receipt.data, 'Anything'),
      printParams(receipt.data, undefined, { copies: 50 }),
      { ...printParams(receipt.data), data: [receipt.data] },
      {
        ...printParams(receipt.data),
        data: [printParams(receipt.data).data[0], printParams(DRAWER_KICK).data[0]],
      },
      { ...printParams(receipt.data), data: [{ ...printParams(receipt.data).data[0], flavor: 'plain' }] },
    ];
    for (const [i, params] of refused.entries()) {
      const res = await sign(s.admin, callText('print', params, now()));
      // a receipt number that names nothing is not found; everything else is refused
      expect(res.statusCode, JSON.stringify(params).slice(0, 200)).toBe(i === 2 ? 404 : 403);
    }
  });

  it('prints a receipt laid out at 42 characters a line (an 80 mm printer of 42), its first print and a reprint', async () => {
    const sale = await sold(t.app, seller, {
      kind: 'cash',
      tendered: 20_000,
      location_id: s.shop.id,
      lines: [{ product_id: s.milk.id, quantity: 1000 }],
    });
    const at42 = async () => {
      const res = await t.app.inject({
        url: `/api/receipts/${sale.receipt_no}/escpos?columns=42`,
        headers: { cookie: s.admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ width: 80 });
      return res.json<{ data: string }>().data;
    };
    const first = await at42();
    expect(Buffer.from(first, 'base64').includes(Buffer.from(DRAWER_KICK, 'base64'))).toBe(true);
    const signed = await sign(
      seller,
      callText('print', printParams(first, `Receipt #${sale.receipt_no}`), now()),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const copy = await at42();
    expect(copy).not.toBe(first);
    const again = await sign(
      seller,
      callText('print', printParams(copy, `Receipt #${sale.receipt_no}`), now()),
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  it("prints a receipt of a series with letters (a branch's, B000001) as it prints any other", async () => {
    const sale = await sold(t.app, seller, {
      kind: 'cash',
      tendered: 20_000,
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    // as a second PC of the business numbers its receipts (ADR 11 §11.2)
    const series = `B${sale.receipt_no.slice(-6)}`;
    await t.db.kysely.updateTable('sales').set({ receipt_no: series }).where('id', '=', sale.id).execute();
    const res = await t.app.inject({
      url: `/api/receipts/${series}/escpos?width=80`,
      headers: { cookie: s.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, job_name } = res.json<{ data: string; job_name: string }>();
    expect(job_name).toBe(`Receipt #${series}`);
    const signed = await sign(seller, callText('print', printParams(data, job_name), now()));
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('signs the drawer pulse alone ("Open drawer") only for users who may take cash, and records it', async () => {
    const openings = () =>
      t.db.kysely
        .selectFrom('drawer_openings')
        .select(['reason', 'sale_id'])
        .where('reason', '=', 'manual')
        .execute();
    const before = (await openings()).length;
    const pulse = () => callText('print', printParams(DRAWER_KICK, 'Cash drawer'), now());
    const refused = await sign(stockOnly, pulse());
    expect(refused.statusCode).toBe(403);
    const reports = (await staffWith(t.app, s.admin, ['view_sales_report'])).cookie;
    expect((await sign(reports, pulse())).statusCode).toBe(403);
    expect((await openings()).length).toBe(before);
    expect((await sign(seller, pulse())).statusCode).toBe(200);
    expect((await sign(s.admin, pulse())).statusCode).toBe(200);
    expect((await openings()).length).toBe(before + 2);
    // the name does not make other bytes a pulse
    expect(
      (await sign(s.admin, callText('print', printParams(receipt.data, 'Cash drawer'), now()))).statusCode,
    ).toBe(403);
  });

  it("a cash sale's first print opens the drawer only for a user who may take cash, not for one who only sees sales", async () => {
    const sale = await sold(t.app, seller, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 20_000,
    });
    const bytesFor = async (cookie: string) =>
      (
        await t.app.inject({ url: `/api/receipts/${sale.receipt_no}/escpos?width=80`, headers: { cookie } })
      ).json<{ data: string }>().data;
    const kicks = (data: string) => Buffer.from(data, 'base64').includes(Buffer.from(DRAWER_KICK, 'base64'));
    // who sees and refunds a colleague's sales (sale-access.ts) but does not take cash for them
    const viewer = (await staffWith(t.app, s.admin, ['current_sales', 'reversing_cash'])).cookie;
    const theirs = await bytesFor(viewer);
    expect(kicks(theirs)).toBe(false);
    const job = `Receipt #${sale.receipt_no}`;
    expect((await sign(viewer, callText('print', printParams(theirs, job), now()))).statusCode).toBe(200);
    // the bytes a seller gets open it; the viewer may not have those signed
    const withKick = await bytesFor(seller);
    expect(kicks(withKick)).toBe(true);
    const refused = await sign(viewer, callText('print', printParams(withKick, job), now()));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    // the first print's opening is still the seller's to use
    expect((await sign(seller, callText('print', printParams(withKick, job), now()))).statusCode).toBe(200);
  });

  it('refuses calls Duka does not make, calls not about now, and text that is not a call as the client writes it', async () => {
    for (const [call, params] of [
      ['file.list', { path: '/' }],
      ['serial.sendData', { port: 'COM1', data: 'x' }],
      ['networking.hostnameX', null],
    ] as const) {
      const res = await sign(s.admin, callText(call, params, now()));
      expect(res.statusCode, call).toBe(403);
    }
    expect((await sign(s.admin, callText('printers.find', {}, now() - 6 * 60_000))).statusCode).toBe(403);
    expect((await sign(s.admin, callText('printers.find', {}, now() + 6 * 60_000))).statusCode).toBe(403);
    const hash = crypto.createHash('sha256').update('x').digest('hex');
    expect((await sign(s.admin, hash)).statusCode).toBe(422); // a bare hash: what the old route signed
    const padded = `{"call":"printers.find", "params":{},"timestamp":${now()}}`;
    expect((await sign(s.admin, padded)).statusCode).toBe(403);
    const extra = `{"call":"printers.find","params":{},"timestamp":${now()},"signature":"x"}`;
    expect((await sign(s.admin, extra)).statusCode).toBe(403);
  });

  it("a user without sales rights prints the debtor payments they record (every user may), never a sale's receipt", async () => {
    const read = await sign(stockOnly, callText('printers.find', {}, now()));
    expect(read.statusCode, read.body).toBe(200);
    const sale = await sign(stockOnly, callText('print', printParams(receipt.data), now()));
    expect(sale.statusCode).toBe(403);
    expect(sale.json().error.code).toBe('forbidden');
    const owed = await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      debtor_id: s.debtor.id,
    });
    const payment = await paid(t.app, stockOnly, s.debtor.id, {
      amount: owed.total,
      method: 'cash',
      location_id: s.shop.id,
    });
    const bytes = (
      await t.app.inject({
        url: `/api/receipts/${payment.receipt_no}/escpos?width=80`,
        headers: { cookie: stockOnly },
      })
    ).json<{ data: string }>().data;
    const job = `Receipt #${payment.receipt_no}`;
    const printed = await sign(stockOnly, callText('print', printParams(bytes, job), now()));
    expect(printed.statusCode, printed.body).toBe(200);
  });

  it('refuses a receipt the user may not see (a sale, for a user who sees sales reports only)', async () => {
    const reports = (await staffWith(t.app, s.admin, ['view_sales_report'])).cookie;
    expect((await sign(reports, callText('printers.getDefault', null, now()))).statusCode).toBe(200);
    const res = await sign(reports, callText('print', printParams(receipt.data), now()));
    expect(res.statusCode).toBe(403);
  });

  it('refuses a receipt of a location the user may not read, as the receipt routes do', async () => {
    const elsewhere = await buildLocation(t.app, s.admin, 'Branch two');
    const other = await staffWith(t.app, s.admin, ['sell_cash'], {
      home_location_id: elsewhere.id,
      location_ids: [elsewhere.id],
    });
    const seen = await t.app.inject({
      url: `/api/receipts/${receipt.receipt_no}`,
      headers: { cookie: other.cookie },
    });
    expect(seen.statusCode).toBe(404);
    const res = await sign(other.cookie, callText('print', printParams(receipt.data), now()));
    expect(res.statusCode, res.body).toBe(404);
  });
});
