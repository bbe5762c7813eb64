import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.js';
import { buildShop, paid, reversed, sold } from '../../test/sales-factories.js';
import { statementsOf } from '../../test/statements.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import { journalHead } from './batch.js';
import { linkOf } from './link-local.js';
import {
  type SyncPair,
  businessDigest,
  hostedPlaceholder,
  link,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';

describe('sync, part 1: a shop pushes its whole business to the hosted server', () => {
  let p: SyncPair;
  beforeEach(async () => {
    p = await syncPair();
  });
  afterEach(async () => {
    await p.close();
  });

  it('copies a business with a record of every kind; the hosted copy equals the shop table by table', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    const placeholder = await hostedPlaceholder(p.hosted, 'Shop');
    await link(p, shop.businessId, placeholder);
    const outcome = await pushAll(p, shop.businessId);
    expect(outcome).toMatchObject({ kind: 'caught_up' });
    const local = await businessDigest(p.local.db, shop.businessId, p.dir);
    const hosted = await businessDigest(p.hosted.db, shop.businessId, p.dir);
    expect(hosted).toEqual(local);
    const row = await linkOf(p.local.db, shop.businessId);
    expect(Number(row!.push_cursor)).toBe(await journalHead(p.local.db, shop.businessId));
    expect(row!.state).toBe('active');
    // The placeholder is gone; the shop's owner signs in on the hosted site with the shop's password.
    const gone = await p.hosted.db.kysely
      .selectFrom('businesses')
      .select('id')
      .where('id', '=', placeholder)
      .execute();
    expect(gone).toEqual([]);
    const owner = await signIn(p.hosted.app, shop.logins.admin, 'owner-pass-1', 'WEB-1');
    expect(owner.session.business.id).toBe(shop.businessId);
    expect(owner.session.synced_from_shop).toBe(true);
  });

  it('sends later writes in small batches and changes nothing when a batch is sent again', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    const first = await pushAll(p, shop.businessId, 1);
    expect(first.kind).toBe('caught_up');
    const row = await linkOf(p.local.db, shop.businessId);
    // The same range again, as after a lost answer: already applied, nothing doubled.
    await p.local.db.kysely
      .updateTable('sync_links')
      .set({ push_cursor: 0, push_cursor_entry_id: null })
      .execute();
    const again = await pushAll(p, shop.businessId, 1);
    expect(again.kind).toBe('caught_up');
    const after = await linkOf(p.local.db, shop.businessId);
    expect(Number(after!.push_cursor)).toBe(Number(row!.push_cursor));
    await pushAll(p, shop.businessId);
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });

  it('resends from where a hosted database that went back expects, and ends equal', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    // The hosted database is restored to an earlier point: its cursor is back at entry 5.
    const fifth = await p.local.db.kysely
      .selectFrom('journal')
      .select('id')
      .where('seq', '=', 5)
      .executeTakeFirstOrThrow();
    await p.hosted.db.kysely
      .updateTable('sync_servers')
      .set({ cursor: 5, cursor_entry_id: fifth.id })
      .execute();
    const made = await p.local.app.inject({
      method: 'POST',
      url: '/api/expense-categories',
      headers: { cookie: shop.admin },
      payload: { id: '0193b000-0000-7000-8000-0000000000aa', name: 'Shop fuel' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });

  it('stops as diverged when the PC went back (restored from an older copy), writing nothing', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const before = await businessDigest(p.hosted.db, shop.businessId, p.dir);
    // What a power cut without the fsync would leave: the last entries gone, the number reused.
    const head = await journalHead(p.local.db, shop.businessId);
    await p.local.db.kysely
      .deleteFrom('journal')
      .where('seq', '>', head - 3)
      .execute();
    await p.local.db.kysely
      .updateTable('journal_counters')
      .set({ last_seq: head - 3 })
      .execute();
    await p.local.db.kysely
      .updateTable('sync_links')
      .set({ push_cursor: head - 3 })
      .execute();
    const made = await p.local.app.inject({
      method: 'POST',
      url: '/api/expense-categories',
      headers: { cookie: shop.admin },
      payload: { id: '0193b000-0000-7000-8000-0000000000ab', name: 'Shop water' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await pushAll(p, shop.businessId)).toMatchObject({ kind: 'stopped', state: 'diverged' });
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(before);
  });

  it("moves the balances of a batch's debtors as the till did, in one statement", async () => {
    const shop = await buildShop(p.local.app);
    const { id: businessId } = (
      await p.local.app.inject({ url: '/api/business/profile', headers: { cookie: shop.admin } })
    ).json<{ id: string }>();
    const debtors = [shop.debtor.id];
    for (const name of ['Wanjiku Kamau', 'Otieno Ochieng']) {
      const made = await p.local.app.inject({
        method: 'POST',
        url: '/api/debtors',
        headers: { cookie: shop.admin },
        payload: { name, credit_limit: 500_000 },
      });
      expect(made.statusCode, made.body).toBe(201);
      debtors.push(made.json<{ id: string }>().id);
    }
    // two sales on credit each, then a payment by the first
    for (const debtorId of [...debtors, ...debtors])
      await sold(p.local.app, shop.admin, {
        kind: 'debtor',
        location_id: shop.shop.id,
        lines: [{ product_id: shop.milk.id, quantity: 1000 }],
        debtor_id: debtorId,
      });
    await paid(p.local.app, shop.admin, debtors[0]!, {
      amount: 3_000,
      method: 'cash',
      location_id: shop.shop.id,
    });
    await link(p, businessId, await hostedPlaceholder(p.hosted, 'Credit'));
    const { texts, result } = await statementsOf(p.hosted.db, () => pushAll(p, businessId));
    expect(result).toMatchObject({ kind: 'caught_up', batches: 1 });
    const local = await businessDigest(p.local.db, businessId, p.dir);
    expect(await businessDigest(p.hosted.db, businessId, p.dir)).toEqual(local);
    const balances = async (db: typeof p.local.db) =>
      (
        await db.kysely
          .selectFrom('debtors')
          .select(['id', 'balance', 'last_activity_at'])
          .where('business_id', '=', businessId)
          .orderBy('id')
          .execute()
      ).map((d) => ({ ...d, balance: Number(d.balance) }));
    const shopBalances = await balances(p.local.db);
    expect(shopBalances.filter((d) => d.balance > 0)).toHaveLength(3);
    expect(await balances(p.hosted.db)).toEqual(shopBalances);
    expect(texts.filter((t) => /update "?debtors"? set/i.test(t))).toHaveLength(1);
  });

  it("adds a batch's many sales and reversals to the report summaries as the till did", async () => {
    const shop = await buildShop(p.local.app);
    const { id: businessId } = (
      await p.local.app.inject({ url: '/api/business/profile', headers: { cookie: shop.admin } })
    ).json<{ id: string }>();
    const line = (product: { id: string }, quantity: number) => ({ product_id: product.id, quantity });
    const sales = [];
    for (let i = 0; i < 6; i++)
      sales.push(
        await sold(p.local.app, shop.admin, {
          kind: 'cash',
          location_id: shop.shop.id,
          // The same product twice on one sale, and on every sale: one summary row takes them all.
          lines: [line(shop.sugar, 1000), line(shop.bread, 2000 + i * 1000), line(shop.sugar, 3000)],
          tendered: 500_000,
        }),
      );
    sales.push(
      await sold(p.local.app, shop.admin, {
        kind: 'debtor',
        location_id: shop.shop.id,
        lines: [line(shop.milk, 1000)],
        debtor_id: shop.debtor.id,
      }),
    );
    await reversed(p.local.app, shop.admin, sales[0]!.id, { lines: [{ line_no: 2, quantity: 1000 }] });
    await reversed(p.local.app, shop.admin, sales[3]!.id);
    await reversed(p.local.app, shop.admin, sales[6]!.id);
    await link(p, businessId, await hostedPlaceholder(p.hosted, 'Sums'));
    expect(await pushAll(p, businessId)).toMatchObject({ kind: 'caught_up', batches: 1 });
    const local = await businessDigest(p.local.db, businessId, p.dir);
    expect(await businessDigest(p.hosted.db, businessId, p.dir)).toEqual(local);
    expect(local.sales_summary_daily).toMatch(/^2:/);
  });
});
