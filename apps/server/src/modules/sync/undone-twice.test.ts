import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { reversed, sold } from '../../test/sales-factories.js';
import { type Tenant, buildTenant } from '../../test/tenancy-factories.js';
import type { TestApp } from '../../test/test-app.js';
import {
  type SyncPair,
  hostedPlaceholder,
  link,
  pullAll,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';

/**
 * With two-way sync, the shop and the hosted site apart both undid the same thing (the QA's sync
 * run): a second void failed the exchange for good in both directions on the unique voids_id, and
 * a second reversal sent the stock and the money back twice. The first to arrive stands, the
 * second is set aside for the owner, and what came after still travels.
 */
describe('sync of what both sides did apart', () => {
  let p: SyncPair;
  let shop: Tenant;
  let hosted: string;
  let sugarId: string;

  beforeEach(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Twice');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Twice'));
    const res = await p.local.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: shop.admin },
      payload: { two_way_sync: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    hosted = (await signIn(p.hosted.app, shop.logins.admin, ADMIN_PASSWORD, 'WEB-1')).cookie;
    sugarId = (
      await p.local.db.kysely
        .selectFrom('products')
        .select('id')
        .where('code', '=', 'TwiceSUG')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterEach(async () => {
    await p.close();
  });

  /** Pushes and pulls until both sides have all: neither direction may stop on a clash. */
  async function exchange() {
    expect(['caught_up', 'idle']).toContain((await pushAll(p, shop.businessId)).kind);
    expect((await pullAll(p, p.local, shop.businessId)).kind).toBe('caught_up');
  }
  const onHand = async (t: TestApp) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('stock_levels')
          .select((eb) => eb.fn.sum<number>('quantity').as('q'))
          .where('product_id', '=', sugarId)
          .executeTakeFirstOrThrow()
      ).q,
    );
  const setAside = async (t: TestApp) =>
    (
      await t.db.kysely
        .selectFrom('sync_quarantine')
        .select(['doc_type', 'doc_id', 'reason'])
        .where('business_id', '=', shop.businessId)
        .orderBy('doc_type')
        .execute()
    ).map((r) => ({ ...r }));
  const sellSugar = (t: TestApp, cookie: string, body: Record<string, unknown> = {}) =>
    sold(t.app, cookie, {
      kind: 'cash',
      location_id: shop.main.id,
      lines: [{ product_id: sugarId, quantity: 2000 }],
      tendered: 10_000_000,
      ...body,
    });
  const post = async (t: TestApp, cookie: string, url: string, payload: object, status = 201) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json<{ id: string }>();
  };

  it('a sale reversed and an expense voided on both sides: the second of each is set aside, once', async () => {
    const sale = await sellSugar(p.local, shop.admin);
    const expenseId = shop.ids.expenses![0]!;
    await exchange();
    const start = await onHand(p.local);
    expect(await onHand(p.hosted)).toBe(start);

    // the link is down: each side reverses the sale in full and voids the expense
    const full = { lines: [{ line_no: 1, quantity: 2000 }] };
    const here = await reversed(p.local.app, shop.admin, sale.id, full);
    const there = await reversed(p.hosted.app, hosted, sale.id, full);
    const voidHere = await post(p.local, shop.admin, `/api/expenses/${expenseId}/void`, {
      id: v7(),
      reason: 'Twice',
    });
    const voidThere = await post(p.hosted, hosted, `/api/expenses/${expenseId}/void`, {
      id: v7(),
      reason: 'Twice',
    });
    // and the shop sells on
    const after = await sellSugar(p.local, shop.admin);

    await exchange();
    expect(await setAside(p.hosted)).toEqual([
      { doc_type: 'expense', doc_id: voidHere.id, reason: 'voided_twice' },
      { doc_type: 'reversal', doc_id: here.id, reason: 'reversed_twice' },
    ]);
    expect(await setAside(p.local)).toEqual([
      { doc_type: 'expense', doc_id: voidThere.id, reason: 'voided_twice' },
      { doc_type: 'reversal', doc_id: there.id, reason: 'reversed_twice' },
    ]);
    // the sale after them arrived; the 2 kg came back once on each side, not twice
    const afterThere = await p.hosted.app.inject({
      url: `/api/sales/${after.id}`,
      headers: { cookie: hosted },
    });
    expect(afterThere.statusCode).toBe(200);
    expect(await onHand(p.local)).toBe(start + 2000 - 2000);
    expect(await onHand(p.hosted)).toBe(await onHand(p.local));
    for (const t of [p.local, p.hosted]) {
      const back = await t.db.kysely
        .selectFrom('sale_reversal_lines')
        .select((eb) => eb.fn.sum<number>('quantity').as('q'))
        .where('sale_id', '=', sale.id)
        .executeTakeFirstOrThrow();
      expect(Number(back.q)).toBe(2000);
    }
    // sent again: still set aside, nothing written twice
    await p.local.db.kysely
      .updateTable('sync_links')
      .set({ pull_cursor: 0, pull_cursor_entry_id: null })
      .execute();
    await exchange();
    expect(await onHand(p.local)).toBe(start);
  });

  it('a transfer confirmed on both sides: the earlier confirmation stands on both, nothing set aside', async () => {
    const providerId = shop.ids.payment_providers![0]!;
    const sale = await sellSugar(p.local, shop.admin, {
      kind: 'transfer',
      provider_id: providerId,
      reference: 'QWE123RTY',
      tendered: undefined,
    });
    await exchange();
    const transferId = (
      await p.local.db.kysely
        .selectFrom('transfers')
        .select('id')
        .where('source_id', '=', sale.id)
        .executeTakeFirstOrThrow()
    ).id;
    // apart: the hosted site confirms first, the shop a minute later
    await post(p.hosted, hosted, `/api/transfers/${transferId}/confirm`, {}, 200);
    p.local.clock.advance(60_000);
    await post(p.local, shop.admin, `/api/transfers/${transferId}/confirm`, {}, 200);

    await exchange();
    const confirmation = (t: TestApp) =>
      t.db.kysely
        .selectFrom('transfer_confirmations')
        .select(['confirmed_at', 'confirmed_by'])
        .where('transfer_id', '=', transferId)
        .executeTakeFirstOrThrow();
    const there = await confirmation(p.hosted);
    expect(await confirmation(p.local)).toEqual(there);
    expect(await setAside(p.hosted)).toEqual([]);
    expect(await setAside(p.local)).toEqual([]);
    // sent again, in either direction: still the same, still nothing set aside
    await p.local.db.kysely
      .updateTable('sync_links')
      .set({ pull_cursor: 0, pull_cursor_entry_id: null })
      .execute();
    await exchange();
    expect(await confirmation(p.local)).toEqual(there);
    expect(await setAside(p.local)).toEqual([]);
  });
});
