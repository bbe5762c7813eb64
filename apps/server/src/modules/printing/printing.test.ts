import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, sold, staffWith } from '../../test/sales-factories.js';
import { startFakePrinter } from '../../test/fake-printer.js';
import { printedText } from '../../test/escpos-text.js';
import { makeBusinessKeys } from './business-keys.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

const ESC_AT = Buffer.from([0x1b, 0x40]);
const CUT = Buffer.from([0x1d, 0x56, 0x42, 0x00]);
const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);

describe('printing', () => {
  let t: TestApp;
  let s: Shop;
  const get = (url: string, cookie = s.admin) => t.app.inject({ url, headers: { cookie } });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  it("carries a non-ASCII business name in the certificate's subject as UTF-8", () => {
    const { certificate } = makeBusinessKeys('Duka Café Ünal Çay ğ 日本 🙂', new Date());
    const x509 = new crypto.X509Certificate(certificate);
    expect(x509.subject).toContain('CN=Duka Café Ünal Çay ğ 日本 🙂 (Duka)');
    expect(x509.subject).toContain('O=Duka');
    // 50 characters at most, never cut inside one
    const long = new crypto.X509Certificate(
      makeBusinessKeys(`${'é'.repeat(49)}🙂🙂`, new Date()).certificate,
    );
    expect(long.subject).toContain(`CN=${'é'.repeat(49)}🙂 (Duka)`);
  });

  it('serves the business certificate to signed-in users, the same one every time', async () => {
    const cert = await get('/api/print/certificate');
    expect(cert.statusCode).toBe(200);
    expect(cert.body).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect((await get('/api/print/certificate')).body).toBe(cert.body);
    const x509 = new crypto.X509Certificate(cert.body);
    expect(x509.subject).toContain('Mama Mboga Stores');
    expect((await t.app.inject({ url: '/api/print/certificate' })).statusCode).toBe(401);
  });

  it('renders a receipt as ESC/POS: ESC @ first, the number and total as text, a cut last; cash opens the drawer', async () => {
    const cash = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 2000 }],
      tendered: 40_000,
    });
    const credit = await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      debtor_id: s.debtor.id,
    });
    for (const width of [58, 80]) {
      const res = await get(`/api/receipts/${cash.receipt_no}/escpos?width=${width}`);
      expect(res.statusCode).toBe(200);
      const job = res.json<{ job_name: string; width: number; data: string }>();
      expect(job.job_name).toBe(`Receipt #${cash.receipt_no}`);
      const bytes = Buffer.from(job.data, 'base64');
      expect(bytes.subarray(0, 2).equals(ESC_AT)).toBe(true);
      expect(bytes.subarray(-4).equals(CUT)).toBe(true);
      const text = bytes.toString('latin1');
      expect(text).toContain(cash.receipt_no);
      expect(text).toContain('360.00');
      expect(bytes.includes(DRAWER_KICK)).toBe(true);
    }
    const noDrawer = Buffer.from(
      (await get(`/api/receipts/${credit.receipt_no}/escpos`)).json<{ data: string }>().data,
      'base64',
    );
    expect(noDrawer.includes(DRAWER_KICK)).toBe(false);
  });

  it('prints from the local server straight to the network printer of the profile', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.milk.id, quantity: 1000 }],
      tendered: 6_000,
    });
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/receipts/${sale.receipt_no}/print`,
      headers: { cookie: s.admin },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('no_printer');

    const printer = await startFakePrinter();
    try {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/business/profile',
        headers: { cookie: s.admin },
        payload: { printer_host: '127.0.0.1', printer_port: printer.port, receipt_width: 58 },
      });
      expect(patch.statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/receipts/${sale.receipt_no}/print`,
        headers: { cookie: s.admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        job_name: `Receipt #${sale.receipt_no}`,
        printer: `127.0.0.1:${printer.port}`,
      });
      await expect.poll(() => printer.jobs.length).toBe(1);
      // the first print of a cash sale opens the drawer; the reprint does not, and says it is a copy
      const reprint = Buffer.from(
        (await get(`/api/receipts/${sale.receipt_no}/escpos?width=58`)).json<{ data: string }>().data,
        'base64',
      );
      const first = printer.jobs[0]!;
      expect(first.includes(DRAWER_KICK)).toBe(true);
      expect(reprint.includes(DRAWER_KICK)).toBe(false);
      expect(printedText(first)).not.toContain('COPY');
      expect(printedText(reprint)).toContain('COPY');
      expect(printedText(reprint).replace('COPY\n', '')).toBe(printedText(first));
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/receipts/${sale.receipt_no}/print`,
        headers: { cookie: s.admin },
      });
      expect(again.statusCode).toBe(200);
      await expect.poll(() => printer.jobs.length).toBe(2);
      expect(printer.jobs[1]!.equals(reprint)).toBe(true);
    } finally {
      await printer.close();
    }
    const down = await t.app.inject({
      method: 'POST',
      url: `/api/receipts/${sale.receipt_no}/print`,
      headers: { cookie: s.admin },
    });
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toMatchObject({ code: 'printer_unreachable' });
    expect(down.json().error.message).toContain('refused');
  });

  it('a first print the printer refused (no paper) leaves the drawer for the next one; "Open drawer" needs the right', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 10_000,
    });
    const setPrinter = (port: number) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/business/profile',
        headers: { cookie: s.admin },
        payload: { printer_host: '127.0.0.1', printer_port: port },
      });
    const print = (cookie = s.admin) =>
      t.app.inject({
        method: 'POST',
        url: `/api/receipts/${sale.receipt_no}/print`,
        headers: { cookie },
      });
    const empty = await startFakePrinter({ paperOut: true });
    try {
      await setPrinter(empty.port);
      expect((await print()).json().error.code).toBe('printer_out_of_paper');
    } finally {
      await empty.close();
    }
    const ready = await startFakePrinter();
    try {
      await setPrinter(ready.port);
      // a user who only sees sales prints it without the drawer, and leaves the opening for a seller
      // (who may refund it sees it: sale-access.ts)
      const viewer = (await staffWith(t.app, s.admin, ['current_sales', 'reversing_cash'])).cookie;
      expect((await print(viewer)).statusCode).toBe(200);
      await expect.poll(() => ready.jobs.length).toBe(1);
      expect(ready.jobs[0]!.includes(DRAWER_KICK)).toBe(false);
      expect((await print()).statusCode).toBe(200);
      await expect.poll(() => ready.jobs.length).toBe(2);
      expect(ready.jobs[1]!.includes(DRAWER_KICK)).toBe(true);

      const stockOnly = (await staffWith(t.app, s.admin, ['manage_stock'])).cookie;
      const seller = (await staffWith(t.app, s.admin, ['sell_cash'])).cookie;
      const open = (cookie: string) =>
        t.app.inject({ method: 'POST', url: '/api/print/drawer', headers: { cookie } });
      expect((await open(stockOnly)).statusCode).toBe(403);
      const opened = await open(seller);
      expect(opened.statusCode, opened.body).toBe(200);
      await expect.poll(() => ready.jobs.length).toBe(3);
      expect(ready.jobs[2]!.equals(DRAWER_KICK)).toBe(true);
      const rows = await t.db.kysely.selectFrom('drawer_openings').select(['reason', 'sale_id']).execute();
      expect(rows.filter((r) => r.sale_id === sale.id)).toEqual([
        { reason: 'first_print', sale_id: sale.id },
      ]);
      expect(rows.filter((r) => r.reason === 'manual')).toHaveLength(1);
    } finally {
      await ready.close();
    }
  });

  it('answers what the network printer says instead of "printed": out of paper, cover open', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.milk.id, quantity: 1000 }],
      tendered: 6_000,
    });
    for (const [state, code] of [
      [{ paperOut: true }, 'printer_out_of_paper'],
      [{ coverOpen: true }, 'printer_cover_open'],
    ] as const) {
      const printer = await startFakePrinter(state);
      try {
        await t.app.inject({
          method: 'PATCH',
          url: '/api/business/profile',
          headers: { cookie: s.admin },
          payload: { printer_host: '127.0.0.1', printer_port: printer.port },
        });
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/receipts/${sale.receipt_no}/print`,
          headers: { cookie: s.admin },
        });
        expect(res.statusCode).toBe(502);
        expect(res.json().error.code).toBe(code);
      } finally {
        await printer.close();
      }
    }
  });
});
