import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, sessionCookie } from '../../test/test-app.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';

/** A sign-in from a given peer address (the app trusts no proxy, so this is request.ip), from a till when given. */
const login = (
  t: TestApp,
  login: string,
  password: string,
  from = '127.0.0.1',
  till: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password },
    remoteAddress: from,
    headers: till,
  });

const failures = async (t: TestApp, n: number, name: (i: number) => string, from: string) => {
  for (let i = 0; i < n; i++) {
    const res = await login(t, name(i), `wrong-${i}`, from);
    expect(res.statusCode, `failure ${i + 1} from ${from}`).toBe(401);
  }
};

describe('failed sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await buildBusiness(t.app, { mobile: '+254711000111' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after 10 failures for an account from one address, even with the right password', async () => {
    await failures(t, 10, () => 'owner', '127.0.0.1');
    const locked = await login(t, 'OWNER', ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    // The mobile number is the same account.
    expect((await login(t, '+254711000111', ADMIN_PASSWORD)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    const res = await login(t, 'owner', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    sessionCookie(res);
  });

  it("locks the attacker's address out of the account, not the owner at the shop", async () => {
    t.clock.advance(61 * 60_000);
    await failures(t, 10, () => 'owner', '203.0.113.66');
    expect((await login(t, 'owner', ADMIN_PASSWORD, '203.0.113.66')).statusCode).toBe(429);
    const atShop = await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.20');
    expect(atShop.statusCode).toBe(200);
    // The attacker's address may still try other accounts (its own ceiling is higher).
    expect((await login(t, 'someone', 'wrong-x', '203.0.113.66')).statusCode).toBe(401);
  });

  it('stops an address after 30 failures across names, for every account', async () => {
    t.clock.advance(61 * 60_000);
    await failures(t, 30, (i) => `ghost${i}`, '198.51.100.9');
    const res = await login(t, 'owner', ADMIN_PASSWORD, '198.51.100.9');
    expect(res.statusCode).toBe(429);
    expect((await login(t, 'owner', ADMIN_PASSWORD, '198.51.100.10')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(t, 'owner', ADMIN_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
  });

  it('stops an account after 100 failures in an hour from anywhere, then lets it in again', async () => {
    t.clock.advance(61 * 60_000);
    for (let a = 0; a < 10; a++) await failures(t, 10, () => 'owner', `10.9.${a}.1`);
    const res = await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.20');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.20')).statusCode).toBe(200);
  });

  it("leaves the shop's own till signed in on before out of the account's ceiling, if it proves it with its token", async () => {
    t.clock.advance(61 * 60_000);
    const first = await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.20', { 'x-device-id': 'SHOPPC0001' });
    expect(first.statusCode).toBe(200);
    const token = String(first.headers['x-device-token']);
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // another business's admin fails the owner's name 100 times from ten addresses
    for (let a = 0; a < 10; a++) await failures(t, 10, () => 'owner', `10.8.${a}.1`);
    const till = { 'x-device-id': 'SHOPPC0001', 'x-device-token': token };
    expect((await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.20', till)).statusCode).toBe(200);
    // its id alone (a MAC address anyone may know), a wrong token, or another till: the ceiling holds
    const idAlone = { 'x-device-id': 'SHOPPC0001' };
    expect((await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.20', idAlone)).statusCode).toBe(429);
    const forged = { ...till, 'x-device-token': 'A'.repeat(token.length) };
    expect((await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.20', forged)).statusCode).toBe(429);
    expect((await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.21')).statusCode).toBe(429);
    // the till has a ceiling of its own: staff who share its token get 100 tries an hour, not more
    t.clock.advance(61 * 60_000);
    for (let a = 0; a < 10; a++)
      for (let i = 0; i < 10; i++)
        expect((await login(t, 'owner', `wrong-${i}`, `10.7.${a}.1`, till)).statusCode).toBe(401);
    expect((await login(t, 'owner', ADMIN_PASSWORD, '10.7.99.1', till)).statusCode).toBe(429);
    expect((await login(t, 'owner', ADMIN_PASSWORD, '192.168.1.22')).statusCode).toBe(200);
  });
});

describe('changing the own password is limited like sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await buildBusiness(t.app);
    await buildUser(t.app, admin.cookie, { username: 'guesser' });
  });
  afterAll(() => t.close());

  const change = (cookie: string, current: string, from = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie },
      payload: { current_password: current, new_password: 'brand-new-pass' },
      remoteAddress: from,
    });

  it('answers 429 after 10 wrong current passwords, which also count against sign-in from there', async () => {
    const s = await signIn(t.app, 'guesser', STAFF_PASSWORD);
    for (let i = 0; i < 10; i++) {
      const res = await change(s.cookie, `not-it-${i}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.field).toBe('current_password');
    }
    const locked = await change(s.cookie, STAFF_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(t, 'guesser', STAFF_PASSWORD)).statusCode).toBe(429);
    expect((await login(t, 'guesser', STAFF_PASSWORD, '192.168.1.20')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await change(s.cookie, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('counts a burst of attempts sent at once: no more than 10 get their password checked', async () => {
    t.clock.advance(61 * 60_000);
    const from = '203.0.113.99';
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => login(t, 'owner', `burst-${i}`, from)),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(14);
  });

  it('a success takes back the count it took (the address is not nearer its limit)', async () => {
    t.clock.advance(61 * 60_000);
    const from = '198.51.100.77';
    const rows = () =>
      t.db.kysely.selectFrom('login_failures').select('id').where('key', '=', `ip:${from}`).execute();
    await failures(t, 3, (i) => `nobody${i}`, from);
    expect(await rows()).toHaveLength(3);
    expect((await login(t, 'owner', ADMIN_PASSWORD, from)).statusCode).toBe(200);
    expect(await rows()).toHaveLength(3);
  });
});

describe('the address the limits count is the peer, unless TRUST_PROXY names it a proxy', () => {
  const viaProxy = (t: TestApp, password: string, forwardedFor: string, peer = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'owner', password },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: peer,
    });

  const attack = async (t: TestApp, peer = '127.0.0.1') => {
    for (let i = 0; i < 10; i++) {
      expect((await viaProxy(t, `wrong-${i}`, `203.0.113.${i + 1}`, peer)).statusCode).toBe(401);
    }
  };

  it('ignores X-Forwarded-For without TRUST_PROXY, even in hosted mode', async () => {
    const t = await buildTestApp({ mode: 'hosted' });
    try {
      // No business is needed: an unknown name is limited the same way.
      await attack(t);
      expect((await viaProxy(t, ADMIN_PASSWORD, '192.168.1.20')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names, and only from it', async () => {
    const t = await buildTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      await buildBusiness(t.app);
      for (let i = 0; i < 10; i++) {
        expect((await viaProxy(t, `wrong-${i}`, '203.0.113.66')).statusCode).toBe(401);
      }
      expect((await viaProxy(t, ADMIN_PASSWORD, '203.0.113.66')).statusCode).toBe(429);
      expect((await viaProxy(t, ADMIN_PASSWORD, '192.168.1.20')).statusCode).toBe(200);
      // A peer that is not the trusted proxy cannot pick its address with the header.
      await attack(t, '10.20.30.40');
      expect((await viaProxy(t, ADMIN_PASSWORD, '192.168.1.21', '10.20.30.40')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('takes a hop count: 1 = the address the one proxy in front saw', async () => {
    const t = await buildTestApp({ trustProxy: 1 });
    try {
      await buildBusiness(t.app);
      for (let i = 0; i < 10; i++) {
        expect((await viaProxy(t, `wrong-${i}`, `6.6.6.6, 203.0.113.66`)).statusCode).toBe(401);
      }
      expect((await viaProxy(t, ADMIN_PASSWORD, '203.0.113.66')).statusCode).toBe(429);
      expect((await viaProxy(t, ADMIN_PASSWORD, '203.0.113.66, 192.168.1.20')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
