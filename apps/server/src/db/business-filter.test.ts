import type { Reversal, Sale } from '@duka/domain';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ofBusiness } from './dialect.js';
import { type Shop, buildShop, reversed, sold, staffWith } from '../test/sales-factories.js';
import { businessTables, statementsOf, withoutBusiness } from '../test/statements.js';
import { buildProduct, newDocId, received } from '../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import {
  KEYS,
  type SyncPair,
  addBranch,
  hostedPlaceholder,
  join,
  link,
  pullAll,
  pushAll,
  syncPair,
} from '../test/sync-harness.js';
import { type Tenant, buildTenant } from '../test/tenancy-factories.js';
import { linkOf } from '../modules/sync/link-local.js';
import { heartbeat } from '../modules/sync/push.js';

/**
 * Issue 21, "Past one PostgreSQL server": on Citus, distributed by business, a statement runs on
 * its business's shard only when it names `business_id`. Every statement of a till's day (the
 * requests a hosted country sends most) and of the owner's back office names it on each business
 * table it reads or writes. What still does not is listed in docs/scale.md.
 */
/**
 * The one statement that looks in every business on purpose: a write's id is checked against all
 * of them (`isReplay`), so that an id another business holds is a 409 (http/tenancy.test.ts), the
 * business's own row first (`storedUnder`: it names `business_id` only to order by it). On Citus
 * it runs on every shard; docs/scale.md says what replaces it there. (Its values are written in
 * when it goes with its transaction's `begin`: db/pg-prepared.ts.)
 */
const REPLAY_CHECK =
  /^select "business_id", "request_hash"(, "user_id")? from "\w+" where "id" = (\$1|\?|'[0-9a-f-]{36}') order by "business_id" = \S+ desc limit \S+$/;

describe("a till's day filters every business table by business", () => {
  let t: TestApp;
  let s: Shop;
  let cashier: string;
  let tables: string[];
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    // a cashier, not an admin: their locations are read on every request that checks them
    cashier = (
      await staffWith(t.app, s.admin, [
        'sell_cash',
        'sell_debtors',
        'sell_transfer',
        'current_sales',
        'reversing_cash',
      ])
    ).cookie;
    tables = await businessTables(t.db);
  });
  afterAll(() => t.close());

  const get = async (url: string, cookie = cashier) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };

  it('names business_id in every statement on a business table', async () => {
    const { texts } = await statementsOf(t.db, async () => {
      await get('/api/me');
      await get('/api/products?q=sug');
      await get(`/api/products?q=${encodeURIComponent('600100')}`);
      await get('/api/products?limit=12');
      const sale: Sale = await sold(t.app, cashier, {
        kind: 'cash',
        lines: [
          { product_id: s.sugar.id, quantity: 1000 },
          { product_id: s.bread.id, quantity: 2000 },
        ],
        tendered: 100_000,
      });
      await sold(t.app, cashier, {
        kind: 'debtor',
        debtor_id: s.debtor.id,
        lines: [{ product_id: s.milk.id, quantity: 1000 }],
      });
      await sold(t.app, cashier, {
        kind: 'transfer',
        provider_id: s.mpesa.id,
        reference: 'QK12345678',
        lines: [{ product_id: s.bread.id, quantity: 1000 }],
      });
      await get(`/api/sales/${sale.id}`);
      await get(`/api/receipts/${sale.receipt_no}`);
      const back: Reversal = await reversed(t.app, cashier, sale.id, {
        lines: [{ line_no: 1, quantity: 1000 }],
      });
      await get(`/api/reversals/${back.id}`);
      await get(`/api/sales/${sale.id}`);
    });
    expect(texts.length).toBeGreaterThan(20);
    expect(withoutBusiness(texts, tables).filter((text) => !REPLAY_CHECK.test(text))).toEqual([]);
  });

  it("names business_id in every statement of the owner's back office", async () => {
    const { texts } = await statementsOf(t.db, async () => {
      const day = t.clock.now().toISOString().slice(0, 10);
      for (const url of [
        '/api/me',
        `/api/reports/sales?from=${day}&to=${day}`,
        `/api/reports/profit?from=${day}&to=${day}`,
        '/api/reports/dashboard',
        `/api/reports/stock?from=${day}&to=${day}`,
        `/api/sales?day=${day}`,
        '/api/debtors',
        `/api/debtors/${s.debtor.id}`,
        `/api/debtors/${s.debtor.id}/statement?from=${day}&to=${day}`,
        `/api/products/${s.sugar.id}`,
        `/api/products/${s.sugar.id}/movements`,
        `/api/products/${s.sugar.id}/prices`,
        '/api/users',
        '/api/locations',
        '/api/suppliers',
        '/api/payment-providers',
        '/api/transfers',
        '/api/expenses',
        `/api/daily-sales/state?location_id=${s.shop.id}`,
        '/api/notifications',
      ])
        await get(url, s.admin);
    });
    expect(texts.length).toBeGreaterThan(20);
    expect(withoutBusiness(texts, tables).filter((text) => !REPLAY_CHECK.test(text))).toEqual([]);
  });

  it("names business_id in every statement of the stockroom's writes and edits, a count to its end, a transfer's confirmation and an expense's void", async () => {
    const send = async (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method, url, payload, headers: { cookie: s.admin } });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    const { texts } = await statementsOf(t.db, async () => {
      const doc = await received(t.app, s.admin, {
        supplier_id: s.supplier,
        location_id: s.shop.id,
        lines: [{ product_id: s.milk.id, quantity: 5_000, unit_cost: 4_000 }],
      });
      await get(`/api/stock/documents/${doc.id}`, s.admin);
      await send('PATCH', `/api/products/${s.sugar.id}`, { name: 'Sugar 2 kg', price: 30_000 });
      await send('PATCH', `/api/locations/${s.shop.id}`, { name: 'Main shop, town' });
      // a location with no stock closed: the check that it holds none
      const kiosk = (await send('POST', '/api/locations', { id: newDocId(), name: 'Kiosk' })).json<{
        id: string;
      }>();
      await send('PATCH', `/api/locations/${kiosk.id}`, { active: false });
      await send('PATCH', `/api/debtors/${s.debtor.id}`, { phone: '0722000222' });
      const count = (
        await send('POST', '/api/stock-counts', {
          id: newDocId(),
          location_id: s.shop.id,
          freeze_sales: false,
        })
      ).json<{ id: string }>();
      await send('POST', `/api/stock-counts/${count.id}/entries`, {
        id: newDocId(),
        product_id: s.bread.id,
        quantity: 3_000,
      });
      // a product added while the count is open has no expected row: its cost is read for the review
      const added = await buildProduct(t.app, s.admin);
      await send('POST', `/api/stock-counts/${count.id}/entries`, {
        id: newDocId(),
        product_id: added.id,
        quantity: 1_000,
      });
      await get(`/api/stock-counts/${count.id}`, s.admin);
      await get(`/api/stock-counts/${count.id}/review`, s.admin);
      await send('POST', `/api/stock-counts/${count.id}/finalise`, {});
      // the till's day sold by transfer: the owner confirms it against the statement
      const transfers = (await get('/api/transfers', s.admin)).json<{ items: { id: string }[] }>();
      expect(transfers.items.length).toBeGreaterThan(0);
      const confirm = await t.app.inject({
        method: 'POST',
        url: `/api/transfers/${transfers.items[0]!.id}/confirm`,
        headers: { cookie: s.admin },
      });
      expect(confirm.statusCode, confirm.body).toBeLessThan(300);
      // an expense entered twice, and its void
      const category = (await send('POST', '/api/expense-categories', { name: 'Rent' })).json<{
        id: string;
      }>();
      const expense = (
        await send('POST', '/api/expenses', {
          id: newDocId(),
          date: t.clock.now().toISOString().slice(0, 10),
          category_id: category.id,
          amount: 1_000,
          method: 'cash',
          location_id: s.shop.id,
        })
      ).json<{ id: string }>();
      await send('POST', `/api/expenses/${expense.id}/void`, { id: newDocId(), reason: 'Entered twice' });
    });
    expect(texts.length).toBeGreaterThan(20);
    expect(withoutBusiness(texts, tables).filter((text) => !REPLAY_CHECK.test(text))).toEqual([]);
  });
});

