import type { JournalEntry, Product, Sale, SalesList } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, buildUser, signIn } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, buildShop, postSale, saleId, sold, stock } from '../../test/sales-factories.js';
import { buildProduct } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

describe('sales at the till', () => {
  let t: TestApp;
  let s: Shop;
  const level = async (p: Product) =>
    (await t.app.inject({ url: `/api/products/${p.id}`, headers: { cookie: s.admin } }))
      .json<Product>()
      .levels.find((l) => l.location_id === s.shop.id)?.quantity ?? 0;
  const count = async (table: 'sales' | 'sale_lines' | 'stock_movements') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A new cash sale of milk at the shop (`quantity` in thousandths). */
  const milkSale = (quantity: number, tendered: number) => ({
    id: saleId(),
    kind: 'cash',
    location_id: s.shop.id,
    lines: [{ product_id: s.milk.id, quantity }],
    tendered,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('records a cash sale at catalogue prices: change, tax, unit costs, stock down, receipt number', async () => {
    const before = await level(s.sugar);
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: s.sugar.id, quantity: 2000 },
        { product_id: s.bread.id, quantity: 1000 },
      ],
      tendered: 50_000,
    });
    expect(sale).toMatchObject({
      kind: 'cash',
      gross: 42_500,
      discount: 0,
      total: 42_500,
      tendered: 50_000,
      change: 7_500,
      location_name: 'Main shop',
    });
    expect(sale.receipt_no).toMatch(/^\d{6}$/);
    expect(sale.tax).toBe(4_966); // 360.00 at 16 % holds 49.66; bread is untaxed
    expect(sale.lines[0]).toMatchObject({
      name: 'Sugar 1 kg',
      unit_price: 18_000,
      gross: 36_000,
      reversed: 0,
    });
    expect(await level(s.sugar)).toBe(before - 2000);
    const line = await t.db.kysely
      .selectFrom('sale_lines')
      .select(['unit_cost', 'cost'])
      .where('sale_id', '=', sale.id)
      .where('line_no', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(line.unit_cost)).toBe(15_000);
    expect(Number(line.cost)).toBe(30_000);
    const again = await t.app.inject({
      url: `/api/sales/by-receipt/${Number(sale.receipt_no)}`,
      headers: { cookie: s.admin },
    });
    expect(again.json<Sale>().id).toBe(sale.id);
  });

  it('hands out consecutive receipt numbers', async () => {
    const body = {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 6_500,
    };
    const a = await sold(t.app, s.admin, body);
    const b = await sold(t.app, s.admin, body);
    expect(Number(b.receipt_no)).toBe(Number(a.receipt_no) + 1);
  });

  it('takes discounts within the limit for staff, any for an admin', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { max_discount_bp: 1000 },
    });
    await buildUser(t.app, s.admin, {
      username: 'cashier1',
      user_roles: { sell_cash: 1 },
      location_ids: [s.shop.id],
    });
    const staff = (await signIn(t.app, 'cashier1', STAFF_PASSWORD)).cookie;
    const body = (discount: number) => ({
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000, discount }],
      tendered: 18_000,
    });
    const over = await postSale(t.app, staff, body(1_801));
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({ code: 'discount_not_allowed', field: 'lines.0.discount' });
    const ok = await sold(t.app, staff, body(1_800));
    expect(ok.total).toBe(16_200);
    const saleWide = await postSale(t.app, staff, { ...body(0), discount: 1_801 });
    expect(saleWide.json().error).toMatchObject({ code: 'discount_not_allowed', field: 'discount' });
    const admin = await sold(t.app, s.admin, { ...body(0), discount: 9_000 });
    expect(admin).toMatchObject({ total: 9_000, discount: 9_000 });
  });

  it('answers the first result to a retry, 409 to other content under the same id', async () => {
    const body = milkSale(1000, 6_000);
    const first = await postSale(t.app, s.admin, body);
    const again = await postSale(t.app, s.admin, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await postSale(t.app, s.admin, { ...body, tendered: 7_000 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_conflict');
    // neither the retry nor the refusal took a receipt number
    const next = await postSale(t.app, s.admin, { ...body, id: saleId() });
    expect(Number(next.json<Sale>().receipt_no)).toBe(Number(first.json<Sale>().receipt_no) + 1);
  });

  it('answers a retry from its own till, but not the same cart completed on another till', async () => {
    const body = milkSale(1000, 6_000);
    const from = (device: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sales',
        headers: { cookie: s.admin, ...(device ? { 'x-device-id': device } : {}) },
        payload: body,
      });
    const sales = await count('sales');
    const first = await from('till-a');
    expect(first.statusCode).toBe(201);
    expect((await from('till-a')).json()).toEqual(first.json());
    // the same user, the same cart, another till: told where it went, not shown it as its own
    const elsewhere = await from('till-b');
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error).toMatchObject({
      code: 'sale_completed_elsewhere',
      params: { receipt_no: first.json<Sale>().receipt_no },
    });
    // a caller that names no device is answered as a retry, as before
    expect((await from(null)).json()).toEqual(first.json());
    expect(await count('sales')).toBe(sales + 1);
  });

  it('makes one sale of the same sale posted three times at once', async () => {
    const sales = await count('sales');
    const movements = await count('stock_movements');
    const before = await level(s.milk);
    const body = milkSale(3000, 20_000);
    const res = await Promise.all([1, 2, 3].map(() => postSale(t.app, s.admin, body)));
    expect(res.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(res.map((r) => r.json<Sale>().receipt_no)).size).toBe(1);
    expect(await count('sales')).toBe(sales + 1);
    expect(await count('stock_movements')).toBe(movements + 1);
    expect(await level(s.milk)).toBe(before - 3000);
  });

  it('sells the last five units exactly five times out of twenty at once', async () => {
    const last = await buildProduct(t.app, s.admin, { name: 'Torch', code: 'TORCH', price: 25_000 });
    await stock(t.app, s.admin, s.supplier, s.shop.id, [
      { product: last, quantity: 5000, unit_cost: 20_000 },
    ]);
    const res = await Promise.all(
      Array.from({ length: 20 }, () =>
        postSale(t.app, s.admin, {
          kind: 'cash',
          location_id: s.shop.id,
          lines: [{ product_id: last.id, quantity: 1000 }],
          tendered: 25_000,
        }),
      ),
    );
    const codes = res.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(res.find((r) => r.statusCode === 409)!.json().error.code).toBe('insufficient_stock');
    expect(await level(last)).toBe(0);
    const receipts = res.filter((r) => r.statusCode === 201).map((r) => r.json<Sale>().receipt_no);
    expect(new Set(receipts).size).toBe(5);
    const numbers = receipts.map(Number).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(4); // the fifteen refused took no number
  });

  it('sells below zero only when the business allows negative stock', async () => {
    const scarce = await buildProduct(t.app, s.admin, {
      name: 'Kerosene 1 l',
      code: 'KERO',
      unit: 'litre',
      price: 20_000,
    });
    const body = {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: scarce.id, quantity: 500 }],
      tendered: 10_000,
    };
    const refused = await postSale(t.app, s.admin, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Kerosene');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { allow_negative_stock: true },
    });
    expect((await postSale(t.app, s.admin, body)).statusCode).toBe(201);
    expect(await level(scarce)).toBe(-500);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { allow_negative_stock: false },
    });
  });

  it('refuses bad input with a clear 4xx naming the problem, and writes nothing', async () => {
    const sales = await count('sales');
    const base = {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 6_500,
    };
    const inactive = await buildProduct(t.app, s.admin, {
      name: 'Old stock',
      code: 'OLD',
      price: 100,
      active: false,
    });
    // At the largest price a product may have: a million units would come to more than any
    // sale may (and than a JavaScript number holds exactly).
    const costly = await buildProduct(t.app, s.admin, { name: 'Gold bar', code: 'AU', price: 1e12 });
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [
        { ...base, lines: [{ product_id: costly.id, quantity: 1e9 }] },
        422,
        'amount_too_large',
        'lines.0.quantity',
      ],
      [
        { ...base, lines: Array.from({ length: 11 }, () => ({ product_id: costly.id, quantity: 1000 })) },
        422,
        'amount_too_large',
        'lines',
      ],
      [{ ...base, lines: [] }, 422, 'validation_failed', 'lines'],
      [
        { ...base, lines: [{ product_id: s.bread.id, quantity: 0 }] },
        422,
        'validation_failed',
        'lines.0.quantity',
      ],
      [
        { ...base, lines: [{ product_id: inactive.id, quantity: 1000 }] },
        422,
        'validation_failed',
        'lines.0.product_id',
      ],
      [
        { ...base, lines: [{ product_id: saleId(), quantity: 1000 }] },
        422,
        'validation_failed',
        'lines.0.product_id',
      ],
      [{ ...base, tendered: 6_499 }, 422, 'tendered_too_low', 'tendered'],
      [{ ...base, tendered: undefined }, 422, 'validation_failed', 'tendered'],
      [{ ...base, expected_total: 6_000 }, 409, 'price_changed', 'lines'],
      [{ ...base, location_id: saleId() }, 422, 'validation_failed', 'location_id'],
      [
        { ...base, kind: 'transfer', tendered: undefined, provider_id: s.mpesa.id },
        422,
        'validation_failed',
        'reference',
      ],
      [
        { ...base, kind: 'transfer', tendered: undefined, reference: 'QX1' },
        422,
        'validation_failed',
        'provider_id',
      ],
      [{ ...base, kind: 'debtor', tendered: undefined }, 422, 'validation_failed', 'debtor_id'],
      [{ ...base, debtor_id: s.debtor.id }, 422, 'validation_failed', 'debtor_id'],
      [{ ...base, price: 1 }, 422, 'validation_failed', 'price'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await postSale(t.app, s.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.code, res.body).toBe(code);
      if (field) expect(res.json().error.field, res.body).toBe(field);
      expect(res.json().error.message).not.toBe('');
    }
    expect(await count('sales')).toBe(sales);
  });

  it('refuses a sale where a stock count freezes sales', async () => {
    const count = await t.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie: s.admin },
      payload: { id: saleId(), location_id: s.shop.id, freeze_sales: true },
    });
    expect(count.statusCode).toBe(201);
    const res = await postSale(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 6_500,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('sales_frozen');
    await t.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${count.json<{ id: string }>().id}/cancel`,
      headers: { cookie: s.admin },
    });
  });

  it("lists today's sales with totals by kind; staff see only their own", async () => {
    const seller = await buildUser(t.app, s.admin, {
      username: 'counter2',
      user_roles: { sell_cash: 1, current_sales: 1 },
      location_ids: [s.shop.id],
    });
    const staff = (await signIn(t.app, 'counter2', STAFF_PASSWORD)).cookie;
    const mine = await sold(t.app, staff, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 2000 }],
      tendered: 13_000,
    });
    const own = (await t.app.inject({ url: '/api/sales', headers: { cookie: staff } })).json<SalesList>();
    expect(own.items.map((i) => i.id)).toEqual([mine.id]);
    expect(own.sales.cash).toEqual({ count: 1, total: 13_000 });
    const all = (
      await t.app.inject({ url: `/api/sales?location_id=${s.shop.id}`, headers: { cookie: s.admin } })
    ).json<SalesList>();
    expect(all.items.length).toBeGreaterThan(1);
    expect(all.sales.cash.total).toBe(
      all.items.filter((i) => i.type === 'sale').reduce((x, i) => x + i.total, 0),
    );
    const journal = (
      await t.app.inject({ url: '/api/journal?action=sale.cash', headers: { cookie: s.admin } })
    ).json<JournalEntry[]>();
    expect(journal.some((j) => j.doc_id === mine.id && j.user_id === seller.id)).toBe(true);
  });
});
