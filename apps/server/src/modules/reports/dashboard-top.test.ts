import type { Dashboard } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, reversed, sold } from '../../test/sales-factories.js';
import { preparedName } from '../../db/pg-prepared.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** The dashboard's best sellers are products that sold: never one shown as "0 sold". */
describe('dashboard top products', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  it('leaves out a product whose every sale was reversed, keeps one partly reversed', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: s.bread.id, quantity: 2_000 },
        { product_id: s.milk.id, quantity: 3_000 },
      ],
      tendered: 1_000_000,
    });
    const lineOf = (productId: string) => sale.lines.find((l) => l.product_id === productId)!.line_no;
    await reversed(t.app, s.admin, sale.id, {
      lines: [
        { line_no: lineOf(s.bread.id), quantity: 2_000 },
        { line_no: lineOf(s.milk.id), quantity: 1_000 },
      ],
    });
    const res = await t.app.inject({ url: '/api/reports/dashboard', headers: { cookie: s.admin } });
    const top = res.json<Dashboard>().top_products;
    expect(top.map((p) => [p.name, p.quantity])).toEqual([['Milk 500 ml', 2_000]]);
  });

  it('reads with statements prepared once per connection on PostgreSQL, the same texts on the next load', async () => {
    const load = async () => {
      const { texts, result } = await statementsOf(t.db, async () => {
        const res = await t.app.inject({ url: '/api/reports/dashboard', headers: { cookie: s.admin } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<Dashboard>();
      });
      return { texts: texts.filter((text) => !/"sessions"/.test(text)), result };
    };
    const first = await load();
    expect(first.result.top_products.length).toBeGreaterThan(0); // the names' read runs too
    // the sums, the week's products (one read per summary part: more when the week crosses a
    // month), expenses, reorder levels, the debtors with the transfers' totals, the best sellers'
    // names; on PostgreSQL all but the names in one statement (dashboard-reads.ts)
    if (t.db.dialect === 'postgres') expect(first.texts).toHaveLength(2);
    else expect(first.texts.length).toBeGreaterThanOrEqual(6);
    if (t.db.dialect === 'postgres')
      for (const text of first.texts) expect(preparedName(text), text).toBeDefined();
    const again = await load();
    expect(again.texts).toEqual(first.texts);
    expect(again.result).toEqual(first.result);
  });
});
