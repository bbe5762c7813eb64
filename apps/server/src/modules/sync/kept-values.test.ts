import type { FieldHistoryItem, Product } from '@duka/domain';
import { describe, expect, it } from 'vitest';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { type Server, call, docsOf, send, useTwoServers } from '../../test/two-servers.js';

/**
 * A product's unit changed, or the product deactivated, on one server while the other had its
 * stock (ADR 11 §11.5): the server holding the stock keeps its value, as a PATCH there is refused,
 * and its kept value wins on both at the next exchange; both list the refused value in the
 * product's replaced values. Where both moved stock in their own unit, the first kept unit stands.
 */
describe('a unit changed or a product deactivated by sync where its stock stands', () => {
  const servers = useTwoServers({ each: true });

  /** Beans (kg) on both, and a receipt of 5 kg of them on A, not sent. */
  async function beansMovedOnA(): Promise<{ a: Server; b: Server; businessId: string; beans: Product }> {
    const { a, b, businessId } = servers();
    const beans = await buildProduct(a.app.app, a.admin.cookie, { name: 'Beans', unit: 'kg' });
    await send(a, b, businessId, [{ type: 'product', id: beans.id }]);
    const supplier = await buildSupplier(a.app.app, a.admin.cookie);
    await received(a.app.app, a.admin.cookie, {
      supplier_id: supplier.id,
      location_id: await shopOf(a),
      lines: [{ product_id: beans.id, quantity: 5_000, unit_cost: 13_000 }],
    });
    return { a, b, businessId, beans };
  }

  const shopOf = async (s: Server) => ((await call(s, 'GET', '/api/locations')) as { id: string }[])[0]!.id;
  const unitOn = async (s: Server, id: string) =>
    ((await call(s, 'GET', `/api/products/${id}`)) as Product).unit;
  const historyOn = async (s: Server, id: string) =>
    ((await call(s, 'GET', `/api/history/product/${id}`)) as { items: FieldHistoryItem[] }).items;
  const kept = (s: Server, id: string) =>
    s.app.db.kysely
      .selectFrom('journal')
      .select('action')
      .where('doc_id', '=', id)
      .where('action', '=', 'product.kept')
      .execute();
  const productDoc = async (s: Server, businessId: string, id: string) =>
    (await docsOf(s, businessId, [{ type: 'product', id }]))[0]!.hash;

  it('keeps the unit the stock moved in, and the kept unit wins on the other server too', async () => {
    const { a, b, businessId, beans } = await beansMovedOnA();
    await call(b, 'PATCH', `/api/products/${beans.id}`, { unit: 'each' });
    expect(await unitOn(b, beans.id)).toBe('each');

    await send(b, a, businessId, [{ type: 'product', id: beans.id }]);
    expect(await unitOn(a, beans.id)).toBe('kg');
    expect(await kept(a, beans.id)).toHaveLength(1);
    const onA = await historyOn(a, beans.id);
    expect(onA).toMatchObject([
      { field: 'unit', reason: 'unit_in_use', value: { unit: 'each' }, won_value: { unit: 'kg' } },
    ]);
    expect(onA[0]!.won.here).toBe(true);

    await send(a, b, businessId, [{ type: 'product', id: beans.id }]);
    expect(await unitOn(b, beans.id)).toBe('kg');
    expect(await kept(b, beans.id)).toHaveLength(0);
    expect(await historyOn(b, beans.id)).toMatchObject([
      {
        field: 'unit',
        reason: 'unit_in_use',
        value: { unit: 'each' },
        won_value: { unit: 'kg' },
        set: { here: true },
      },
    ]);
    expect(await productDoc(b, businessId, beans.id)).toBe(await productDoc(a, businessId, beans.id));

    // sent back again, nothing more is kept: the two are equal
    const again = await send(b, a, businessId, [{ type: 'product', id: beans.id }]);
    expect(again.unchanged).toBe(1);
    expect(await kept(a, beans.id)).toHaveLength(1);
  });

  it('does not refuse a kept unit back where the other server has moved stock in its own', async () => {
    const { a, b, businessId, beans } = await beansMovedOnA();
    await call(b, 'PATCH', `/api/products/${beans.id}`, { unit: 'each' });
    const supplier = await buildSupplier(b.app.app, b.admin.cookie, 'Kapa Oil');
    await received(b.app.app, b.admin.cookie, {
      supplier_id: supplier.id,
      location_id: await shopOf(b),
      lines: [{ product_id: beans.id, quantity: 3_000, unit_cost: 1_000 }],
    });

    await send(b, a, businessId, [{ type: 'product', id: beans.id }]);
    await send(a, b, businessId, [{ type: 'product', id: beans.id }]);
    expect([await unitOn(a, beans.id), await unitOn(b, beans.id)]).toEqual(['kg', 'kg']);
    expect(await kept(b, beans.id)).toHaveLength(0);
    expect(await productDoc(b, businessId, beans.id)).toBe(await productDoc(a, businessId, beans.id));
    // and a price changed on B afterwards travels with the kept unit
    await call(b, 'PATCH', `/api/products/${beans.id}`, { price: 18_000 });
    await send(b, a, businessId, [{ type: 'product', id: beans.id }]);
    expect(await kept(a, beans.id)).toHaveLength(1);
    expect(await productDoc(b, businessId, beans.id)).toBe(await productDoc(a, businessId, beans.id));
  });

  it('keeps a product active where a location holds its stock, and the other server takes it back', async () => {
    const { a, b, businessId, beans } = await beansMovedOnA();
    await call(b, 'PATCH', `/api/products/${beans.id}`, { active: false, price: 19_000 });
    await send(b, a, businessId, [{ type: 'product', id: beans.id }]);
    const onA = (await call(a, 'GET', `/api/products/${beans.id}`)) as Product;
    // the price changed with it is taken; the deactivation is not
    expect([onA.active, onA.price]).toEqual([true, 19_000]);
    expect(await historyOn(a, beans.id)).toMatchObject([
      { field: 'active', reason: 'product_holds_stock', value: { active: 0 }, won_value: { active: 1 } },
    ]);

    await send(a, b, businessId, [{ type: 'product', id: beans.id }]);
    expect(((await call(b, 'GET', `/api/products/${beans.id}`)) as Product).active).toBe(true);
    expect(await historyOn(b, beans.id)).toMatchObject([
      { field: 'active', reason: 'product_holds_stock', set: { here: true }, won: { here: false } },
    ]);
    expect(await productDoc(b, businessId, beans.id)).toBe(await productDoc(a, businessId, beans.id));
  });

  it('takes the new unit where no stock of the product ever moved', async () => {
    const { a, b, businessId } = servers();
    const salt = await buildProduct(a.app.app, a.admin.cookie, { name: 'Salt', unit: 'kg' });
    await send(a, b, businessId, [{ type: 'product', id: salt.id }]);
    await call(b, 'PATCH', `/api/products/${salt.id}`, { unit: 'each' });
    await send(b, a, businessId, [{ type: 'product', id: salt.id }]);
    expect(await unitOn(a, salt.id)).toBe('each');
    expect(await kept(a, salt.id)).toHaveLength(0);
    expect(await historyOn(a, salt.id)).toEqual([]);
  });
});