describe('ofBusiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("keeps SQLite on the row's own key, and is a plain comparison on PostgreSQL (Citus routes by it)", async () => {
    const q = t.db.kysely
      .selectFrom('product_barcodes')
      .select('barcode')
      .where(ofBusiness(t.db.kysely, 'business_id', 'b1'))
      .where('product_id', 'in', ['p1', 'p2']);
    const { sql: text, parameters } = q.compile();
    if (t.db.dialect === 'postgres') expect(text).toMatch(/where "business_id" = \$1 and/);
    else {
      expect(text).toMatch(/where \+"business_id" = \? and/);
      // the barcodes' key starts with the business: a plain comparison would walk all of them
      const plan = await t.db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/product_barcodes_product/);
    }
  });
});

/**
 * Sync checks that the ids a push brings are not another business's (`"t"."business_id" != $2`,
 * apply-documents.ts): like the replay check, it looks in every business on purpose.
 */
const FOREIGN_ID_CHECK =
  /^select "t"\."\w+" as "id" from "\w+" as "t" where "t"\."\w+" in \([^)]*\) and "t"\."business_id" != (\$\d+|\?)$/;

describe('a shop server pushing, its heartbeat and a branch pulling filter every business table by business', () => {
  let p: SyncPair;
  let shop: Tenant;
  let branch: TestApp;
  let tables: string[];
  beforeAll(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    branch = await addBranch(p, 'branch-b');
    await join(p, branch, shop.businessId);
    tables = await businessTables(p.hosted.db);
  });
  afterAll(() => p.close());

  it('names business_id in every statement of a push, a heartbeat and a pull, on every server', async () => {
    const { texts } = await statementsOf(p.hosted.db, async () => {
      expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
      const row = await linkOf(p.local.db, shop.businessId);
      await heartbeat({ db: p.local.db, keys: KEYS, now: () => p.local.clock.now() }, row!);
      await pullAll(p, branch, shop.businessId);
    });
    expect(texts.length).toBeGreaterThan(20);
    expect(
      withoutBusiness(texts, tables).filter(
        (text) => !REPLAY_CHECK.test(text) && !FOREIGN_ID_CHECK.test(text),
      ),
    ).toEqual([]);
  });
});
