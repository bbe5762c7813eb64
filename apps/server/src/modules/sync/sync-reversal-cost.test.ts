import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildShop, reversed, sold, stock } from '../../test/sales-factories.js';
import {
  type SyncPair,
  businessDigest,
  hostedPlaceholder,
  link,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';

/**
 * A reversal moves its products' average cost as a receipt does (reversal-writes.ts), and the
 * change travels as a receipt's: the product's `product.cost` entry in the journal sends the
 * product with its new cost and stamp; the reversal itself, applied on the other side, moves the
 * levels and the summaries but never the cost again.
 */
describe("sync of a reversal's average cost", () => {
  let p: SyncPair;
  beforeEach(async () => {
    p = await syncPair();
  });
  afterEach(async () => {
    await p.close();
  });

  it('the hosted copy has the cost the shop moved, once', async () => {
    const shop = await buildShop(p.local.app);
    const { id: businessId } = (
      await p.local.app.inject({ url: '/api/business/profile', headers: { cookie: shop.admin } })
    ).json<{ id: string }>();
    await link(p, businessId, await hostedPlaceholder(p.hosted, 'Costs'));
    expect(await pushAll(p, businessId)).toMatchObject({ kind: 'caught_up' });
    // all the bread sold at 50.00, then 10 more came at 80.00; 40 of the first come back
    const sale = await sold(p.local.app, shop.admin, {
      kind: 'cash',
      location_id: shop.shop.id,
      lines: [{ product_id: shop.bread.id, quantity: 100_000 }],
      tendered: 10_000_000,
    });
    await stock(p.local.app, shop.admin, shop.supplier, shop.shop.id, [
      { product: shop.bread, quantity: 10_000, unit_cost: 8_000 },
    ]);
    await reversed(p.local.app, shop.admin, sale.id, { lines: [{ line_no: 1, quantity: 40_000 }] });
    expect(await pushAll(p, businessId)).toMatchObject({ kind: 'caught_up' });
    const cost = (db: SyncPair['local']['db']) =>
      db.kysely
        .selectFrom('products')
        .select(['avg_cost', 'stamps'])
        .where('id', '=', shop.bread.id)
        .executeTakeFirstOrThrow()
        .then((r) => ({ avg_cost: Number(r.avg_cost), stamp: JSON.parse(r.stamps).avg_cost as unknown }));
    // 10 × 80.00 + 40 × 50.00 = 2,800.00 over 50 = 56.00
    const local = await cost(p.local.db);
    expect(local.avg_cost).toBe(5_600);
    expect(await cost(p.hosted.db)).toEqual(local);
    expect(await businessDigest(p.hosted.db, businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, businessId, p.dir),
    );
  });
});
