import type { Stamp } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from './tx.js';
import { type Shop, buildShop, stock } from '../test/sales-factories.js';
import { statementsOf } from '../test/statements.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { snapshotRecord, stampRecord, updateStamped } from './stamps.js';

class Undo extends Error {}

/**
 * `updateStamped` (issue 21: a supplier receipt's cost changes without reading each product twice)
 * must leave a record exactly as the read–write–read of `snapshotRecord`, an update and
 * `stampRecord` does: the same stamps and the same `updated_at`.
 */
describe('an update stamped from the row in hand', () => {
  let t: TestApp;
  let s: Shop;
  let businessId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    ({ business_id: businessId } = await t.db.kysely
      .selectFrom('products')
      .select('business_id')
      .where('id', '=', s.milk.id)
      .executeTakeFirstOrThrow());
  });
  afterAll(() => t.close());

  const productRow = (trx: Trx, id: string) =>
    trx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** What a way of writing leaves of the product (stamps, updated_at, the set columns), undone after. */
  async function leaves(write: (trx: Trx) => Promise<void>, id: string) {
    let out: Record<string, unknown> = {};
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await write(trx);
        const row = await productRow(trx, id);
        out = {
          stamps: row.stamps,
          updated_at: row.updated_at,
          avg_cost: Number(row.avg_cost),
          price: row.price,
        };
        throw new Undo();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Undo)) throw err;
      });
    return out;
  }

  const later: Stamp = { ms: Date.parse('2031-01-01T00:00:00Z'), counter: 3, serverId: 'server-b' };
  const earlier: Stamp = { ms: Date.parse('2001-01-01T00:00:00Z'), counter: 0, serverId: 'server-a' };

  for (const [name, set, stamp] of [
    ['a cost moved at a later stamp', { avg_cost: 17_345, updated_at: '2031-01-01T00:00:00.000Z' }, later],
    [
      'a cost moved at a stamp and a time behind the stored ones',
      { avg_cost: 11_111, updated_at: '2001-01-01T00:00:00.000Z' },
      earlier,
    ],
    [
      'the price and the cost together',
      { avg_cost: 9_000, price: 25_000, updated_at: '2031-01-01T00:00:00.000Z' },
      later,
    ],
    ['nothing that differs', { avg_cost: 'same', updated_at: '2031-01-01T00:00:00.000Z' }, later],
  ] as const) {
    it(`${name}: the same stamps and time as the read, write and read again`, async () => {
      const id = s.milk.id;
      const value = async (trx: Trx) => {
        const row = await productRow(trx, id);
        return set.avg_cost === 'same' ? { ...set, avg_cost: Number(row.avg_cost) } : set;
      };
      const old = await leaves(async (trx) => {
        const was = await snapshotRecord(trx, businessId, 'product', id);
        await trx
          .updateTable('products')
          .set(await value(trx))
          .where('id', '=', id)
          .execute();
        await stampRecord(trx, businessId, 'product', id, stamp, was);
      }, id);
      const kept = await leaves(async (trx) => {
        const was = await productRow(trx, id);
        await updateStamped(trx, businessId, 'product', was, await value(trx), stamp);
      }, id);
      expect(kept).toEqual(old);
      if (set.avg_cost !== 'same') expect(JSON.parse(String(kept.stamps))).toHaveProperty('avg_cost');
    });
  }

  it("a receipt that moves three products' costs reads none of them again, nor their barcodes", async () => {
    const { texts } = await statementsOf(t.db, () =>
      stock(t.app, s.admin, s.supplier, s.shop.id, [
        { product: s.sugar, quantity: 7_000, unit_cost: 99_000 },
        { product: s.bread, quantity: 7_000, unit_cost: 99_000 },
        { product: s.milk, quantity: 7_000, unit_cost: 99_000 },
      ]),
    );
    expect(texts.filter((text) => /"product_barcodes"/.test(text))).toEqual([]);
    // one update each (on PostgreSQL parts of the receipt's one statement of writes)
    const updates = texts.filter((text) => /update "products"/i.test(text));
    expect(updates.flatMap((text) => text.match(/update "products"/gi))).toHaveLength(3);
    expect(updates).toHaveLength(t.db.dialect === 'postgres' ? 1 : 3);
    const rows = await t.db.kysely
      .selectFrom('products')
      .select(['id', 'stamps'])
      .where('id', 'in', [s.sugar.id, s.bread.id, s.milk.id])
      .execute();
    const entries = await t.db.kysely
      .selectFrom('journal')
      .select(['doc_id', 'hlc'])
      .where('action', '=', 'product.cost')
      .orderBy('seq', 'desc')
      .limit(3)
      .execute();
    for (const row of rows)
      expect(JSON.parse(row.stamps).avg_cost).toBe(entries.find((e) => e.doc_id === row.id)?.hlc);
  });
});
