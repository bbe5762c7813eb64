import { type FieldHistoryItem } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type LossArgs, seedLoss } from '../../test/field-history.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { setUpBusiness } from '../setup/setup.service.js';

/**
 * `GET /api/history/:doc_type/:id` for the settings records (ADR 11 §11.1): a location's, the
 * business's, a payment provider's and an expense category's lost values, for an admin of their
 * business only; a location's home server is named, and a key of the business is never shown.
 */
describe("a location's, the business's, a provider's and a category's replaced values", () => {
  let t: TestApp;
  let admin: string;
  let businessId: string;
  let ids: { location: string; business: string; payment_provider: string; expense_category: string };
  let other: { admin: string; business: string; location: string; provider: string; category: string };
  const BRANCH_B = '0190b1a0-0000-7000-8000-00000000b0b0';

  const lost = (...a: LossArgs) => seedLoss(t.db, BRANCH_B, ...a);
  const get = (cookie: string, docType: string, id: string) =>
    t.app.inject({ url: `/api/history/${docType}/${id}`, headers: { cookie } });
  const items = async (cookie: string, docType: string, id: string) => {
    const res = await get(cookie, docType, id);
    expect(res.statusCode).toBe(200);
    return res.json<{ items: FieldHistoryItem[] }>().items;
  };
  const post = async (cookie: string, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildBusiness(t.app);
    admin = owner.cookie;
    businessId = owner.session.business.id;
    await buildUser(t.app, admin, { username: 'clerk' });
    const self = (await t.db.kysely.selectFrom('server_identity').select('id').executeTakeFirstOrThrow()).id;
    await t.db.kysely
      .insertInto('sync_servers')
      .values({
        id: BRANCH_B,
        business_id: businessId,
        name: 'Branch B',
        credential_hash: 'hash-branch-b',
        credential_prefix: 'dks1_abcd',
        state: 'active',
        linked_at: '2026-11-25T07:00:00.000Z',
      })
      .execute();
    const location = await buildLocation(t.app, admin, 'Store room');
    ids = {
      location: location.id,
      business: businessId,
      payment_provider: await post(admin, '/api/payment-providers', {
        name: 'Stima Pay',
        kind: 'mobile_money',
      }),
      expense_category: await post(admin, '/api/expense-categories', { name: 'Shop rent' }),
    };
    await lost(businessId, 'location', location.id, 'name', { name: 'Stoer room' }, { name: 'Store room' });
    await lost(
      businessId,
      'location',
      location.id,
      'home_server_id',
      { home_server_id: BRANCH_B },
      { home_server_id: self },
    );
    await lost(businessId, 'business', businessId, 'phone', { phone: '0700' }, { phone: '0711' });
    await lost(
      businessId,
      'business',
      businessId,
      'private_key',
      { private_key: '-----BEGIN PRIVATE KEY-----a' },
      { private_key: '-----BEGIN PRIVATE KEY-----b' },
    );
    await lost(
      businessId,
      'payment_provider',
      ids.payment_provider,
      'kind',
      { kind: 'bank' },
      { kind: 'mobile_money' },
    );
    await lost(
      businessId,
      'expense_category',
      ids.expense_category,
      'name',
      { name: 'Shop rents' },
      { name: 'Rent' },
    );

    const second = await setUpBusiness(
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
    );
    const otherAdmin = (await signIn(t.app, 'otherboss', ADMIN_PASSWORD, 'OTHER-TILL')).cookie;
    other = {
      admin: otherAdmin,
      business: second.business.id,
      location: (await buildLocation(t.app, otherAdmin, 'Other shop')).id,
      provider: await post(otherAdmin, '/api/payment-providers', { name: 'Other Pay', kind: 'mobile_money' }),
      category: await post(otherAdmin, '/api/expense-categories', { name: 'Other fuel' }),
    };
    await lost(other.business, 'business', other.business, 'name', { name: 'Secret' }, { name: 'Other' });
    await lost(other.business, 'location', other.location, 'name', { name: 'Secret' }, { name: 'Other' });
  });
  afterAll(() => t.close());

  it("answers an admin each settings record's lost values, a home server by its name", async () => {
    const location = await items(admin, 'location', ids.location);
    const byField = Object.fromEntries(location.map((i) => [i.field, i]));
    expect(byField.name).toMatchObject({
      value: { name: 'Stoer room' },
      won_value: { name: 'Store room' },
      set: { at: '2026-11-25T07:02:00.000Z', here: false, server: 'Branch B' },
    });
    expect(byField.home_server_id).toMatchObject({
      value: { home_server_id: BRANCH_B, home_here: false, home_server: 'Branch B' },
      won_value: { home_here: true, home_server: '' },
    });
    expect((await items(admin, 'business', businessId)).map((i) => [i.field, i.value])).toContainEqual([
      'phone',
      { phone: '0700' },
    ]);
    expect((await items(admin, 'payment_provider', ids.payment_provider)).map((i) => i.value)).toEqual([
      { kind: 'bank' },
    ]);
    expect((await items(admin, 'expense_category', ids.expense_category)).map((i) => i.value)).toEqual([
      { name: 'Shop rents' },
    ]);
  });

  it('never shows a key of the business, only that it changed', async () => {
    const business = await items(admin, 'business', businessId);
    expect(business.find((i) => i.field === 'private_key')).toMatchObject({ value: {}, won_value: {} });
    expect(JSON.stringify(business)).not.toContain('PRIVATE KEY');
  });

  it("refuses staff, and another business's records are not there (404), even by their ids", async () => {
    const clerk = await signIn(t.app, 'clerk', STAFF_PASSWORD);
    for (const [type, id] of Object.entries(ids))
      expect((await get(clerk.cookie, type, id)).statusCode).toBe(403);
    const foreign = {
      business: other.business,
      location: other.location,
      payment_provider: other.provider,
      expense_category: other.category,
    };
    for (const [type, id] of Object.entries(foreign)) {
      const res = await get(admin, type, id);
      expect(res.statusCode, type).toBe(404);
      expect(res.body).not.toContain('Secret');
    }
    // A record of this business under another settings type is not found either.
    expect((await get(admin, 'business', ids.location)).statusCode).toBe(404);
    expect((await get(admin, 'expense_category', ids.payment_provider)).statusCode).toBe(404);
    // The other admin reads their own business's history, not ours.
    expect((await items(other.admin, 'business', other.business)).map((i) => i.value)).toEqual([
      { name: 'Secret' },
    ]);
    expect((await get(other.admin, 'location', ids.location)).statusCode).toBe(404);
  });
});
