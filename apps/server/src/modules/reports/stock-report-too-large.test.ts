import { type ApiErrorBody, addDays } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Stock worth more than a number holds exactly (2^53 minor units): every write kept each document
 * under its limit (a receipt at a cost of 0), but stock times price passes it. The report and its
 * files answer `amount_too_large`, never a 500 nor a rounded figure (the audit of 6 December).
 */
describe('stock report: a value past 2^53 minor units', () => {
  let t: TestApp;
  let admin: string;
  let range: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    const location = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
      { id: string }[]
    >()[0]!;
    const supplier = await buildSupplier(t.app, admin);
    const product = await buildProduct(t.app, admin, { price: 10_000_000 });
    // a billion units at a cost of 0: the receipt is worth 0; at the price, 10^16 minor units
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: location.id,
      lines: [{ product_id: product.id, quantity: 1_000_000_000_000, unit_cost: 0 }],
    });
    const day = new Date().toISOString().slice(0, 10);
    range = `from=${addDays(day, -1)}&to=${addDays(day, 1)}`;
  });
  afterAll(() => t.close());

  it('the report answers amount_too_large, not a 500', async () => {
    const res = await t.app.inject({ url: `/api/reports/stock?${range}`, headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<ApiErrorBody>().error.code).toBe('amount_too_large');
  });

  it.each(['csv', 'xlsx', 'pdf'])(
    'its %s file answers amount_too_large, never a rounded figure',
    async (format) => {
      const res = await t.app.inject({
        url: `/api/reports/stock/export?${range}&format=${format}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
      expect(res.json<ApiErrorBody>().error.code).toBe('amount_too_large');
    },
  );
});
