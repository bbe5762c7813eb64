import type { User } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { type TestApp, buildTestApp, testConfig } from '../../test/test-app.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';

/**
 * Sign-in takes a username or a mobile number, so the two are one namespace: a username may not
 * be another user's mobile number and the other way round (any case, a leading + ignored).
 */
describe('usernames and mobile numbers are one namespace', () => {
  let t: TestApp;
  let admin: string;
  const req = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: admin }, payload });
  const cli = async (line: string, mode: 'local' | 'hosted' = 'local') => {
    const out: string[] = [];
    await runCli(line.split(' '), t.db, (l) => out.push(l), testConfig({ mode }));
    return out.join('\n');
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app, { mobile: '+254711000111' })).cookie;
  });
  afterAll(() => t.close());

  it("refuses a new user whose username is another user's mobile number (with or without +)", async () => {
    await buildUser(t.app, admin, { username: 'wanjiru', mobile: '0744000444' });
    for (const username of ['254711000111', '0744000444']) {
      const res = await req('POST', '/api/users', { name: 'X', username, password: STAFF_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'username_is_mobile', field: 'username' });
    }
    const count = await t.db.kysely.selectFrom('users').select('id').execute();
    expect(count).toHaveLength(2);
  });

  it("refuses a new user whose mobile number is another user's username (with or without +)", async () => {
    await buildUser(t.app, admin, { username: '0722000222' });
    for (const mobile of ['0722000222', '+0722000222']) {
      const res = await req('POST', '/api/users', {
        name: 'Y',
        username: 'yusuf',
        mobile,
        password: STAFF_PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'mobile_is_username', field: 'mobile' });
    }
  });

  it('refuses the same clash when a user is edited, but lets a user have their own mobile as username', async () => {
    const u = await buildUser(t.app, admin, { username: 'kamau', mobile: '0733000333' });
    const toMobile = await req('PATCH', `/api/users/${u.id}`, { username: '254711000111' });
    expect(toMobile.statusCode).toBe(409);
    expect(toMobile.json().error).toMatchObject({ code: 'username_is_mobile', field: 'username' });
    const toName = await req('PATCH', `/api/users/${u.id}`, { mobile: '0722000222' });
    expect(toName.statusCode).toBe(409);
    expect(toName.json().error).toMatchObject({ code: 'mobile_is_username', field: 'mobile' });
    const own = await req('PATCH', `/api/users/${u.id}`, { username: '0733000333' });
    expect(own.statusCode).toBe(200);
    expect(own.json<User>()).toMatchObject({ username: '0733000333', mobile: '0733000333' });
    await signIn(t.app, '0733000333', STAFF_PASSWORD);
  });

  it('refuses it in the CLI: user add, and init of another business on a hosted server', async () => {
    await expect(cli(`user add --username 254711000111 --password ${STAFF_PASSWORD}`)).rejects.toThrow(
      /another user's mobile number/,
    );
    await expect(
      cli(`user add --username zawadi --mobile 0722000222 --password ${STAFF_PASSWORD}`),
    ).rejects.toThrow(/another user's username/);
    await expect(
      cli(`init --business Other --admin-username 254711000111 --admin-password ${ADMIN_PASSWORD}`, 'hosted'),
    ).rejects.toThrow(/another user's mobile number/);
    await expect(
      cli(
        `init --business Other --admin-username boss2 --admin-password ${ADMIN_PASSWORD} --mobile 0722000222`,
        'hosted',
      ),
    ).rejects.toThrow(/another user's username/);
    expect(await t.db.kysely.selectFrom('businesses').select('id').execute()).toHaveLength(1);
    // Sign-in by the owner's mobile still finds the owner alone.
    const owner = await signIn(t.app, '+254711000111', ADMIN_PASSWORD);
    expect(owner.session.user.role).toBe('admin');
  });

  it('signs in by a mobile typed with or without its +, whichever form it was saved in', async () => {
    const owner = await signIn(t.app, '254711000111', ADMIN_PASSWORD);
    expect(owner.session.user.role).toBe('admin');
    await buildUser(t.app, admin, { username: 'achieng', mobile: '0755000555' });
    const staff = await signIn(t.app, '+0755000555', STAFF_PASSWORD);
    expect(staff.session.user.username).toBe('achieng');
  });

  it('refuses a mobile another user holds in its other form, new or edited', async () => {
    for (const mobile of ['254711000111', '+0744000444']) {
      const res = await req('POST', '/api/users', {
        name: 'Z',
        username: 'zuberi',
        mobile,
        password: STAFF_PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'mobile_taken', field: 'mobile' });
    }
    const u = await buildUser(t.app, admin, { username: 'otieno' });
    const edit = await req('PATCH', `/api/users/${u.id}`, { mobile: '+0744000444' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatchObject({ code: 'mobile_taken', field: 'mobile' });
    // a user's own number may change form
    const own = await req('PATCH', `/api/users/${u.id}`, { mobile: '0766000666' });
    expect(own.statusCode).toBe(200);
    const plus = await req('PATCH', `/api/users/${u.id}`, { mobile: '+0766000666' });
    expect(plus.statusCode).toBe(200);
  });

  it('signs in the user whose mobile is the form typed when two were saved before the forms were one', async () => {
    const a = await buildUser(t.app, admin, { username: 'twin_plus' });
    const b = await buildUser(t.app, admin, { username: 'twin_bare' });
    // as an older server could store them
    await t.db.kysely.updateTable('users').set({ mobile: '+0788000888' }).where('id', '=', a.id).execute();
    await t.db.kysely.updateTable('users').set({ mobile: '0788000888' }).where('id', '=', b.id).execute();
    expect((await signIn(t.app, '+0788000888', STAFF_PASSWORD)).session.user.username).toBe('twin_plus');
    expect((await signIn(t.app, '0788000888', STAFF_PASSWORD)).session.user.username).toBe('twin_bare');
  });
});
