import type { Location, Product, StockCount, StockCountReview } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { buildProduct, buildSupplier, newDocId, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Finalise and cancel carry no id of their own: the count's id is theirs. Sent again (the first
 * answer lost) or twice at once, the same close answers the count as it was closed (200, the
 * first answer's body) and books nothing more; the other close is refused `count_closed`, naming
 * how the count was closed.
 */
describe('a count closed twice', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let beans: Product;
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  /** A count of the beans at the shop, with `quantity` counted. */
  const counted = async (quantity = 17_000) => {
    const id = newDocId();
    expect((await post('/api/stock-counts', { id, location_id: shop.id })).statusCode).toBe(201);
    const entry = await post(`/api/stock-counts/${id}/entries`, {
      id: newDocId(),
      product_id: beans.id,
      quantity,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    return id;
  };
  const movementsOf = (id: string) =>
    t.db.kysely
      .selectFrom('stock_movements')
      .select(['product_id', 'quantity'])
      .where('doc_id', '=', id)
      .execute()
      .then((rows) => rows.map((r) => [r.product_id, Number(r.quantity)]));
  const journalOf = (id: string) =>
    t.db.kysely
      .selectFrom('journal')
      .select('action')
      .where('doc_id', '=', id)
      .orderBy('seq')
      .execute()
      .then((rows) => rows.map((r) => r.action));
  const beansAtShop = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('stock_levels')
          .select('quantity')
          .where('product_id', '=', beans.id)
          .where('location_id', '=', shop.id)
          .executeTakeFirstOrThrow()
      ).quantity,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    const supplier = await buildSupplier(t.app, admin);
    beans = await buildProduct(t.app, admin, { name: 'Beans', code: 'BEAN', price: 2_000 });
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: beans.id, quantity: 20_000, unit_cost: 1_000 }],
    });
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('finalised again after the first answer was lost: the same answer, one set of corrections', async () => {
    const id = await counted();
    const first = await post(`/api/stock-counts/${id}/finalise`);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(`/api/stock-counts/${id}/finalise`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<StockCountReview>()).toEqual(first.json<StockCountReview>());
    expect(again.json<StockCountReview>().count.status).toBe('finalised');
    expect(await movementsOf(id)).toEqual([[beans.id, -3_000]]);
    expect(await journalOf(id)).toEqual(['stock_count.start', 'stock_count.finalise']);
    expect(await beansAtShop()).toBe(17_000);
  });

  it('finalised twice at once: both answered 200 with the same count, one set of corrections', async () => {
    // 17 on the books (the last test's count): 15 counted, a correction of -2
    const id = await counted(15_000);
    const [a, b] = await Promise.all([
      post(`/api/stock-counts/${id}/finalise`),
      post(`/api/stock-counts/${id}/finalise`),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([200, 200]);
    expect(a.json<StockCountReview>()).toEqual(b.json<StockCountReview>());
    expect(await movementsOf(id)).toEqual([[beans.id, -2_000]]);
    expect(await journalOf(id)).toEqual(['stock_count.start', 'stock_count.finalise']);
    expect(await beansAtShop()).toBe(15_000);
  });

  it('cancelled twice, one after the other and at once: the cancelled count each time, no stock moved', async () => {
    const id = await counted();
    const first = await post(`/api/stock-counts/${id}/cancel`);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(`/api/stock-counts/${id}/cancel`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<StockCount>()).toEqual(first.json<StockCount>());
    expect(again.json<StockCount>().status).toBe('cancelled');
    const other = await counted();
    const both = await Promise.all([
      post(`/api/stock-counts/${other}/cancel`),
      post(`/api/stock-counts/${other}/cancel`),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0].json<StockCount>()).toEqual(both[1].json<StockCount>());
    for (const c of [id, other]) {
      expect(await movementsOf(c)).toEqual([]);
      expect(await journalOf(c)).toEqual(['stock_count.start', 'stock_count.cancel']);
    }
    expect(await beansAtShop()).toBe(15_000);
  });

  it('the other close, or an entry, after a count closed: refused count_closed, naming how it closed', async () => {
    const cancelled = await counted();
    expect((await post(`/api/stock-counts/${cancelled}/cancel`)).statusCode).toBe(200);
    const finalise = await post(`/api/stock-counts/${cancelled}/finalise`);
    expect(finalise.statusCode).toBe(409);
    expect(finalise.json()).toMatchObject({
      error: { code: 'count_closed', params: { status: 'cancelled' } },
    });
    const finalised = await counted();
    expect((await post(`/api/stock-counts/${finalised}/finalise`)).statusCode).toBe(200);
    const cancel = await post(`/api/stock-counts/${finalised}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ error: { code: 'count_closed', params: { status: 'finalised' } } });
    const entry = await post(`/api/stock-counts/${finalised}/entries`, {
      id: newDocId(),
      product_id: beans.id,
      quantity: 1_000,
    });
    expect(entry.json()).toMatchObject({ error: { code: 'count_closed', params: { status: 'finalised' } } });
    expect(await movementsOf(cancelled)).toEqual([]);
    expect(await movementsOf(finalised)).toEqual([[beans.id, 2_000]]);
  });

  it('finalised and cancelled at once: one of them closes it, the other is refused count_closed', async () => {
    const id = await counted(16_000);
    const [fin, can] = await Promise.all([
      post(`/api/stock-counts/${id}/finalise`),
      post(`/api/stock-counts/${id}/cancel`),
    ]);
    const codes = [fin.statusCode, can.statusCode].sort();
    expect(codes, `${fin.body}\n${can.body}`).toEqual([200, 409]);
    const loser = fin.statusCode === 409 ? fin : can;
    const status = fin.statusCode === 200 ? 'finalised' : 'cancelled';
    expect(loser.json()).toMatchObject({ error: { code: 'count_closed', params: { status } } });
    expect(await movementsOf(id)).toEqual(status === 'finalised' ? [[beans.id, -1_000]] : []);
  });
});
