import type { FieldHistoryItem, Location } from '@duka/domain';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildUser, signIn } from '../../test/factories.js';
import { buildLocation, buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { type Server, call, docsOf, send, useTwoServers } from '../../test/two-servers.js';

/**
 * A location deactivated, the currency changed, or the last admin deactivated, on one server while the other's data
 * stood in the way (ADR 11 §11.5): the server where a PATCH would be refused keeps its value, the
 * kept value wins on both, and both list the refused one among the record's replaced values.
 */
describe('a deactivation by sync that this server would refuse', () => {
  const servers = useTwoServers({ each: true });

  const historyOn = async (s: Server, type: string, id: string) =>
    ((await call(s, 'GET', `/api/history/${type}/${id}`)) as { items: FieldHistoryItem[] }).items;
  const docHash = async (s: Server, businessId: string, type: string, id: string) =>
    (await docsOf(s, businessId, [{ type, id }]))[0]!.hash;

  it('keeps a location active where it holds stock, on both servers', async () => {
    const { a, b, businessId } = servers();
    const store = await buildLocation(a.app.app, a.admin.cookie, 'Store room');
    await send(a, b, businessId, [{ type: 'location', id: store.id }]);
    const rice = await buildProduct(a.app.app, a.admin.cookie, { name: 'Rice', unit: 'kg' });
    const supplier = await buildSupplier(a.app.app, a.admin.cookie);
    await received(a.app.app, a.admin.cookie, {
      supplier_id: supplier.id,
      location_id: store.id,
      lines: [{ product_id: rice.id, quantity: 2_000, unit_cost: 9_000 }],
    });
    await call(b, 'PATCH', `/api/locations/${store.id}`, { active: false });

    await send(b, a, businessId, [{ type: 'location', id: store.id }]);
    const onA = (await call(a, 'GET', '/api/locations')) as Location[];
    expect(onA.find((l) => l.id === store.id)?.active).toBe(true);
    expect(await historyOn(a, 'location', store.id)).toMatchObject([
      { field: 'active', reason: 'location_in_use', value: { active: 0 }, won_value: { active: 1 } },
    ]);
    await send(a, b, businessId, [{ type: 'location', id: store.id }]);
    const onB = (await call(b, 'GET', '/api/locations')) as Location[];
    expect(onB.find((l) => l.id === store.id)?.active).toBe(true);
    expect(await historyOn(b, 'location', store.id)).toMatchObject([
      { field: 'active', reason: 'location_in_use', set: { here: true } },
    ]);
    expect(await docHash(b, businessId, 'location', store.id)).toBe(
      await docHash(a, businessId, 'location', store.id),
    );
  });

  it('keeps the currency where amounts are already kept in it, on both servers', async () => {
    const { a, b, businessId } = servers();
    const rice = await buildProduct(a.app.app, a.admin.cookie, { name: 'Rice', unit: 'kg' });
    const supplier = await buildSupplier(a.app.app, a.admin.cookie);
    await received(a.app.app, a.admin.cookie, {
      supplier_id: supplier.id,
      location_id: ((await call(a, 'GET', '/api/locations')) as Location[])[0]!.id,
      lines: [{ product_id: rice.id, quantity: 2_000, unit_cost: 9_000 }],
    });
    // B has nothing in money yet: its owner may still correct the currency chosen at setup
    await call(b, 'PATCH', '/api/business/profile', { currency: 'TZS' });
    const business = [{ type: 'business', id: businessId }];
    await send(b, a, businessId, business);
    const currencyOn = async (s: Server) =>
      ((await call(s, 'GET', '/api/business/profile')) as { currency: string }).currency;
    expect(await currencyOn(a)).toBe('KES');
    await send(a, b, businessId, business);
    expect(await currencyOn(b)).toBe('KES');
    expect(await historyOn(b, 'business', businessId)).toMatchObject([
      {
        field: 'currency',
        reason: 'currency_in_use',
        value: { currency: 'TZS' },
        won_value: { currency: 'KES' },
      },
    ]);
    expect(await docHash(b, businessId, 'business', businessId)).toBe(
      await docHash(a, businessId, 'business', businessId),
    );
  });

  it('never leaves the business without an active admin when two admins deactivate each other apart', async () => {
    const { a, b, businessId } = servers();
    const grace = await buildUser(a.app.app, a.admin.cookie, {
      name: 'Grace',
      username: 'grace',
      role: 'admin',
    });
    await send(a, b, businessId, [{ type: 'user', id: grace.id }]);
    const owner = a.admin.session.user.uid;
    // on A the owner deactivates Grace; on B, Grace deactivates the owner
    await call(a, 'PATCH', `/api/users/${grace.id}`, { active: false });
    const graceOnB: Server = { ...b, admin: await signIn(b.app.app, 'grace', STAFF_PASSWORD) };
    await call(graceOnB, 'PATCH', `/api/users/${owner}`, { active: false });

    const users = [
      { type: 'user', id: grace.id },
      { type: 'user', id: owner },
    ];
    await send(a, b, businessId, users);
    await send(b, a, businessId, users);
    await send(a, b, businessId, users);
    for (const s of [a, b]) {
      const admins = await s.app.db.kysely
        .selectFrom('users')
        .select('id')
        .where('business_id', '=', businessId)
        .where('role', '=', 'admin')
        .where('active', '=', 1)
        .execute();
      expect(admins.length, s === a ? 'A' : 'B').toBeGreaterThan(0);
    }
    for (const id of [grace.id, owner])
      expect(await docHash(b, businessId, 'user', id)).toBe(await docHash(a, businessId, 'user', id));
    // each server that kept an admin, and each that took a kept one, lists it (read from the table:
    // the owner's own session on B ended when Grace deactivated them there)
    for (const s of [a, b]) {
      const kept = await s.app.db.kysely
        .selectFrom('field_history')
        .select(['field', 'reason'])
        .where('business_id', '=', businessId)
        .where('doc_type', '=', 'user')
        .execute();
      expect(kept, s === a ? 'A' : 'B').toContainEqual({ field: 'active', reason: 'last_admin' });
    }
    // the owner can still sign in on the server that kept them, or Grace can
    const signedIn = await Promise.allSettled([
      signIn(a.app.app, 'owner', ADMIN_PASSWORD),
      signIn(a.app.app, 'grace', STAFF_PASSWORD),
    ]);
    expect(signedIn.some((r) => r.status === 'fulfilled')).toBe(true);
  });
});
