import { type Product, addDays, businessDay, type debtorListSchema } from '@duka/domain';
import type { z } from 'zod';

type DebtorList = z.infer<typeof debtorListSchema>;
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { DEMO_DAYS, seedDemo } from './demo.service.js';

/** `npm run duka -- demo` (issue 16): a real shop to look at, written through the services. */
describe('the demo shop', () => {
  let t: TestApp;
  const password = 'demo-pass-1';
  const now = new Date();
  const today = businessDay(now, 'Africa/Nairobi');

  beforeAll(async () => {
    t = await buildTestApp();
    const r = await seedDemo(t.db, { password, now });
    expect(r).toMatchObject({ products: 31, days: DEMO_DAYS });
    expect(r.sales).toBeGreaterThan(200);
  }, 300_000);
  afterAll(() => t.close());

  it('signs in its owner and its cashier, who may sell', async () => {
    const owner = await signIn(t.app, 'owner', password);
    expect(owner.session.user.role).toBe('admin');
    const cashier = await signIn(t.app, 'cashier', password);
    expect(cashier.session.user_roles).toMatchObject({ sell_cash: 1, sell_transfer: 1, sell_debtors: 1 });
  });

  it('has two weeks of sales of every kind, stock, debtors who owe, and M-Pesa', async () => {
    const { cookie } = await signIn(t.app, 'owner', password);
    const get = async <T>(url: string): Promise<T> => {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<T>();
    };
    const from = addDays(today, -(DEMO_DAYS - 1));
    const report = await get<{
      totals: { sales_count: number; net: number };
      by_day: { day: string; sales_count: number }[];
      by_kind: { kind: string; sales_count: number }[];
    }>(`/api/reports/sales?from=${from}&to=${today}`);
    expect(report.by_day.filter((d) => d.sales_count > 0).length).toBeGreaterThanOrEqual(DEMO_DAYS - 1);
    expect(report.totals.net).toBeGreaterThan(0);
    const kinds = new Set(report.by_kind.filter((k) => k.sales_count > 0).map((k) => k.kind));
    expect([...kinds].sort()).toEqual(['cash', 'debtor', 'transfer']);
    const products = await get<Product[]>('/api/products');
    expect(products).toHaveLength(31);
    for (const p of products) {
      expect(p.avg_cost, p.name).toBeGreaterThan(0);
      expect(p.buying_price, p.name).toBeGreaterThan(0);
      expect(p.buying_price, p.name).toBeLessThan(p.price);
      expect(
        p.levels.reduce((n, l) => n + l.quantity, 0),
        p.name,
      ).toBeGreaterThan(0);
    }
    const debtors = await get<DebtorList>('/api/debtors');
    expect(debtors.items).toHaveLength(2);
    for (const d of debtors.items) expect(d.balance, d.name).toBeGreaterThan(0);
    const providers = await get<{ name: string }[]>('/api/payment-providers');
    expect(providers.map((p) => p.name)).toEqual(expect.arrayContaining(['M-Pesa', 'Bank transfer']));
    // the evening's confirmations come after the day's transfers (a QA pass saw 19:30 on a 19:52 sale)
    const confirmed = await t.db.kysely
      .selectFrom('transfers as t')
      .innerJoin('transfer_confirmations as c', 'c.transfer_id', 't.id')
      .select(['t.created_at', 'c.confirmed_at'])
      .execute();
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed.filter((c) => c.confirmed_at < c.created_at)).toEqual([]);
  });

  it('refuses a database that already holds a business, and changes nothing', async () => {
    const before = await t.db.kysely
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(seedDemo(t.db, { password, now })).rejects.toMatchObject({ code: 'already_set_up' });
    const after = await t.db.kysely
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
