import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBusiness } from '../modules/setup/setup.service.js';
import { ADMIN_PASSWORD } from '../test/factories.js';
import { type Shop, buildShop, paid, sold } from '../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';

type Named = 'debtors' | 'locations' | 'payment_providers' | 'expense_categories' | 'products';

/**
 * On PostgreSQL a business table's key is (id, business_id) (migration 0020, Citus-ready), so
 * another business may hold a row with the same id (two creates racing with one client-chosen id
 * can make one). Every read joins a record's names within its own business: the reads of one
 * business answer the same with such a twin in another. On SQLite the id alone is the key.
 */
describe("a business's reads with another business holding rows of the same ids", () => {
  let t: TestApp;
  let s: Shop;
  let otherId: string;
  let day: string;
  const reads: string[] = [];
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: { cookie: s.admin } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.body;
  };
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: s.admin }, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json<{ id: string }>();
  };

  /** Copies a row of the business into the other one, named as the other business's. */
  const twin = async (table: Named, id: string) => {
    const row = await t.db.kysely
      .selectFrom(table)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const copy = { ...row, business_id: otherId, name: `Theirs ${table}` } as Record<string, unknown>;
    if ('search_key' in copy) copy.search_key = `theirs ${table}`;
    if ('code' in copy) copy.code = `THEIRS-${table}-${id.slice(-6)}`;
    // (a row of one of the tables: the values are typed as any of them would take)
    await t.db.kysely
      .insertInto(table)
      .values(copy as Parameters<ReturnType<typeof t.db.kysely.insertInto<Named>>['values']>[0])
      .execute();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const other = await setUpBusiness(
      t.db,
      t.clock,
      {
        business_name: 'Other Traders',
        username: 'otherowner',
        password: ADMIN_PASSWORD,
        currency: 'KES',
        timezone: 'Africa/Nairobi',
        language: 'en',
      },
      { onlyIfNone: false, online: false },
    );
    otherId = other.business.id;
    // a credit sale and a payment, a mobile-money sale, an expense, a closed day
    const sale = await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
    });
    day = sale.business_day;
    const payment = await paid(t.app, s.admin, s.debtor.id, {
      amount: 1_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    await sold(t.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference: 'TWINREF01',
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
    });
    const category = await post('/api/expense-categories', { name: 'Rent' });
    await post('/api/expenses', {
      id: v7(),
      date: day,
      category_id: category.id,
      amount: 1_000,
      method: 'transfer',
      provider_id: s.mpesa.id,
      location_id: s.shop.id,
      note: 'rent',
    });
    await post('/api/daily-sales/close', { id: v7(), location_id: s.shop.id, day, counted_cash: 0 });
    reads.push(
      `/api/debtor-payments/${payment.id}`,
      '/api/sales',
      `/api/expenses?from=${day}&to=${day}`,
      '/api/transfers',
      `/api/reports/stock?from=${day}&to=${day}`,
      `/api/daily-sales?location_id=${s.shop.id}&day=${day}`,
      '/api/notifications',
    );
    twins.push(
      ['debtors', s.debtor.id],
      ['locations', s.shop.id],
      ['payment_providers', s.mpesa.id],
      ['expense_categories', category.id],
      ['products', s.bread.id],
      ['products', s.sugar.id],
    );
  });
  const twins: [Named, string][] = [];
  afterAll(() => t.close());

  it('answers every read as before, naming none of the twins', async () => {
    const before = await Promise.all(reads.map(get));
    for (const b of before) expect(b).not.toContain('Theirs');
    if (t.db.dialect === 'sqlite') {
      // the id alone is the key: no twin can be made
      await expect(twin('debtors', s.debtor.id)).rejects.toThrow(/UNIQUE|constraint/i);
      return;
    }
    for (const [table, id] of twins) await twin(table, id);
    const after = await Promise.all(reads.map(get));
    for (const [i, url] of reads.entries()) expect(after[i], url).toBe(before[i]);
  });
});
