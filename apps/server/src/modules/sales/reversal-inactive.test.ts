import type { Location, Product } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { reverse, sold } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * An inactive product holds no stock (catalog.service.ts: product_holds_stock), as it can be
 * neither sold, moved, counted nor written off. A product sold out, then deactivated: a reversal
 * of its sale would give it stock stranded there, so the line is refused (`product_inactive`,
 * naming it) until the product is active again.
 */
describe('a reversal of an inactive product', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let supplier: string;
  const product = (id: string) =>
    t.app.inject({ url: `/api/products/${id}`, headers: { cookie: admin } }).then((r) => r.json<Product>());
  const setActive = (id: string, active: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: { cookie: admin },
      payload: { active },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    supplier = (await buildSupplier(t.app, admin)).id;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('is refused with product_inactive, nothing written; active again, it is taken back', async () => {
    const soap = await buildProduct(t.app, admin, { name: 'Bar soap', price: 50_000 });
    const tea = await buildProduct(t.app, admin, { name: 'Tea', price: 20_000 });
    await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [
        { product_id: soap.id, quantity: 1_000, unit_cost: 10_000 },
        { product_id: tea.id, quantity: 5_000, unit_cost: 5_000 },
      ],
    });
    const s = await sold(t.app, admin, {
      kind: 'cash',
      location_id: shop.id,
      tendered: 70_000,
      lines: [
        { product_id: tea.id, quantity: 1_000 },
        { product_id: soap.id, quantity: 1_000 },
      ],
    });
    // sold out, so it may be deactivated
    expect((await setActive(soap.id, false)).statusCode).toBe(200);
    const refused = await reverse(t.app, admin, s.id, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'product_inactive',
      field: 'lines',
      params: { product_id: soap.id, name: 'Bar soap' },
    });
    expect((await product(soap.id)).levels.every((l) => l.quantity === 0)).toBe(true);
    expect(await t.db.kysely.selectFrom('sale_reversals').select('id').execute()).toEqual([]);
    // a line of an active product alone is taken back
    const teaBack = await reverse(t.app, admin, s.id, { lines: [{ line_no: 1, quantity: 1_000 }] });
    expect(teaBack.statusCode, teaBack.body).toBe(201);
    // active again, the soap comes back too
    expect((await setActive(soap.id, true)).statusCode).toBe(200);
    const back = await reverse(t.app, admin, s.id, {});
    expect(back.statusCode, back.body).toBe(201);
    expect((await product(soap.id)).levels.find((l) => l.location_id === shop.id)?.quantity).toBe(1_000);
  });
});
