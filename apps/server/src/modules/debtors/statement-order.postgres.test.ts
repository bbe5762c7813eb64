import type { Debtor, DebtorPayment, Statement } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { type Shop, buildShop, payDebtor, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { freshDatabase } from '../../test/test-db.js';

/**
 * Two hosted processes on one database whose clocks are 2 s apart (two hosts behind the load
 * balancer). A statement ordered a debtor's entries by `created_at` (each request's own clock,
 * taken when the request began), not by the order the balance actually moved in; it lists them by
 * `seq`, which the balance's move numbers (ADR 9).
 */
describe('a debtor statement across two hosted processes', () => {
  let a: TestApp;
  let b: TestApp;
  let s: Shop;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    a = await buildTestApp({}, fresh);
    const other: Db = fresh.openAgain!();
    b = await buildTestApp({}, { db: other, dispose: () => other.close() });
    b.clock.advance(a.clock.now().getTime() - b.clock.now().getTime() - 2_000); // B 2 s behind A
    s = await buildShop(a.app);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('lists a payment taken after a credit sale after it, with the balance its receipt printed', async () => {
    const d = (
      await a.app.inject({
        method: 'POST',
        url: '/api/debtors',
        headers: { cookie: s.admin },
        payload: { name: 'Skewed Sam', phone: '0722000111', credit_limit: 100_000 },
      })
    ).json<Debtor>();
    const sale = await sold(a.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: d.id,
      lines: [{ product_id: s.bread.id, quantity: 2000 }],
    }); // 13,000 owed
    a.clock.advance(1_000);
    b.clock.advance(1_000); // a second later, through B
    const res = await payDebtor(b.app, s.admin, d.id, {
      amount: 13_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const pay = res.json<DebtorPayment>();
    expect(pay.balance_after).toBe(0); // the receipt the debtor took home

    const st = (
      await a.app.inject({ url: `/api/debtors/${d.id}/statement`, headers: { cookie: s.admin } })
    ).json<Statement>();
    // Not the payment first at −13,000 ("in credit"), then the sale at 0.
    expect(st.entries.map((e) => [e.kind, e.receipt_no, e.amount, e.balance])).toEqual([
      ['sale', sale.receipt_no, 13_000, 13_000],
      ['payment', pay.receipt_no, -13_000, 0],
    ]);
  });
});
