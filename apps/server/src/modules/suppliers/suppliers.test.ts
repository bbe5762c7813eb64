import type { Location, StockDocument, Supplier } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { buildProduct, received } from '../../test/stock-factories.js';

describe('suppliers', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  it('keeps contacts and notes, and lists what was received from each', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/suppliers',
      headers: { cookie: admin },
      payload: {
        name: 'Bidco',
        contact_name: 'Otieno',
        phone: '+254700000009',
        email: 'sales@bidco.example',
        notes: 'Delivers Tuesdays',
      },
    });
    expect(res.statusCode).toBe(201);
    const s = res.json<Supplier>();
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/suppliers/${s.id}`,
      headers: { cookie: admin },
      payload: { notes: 'Delivers Thursdays' },
    });
    expect(edited.json()).toMatchObject({
      name: 'Bidco',
      notes: 'Delivers Thursdays',
      contact_name: 'Otieno',
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/suppliers',
          headers: { cookie: admin },
          payload: { name: 'X', email: 'nope' },
        })
      ).statusCode,
    ).toBe(422);
    const shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
      Location[]
    >()[0]!;
    const p = await buildProduct(t.app, admin);
    await received(t.app, admin, {
      supplier_id: s.id,
      location_id: shop.id,
      lines: [{ product_id: p.id, quantity: 2_000, unit_cost: 500 }],
    });
    const receipts = (
      await t.app.inject({ url: `/api/suppliers/${s.id}/receipts`, headers: { cookie: admin } })
    ).json<StockDocument[]>();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      total_cost: 1_000,
      lines: [{ product_id: p.id, quantity: 2_000, unit_cost: 500 }],
    });
  });

  it('needs the adding_supplier_stock flag', async () => {
    const u = await buildUser(t.app, admin, { user_roles: { manage_stock: 1 } });
    const s = (await signIn(t.app, u.username, STAFF_PASSWORD)).cookie;
    expect((await t.app.inject({ url: '/api/suppliers', headers: { cookie: s } })).statusCode).toBe(403);
    const ok = await buildUser(t.app, admin, { user_roles: { adding_supplier_stock: 1 } });
    const s2 = (await signIn(t.app, ok.username, STAFF_PASSWORD)).cookie;
    expect((await t.app.inject({ url: '/api/suppliers', headers: { cookie: s2 } })).statusCode).toBe(200);
  });
});
