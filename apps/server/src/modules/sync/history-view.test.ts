import { type Debtor, type FieldHistoryItem } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { buildSupplier } from '../../test/stock-factories.js';
import { type LossArgs, seedLoss } from '../../test/field-history.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { setUpBusiness } from '../setup/setup.service.js';

/**
 * `GET /api/history/:doc_type/:id` for the records other than products (ADR 11 §11.1): a user's,
 * a debtor's and a supplier's lost values, for an admin of their business only; a password hash
 * is never shown.
 */
describe("a user's, a debtor's and a supplier's replaced values", () => {
  let t: TestApp;
  let admin: string;
  let businessId: string;
  let ids: { user: string; debtor: string; supplier: string };
  let other: { admin: string; debtor: string };

  const lost = (...a: LossArgs) => seedLoss(t.db, 'branch-b', ...a);
  const get = (cookie: string, docType: string, id: string) =>
    t.app.inject({ url: `/api/history/${docType}/${id}`, headers: { cookie } });

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildBusiness(t.app);
    admin = owner.cookie;
    businessId = owner.session.business.id;
    const user = await buildUser(t.app, admin, { username: 'clerk' });
    const debtor = (
      await t.app.inject({
        method: 'POST',
        url: '/api/debtors',
        headers: { cookie: admin },
        payload: { name: 'Juma Otieno', phone: '0722000111', credit_limit: 100_000 },
      })
    ).json<Debtor>();
    const supplier = await buildSupplier(t.app, admin);
    ids = { user: user.id, debtor: debtor.id, supplier: supplier.id };
    await lost(
      businessId,
      'debtor',
      debtor.id,
      'credit_limit',
      { credit_limit: 50_000 },
      { credit_limit: 100_000 },
    );
    await lost(businessId, 'user', user.id, 'name', { name: 'Clerk One' }, { name: 'Staff' });
    await lost(
      businessId,
      'user',
      user.id,
      'password_hash',
      { password_hash: 'scrypt$a' },
      { password_hash: 'scrypt$b' },
    );
    await lost(businessId, 'supplier', supplier.id, 'phone', { phone: '0700' }, { phone: '0711' });

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
    const otherDebtor = (
      await t.app.inject({
        method: 'POST',
        url: '/api/debtors',
        headers: { cookie: otherAdmin },
        payload: { name: 'Other debtor' },
      })
    ).json<Debtor>();
    other = { admin: otherAdmin, debtor: otherDebtor.id };
    await lost(second.business.id, 'debtor', otherDebtor.id, 'name', { name: 'Secret' }, { name: 'Other' });
  });
  afterAll(() => t.close());

  it("answers an admin each record's lost values, by doc type", async () => {
    const debtor = await get(admin, 'debtor', ids.debtor);
    expect(debtor.statusCode).toBe(200);
    expect(debtor.json<{ items: FieldHistoryItem[] }>().items).toEqual([
      expect.objectContaining({
        field: 'credit_limit',
        value: { credit_limit: 50_000 },
        won_value: { credit_limit: 100_000 },
        set: { at: '2026-11-25T07:02:00.000Z', here: false, server: '' },
      }),
    ]);
    const supplier = (await get(admin, 'supplier', ids.supplier)).json<{ items: FieldHistoryItem[] }>();
    expect(supplier.items.map((i) => [i.field, i.value])).toEqual([['phone', { phone: '0700' }]]);
    // Plural or unknown doc types are refused by name, not answered empty.
    expect((await get(admin, 'debtors', ids.debtor)).statusCode).toBe(422);
  });

  it('never shows a password hash, only that the password changed', async () => {
    const items = (await get(admin, 'user', ids.user)).json<{ items: FieldHistoryItem[] }>().items;
    const byField = Object.fromEntries(items.map((i) => [i.field, i]));
    expect(byField.name).toMatchObject({ value: { name: 'Clerk One' }, won_value: { name: 'Staff' } });
    expect(byField.password_hash).toMatchObject({ value: {}, won_value: {} });
    expect(JSON.stringify(items)).not.toContain('scrypt');
  });

  it("refuses staff, and another business's record is not there (404), even for its id", async () => {
    const clerk = await signIn(t.app, 'clerk', STAFF_PASSWORD);
    for (const [type, id] of Object.entries(ids))
      expect((await get(clerk.cookie, type, id)).statusCode).toBe(403);
    // This business's admin asks for the other's debtor: 404, its history stays unseen.
    const foreign = await get(admin, 'debtor', other.debtor);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Secret');
    // A record of the right business under the wrong doc type is not found either.
    expect((await get(admin, 'supplier', ids.debtor)).statusCode).toBe(404);
    // And the other admin reads their own, not ours.
    expect((await get(other.admin, 'debtor', other.debtor)).json<{ items: unknown[] }>().items).toHaveLength(
      1,
    );
    expect((await get(other.admin, 'user', ids.user)).statusCode).toBe(404);
  });
});
