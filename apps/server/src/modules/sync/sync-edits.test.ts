import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, type Tenant } from '../../test/tenancy-factories.js';
import {
  type SyncPair,
  businessDigest,
  hostedPlaceholder,
  link,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';

/**
 * Every kind of change a shop makes after it is linked reaches the hosted copy: each write below
 * journals the documents it changes, and the next push makes the two businesses equal again. A
 * write that changed a row without journaling its document would leave a difference here.
 */
describe('changes after linking reach the hosted copy', () => {
  let p: SyncPair;
  let shop: Tenant;
  beforeAll(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
  }, 60_000);
  afterAll(() => p.close());

  async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const res = await p.local.app.inject({
      method,
      url,
      headers: { cookie: shop.admin },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.body;
  }

  const first = (table: keyof Tenant['ids']) => shop.ids[table]![0]!;

  const edits: [string, () => Promise<unknown>][] = [
    ['the business profile', () => call('PATCH', '/api/business/profile', { receipt_footer: 'Karibu tena' })],
    ['the logo', () => call('PUT', '/api/business/logo', { img: shop.names[0] })],
    [
      'a product (price and name)',
      () => call('PATCH', `/api/products/${first('products')}`, { price: 123_400, name: 'Shop Sugar 2kg' }),
    ],
    ['a supplier', () => call('PATCH', `/api/suppliers/${first('suppliers')}`, { phone: '0700111222' })],
    ['a debtor', () => call('PATCH', `/api/debtors/${first('debtors')}`, { credit_limit: 9_900_000 })],
    [
      'a transfer provider',
      () => call('PATCH', `/api/payment-providers/${first('payment_providers')}`, { active: false }),
    ],
    [
      'an expense category',
      () => call('PATCH', `/api/expense-categories/${first('expense_categories')}`, { name: 'Shop Rent 2' }),
    ],
    ['a user deactivated', () => call('PATCH', `/api/users/${first('users')}`, { active: false })],
    [
      'a password reset',
      () => call('POST', `/api/users/${first('users')}/password`, { password: 'reset-pass-123' }),
    ],
    ['a new location', () => call('POST', '/api/locations', { id: v7(), name: 'Shop Kiosk' })],
    [
      'an expense voided',
      () => call('POST', `/api/expenses/${first('expenses')}/void`, { id: v7(), reason: 'Entered twice' }),
    ],
    ['a transfer confirmed', () => call('POST', `/api/transfers/${first('transfers')}/confirm`, {})],
    ['the stock count finalised', () => call('POST', `/api/stock-counts/${first('stock_counts')}/finalise`)],
    [
      'products imported from CSV',
      () =>
        call('POST', '/api/products/import', { csv: 'code,name,price\nCSV1,Shop Salt,50\n', commit: true }),
    ],
    [
      // the import's own update (import-write.ts): its stamps, barcodes and price history
      'products changed from CSV',
      () =>
        call('POST', '/api/products/import', {
          csv: 'code,name,barcodes,price\nCSV1,Shop Salt fine,600900|600901,55\n',
          commit: true,
        }),
    ],
    ['the printing keys (made on first use)', () => call('GET', '/api/print/certificate')],
  ];

  it.each(edits)('%s', async (_what, edit) => {
    await edit();
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });

  it('the receipt layout: 80 mm at 42 characters a line, as the shop chose it', async () => {
    await call('PATCH', '/api/business/profile', { receipt_columns: 42 });
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const layout = (db: typeof p.local.db) =>
      db.kysely
        .selectFrom('businesses')
        .select(['receipt_width', 'receipt_columns'])
        .where('id', '=', shop.businessId)
        .executeTakeFirstOrThrow();
    expect(await layout(p.hosted.db)).toEqual({ receipt_width: 80, receipt_columns: 42 });
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });

  it("the tax's name and the first day of the week, as the shop set them", async () => {
    await call('PATCH', '/api/business/profile', { tax_name: 'GST', week_start: 0 });
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const region = (db: typeof p.local.db) =>
      db.kysely
        .selectFrom('businesses')
        .select(['tax_name', 'week_start'])
        .where('id', '=', shop.businessId)
        .executeTakeFirstOrThrow();
    expect(await region(p.hosted.db)).toEqual({ tax_name: 'GST', week_start: 0 });
    // cleared again: the language's word, weeks from Saturday
    await call('PATCH', '/api/business/profile', { tax_name: '', week_start: 6 });
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    expect(await region(p.hosted.db)).toEqual({ tax_name: '', week_start: 6 });
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });

  // One open count per location: a batch holding a count's end and the next count at its
  // location must close the first before it writes the second (the random mix found it).
  it.each(['finalise', 'cancel'])('a count ended (%s) and the next one started in one batch', async (end) => {
    const location = v7();
    await call('POST', '/api/locations', { id: location, name: `Shop Store ${end}` });
    const count = v7();
    await call('POST', '/api/stock-counts', { id: count, location_id: location, note: 'first' });
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    await call('POST', `/api/stock-counts/${count}/${end}`);
    await call('POST', '/api/stock-counts', { id: v7(), location_id: location, note: 'next' });
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });
});
