import type { GettingStarted, Location, Provider } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { sold, staffWith } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** The owner's checklist ticks itself from the business's own data, one step at a time. */
describe('GET /api/getting-started', () => {
  let t: TestApp;
  let admin: string;
  const done = async (cookie = admin) => {
    const res = await t.app.inject({ url: '/api/getting-started', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json<GettingStarted>();
    return body.steps.filter((s) => s.done).map((s) => s.id);
  };
  const patch = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/business/profile', headers: { cookie: admin }, payload });
  const provider = async (method: 'POST' | 'PATCH', path: string, payload: object) => {
    const res = await t.app.inject({
      method,
      url: `/api/payment-providers${path}`,
      headers: { cookie: admin },
      payload,
    });
    expect(res.statusCode).toBeLessThan(300);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    // Another business with a record of every kind: none of it may tick this one's steps.
    await buildTenant(t, 'Other');
  });
  afterAll(() => t.close());

  it('lists the six steps in order, none done in a new shop, from one statement', async () => {
    const { texts, result: res } = await statementsOf(t.db, () =>
      t.app.inject({ url: '/api/getting-started', headers: { cookie: admin } }),
    );
    // the dashboard asks each minute: every step's table in one statement (issue 21)
    expect(texts.filter((text) => !/"sessions"/.test(text))).toHaveLength(1);
    expect(res.json<GettingStarted>().steps).toEqual(
      ['products', 'receive', 'cashier', 'printer', 'providers', 'sale'].map((id) => ({ id, done: false })),
    );
  });

  it('is for the admin, signed in', async () => {
    expect((await t.app.inject({ url: '/api/getting-started' })).statusCode).toBe(401);
    const { cookie } = await staffWith(t.app, admin, ['sell_cash']);
    expect((await t.app.inject({ url: '/api/getting-started', headers: { cookie } })).statusCode).toBe(403);
    // That staff user is the shop's first cashier.
    expect(await done()).toEqual(['cashier']);
  });

  it('ticks products, the delivery and the first sale as they happen', async () => {
    const shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
      Location[]
    >()[0]!;
    const rice = await buildProduct(t.app, admin, { name: 'Rice', code: 'RICE1', price: 20_000 });
    expect(await done()).toEqual(['products', 'cashier']);
    const supplier = await buildSupplier(t.app, admin);
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: rice.id, quantity: 5_000, unit_cost: 15_000 }],
    });
    expect(await done()).toEqual(['products', 'receive', 'cashier']);
    await sold(t.app, admin, {
      kind: 'cash',
      location_id: shop.id,
      lines: [{ product_id: rice.id, quantity: 1_000 }],
      tendered: 20_000,
    });
    expect(await done()).toEqual(['products', 'receive', 'cashier', 'sale']);
  });

  it('ticks the printer for a network printer and the providers once a number is filled', async () => {
    expect((await patch({ printer_host: '192.168.1.50', printer_port: 9100 })).statusCode).toBe(200);
    expect(await done()).toContain('printer');
    // A number to pay to with no active provider is not enough (a shop may start with some).
    const providers = await t.app.inject({ url: '/api/payment-providers', headers: { cookie: admin } });
    for (const p of providers.json<Provider[]>()) await provider('PATCH', `/${p.id}`, { active: false });
    expect((await patch({ payment_details: { mpesa_till: '123456' } })).statusCode).toBe(200);
    expect(await done()).not.toContain('providers');
    // Nor a provider with no number.
    expect((await patch({ payment_details: { mpesa_till: '' } })).statusCode).toBe(200);
    await provider('POST', '', { name: 'M-Pesa Till', kind: 'mobile_money' });
    expect(await done()).not.toContain('providers');
    expect((await patch({ payment_details: { bank_account: '0123 456 789' } })).statusCode).toBe(200);
    expect(await done()).toEqual(['products', 'receive', 'cashier', 'printer', 'providers', 'sale']);
  });
});
