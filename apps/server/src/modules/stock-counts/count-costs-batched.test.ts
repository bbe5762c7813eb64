import { type Location, type StockCountReview, parseStamp } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRow } from '../../db/tables.js';
import { stampedSet } from '../../lib/stamps.js';
import { ADMIN_PASSWORD, buildBusiness } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { statementsOf } from '../../test/statements.js';
import { newDocId } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { COSTS_PER_STATEMENT } from '../inventory/moved-costs.js';
import { setUpBusiness } from '../setup/setup.service.js';

/**
 * An opening count of a catalogue whose products have a buying price and no average cost yet:
 * each gain moves its product's average cost to its buying price (count-costs.ts), journaled
 * (`product.cost`, naming the count) and stamped with its entry's stamp. On PostgreSQL the costs
 * are written a list of products per update (moved-costs.ts `writeMovedCosts`), no longer one
 * round trip per product: each product must still get its own cost, stamps and time, and another
 * business's products (on PostgreSQL the same ids may be another business's too) none of them.
 */
describe("a count's moved costs, written in batches", () => {
  let t: TestApp;
  let admin: string;
  let businessId: string;
  let otherId: string;
  let shop: Location;
  /** Past one update's worth: two updates on PostgreSQL. */
  const N = COSTS_PER_STATEMENT + 3;
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const productsOf = async (business: string) =>
    (await t.db.kysely
      .selectFrom('products')
      .selectAll()
      .where('business_id', '=', business)
      .orderBy('id')
      .execute()) as ProductRow[];

  beforeAll(async () => {
    t = await buildTestApp();
    const signedIn = await buildBusiness(t.app);
    admin = signedIn.cookie;
    businessId = signedIn.session.business.id;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    // every product its own buying price, none with an average cost yet
    const header = 'code,name,barcodes,category,unit,price,buying_price,tax_rate,reorder_level,active';
    const rows = Array.from(
      { length: N },
      (_, i) => `C${i},Item ${i},,,each,100,${((1_000 + i * 7) / 100).toFixed(2)},0,0,true`,
    );
    const imported = await post('/api/products/import', {
      csv: `${header}\n${rows.join('\n')}\n`,
      commit: true,
    });
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    otherId = (
      await setUpBusiness(
        t.db,
        t.clock,
        {
          business_name: 'Other Traders',
          username: 'otherboss',
          password: ADMIN_PASSWORD,
          currency: 'KES',
          timezone: 'Africa/Nairobi',
          language: 'en',
        },
        { onlyIfNone: false, online: true },
      )
    ).business.id;
    // The other business's catalogue: the same products under the same ids where the keys allow
    // it (PostgreSQL keys products by id and business), else under ids of their own.
    const same = t.db.dialect === 'postgres';
    const copies = (await productsOf(businessId)).map((p) => ({
      ...p,
      id: same ? p.id : v7(),
      business_id: otherId,
      avg_cost: 0,
      stamps: '{}',
    }));
    for (let i = 0; i < copies.length; i += 500)
      await t.db.kysely
        .insertInto('products')
        .values(copies.slice(i, i + 500))
        .execute();
  }, 120_000);
  afterAll(() => t.close());

  it(`moves ${N} products' average costs to their buying prices, each journaled and stamped`, async () => {
    const before = await productsOf(businessId);
    const otherBefore = await productsOf(otherId);
    expect(before).toHaveLength(N);
    expect(new Set(before.map((p) => Number(p.buying_price))).size).toBe(N);
    const countId = newDocId();
    expect((await post('/api/stock-counts', { id: countId, location_id: shop.id })).statusCode).toBe(201);
    // the counters' entries, written as addEntry writes them (a thousand requests otherwise)
    for (let i = 0; i < N; i += 500)
      await t.db.kysely
        .insertInto('stock_count_entries')
        .values(
          before.slice(i, i + 500).map((p, j) => ({
            id: newDocId(),
            count_id: countId,
            business_id: businessId,
            product_id: p.id,
            quantity: ((i + j) % 5) * 1_000 + 1_000,
            request_hash: 'x',
            user_id: null,
            device_id: null,
            created_at: new Date().toISOString(),
          })),
        )
        .execute();
    const { texts, result: fin } = await statementsOf(t.db, () =>
      post(`/api/stock-counts/${countId}/finalise`),
    );
    expect(fin.statusCode, fin.body.slice(0, 300)).toBe(200);
    expect(fin.json<StockCountReview>().count.status).toBe('finalised');

    const entries = await t.db.kysely
      .selectFrom('journal')
      .select(['doc_id', 'hlc', 'detail', 'created_at'])
      .where('business_id', '=', businessId)
      .where('action', '=', 'product.cost')
      .execute();
    expect(entries).toHaveLength(N);
    const entryOf = new Map(entries.map((e) => [e.doc_id, e]));
    const after = new Map((await productsOf(businessId)).map((p) => [p.id, p]));
    for (const was of before) {
      const entry = entryOf.get(was.id)!;
      const cost = Number(was.buying_price);
      expect(JSON.parse(entry.detail ?? '{}')).toEqual({ avg_cost: cost, count_id: countId });
      // the row as one stamped update of its own writes it (`updateStamped`)
      const set = stampedSet(
        'product',
        was,
        { avg_cost: cost, updated_at: entry.created_at },
        parseStamp(entry.hlc)!,
      );
      const now = after.get(was.id)!;
      expect({ ...now, avg_cost: Number(now.avg_cost), stamps: JSON.parse(now.stamps) }).toEqual({
        ...was,
        ...set,
        avg_cost: cost,
        stamps: JSON.parse(set.stamps as string),
      });
      expect(JSON.parse(now.stamps).avg_cost).toBe(entry.hlc);
    }
    // the other business's products, the same ids on PostgreSQL among them: untouched
    expect(await productsOf(otherId)).toEqual(otherBefore);
    if (t.db.dialect === 'postgres')
      expect(texts.filter((text) => /^\s*update "?products"?/i.test(text))).toHaveLength(
        Math.ceil(N / COSTS_PER_STATEMENT),
      );
    await expectLedgerConsistent(t.db);
  }, 120_000);
});
