import type { Location, StockCountReview } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { newDocId } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * The opening count of a shop whose catalogue came in by CSV: every product counted, each with a
 * variance. Its finalise moves one level per corrected product (5 bound parameters each): in one
 * statement it passed SQLite's 32,766 parameters from 6,554 products and PostgreSQL's 65,535 from
 * 13,108 and the count could never be finalised (ledger.ts moves levels in chunks now). Some of
 * the products were below zero before the count: the rows kept for them (below-zero.ts) go in
 * chunks too (an `or` of a few thousand keys passes SQLite's expression depth of 1,000).
 */
describe('finalising a count of thousands of products', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  const N = 13_200;
  /** Products written off below zero before the count, in documents of 400 lines. */
  const BELOW = 1_200;
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    const header = 'code,name,barcodes,category,unit,price,tax_rate,reorder_level,active';
    const rows = Array.from({ length: N }, (_, i) => `C${i},Item ${i},,,each,100,0,0,true`);
    const imported = await post('/api/products/import', {
      csv: `${header}\n${rows.join('\n')}\n`,
      commit: true,
    });
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
  }, 300_000);
  afterAll(() => t.close());

  it(`finalises an opening count of ${N} products, ${BELOW} of them below zero`, async () => {
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { allow_negative_stock: true },
    });
    expect(profile.statusCode).toBe(200);
    const products = await t.db.kysely.selectFrom('products').select('id').orderBy('id').execute();
    expect(products).toHaveLength(N);
    for (let i = 0; i < BELOW; i += 400) {
      const lines = products.slice(i, i + 400).map((p) => ({ product_id: p.id, quantity: 1_000 }));
      const out = await post('/api/stock/negative', {
        id: newDocId(),
        location_id: shop.id,
        reason: 'lost_or_stolen',
        lines,
      });
      expect(out.statusCode, out.body.slice(0, 300)).toBe(201);
    }
    const countId = newDocId();
    expect((await post('/api/stock-counts', { id: countId, location_id: shop.id })).statusCode).toBe(201);
    const business = await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    // the counters' entries, written as addEntry writes them (thousands of requests otherwise)
    for (let i = 0; i < N; i += 500) {
      await t.db.kysely
        .insertInto('stock_count_entries')
        .values(
          products.slice(i, i + 500).map((p) => ({
            id: newDocId(),
            count_id: countId,
            business_id: business.id,
            product_id: p.id,
            quantity: 3_000,
            request_hash: 'x',
            user_id: null,
            device_id: null,
            created_at: new Date().toISOString(),
          })),
        )
        .execute();
    }
    const fin = await post(`/api/stock-counts/${countId}/finalise`);
    expect(fin.statusCode, fin.body.slice(0, 300)).toBe(200);
    const review = fin.json<StockCountReview>();
    expect(review.count.status).toBe('finalised');
    expect(review.lines).toHaveLength(N);
    const levels = await t.db.kysely
      .selectFrom('stock_levels')
      .select('quantity')
      .where('location_id', '=', shop.id)
      .execute();
    expect(levels).toHaveLength(N);
    expect(levels.every((l) => Number(l.quantity) === 3_000)).toBe(true);
    const corrections = await t.db.kysely
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('doc_id', '=', countId)
      .executeTakeFirstOrThrow();
    expect(Number(corrections.n)).toBe(N);
    await expectLedgerConsistent(t.db);
  }, 300_000);
});
