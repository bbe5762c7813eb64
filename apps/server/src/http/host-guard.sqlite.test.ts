import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { ADMIN_PASSWORD, buildBusiness } from '../test/factories.js';
import { hostnameOf, isLocalHostname } from './host-guard.js';

/**
 * DNS rebinding: a page at http://shop.rebind.attacker.example:3000 whose name its owner then
 * points at the shop PC's address sends the local server `Host: shop.rebind.attacker.example:3000`
 * and an Origin to match, so the CSRF guard takes it for the server's own page.
 */
const REBOUND = 'shop.rebind.attacker.example:3000';
const rebound = { host: REBOUND, origin: `http://${REBOUND}`, 'sec-fetch-site': 'same-origin' };
const asHost = (host: string) => ({ host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' });

describe('a local server answers only the host names it is reached by on the shop network', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('refuses to set up a fresh server for a page of another site whose name points at the shop PC', async () => {
    t = await buildTestApp({ mode: 'local' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: rebound,
      payload: { business_name: 'Owned', username: 'mallory', password: 'mallory-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(421);
    expect(res.json().error.code).toBe('host_not_allowed');
    expect(await t.db.kysely.selectFrom('businesses').select('id').execute()).toEqual([]);
  });

  it('refuses such a page a sign-in, and gives it no session cookie', async () => {
    t = await buildTestApp({ mode: 'local' });
    await buildBusiness(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: rebound,
      payload: { login: 'owner', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(421);
    expect(res.cookies).toEqual([]);
  });

  it("shows a page asked for by such a name words to read, in the browser's language; an API call its code", async () => {
    t = await buildTestApp({ mode: 'local' });
    const page = await t.app.inject({
      url: '/login',
      headers: { host: 'duka.mama-mboga.co.ke', 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' },
    });
    expect(page.statusCode).toBe(421);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Este servidor de Duka no responde a la dirección que usaste');
    expect(page.body).not.toContain('mama-mboga');
    const german = await t.app.inject({ url: '/', headers: { host: REBOUND, 'accept-language': 'de-CH' } });
    expect(german.body).toContain('Dieser Duka-Server antwortet nicht');
    const unknown = await t.app.inject({ url: '/', headers: { host: REBOUND, 'accept-language': 'sw-KE' } });
    expect(unknown.body).toContain('<html lang="en">');
    const api = await t.app.inject({
      url: '/api/health',
      headers: { host: REBOUND, 'accept-language': 'es' },
    });
    expect(api.statusCode).toBe(421);
    expect(api.json().error.code).toBe('host_not_allowed');
  });

  it('refuses it every method, reads and pages included, and a request that names no host', async () => {
    t = await buildTestApp({ mode: 'local' });
    for (const url of ['/api/setup', '/api/health', '/login']) {
      const res = await t.app.inject({ url, headers: { host: REBOUND } });
      expect(res.statusCode, url).toBe(421);
    }
    // HTTP/1.0 may leave Host out (HTTP/1.1 without it Node refuses itself)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write('GET /api/health HTTP/1.0\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 421/);
  });

  it('answers its IP addresses, localhost, the PC name and names of the local network', async () => {
    t = await buildTestApp({ mode: 'local' });
    await buildBusiness(t.app);
    const hosts = [
      '192.168.1.10:3000',
      '127.0.0.1',
      '[::1]:3000',
      '[fe80::1c2a:3bff:fe4d:5e6f]:3000',
      'localhost:3000',
      'SHOP-PC:3000',
      'shop-pc.local:3000',
      'duka.lan',
      'till.home.arpa:3000',
      'pos.internal',
    ];
    for (const host of hosts) {
      const res = await t.app.inject({ url: '/api/health', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
    for (const host of ['192.168.1.10:3000', 'localhost:3000', 'shop-pc:3000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: asHost(host),
        payload: { login: 'owner', password: ADMIN_PASSWORD },
      });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it("answers PUBLIC_URL's host and the ALLOWED_HOSTS names, and no other name", async () => {
    t = await buildTestApp({
      mode: 'local',
      publicUrl: 'https://pos.example.com',
      allowedHosts: ['duka.mama-mboga.example'],
    });
    const status = async (host: string) =>
      (await t.app.inject({ url: '/api/health', headers: { host } })).statusCode;
    expect(await status('pos.example.com')).toBe(200);
    expect(await status('POS.example.com:443')).toBe(200);
    expect(await status('duka.mama-mboga.example:3000')).toBe(200);
    expect(await status('evil.pos.example.com')).toBe(421);
    expect(await status('example.com')).toBe(421);
    expect(await status('local.attacker.example')).toBe(421);
  });

  it('checks the host a proxy named by TRUST_PROXY was asked by (X-Forwarded-Host)', async () => {
    t = await buildTestApp({ mode: 'local', trustProxy: ['127.0.0.1'] });
    const status = async (forwarded: string, from: string) =>
      (
        await t.app.inject({
          url: '/api/health',
          headers: { host: '127.0.0.1:3000', 'x-forwarded-host': forwarded },
          remoteAddress: from,
        })
      ).statusCode;
    expect(await status(REBOUND, '127.0.0.1')).toBe(421);
    expect(await status('shop-pc', '127.0.0.1')).toBe(200);
    // from a peer that is no proxy of ours, X-Forwarded-Host is not believed: Host is checked
    expect(await status(REBOUND, '192.168.1.30')).toBe(200);
  });

  it('leaves a hosted server, reached by its public name, without the guard', async () => {
    t = await buildTestApp({ mode: 'hosted' });
    const res = await t.app.inject({ url: '/api/health', headers: { host: 'pos.example.com' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the host name of a Host header', () => {
  it('is its name without the port, an IPv6 literal in its brackets, in lower case', () => {
    expect(hostnameOf('Shop-PC:3000')).toBe('shop-pc');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf('192.168.1.10')).toBe('192.168.1.10');
  });

  it('is none for anything a browser never sends as a host', () => {
    for (const host of [undefined, '', 'evil.example@127.0.0.1', '127.0.0.1/x', 'a b', '[::1', ':3000'])
      expect(hostnameOf(host), String(host)).toBeNull();
  });

  it('is refused when public, also when it only starts or goes on like a local one', () => {
    const none = new Set<string>();
    const refused = ['attacker.example', 'localhost.attacker.example', 'x.local.example', 'lan.example'];
    for (const name of [...refused, '[not-an-ip]']) expect(isLocalHostname(name, none), name).toBe(false);
    for (const name of ['x.lan', 'localhost', '10.0.0.5'])
      expect(isLocalHostname(name, none), name).toBe(true);
  });
});
