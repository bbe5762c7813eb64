import type { SessionData } from '@duka/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError, runCli } from '../../cli/commands.js';
import { type TestApp, buildTestApp, testConfig } from '../../test/test-app.js';
import { ADMIN_PASSWORD, buildBusiness, signIn } from '../../test/factories.js';
import { passwordsHashed } from '../../lib/passwords.js';

describe('setup', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('creates the business, its Main shop and its admin, signs the admin in, then answers 409', async () => {
    t = await buildTestApp();
    expect((await t.app.inject('/api/setup')).json()).toEqual({ setup_required: true, mode: 'local' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: {
        business_name: 'Duka La Juma',
        currency: 'kes',
        timezone: 'Africa/Nairobi',
        language: 'es',
        admin_name: 'Juma',
        username: 'Juma',
        mobile: '+254700000001',
        password: ADMIN_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(201);
    const data = res.json<SessionData>();
    expect(data.user).toMatchObject({ nm: 'Juma', role: 'admin', img: 'profile.png' });
    expect(data.business).toMatchObject({ name: 'Duka La Juma', currency: 'KES', language: 'es' });
    expect(data.shop_details).toEqual({ name: 'Duka La Juma', online_offline: '0' });
    const locations = await t.db.kysely.selectFrom('locations').select('name').execute();
    expect(locations).toEqual([{ name: 'Main shop' }]);
    expect(res.cookies.find((c) => c.name === 'duka_session')).toBeTruthy();

    expect((await t.app.inject('/api/setup')).json()).toEqual({ setup_required: false, mode: 'local' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { business_name: 'Second', username: 'other', password: ADMIN_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_set_up');
    expect(await t.db.kysely.selectFrom('businesses').select('id').execute()).toHaveLength(1);
  });

  // argon2 costs 19 MiB and a CPU's while: a server already set up answers before hashing, so
  // anyone can post setups without making it hash (the route's check before the transaction's)
  it('refuses a second setup before it hashes the password', async () => {
    t = await buildTestApp();
    await buildBusiness(t.app);
    const hashed = passwordsHashed();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { business_name: 'Second', username: 'other', password: ADMIN_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_set_up');
    expect(passwordsHashed()).toBe(hashed);
    // the counter counts the route's hash: a first setup makes one
    const fresh = await buildTestApp();
    try {
      await buildBusiness(fresh.app);
      expect(passwordsHashed()).toBe(hashed + 1);
    } finally {
      await fresh.close();
    }
  });

  it('starts a Kenyan business with M-Pesa and Bank transfer (payment details left to fill), others with none', async () => {
    t = await buildTestApp();
    const kenyan = await buildBusiness(t.app, { currency: 'KES' });
    const providers = await t.app.inject({
      url: '/api/payment-providers',
      headers: { cookie: kenyan.cookie },
    });
    expect(providers.json<{ name: string; kind: string; active: boolean }[]>()).toEqual([
      expect.objectContaining({ name: 'Bank transfer', kind: 'bank', active: true }),
      expect.objectContaining({ name: 'M-Pesa', kind: 'mobile_money', active: true }),
    ]);
    const journal = await t.db.kysely.selectFrom('journal').select('action').orderBy('seq').execute();
    expect(journal.filter((j) => j.action === 'provider.create')).toHaveLength(2);
    const profile = await t.app.inject({ url: '/api/business/profile', headers: { cookie: kenyan.cookie } });
    expect(profile.json().payment_details).toMatchObject({
      mpesa_paybill: '',
      mpesa_till: '',
      bank_account: '',
    });
    // the admin adds their own next to them; a second "m-pesa" is refused as a duplicate
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/payment-providers',
      headers: { cookie: kenyan.cookie },
      payload: { name: 'm-pesa' },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('starts a business in another currency with no provider', async () => {
    t = await buildTestApp();
    const ugandan = await buildBusiness(t.app, { currency: 'UGX', timezone: 'Africa/Kampala' });
    const providers = await t.app.inject({
      url: '/api/payment-providers',
      headers: { cookie: ugandan.cookie },
    });
    expect(providers.json()).toEqual([]);
  });

  it.each([
    ['currency', { currency: 'XYZ' }],
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['language', { language: 'fr' }],
    ['password', { password: 'short' }],
    // one guessed first (packages/domain password-strength.ts)
    ['password', { password: 'Password1' }],
    ['password', { password: '12345678' }],
    ['username', { username: 'a b' }],
  ])('refuses a bad %s with 422', async (field, override) => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { business_name: 'Shop', username: 'owner', password: ADMIN_PASSWORD, ...override },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field).toBe(field);
  });

  it('is closed in hosted mode: the CLI sets businesses up there', async () => {
    t = await buildTestApp({ mode: 'hosted' });
    expect((await t.app.inject('/api/setup')).json()).toEqual({ setup_required: false, mode: 'hosted' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { business_name: 'Shop', username: 'owner', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    // The first visitor of a fresh hosted server claims nothing: no business, no user, no session.
    expect(res.cookies.find((c) => c.name === 'duka_session')).toBeUndefined();
    expect(await t.db.kysely.selectFrom('businesses').select('id').execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('users').select('id').execute()).toEqual([]);
  });
});

describe('CLI', () => {
  let t: TestApp;
  afterEach(() => t.close());
  const run = async (line: string) => {
    const out: string[] = [];
    await runCli(line.split(' '), t.db, (l) => out.push(l), testConfig());
    return out.join('\n');
  };

  it('inits a business, adds a staff user with flags, resets a password: the same effect as the API', async () => {
    t = await buildTestApp();
    expect(
      await run(
        'init --business Kiosk --admin-username boss --admin-password boss-pass-1 --currency UGX --timezone Africa/Kampala',
      ),
    ).toMatch(/Created business "Kiosk"/);
    const admin = await signIn(t.app, 'boss', 'boss-pass-1');
    expect(admin.session.business).toMatchObject({ currency: 'UGX', timezone: 'Africa/Kampala' });
    expect(
      await run(
        'user add --username till1 --password till-pass-1 --flags sell_cash,current_sales --name Amina',
      ),
    ).toMatch(/Added staff "till1"/);
    const staff = await signIn(t.app, 'till1', 'till-pass-1', 'TILL-A');
    expect(staff.session.user_roles).toMatchObject({ sell_cash: 1, current_sales: 1, manage_stock: 0 });
    expect(staff.session.user.nm).toBe('Amina');

    await run('user reset-password --username boss --password new-boss-pass');
    const old = await t.app.inject({ url: '/api/me', headers: { cookie: admin.cookie } });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, 'boss', 'new-boss-pass');
  });

  it('fails with a clear message on bad input', async () => {
    t = await buildTestApp();
    await expect(run('user add --username xx1 --password pass-word-1')).rejects.toThrow(/No business yet/);
    await run('init --business Kiosk --admin-username boss --admin-password boss-pass-1');
    // the starter providers are the setup page's: a Kenyan business made by the CLI starts with none
    expect(await t.db.kysely.selectFrom('businesses').select('currency').execute()).toEqual([
      { currency: 'KES' },
    ]);
    expect(await t.db.kysely.selectFrom('payment_providers').select('id').execute()).toEqual([]);
    await expect(
      run('init --business Again --admin-username boss2 --admin-password boss-pass-1'),
    ).rejects.toThrow(/already set up/);
    await expect(run('user add --username xx1 --password pass-word-1 --flags fly')).rejects.toThrow(CliError);
    await expect(run('user add --username xx1')).rejects.toThrow(/Missing --password/);
    await expect(run('user reset-password --username ghost --password pass-word-1')).rejects.toThrow(
      /No user named ghost/,
    );
    await expect(run('frobnicate')).rejects.toThrow(/Unknown command/);
    await expect(run('user add --username boss --password pass-word-1')).rejects.toThrow(/taken/);
  });
});

describe('setup factory', () => {
  it('is used by the other suites', async () => {
    const t = await buildTestApp();
    const { session } = await buildBusiness(t.app);
    expect(session.user.role).toBe('admin');
    await t.close();
  });
});
