import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedLines } from '../../test/escpos-text.js';
import { startFakePrinter } from '../../test/fake-printer.js';
import { type Shop, buildShop, paid, reversed, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** The widest printed line of ESC/POS bytes: the rules run the whole line, so it is the layout's. */
const widest = (bytes: Buffer) => Math.max(...printedLines(bytes).map((l) => [...l].length));
/** The characters per line an SVG receipt is drawn at (receiptline draws 12 px a character). */
const svgColumns = (svg: string) => Number(/^<svg width="(\d+)px"/.exec(svg)?.[1]) / 12;

describe('receipts laid out at 42 characters a line (an 80 mm printer of 42)', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url, headers: { cookie: s.admin } });
  const patch = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/business/profile', headers: { cookie: s.admin }, payload });
  const profile = async () =>
    (await get('/api/business/profile')).json<{ receipt_width: number; receipt_columns: number }>();
  const layout = async () => {
    const p = await profile();
    return { receipt_width: p.receipt_width, receipt_columns: p.receipt_columns };
  };
  const escpos = async (receiptNo: string, query = '') => {
    const res = await get(`/api/receipts/${receiptNo}/escpos${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<{ width: number; data: string }>();
    return { width: job.width, bytes: Buffer.from(job.data, 'base64') };
  };
  const cashSale = () =>
    sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 20_000,
    });

  it('a profile keeps 32 or 48 until 42 is chosen; the choice is saved, read back and told to every user', async () => {
    expect(await layout()).toEqual({ receipt_width: 80, receipt_columns: 48 });
    const saved = await patch({ receipt_columns: 42 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ receipt_width: 80, receipt_columns: 42 });
    expect(await layout()).toEqual({ receipt_width: 80, receipt_columns: 42 });
    const open = (await get('/api/business')).json();
    expect(open).toMatchObject({ receipt_width: 80, receipt_columns: 42 });
    const me = (await get('/api/me')).json<{ business: unknown }>();
    expect(me.business).toMatchObject({ receipt_width: 80, receipt_columns: 42 });
    // a client that knows only the roll width: the same roll keeps 42, another roll means what it always did
    expect((await patch({ receipt_width: 80 })).statusCode).toBe(200);
    expect(await layout()).toEqual({ receipt_width: 80, receipt_columns: 42 });
    expect((await patch({ receipt_width: 58 })).statusCode).toBe(200);
    expect(await layout()).toEqual({ receipt_width: 58, receipt_columns: 32 });
    expect((await patch({ receipt_width: 80 })).statusCode).toBe(200);
    expect(await layout()).toEqual({ receipt_width: 80, receipt_columns: 48 });
    // the characters per line name their roll
    expect((await patch({ receipt_columns: 32 })).statusCode).toBe(200);
    expect(await layout()).toEqual({ receipt_width: 58, receipt_columns: 32 });
    expect((await patch({ receipt_width: 80, receipt_columns: 42 })).statusCode).toBe(200);
    expect(await layout()).toEqual({ receipt_width: 80, receipt_columns: 42 });
  });

  it.each([
    [{ receipt_columns: 40 }, 'receipt_columns'],
    [{ receipt_columns: '42' }, 'receipt_columns'],
    [{ receipt_width: 72 }, 'receipt_width'],
    [{ receipt_width: 58, receipt_columns: 42 }, 'receipt_width'],
    [{ receipt_width: 80, receipt_columns: 32 }, 'receipt_width'],
  ])('refuses %j with a typed code on its field, changing nothing', async (payload, field) => {
    const before = await layout();
    const res = await patch(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect(await layout()).toEqual(before);
  });

  it("lays every document out at the profile's 42: a sale, a refund, a debt payment, a day close", async () => {
    expect((await patch({ receipt_columns: 42 })).statusCode).toBe(200);
    const sale = await cashSale();
    const refund = await reversed(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    const owed = await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      debtor_id: s.debtor.id,
    });
    const payment = await paid(t.app, s.admin, s.debtor.id, {
      amount: owed.total,
      method: 'cash',
      location_id: s.shop.id,
    });
    const close = await t.app.inject({
      method: 'POST',
      url: '/api/daily-sales/close',
      headers: { cookie: s.admin },
      payload: { id: v7(), location_id: s.shop.id, day: '2025-01-10', counted_cash: 0 },
    });
    expect(close.statusCode, close.body).toBe(201);
    const numbers = [sale, refund, payment, close.json<{ receipt_no: string }>()].map((d) => d.receipt_no);
    for (const receiptNo of numbers) {
      const job = await escpos(receiptNo);
      expect(job.width, receiptNo).toBe(80);
      expect(widest(job.bytes), receiptNo).toBe(42);
      const svg = await get(`/api/receipts/${receiptNo}/svg`);
      expect(svgColumns(svg.body), receiptNo).toBe(42);
    }
  });

  it('the width and columns asked for: 58 and 80 mean 32 and 48 as always, columns 42 is 42; bad ones refused', async () => {
    expect((await patch({ receipt_columns: 42 })).statusCode).toBe(200);
    const sale = await cashSale();
    const at = async (query: string) => {
      const job = await escpos(sale.receipt_no, query);
      const svg = await get(`/api/receipts/${sale.receipt_no}/svg${query}`);
      return { width: job.width, escpos: widest(job.bytes), svg: svgColumns(svg.body) };
    };
    expect(await at('?width=58')).toEqual({ width: 58, escpos: 32, svg: 32 });
    expect(await at('?width=80')).toEqual({ width: 80, escpos: 48, svg: 48 });
    expect(await at('?columns=42')).toEqual({ width: 80, escpos: 42, svg: 42 });
    expect(await at('?width=80&columns=42')).toEqual({ width: 80, escpos: 42, svg: 42 });
    expect(await at('?columns=48')).toEqual({ width: 80, escpos: 48, svg: 48 });
    expect(await at('?columns=32')).toEqual({ width: 58, escpos: 32, svg: 32 });
    for (const [query, field] of [
      ['?columns=40', 'columns'],
      ['?width=72', 'width'],
      ['?width=58&columns=42', 'width'],
    ] as const) {
      const res = await get(`/api/receipts/${sale.receipt_no}/escpos${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error, query).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it('prints at 42 to the network printer from a local server', async () => {
    const printer = await startFakePrinter();
    try {
      const saved = await patch({
        printer_host: '127.0.0.1',
        printer_port: printer.port,
        receipt_columns: 42,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const sale = await cashSale();
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/receipts/${sale.receipt_no}/print`,
          headers: { cookie: s.admin },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      await expect.poll(() => printer.jobs.length).toBe(2);
      // the first print and the reprint (a copy), both at 42
      for (const job of printer.jobs) expect(widest(job)).toBe(42);
      expect(printedLines(printer.jobs[1]!).join('\n')).toContain('COPY');
    } finally {
      await printer.close();
      await patch({ printer_host: '' });
    }
  });
});
