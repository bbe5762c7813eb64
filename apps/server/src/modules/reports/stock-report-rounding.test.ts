import { type StockReport, addDays } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { buildProduct, buildSupplier, received, writtenOff } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** Report values round half away from zero, as every amount in Duka (packages/domain divRound). */
describe('stock report: movement values round half away from zero', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  it('half a unit written off at 66.67 is −33.34, not −33.33', async () => {
    const location = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
      { id: string }[]
    >()[0]!;
    const supplier = await buildSupplier(t.app, admin);
    // sold by weight: half a kilogram can be written off
    const product = await buildProduct(t.app, admin, { unit: 'kg' });
    // One unit at 6,667 (minor units) sets the average cost; half of it written off is 3,333.5.
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: location.id,
      lines: [{ product_id: product.id, quantity: 1_000, unit_cost: 6_667 }],
    });
    await writtenOff(t.app, admin, {
      location_id: location.id,
      lines: [{ product_id: product.id, quantity: 500 }],
    });
    // Today in any time zone lies within yesterday…tomorrow (UTC).
    const day = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      url: `/api/reports/stock?from=${addDays(day, -1)}&to=${addDays(day, 1)}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const byKind = Object.fromEntries(res.json<StockReport>().movements.map((m) => [m.kind, m.value]));
    expect(byKind).toMatchObject({ supplier_receipt: 6_667, stock_negative: -3_334 });
  });
});
