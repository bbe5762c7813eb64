import type { Business, JournalEntry } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';

describe('business profile', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    const u = await buildUser(t.app, admin);
    staff = (await signIn(t.app, u.username, STAFF_PASSWORD)).cookie;
  });
  afterAll(() => t.close());

  it('lets the admin read and update every field', async () => {
    const update = {
      name: 'Mama Mboga Ltd',
      address: 'Moi Avenue 12, Nairobi',
      phone: '+254700123456',
      email: 'shop@example.com',
      tax_number: 'P051234567X',
      currency: 'TZS',
      timezone: 'Africa/Dar_es_Salaam',
      language: 'pt',
      receipt_header: 'Karibu!',
      receipt_footer: 'Asante, karibu tena',
      payment_details: {
        mpesa_paybill: '123456',
        mpesa_account: 'SHOP',
        mpesa_till: '',
        bank_name: 'KCB',
        bank_account: '1100',
        other: '',
      },
      online_offline: 1,
      require_approved_devices: true,
      allow_negative_stock: true,
    };
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: update,
    });
    expect(res.statusCode).toBe(200);
    const got = (
      await t.app.inject({ url: '/api/business/profile', headers: { cookie: admin } })
    ).json<Business>();
    expect(got).toMatchObject(update);
    // Approved devices now required: a staff session not on an approved device (with its token) stops.
    const held = await t.app.inject({ url: '/api/me', headers: { cookie: staff } });
    expect(held.statusCode).toBe(403);
    expect(held.json().error.code).toBe('device_not_approved');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { require_approved_devices: false },
    });
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie: staff } })).json();
    expect(me.shop_details).toEqual({ name: 'Mama Mboga Ltd', online_offline: '1' });
    const journal = (
      await t.app.inject({ url: '/api/journal?action=business.update', headers: { cookie: admin } })
    ).json<JournalEntry[]>();
    expect(journal).toHaveLength(2);
  });

  it('changes the currency only while no amount is recorded in it', async () => {
    const fresh = await buildTestApp();
    try {
      const owner = (await buildBusiness(fresh.app)).cookie;
      const currency = (to: string) =>
        fresh.app.inject({
          method: 'PATCH',
          url: '/api/business/profile',
          headers: { cookie: owner },
          payload: { currency: to },
        });
      // nothing recorded: a choice made at setup, corrected
      expect((await currency('UGX')).statusCode).toBe(200);
      expect((await currency('KES')).statusCode).toBe(200);
      const product = await buildProduct(fresh.app, owner, { price: 6_500 });
      // a price of 65.00 would read 6,500 in a currency without minor digits
      const rescaled = await currency('UGX');
      expect(rescaled.statusCode).toBe(409);
      expect(rescaled.json().error).toMatchObject({
        code: 'currency_in_use',
        field: 'currency',
        params: { currency: 'KES' },
      });
      // the same digits: the prices read as typed
      expect((await currency('TZS')).statusCode).toBe(200);
      const supplier = await buildSupplier(fresh.app, owner);
      const shop = (await fresh.app.inject({ url: '/api/locations', headers: { cookie: owner } })).json<
        { id: string }[]
      >()[0]!;
      await received(fresh.app, owner, {
        supplier_id: supplier.id,
        location_id: shop.id,
        lines: [{ product_id: product.id, quantity: 1_000, unit_cost: 5_000 }],
      });
      // a receipt is kept in TZS now
      const after = await currency('KES');
      expect(after.statusCode).toBe(409);
      expect(after.json().error.params).toEqual({ currency: 'TZS' });
      // the same currency again is no change
      expect((await currency('TZS')).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('lets staff read only what the app needs', async () => {
    const res = await t.app.inject({ url: '/api/business', headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    // The till mirrors the selling rules: negative stock, the discount limit, the default credit limit.
    expect(Object.keys(res.json()).sort()).toEqual([
      'allow_negative_stock',
      'currency',
      'default_credit_limit',
      'id',
      'language',
      'logo',
      'max_discount_bp',
      'name',
      'network_printer',
      'receipt_columns',
      'receipt_width',
      'tax_name',
      'timezone',
      'week_start',
    ]);
    expect(
      (await t.app.inject({ url: '/api/business/profile', headers: { cookie: staff } })).statusCode,
    ).toBe(403);
    const write = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: staff },
      payload: { name: 'Mine' },
    });
    expect(write.statusCode).toBe(403);
  });

  it('tells every user whether receipts can print from the server (local mode, a network printer set)', async () => {
    const networkPrinter = async (app: TestApp['app']) => {
      const business = (await app.inject({ url: '/api/business', headers: { cookie: staff } })).json<{
        network_printer: boolean;
      }>();
      const me = (await app.inject({ url: '/api/me', headers: { cookie: staff } })).json<{
        business: { network_printer: boolean };
      }>();
      expect(me.business.network_printer).toBe(business.network_printer);
      return business.network_printer;
    };
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/business/profile', headers: { cookie: admin }, payload });
    expect(await networkPrinter(t.app)).toBe(false);
    expect((await patch({ printer_host: '192.168.1.50', printer_port: 9100 })).statusCode).toBe(200);
    expect(await networkPrinter(t.app)).toBe(true);
    // A hosted server cannot reach the shop's network: the same business, served hosted, says no.
    const shared = { ...t.db, close: () => Promise.resolve() }; // closing it is t's job
    const hosted = await buildTestApp({ mode: 'hosted' }, { db: shared, dispose: () => Promise.resolve() });
    try {
      expect(await networkPrinter(hosted.app)).toBe(false);
    } finally {
      await hosted.close();
    }
    expect((await patch({ printer_host: '' })).statusCode).toBe(200);
    expect(await networkPrinter(t.app)).toBe(false);
  });

  it.each([
    ['currency', 'EURO'],
    ['timezone', 'Nairobi'],
    ['email', 'not-an-email'],
    ['language', 'sw'],
    ['online_offline', 2],
  ])('refuses a bad %s with 422', async (field, value) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { [field]: value },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field).toBe(field);
  });

  it('answers 402 to every signed-in call while the business account is suspended', async () => {
    await t.db.kysely.updateTable('businesses').set({ status: 'suspended' }).execute();
    const res = await t.app.inject({ url: '/api/me', headers: { cookie: staff } });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('account_inactive');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'owner', password: 'owner-pass-1' },
    });
    expect(login.statusCode).toBe(402);
    await t.db.kysely.updateTable('businesses').set({ status: 'active' }).execute();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: staff } })).statusCode).toBe(200);
  });
});
