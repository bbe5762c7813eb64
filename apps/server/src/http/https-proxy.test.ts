import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, sessionCookie } from '../test/test-app.js';
import { ADMIN_PASSWORD, buildBusiness } from '../test/factories.js';

/**
 * A server behind a TLS proxy (TRUST_PROXY=1) need not be told PUBLIC_URL: the request says it
 * came over https. A session cookie sent without Secure there would go out again over plain http
 * at the first http:// request to the same host (a link, a captive portal, an attacker on the
 * shop's Wi-Fi), and a page without HSTS lets that request happen.
 */
const overHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' };
const cookieOf = (res: { cookies: { name: string; secure?: boolean; httpOnly?: boolean }[] }, name: string) =>
  res.cookies.find((c) => c.name === name);

describe('behind a TLS proxy that TRUST_PROXY names, without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ trustProxy: 1 });
    await buildBusiness(t.app);
  });
  afterAll(() => t.close());

  const signIn = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { login: 'owner', password: ADMIN_PASSWORD },
    });

  it('sets the session cookies Secure when the request came over https, and clears them so', async () => {
    const res = await signIn(overHttps);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'duka_session')).toMatchObject({ httpOnly: true, secure: true });
    expect(cookieOf(res, 'duka_signed_in')?.secure).toBe(true);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...overHttps, cookie: sessionCookie(res) },
    });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out, 'duka_session')?.secure).toBe(true);
    expect(cookieOf(out, 'duka_signed_in')?.secure).toBe(true);
  });

  it('leaves them without Secure over plain http (a shop on http://192.168.x.x)', async () => {
    const res = await signIn({ 'x-forwarded-proto': 'http' });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'duka_session')?.secure).toBeUndefined();
  });

  it('gives a page served over https HSTS, and one over http none', async () => {
    const secure = await t.app.inject({ url: '/login', headers: overHttps });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const plain = await t.app.inject({ url: '/login' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });
});

describe('X-Forwarded-Proto from a peer that TRUST_PROXY does not name', () => {
  it('makes no cookie Secure and no page HSTS: only a proxy of ours is believed', async () => {
    const t = await buildTestApp();
    try {
      await buildBusiness(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: overHttps,
        payload: { login: 'owner', password: ADMIN_PASSWORD },
      });
      expect(cookieOf(res, 'duka_session')?.secure).toBeUndefined();
      const page = await t.app.inject({ url: '/login', headers: overHttps });
      expect(page.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
