import { QZ_HOSTS, QZ_PORTS } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../test/factories.js';
import { uploadImage } from '../test/tenancy-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';

describe('security and cache headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("lets the page reach the printer helper on every QZ Tray host and port the app's client tries, and nothing else", async () => {
    const res = await t.app.inject({ url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const expected = QZ_HOSTS.flatMap((h) => [
      ...QZ_PORTS.secure.map((p) => `wss://${h}:${p}`),
      ...QZ_PORTS.insecure.map((p) => `ws://${h}:${p}`),
    ]);
    expect(expected).toContain('wss://localhost:8282');
    expect(expected).toContain('ws://localhost.qz.io:8485');
    expect(connect.sort()).toEqual(["'self'", ...expected].sort());
  });

  it("gives a page helmet's headers and an API answer only the plain ones", async () => {
    const page = await t.app.inject({ url: '/login' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBeUndefined(); // not behind HTTPS here
    const api = await t.app.inject({ url: '/api/health' });
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBe('DENY');
  });

  it("lets no cache keep a copy of an API answer; a stored file's is asked again by its content hash", async () => {
    const { cookie } = await buildBusiness(t.app);
    for (const url of ['/api/me', '/api/products', '/api/locations', '/api/nothing-here']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { cookie },
      payload: {},
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['cache-control']).toBe('no-store');
    const signedOut = await t.app.inject({ url: '/api/me' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const name = await uploadImage(t.app, cookie);
    const file = await t.app.inject({
      url: `/api/files/${name}`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    // kept by the browser, but asked again (a 304 by its hash): never shown from the cache after sign-out
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect(file.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    // the app's files keep the web app's own rules (none here: no web root), not the API's
    expect((await t.app.inject({ url: '/assets/none.js' })).headers['cache-control']).not.toBe('no-store');
  });

  it('adds HSTS to pages when the server is behind HTTPS', async () => {
    const secure = await buildTestApp({ secureCookies: true });
    try {
      const page = await secure.app.inject({ url: '/login' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});
