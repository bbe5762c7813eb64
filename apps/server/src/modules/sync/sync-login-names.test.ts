import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../test/factories.js';
import { buildTenant, type Tenant } from '../../test/tenancy-factories.js';
import { setUpBusiness } from '../setup/setup.service.js';
import { type SyncPair, hostedPlaceholder, link, pushAll, syncPair } from '../../test/sync-harness.js';

/**
 * Sign-in takes a username or a mobile without naming a business, so on the hosted server a
 * pushed user whose username is another business's mobile (or whose mobile is another's username)
 * is set aside (quarantined) as one whose username is another's username is.
 */
describe("sync: a shop user whose username is another hosted business's user's mobile", () => {
  let p: SyncPair;
  let shop: Tenant;
  beforeAll(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
  });
  afterAll(() => p.close());

  it('is set aside (or refused), and the other business admin still signs in by mobile', async () => {
    await setUpBusiness(
      p.hosted.db,
      p.hosted.clock,
      {
        business_name: 'Other Traders',
        username: 'otherboss',
        mobile: '0799000111',
        password: ADMIN_PASSWORD,
        currency: 'KES',
        timezone: 'Africa/Nairobi',
        language: 'en',
      },
      { onlyIfNone: false, online: true },
    );
    const made = await p.local.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: shop.admin },
      payload: { name: 'Twin', username: '0799000111', password: 'twin-pass-123', user_roles: {} },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const matching = await p.hosted.db.kysely
      .selectFrom('users')
      .select(['id', 'username', 'mobile', 'business_id'])
      .where((eb) => eb.or([eb('username_key', '=', '0799000111'), eb('mobile', '=', '0799000111')]))
      .execute();
    const quarantined = await p.hosted.db.kysely
      .selectFrom('sync_quarantine')
      .select(['doc_type', 'reason'])
      .execute();
    const owner = await p.hosted.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: '0799000111', password: ADMIN_PASSWORD },
    });
    const twin = await p.hosted.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: '0799000111', password: 'twin-pass-123' },
    });
    expect({
      matching: matching.length,
      quarantined,
      owner: owner.statusCode,
      twin: twin.statusCode,
    }).toEqual({
      matching: 1,
      quarantined: [{ doc_type: 'user', reason: expect.any(String) }],
      owner: 200,
      twin: 401,
    });
  });
});
