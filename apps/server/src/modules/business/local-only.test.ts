import type { SessionData } from '@duka/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { type TestApp, buildTestApp, sessionCookie, testConfig } from '../../test/test-app.js';
import { ADMIN_PASSWORD, buildBusiness, signIn } from '../../test/factories.js';

/**
 * Seed spec §4 on a hosted server: a business created there works both online and offline from
 * the start; one set to local only is refused every write by the server (not only by the web),
 * except signing in and out and the profile update that switches the setting back on.
 */
describe('"work both online and offline" on a hosted server', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const init = (name: string, username: string) =>
    runCli(
      ['init', '--business', name, '--admin-username', username, '--admin-password', ADMIN_PASSWORD],
      t.db,
      () => undefined,
      testConfig({ mode: 'hosted' }),
    );
  const write = (cookie: string, name: string) =>
    t.app.inject({ method: 'POST', url: '/api/locations', headers: { cookie }, payload: { name } });
  const patch = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/business/profile', headers: { cookie }, payload });

  it('a business created with the CLI on a hosted server starts online and can write', async () => {
    t = await buildTestApp({ mode: 'hosted' });
    await init('Online Kiosk', 'boss');
    const { cookie, session } = await signIn(t.app, 'boss', ADMIN_PASSWORD);
    expect(session.shop_details).toEqual({ name: 'Online Kiosk', online_offline: '1' });
    const profile = await t.app.inject({ url: '/api/business/profile', headers: { cookie } });
    expect(profile.json<{ online_offline: number }>().online_offline).toBe(1);
    expect((await write(cookie, 'Back store')).statusCode).toBe(201);
  });

  it('a business set to local only is refused writes there, but can sign out and switch back on', async () => {
    t = await buildTestApp({ mode: 'hosted' });
    await init('Online Kiosk', 'boss');
    await init('Other Kiosk', 'other');
    const { cookie } = await signIn(t.app, 'boss', ADMIN_PASSWORD);
    const other = await signIn(t.app, 'other', ADMIN_PASSWORD);

    expect((await patch(cookie, { online_offline: 0 })).statusCode).toBe(200);
    const refused = await write(cookie, 'Back store');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('business_offline');
    // Any other write, the profile included, unless it switches the setting back on.
    const rename = await patch(cookie, { name: 'Renamed', online_offline: 0 });
    expect(rename.json().error.code).toBe('business_offline');
    expect((await patch(cookie, { name: 'Renamed' })).json().error.code).toBe('business_offline');
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie },
      payload: { current_password: ADMIN_PASSWORD, new_password: 'another-pass-1' },
    });
    expect(password.json().error.code).toBe('business_offline');
    // Reads still answer; the other business on the same server is not affected.
    expect((await t.app.inject({ url: '/api/locations', headers: { cookie } })).statusCode).toBe(200);
    expect((await write(other.cookie, 'Their store')).statusCode).toBe(201);
    const names = await t.db.kysely.selectFrom('locations').select('name').execute();
    expect(names.map((l) => l.name).sort()).toEqual(['Main shop', 'Main shop', 'Their store']);

    // Signing out and in again stay possible.
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'boss', password: ADMIN_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<SessionData>().shop_details.online_offline).toBe('0');
    const cookie2 = sessionCookie(again);

    // The owner switches it back on from the hosted server, and writes work again.
    const on = await patch(cookie2, { online_offline: 1, name: 'Renamed' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ online_offline: 1, name: 'Renamed' });
    expect((await write(cookie2, 'Back store')).statusCode).toBe(201);
  });

  it('a local server keeps its default (local only) and serves its writes', async () => {
    t = await buildTestApp();
    const { cookie, session } = await buildBusiness(t.app);
    expect(session.shop_details.online_offline).toBe('0');
    expect((await write(cookie, 'Back store')).statusCode).toBe(201);
  });

  it('two-way sync keeps it on: asked for together or later, online and offline stays on until two-way is off', async () => {
    t = await buildTestApp();
    const { cookie } = await buildBusiness(t.app);
    const read = async () =>
      (await t.app.inject({ url: '/api/business/profile', headers: { cookie } })).json<{
        online_offline: number;
        two_way_sync: boolean;
      }>();
    expect((await patch(cookie, { two_way_sync: true, online_offline: 0 })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ online_offline: 1, two_way_sync: true });
    expect((await patch(cookie, { online_offline: 0 })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ online_offline: 1, two_way_sync: true });
    expect((await patch(cookie, { two_way_sync: false, online_offline: 0 })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ online_offline: 0, two_way_sync: false });
  });
});
