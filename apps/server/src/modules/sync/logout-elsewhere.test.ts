import { SYNC_MAX_DRIFT_MS } from '@duka/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, signIn } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import {
  type SyncPair,
  addBranch,
  hostedPlaceholder,
  join,
  link,
  pullAll,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';
import { buildTenant, type Tenant } from '../../test/tenancy-factories.js';

/**
 * "Sign out on other devices" made on one server of a business ends the user's sessions on its
 * other servers too once the entry reaches them (sessions themselves never travel): a phone
 * signed in on the hosted site is signed out when its owner signs out everywhere from the shop.
 */
describe('signing out on other devices reaches the business’s other servers', () => {
  let p: SyncPair;
  let shop: Tenant;
  beforeEach(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
  });
  afterEach(async () => {
    await p.close();
  });

  const me = async (t: TestApp, cookie: string) =>
    (await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode;
  /** Moves `t`'s clock to `to`'s (each test app's clock starts when it is built). */
  const sameTime = (t: TestApp, ...to: TestApp[]) =>
    t.clock.advance(Math.max(...to.map((o) => o.clock.now().getTime())) - t.clock.now().getTime());
  const logoutOthers = async (t: TestApp, cookie: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-others', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('ends on the hosted site the sessions signed in before it, by the push; a later sign-in there stays', async () => {
    const phone = (await signIn(p.hosted.app, shop.logins.admin, ADMIN_PASSWORD, 'PHONE-1')).cookie;
    // another user's hosted session is not theirs to end
    const staff = (await signIn(p.hosted.app, shop.logins.staffAll, STAFF_PASSWORD, 'PHONE-2')).cookie;
    expect(await me(p.hosted, phone)).toBe(200);
    expect(await me(p.hosted, staff)).toBe(200);

    sameTime(p.local, p.hosted);
    p.local.clock.advance(1_000);
    await logoutOthers(p.local, shop.admin);
    expect(await me(p.local, shop.admin)).toBe(200); // the shop's own session stays
    // past the drift the servers' clocks may have between them (5 minutes)
    p.hosted.clock.advance(SYNC_MAX_DRIFT_MS + 2_000);
    const later = (await signIn(p.hosted.app, shop.logins.admin, ADMIN_PASSWORD, 'PHONE-3')).cookie;
    expect(await me(p.hosted, phone)).toBe(200); // not yet: the entry is at the shop

    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    expect(await me(p.hosted, phone)).toBe(401);
    expect(await me(p.hosted, later)).toBe(200);
    expect(await me(p.hosted, staff)).toBe(200);
    // nothing more to send: a later sign-in is not ended by it again
    expect((await pushAll(p, shop.businessId)).kind).toBe('idle');
    expect(await me(p.hosted, later)).toBe(200);
  });

  it('ends on a branch PC the sessions signed in before it, by the branch’s pull', async () => {
    const branch = await addBranch(p, 'branch-b');
    await join(p, branch, shop.businessId);
    expect((await pullAll(p, branch, shop.businessId)).kind).toBe('caught_up');
    const till = (await signIn(branch.app, shop.logins.admin, ADMIN_PASSWORD, 'BRANCH-TILL')).cookie;
    expect(await me(branch, till)).toBe(200);

    sameTime(p.local, p.hosted, branch);
    p.local.clock.advance(1_000);
    await logoutOthers(p.local, shop.admin);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    expect(await me(branch, till)).toBe(200);
    expect((await pullAll(p, branch, shop.businessId)).kind).toBe('caught_up');
    expect(await me(branch, till)).toBe(401);
  });
});
