import type { Dashboard, Debtor, debtorListSchema } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type Shop, buildShop, paid, reversed, sold } from '../../test/sales-factories.js';
import { type Tenant, buildTenant } from '../../test/tenancy-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

type DebtorList = z.infer<typeof debtorListSchema>;

/**
 * The debtors list's business-wide figure (`all_owed`) is the dashboard's "money owed by debtors":
 * inactive debtors count, which the list hides by default; a debtor in credit does not lower it;
 * another business's debtors never count.
 */
describe('what all debtors owe, on the debtors list', () => {
  let t: TestApp;
  let s: Shop;
  let other: Tenant;
  const get = async <T>(url: string, cookie = s.admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const addDebtor = async (name: string, cookie = s.admin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/debtors',
      headers: { cookie },
      payload: { name, credit_limit: 1_000_000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Debtor>();
  };
  const deactivate = async (d: { id: string }, cookie = s.admin) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/debtors/${d.id}`,
      headers: { cookie },
      payload: { active: false },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const onCredit = (d: Debtor, productId: string) =>
    sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: d.id,
      lines: [{ product_id: productId, quantity: 1000 }],
    });
  const dashboardOwed = async (cookie = s.admin) =>
    (await get<Dashboard>('/api/reports/dashboard', cookie)).debtors.owed;
  /** Positive balances of one business's debtors, straight from the table. */
  const owedInTable = async (businessId: string) =>
    (
      await t.db.kysely
        .selectFrom('debtors')
        .select('balance')
        .where('business_id', '=', businessId)
        .where('deleted_at', 'is', null)
        .execute()
    ).reduce((sum, r) => sum + Math.max(0, Number(r.balance)), 0);

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    // Another business on the same server, whose only debtor owes and is inactive.
    other = await buildTenant(t, 'Other');
    const [theirs] = (await get<DebtorList>('/api/debtors', other.admin)).items;
    expect(theirs!.balance).toBeGreaterThan(0);
    await deactivate(theirs!, other.admin);
  });
  afterAll(() => t.close());

  it("counts an inactive debtor's balance, not a credit, and equals the dashboard's figure", async () => {
    const active = await addDebtor('Active Asha');
    await onCredit(active, s.bread.id); // owes 65.00
    const inactive = await addDebtor('Inactive Idi');
    await onCredit(inactive, s.sugar.id); // owes 180.00
    await deactivate(inactive);
    // paid, then the sale reversed: 180.00 in credit, which lowers nobody's debt
    const inCredit = await addDebtor('Credit Chiku');
    const sale = await onCredit(inCredit, s.sugar.id);
    await paid(t.app, s.admin, inCredit.id, { amount: sale.total, method: 'cash', location_id: s.shop.id });
    await reversed(t.app, s.admin, sale.id);
    expect((await get<Debtor>(`/api/debtors/${inCredit.id}`)).balance).toBe(-18_000);

    const shown = await get<DebtorList>('/api/debtors');
    expect(shown.items.map((d) => d.name)).not.toContain('Inactive Idi');
    expect(shown.total_balance).toBe(6_500);
    expect(shown.all_owed).toBe(6_500 + 18_000);
    expect(await dashboardOwed()).toBe(shown.all_owed);

    // whatever the filter, the business-wide figure stays the same
    const everyone = await get<DebtorList>('/api/debtors?include_inactive=true');
    expect(everyone.total_balance).toBe(everyone.all_owed);
    const oneName = await get<DebtorList>('/api/debtors?q=asha&include_inactive=true');
    expect([oneName.total_count, oneName.total_balance, oneName.all_owed]).toEqual([1, 6_500, 24_500]);
    const nobody = await get<DebtorList>('/api/debtors?q=nobody-by-this-name');
    expect([nobody.total_count, nobody.total_balance, nobody.all_owed]).toEqual([0, 0, 24_500]);
  });

  it("never counts another business's debtors, and theirs never count ours", async () => {
    const mine = (await get<DebtorList>('/api/debtors')).all_owed;
    const theirs = (await get<DebtorList>('/api/debtors', other.admin)).all_owed;
    const { business_id: myBusiness } = await t.db.kysely
      .selectFrom('debtors')
      .select('business_id')
      .where('id', '=', s.debtor.id)
      .executeTakeFirstOrThrow();
    expect(theirs).toBeGreaterThan(0);
    expect(mine).toBe(await owedInTable(myBusiness));
    expect(theirs).toBe(await owedInTable(other.businessId));
    expect(await dashboardOwed(other.admin)).toBe(theirs);
    // their debtor is inactive: none listed by default, yet what they owe is theirs alone
    const listed = await get<DebtorList>('/api/debtors', other.admin);
    expect([listed.total_count, listed.total_balance]).toEqual([0, 0]);
  });
});
