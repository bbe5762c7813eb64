import type { Debtor, Statement } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, paid, reversed, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A statement lists a debtor's entries in the order the balance moved in (`seq`, numbered by each
 * move: ADR 9), not by `created_at`, the clock of the request that wrote them: here each later
 * write is stamped 2 s before the one it followed.
 */
describe("a debtor statement's order", () => {
  let t: TestApp;
  let s: Shop;
  let debtor: Debtor;

  const statement = async () =>
    (
      await t.app.inject({ url: `/api/debtors/${debtor.id}/statement`, headers: { cookie: s.admin } })
    ).json<Statement>();
  const seqs = async () =>
    (
      await t.db.kysely
        .selectFrom('debtor_entries')
        .select(['kind', 'seq', 'created_at'])
        .where('debtor_id', '=', debtor.id)
        .orderBy('seq')
        .execute()
    ).map((r) => [r.kind, Number(r.seq)]);
  const entrySeq = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('debtors')
          .select('entry_seq')
          .where('id', '=', debtor.id)
          .executeTakeFirstOrThrow()
      ).entry_seq,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    debtor = (
      await t.app.inject({
        method: 'POST',
        url: '/api/debtors',
        headers: { cookie: s.admin },
        payload: { name: 'Backwards Ben', phone: '0722000222', credit_limit: 100_000 },
      })
    ).json<Debtor>();
  });
  afterAll(() => t.close());

  it('lists a sale, a payment and a reversal in the order their balances moved, clocks going back', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 2000 }],
    });
    t.clock.advance(-2_000);
    const pay = await paid(t.app, s.admin, debtor.id, {
      amount: 5_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    t.clock.advance(-2_000);
    const rev = await reversed(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    expect([sale.debtor_balance_after, pay.balance_after, rev.debtor_balance_after]).toEqual([
      13_000, 8_000, 1_500,
    ]);

    const st = await statement();
    expect(st.entries.map((e) => [e.kind, e.receipt_no, e.amount, e.balance])).toEqual([
      ['sale', sale.receipt_no, 13_000, 13_000],
      ['payment', pay.receipt_no, -5_000, 8_000],
      ['reversal', rev.receipt_no, -6_500, 1_500],
    ]);
    // their times run the other way
    const times = st.entries.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(st.closing_balance).toBe(1_500);
    expect(await seqs()).toEqual([
      ['sale', 1],
      ['payment', 2],
      ['reversal', 3],
    ]);
    expect(await entrySeq()).toBe(3);
  });

  it('lists entries written before the numbers (migration 0032: all 0) first, in their old order, and numbers the next after them', async () => {
    // as a database migrated to 0032 holds them: every entry and the debtor's count at 0
    await t.db.kysely
      .updateTable('debtor_entries')
      .set({ seq: 0 })
      .where('debtor_id', '=', debtor.id)
      .execute();
    await t.db.kysely.updateTable('debtors').set({ entry_seq: 0 }).where('id', '=', debtor.id).execute();
    // created_at, id: what a statement showed before
    expect((await statement()).entries.map((e) => e.kind)).toEqual(['reversal', 'payment', 'sale']);
    await paid(t.app, s.admin, debtor.id, { amount: 1_500, method: 'cash', location_id: s.shop.id });
    expect((await seqs()).at(-1)).toEqual(['payment', 1]);
    expect(await entrySeq()).toBe(1);
    expect((await statement()).entries.map((e) => e.balance)).toEqual([-6_500, -11_500, 1_500, 0]);
  });
});
