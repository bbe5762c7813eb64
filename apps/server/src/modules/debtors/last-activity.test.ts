import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, paid, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A debtor's last activity is the later of what it was and the new entry's time, on the writer as
 * a sync apply keeps it: a server whose clock is behind, after pulling a later entry, no longer
 * moves it back (the servers kept different values).
 */
describe("a debtor's last activity", () => {
  let t: TestApp;
  let s: Shop;
  const lastActivity = async () =>
    (
      await t.db.kysely
        .selectFrom('debtors')
        .select('last_activity_at')
        .where('id', '=', s.debtor.id)
        .executeTakeFirstOrThrow()
    ).last_activity_at;

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  it('moves forward with a credit sale and a payment, and never back', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    expect(await lastActivity()).toBe(sale.created_at);
    // an entry pulled from a server whose clock is a day ahead
    const ahead = new Date(Date.parse(sale.created_at) + 86_400_000).toISOString();
    await t.db.kysely
      .updateTable('debtors')
      .set({ last_activity_at: ahead })
      .where('id', '=', s.debtor.id)
      .execute();
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    expect(await lastActivity()).toBe(ahead);
    await paid(t.app, s.admin, s.debtor.id, { amount: 100, method: 'cash', location_id: s.shop.id });
    expect(await lastActivity()).toBe(ahead);
  });
});
