import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, buildUser } from '../../test/factories.js';
import { buildTenant, type Tenant } from '../../test/tenancy-factories.js';
import { type SyncPair, hostedPlaceholder, link, pushAll, syncPair } from '../../test/sync-harness.js';

/**
 * Devices are each server's own and never synced (ADR 11): the hosted copy of a shop-kept
 * business, read-only for its records, still approves and blocks the devices that sign in to it.
 */
describe('sync: approved devices on the hosted copy of a shop-kept business', () => {
  let p: SyncPair;
  let shop: Tenant;
  let staffName: string;
  beforeAll(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Shop');
    const staff = await buildUser(p.local.app, shop.admin, { user_roles: { view_sales_report: 1 } });
    staffName = staff.username;
    const prof = await p.local.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: shop.admin },
      payload: { require_approved_devices: true },
    });
    expect(prof.statusCode, prof.body).toBe(200);
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
  });
  afterAll(() => p.close());

  it('the owner can approve the phone a staff member uses on the hosted site', async () => {
    const first = await p.hosted.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-device-id': 'PHONE-1' },
      payload: { login: staffName, password: STAFF_PASSWORD },
    });
    expect(first.statusCode).toBe(403);
    expect(first.json().error.code).toBe('device_not_approved');
    const token = first.headers['x-device-token'] as string;
    const adminLogin = await p.hosted.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: shop.logins.admin, password: 'owner-pass-1' },
    });
    expect(adminLogin.statusCode).toBe(200);
    const cookie = `duka_session=${adminLogin.cookies.find((c) => c.name === 'duka_session')!.value}`;
    const approve = await p.hosted.app.inject({
      method: 'PATCH',
      url: '/api/devices/PHONE-1',
      headers: { cookie },
      payload: { status: 'approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const again = await p.hosted.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-device-id': 'PHONE-1', 'x-device-token': token },
      payload: { login: staffName, password: STAFF_PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
