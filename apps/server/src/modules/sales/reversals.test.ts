import type { DailySummary, Debtor, Location, Product, Reversal, Sale, TransferList } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import {
  type Shop,
  buildShop,
  reverse,
  reversed,
  sellingCounts,
  sold,
  stock,
} from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

describe('sale reversals', () => {
  let t: TestApp;
  let s: Shop;
  let branch: Location;
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ url, headers: { cookie: s.admin } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const level = async (p: Product, locationId: string) =>
    (await get<Product>(`/api/products/${p.id}`)).levels.find((l) => l.location_id === locationId)
      ?.quantity ?? 0;
  const cashSale = (lines: { product_id: string; quantity: number; discount?: number }[], extra = {}) =>
    sold(t.app, s.admin, { kind: 'cash', location_id: s.shop.id, lines, tendered: 10_000_000, ...extra });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    branch = await buildLocation(t.app, s.admin, 'Branch');
    await stock(t.app, s.admin, s.supplier, branch.id, [
      { product: s.sugar, quantity: 50_000, unit_cost: 15_000 },
    ]);
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('reverses part of a cash sale: stock back at the sale’s location, refund in the day’s figures', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: branch.id,
      lines: [{ product_id: s.sugar.id, quantity: 3000 }],
      tendered: 60_000,
    });
    const atBranch = await level(s.sugar, branch.id);
    const atShop = await level(s.sugar, s.shop.id);
    const rev = await reversed(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    expect(rev).toMatchObject({
      sale_id: sale.id,
      sale_receipt_no: sale.receipt_no,
      kind: 'cash',
      location_id: branch.id,
      total: 18_000,
      reason: 'Customer returned it',
      user_name: 'owner',
    });
    expect(rev.lines).toEqual([expect.objectContaining({ sale_line_no: 1, quantity: 1000, amount: 18_000 })]);
    expect(rev.receipt_no).not.toBe(sale.receipt_no);
    expect(Number(rev.receipt_no)).toBe(Number(sale.receipt_no) + 1);
    expect(await level(s.sugar, branch.id)).toBe(atBranch + 1000);
    expect(await level(s.sugar, s.shop.id)).toBe(atShop);

    const fetched = await t.app.inject({ url: `/api/reversals/${rev.id}`, headers: { cookie: s.admin } });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(rev);
    const after = await get<Sale>(`/api/sales/${sale.id}`);
    expect(after.lines[0]!.reversed).toBe(1000);
    expect(after.reversed_total).toBe(18_000);
    expect(after.reversals.map((r) => r.receipt_no)).toEqual([rev.receipt_no]);

    const day = await get<DailySummary>(`/api/daily-sales?location_id=${branch.id}&day=${sale.business_day}`);
    expect(day.totals.sales.cash).toEqual({ count: 1, total: 54_000 });
    expect(day.totals.reversals.cash).toEqual({ count: 1, total: 18_000 });
    expect(day.totals.expected_cash).toBe(54_000 - 18_000);
  });

  it('reverses part of a debtor sale: the balance goes down by the reversed amount', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 2000 }],
    });
    const before = (await get<Debtor>(`/api/debtors/${s.debtor.id}`)).balance;
    expect(before).toBe(sale.debtor_balance_after);
    const rev = await reversed(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    expect(rev).toMatchObject({
      kind: 'debtor',
      total: 6_500,
      debtor_id: s.debtor.id,
      debtor_name: 'Juma Otieno',
    });
    expect(rev.debtor_balance_after).toBe(before - 6_500);
    expect((await get<Debtor>(`/api/debtors/${s.debtor.id}`)).balance).toBe(before - 6_500);
    const entry = await t.db.kysely
      .selectFrom('debtor_entries')
      .select(['kind', 'amount', 'receipt_no'])
      .where('doc_id', '=', rev.id)
      .executeTakeFirstOrThrow();
    expect({ ...entry, amount: Number(entry.amount) }).toEqual({
      kind: 'reversal',
      amount: -6_500,
      receipt_no: rev.receipt_no,
    });
  });

  it('reverses part of a transfer sale with the refund’s reference: a negative row in the register', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'SAL3RV01',
      lines: [{ product_id: s.milk.id, quantity: 2000 }],
    });
    const before = await sellingCounts(t.db);
    const noRef = await reverse(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    expect(noRef.statusCode).toBe(422);
    expect(noRef.json().error).toMatchObject({ code: 'validation_failed', field: 'reference' });
    expect(await sellingCounts(t.db)).toEqual(before);

    const rev = await reversed(t.app, s.admin, sale.id, {
      lines: [{ line_no: 1, quantity: 1000 }],
      reference: 'rfd001',
    });
    expect(rev).toMatchObject({
      kind: 'transfer',
      total: 6_000,
      reference: 'RFD001',
      provider_name: 'M-Pesa',
    });
    const register = await get<TransferList>('/api/transfers?source=reversal');
    expect(register.items).toEqual([
      expect.objectContaining({
        source: 'reversal',
        source_id: rev.id,
        receipt_no: rev.receipt_no,
        provider_name: 'M-Pesa',
        reference: 'RFD001',
        amount: -6_000,
      }),
    ]);
  });

  it('reverses a whole sale when no lines are named, and refuses a second full reversal', async () => {
    const sale = await cashSale([
      { product_id: s.bread.id, quantity: 2000 },
      { product_id: s.milk.id, quantity: 1000 },
    ]);
    const part = await reversed(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    const rest = await reversed(t.app, s.admin, sale.id);
    expect(rest.lines.map((l) => [l.sale_line_no, l.quantity])).toEqual([
      [1, 1000],
      [2, 1000],
    ]);
    expect(part.total + rest.total).toBe(sale.total);
    const after = await get<Sale>(`/api/sales/${sale.id}`);
    expect(after.lines.map((l) => l.reversed)).toEqual([2000, 1000]);
    expect(after.reversed_total).toBe(sale.total);
    const before = await sellingCounts(t.db);
    const again = await reverse(t.app, s.admin, sale.id, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_reversed');
    expect(again.json().error.message).toContain(sale.receipt_no);
    expect(await sellingCounts(t.db)).toEqual(before);
  });

  it('refuses a reversal beyond what is left, naming the product, and writes nothing', async () => {
    const sale = await cashSale([
      { product_id: s.bread.id, quantity: 1000 },
      { product_id: s.sugar.id, quantity: 3000 },
    ]);
    await reversed(t.app, s.admin, sale.id, { lines: [{ line_no: 2, quantity: 2000 }] });
    const before = await sellingCounts(t.db);
    const stockBefore = await level(s.sugar, s.shop.id);
    const res = await reverse(t.app, s.admin, sale.id, {
      lines: [
        { line_no: 1, quantity: 1000 },
        { line_no: 2, quantity: 2000 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'reversal_exceeds_sale', field: 'lines.1.quantity' });
    expect(res.json().error.message).toContain('Sugar 1 kg');
    expect(res.json().error.message).toContain('Only 1 of Sugar 1 kg');
    expect(await sellingCounts(t.db)).toEqual(before);
    expect(await level(s.sugar, s.shop.id)).toBe(stockBefore);
    const unknownLine = await reverse(t.app, s.admin, sale.id, { lines: [{ line_no: 3, quantity: 1000 }] });
    expect(unknownLine.statusCode).toBe(422);
    expect(unknownLine.json().error.field).toBe('lines.0.line_no');
    const noReason = await reverse(t.app, s.admin, sale.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.field).toBe('reason');
    expect(await sellingCounts(t.db)).toEqual(before);
  });

  it('refuses a reversal whose lines are all at 0 (nothing_to_reverse) and leaves out a line at 0', async () => {
    const sale = await cashSale([
      { product_id: s.bread.id, quantity: 2000 },
      { product_id: s.milk.id, quantity: 1000 },
    ]);
    const before = await sellingCounts(t.db);
    for (const lines of [
      [],
      [{ line_no: 1, quantity: 0 }],
      [
        { line_no: 1, quantity: 0 },
        { line_no: 2, quantity: 0 },
      ],
    ]) {
      const res = await reverse(t.app, s.admin, sale.id, { lines });
      expect(res.statusCode, JSON.stringify(lines)).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'nothing_to_reverse', field: 'lines' });
    }
    expect(await sellingCounts(t.db)).toEqual(before);
    const rev = await reversed(t.app, s.admin, sale.id, {
      lines: [
        { line_no: 1, quantity: 0 },
        { line_no: 2, quantity: 1000 },
      ],
    });
    expect(rev.lines.map((l) => [l.sale_line_no, l.quantity])).toEqual([[2, 1000]]);
    const after = await get<Sale>(`/api/sales/${sale.id}`);
    expect(after.lines.map((l) => l.reversed)).toEqual([0, 1000]);
  });

  it('refuses a reversal where a stock count freezes sales, and takes it once the count is over', async () => {
    const sale = await cashSale([{ product_id: s.bread.id, quantity: 1000 }]);
    const count = await t.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie: s.admin },
      payload: { id: v7(), location_id: s.shop.id, freeze_sales: true },
    });
    expect(count.statusCode).toBe(201);
    const before = await sellingCounts(t.db);
    const stockBefore = await level(s.bread, s.shop.id);
    const res = await reverse(t.app, s.admin, sale.id, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('sales_frozen');
    expect(await sellingCounts(t.db)).toEqual(before);
    expect(await level(s.bread, s.shop.id)).toBe(stockBefore);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${count.json<{ id: string }>().id}/cancel`,
      headers: { cookie: s.admin },
    });
    expect(cancelled.statusCode).toBe(200);
    await reversed(t.app, s.admin, sale.id, {});
    expect(await level(s.bread, s.shop.id)).toBe(stockBefore + 1000);
  });

  it('lets only one of two parallel reversals of the same line through', async () => {
    const sale = await cashSale([{ product_id: s.milk.id, quantity: 3000 }]);
    const stockBefore = await level(s.milk, s.shop.id);
    const res = await Promise.all(
      [1, 2].map(() => reverse(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 2000 }] })),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(res.find((r) => r.statusCode === 409)!.json().error.code).toBe('reversal_exceeds_sale');
    const after = await get<Sale>(`/api/sales/${sale.id}`);
    expect(after.lines[0]!.reversed).toBe(2000);
    expect(await level(s.milk, s.shop.id)).toBe(stockBefore + 2000);

    // Five people reversing one unit each of the three left over… of a fresh 3-unit line.
    const other = await cashSale([{ product_id: s.milk.id, quantity: 3000 }]);
    const five = await Promise.all(
      Array.from({ length: 5 }, () =>
        reverse(t.app, s.admin, other.id, { lines: [{ line_no: 1, quantity: 1000 }] }),
      ),
    );
    expect(five.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(five.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const sum = await t.db.kysely
      .selectFrom('sale_reversal_lines')
      .select((eb) => eb.fn.sum<number>('quantity').as('q'))
      .where('sale_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(Number(sum.q)).toBe(3000);
  });

  it('gives back exactly the line’s net amount and tax when reversed one unit at a time', async () => {
    const sale = await cashSale(
      [
        { product_id: s.sugar.id, quantity: 3000, discount: 1_000 },
        { product_id: s.bread.id, quantity: 1000 },
      ],
      { discount: 1_001 },
    );
    const line = sale.lines[0]!;
    expect(line.sale_discount).toBeGreaterThan(0);
    expect(line.net % 3).not.toBe(0); // the pieces cannot all be equal
    const pieces: Reversal[] = [];
    for (let i = 0; i < 3; i++)
      pieces.push(await reversed(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] }));
    const amounts = pieces.map((p) => p.lines[0]!.amount);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(line.net);
    expect(pieces.map((p) => p.tax).reduce((a, b) => a + b, 0)).toBe(line.tax);
    // each piece names the rate its tax was taken at (the receipt and the drawer show it by rate)
    expect(line.tax_rate).toBeGreaterThan(0);
    for (const p of pieces) expect(p.lines[0]!.tax_rate).toBe(line.tax_rate);
    expect((await get<Reversal>(`/api/reversals/${pieces[0]!.id}`)).lines[0]!.tax_rate).toBe(line.tax_rate);
    for (const a of amounts) expect(Math.abs(a - line.net / 3)).toBeLessThan(1);
    const fourth = await reverse(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toContain('already reversed in full');
    const rest = await reversed(t.app, s.admin, sale.id);
    expect(amounts.reduce((a, b) => a + b, 0) + rest.total).toBe(sale.total);
  });

  it('is idempotent by the reversal’s id', async () => {
    const sale = await cashSale([{ product_id: s.bread.id, quantity: 3000 }]);
    const body = { id: v7(), lines: [{ line_no: 1, quantity: 1000 }] };
    const first = await reverse(t.app, s.admin, sale.id, body);
    const before = await sellingCounts(t.db);
    const again = await reverse(t.app, s.admin, sale.id, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await sellingCounts(t.db)).toEqual(before);
    const other = await reverse(t.app, s.admin, sale.id, {
      ...body,
      lines: [{ line_no: 1, quantity: 2000 }],
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_conflict');
    expect((await get<Sale>(`/api/sales/${sale.id}`)).lines[0]!.reversed).toBe(1000);
  });

  it('answers 404 for an unknown sale or reversal', async () => {
    const res = await reverse(t.app, s.admin, v7(), {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(
      (await t.app.inject({ url: `/api/reversals/${v7()}`, headers: { cookie: s.admin } })).statusCode,
    ).toBe(404);
  });

  it('finds a sale by its receipt number however it is typed', async () => {
    const counter = await t.db.kysely
      .selectFrom('receipt_counters')
      .select('last_no')
      .executeTakeFirstOrThrow();
    expect(Number(counter.last_no)).toBeLessThan(122);
    await t.db.kysely.updateTable('receipt_counters').set({ last_no: 122 }).execute();
    const sale = await cashSale([{ product_id: s.bread.id, quantity: 1000 }]);
    expect(sale.receipt_no).toBe('000123');
    const rev = await reversed(t.app, s.admin, sale.id);
    for (const typed of ['000123', '123', '%23000123']) {
      const res = await t.app.inject({ url: `/api/sales/by-receipt/${typed}`, headers: { cookie: s.admin } });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json<Sale>()).toMatchObject({ id: sale.id, receipt_no: '000123' });
      expect(res.json<Sale>().reversals.map((r) => r.id)).toEqual([rev.id]);
    }
    for (const [typed, status] of [
      ['999999', 404],
      ['121', 404], // skipped over: never handed out
      ['abc', 422],
    ] as const) {
      const res = await t.app.inject({ url: `/api/sales/by-receipt/${typed}`, headers: { cookie: s.admin } });
      expect(res.statusCode, typed).toBe(status);
    }
  });
});
