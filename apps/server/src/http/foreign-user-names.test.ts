import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tenant, buildTenant } from '../test/tenancy-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';

/**
 * `users` is global (sign-in names no business), so nothing in the schema holds a row's user to the
 * row's business. A sync apply now refuses a pushed row naming another business's user
 * (sync/foreign-users.ts); rows written before it could, and every read that names the user joins
 * the user within the row's business, so another business's user name never shows.
 */
describe("a row naming another business's user", () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let theirName: string;

  beforeAll(async () => {
    t = await buildTestApp();
    a = await buildTenant(t, 'Alpha');
    b = await buildTenant(t, 'Bravo');
    const db = t.db.kysely;
    const theirs = await db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('business_id', '=', b.businessId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    theirName = theirs.name;
    // every column of A's rows that names a user, pointed at B's admin (as a push before the check could)
    const point = [
      ['sales', 'user_id'],
      ['sale_reversals', 'user_id'],
      ['day_closes', 'user_id'],
      ['journal', 'user_id'],
      ['transfers', 'user_id'],
      ['debtor_payments', 'user_id'],
      ['product_prices', 'changed_by'],
      ['devices', 'last_user_id'],
      ['expenses', 'user_id'],
    ] as const;
    for (const [table, column] of point)
      await db
        .updateTable(table)
        .set({ [column]: theirs.id })
        .where('business_id', '=', a.businessId)
        .execute();
    await db
      .updateTable('transfer_confirmations')
      .set({ confirmed_by: theirs.id })
      .where('business_id', '=', a.businessId)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows no name of the other business's user in sales, reversals, days, the journal, transfers, payments, prices, devices or expenses", async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: { cookie: a.admin } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.body;
    };
    const urls = [
      '/api/sales',
      ...(a.ids.sales ?? []).map((id) => `/api/sales/${id}`),
      ...(a.ids.sale_reversals ?? []).map((id) => `/api/reversals/${id}`),
      ...(a.ids.debtor_payments ?? []).map((id) => `/api/debtor-payments/${id}`),
      ...(a.ids.products ?? []).map((id) => `/api/products/${id}/prices`),
      `/api/daily-sales?location_id=${a.main.id}&day=${a.day}`,
      `/api/reports/sales?from=${a.day}&to=${a.day}`,
      '/api/journal',
      '/api/transfers',
      '/api/devices',
      '/api/expenses',
    ];
    const shown: string[] = [];
    for (const url of urls) if ((await get(url)).includes(theirName)) shown.push(url);
    expect(theirName).toContain('bravo');
    expect(shown).toEqual([]);
  });
});
