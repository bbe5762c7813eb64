import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { buildBusiness, buildUser, signIn, STAFF_PASSWORD } from '../test/factories.js';

interface RouteInfo {
  method: string;
  url: string;
  access: { kind: string } | undefined;
}

const sample = (url: string) =>
  url.replace(':id', '01a20000-0000-7000-8000-000000000000').replace(':name', 'x.png');

describe('access declarations', () => {
  let t: TestApp;
  const routes: RouteInfo[] = [];
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await buildTestApp();
    routes.push(...t.app.registeredRoutes);
    admin = (await buildBusiness(t.app)).cookie;
    const plain = await buildUser(t.app, admin, { username: 'noflags' });
    staff = (await signIn(t.app, plain.username, STAFF_PASSWORD, 'TILL-1')).cookie;
  });
  afterAll(() => t.close());

  it('declares who may call every /api route', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(15);
    const undeclared = api.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('refuses signed-out callers on every route that needs a session', async () => {
    for (const r of routes.filter((x) => x.access && x.access.kind !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: sample(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 to staff without flags on every admin or flagged route', async () => {
    const guarded = routes.filter(
      (x) =>
        x.access && (x.access.kind === 'admin' || x.access.kind === 'flag' || x.access.kind === 'anyFlag'),
    );
    expect(guarded.length).toBeGreaterThan(8);
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: sample(r.url),
        headers: { cookie: staff },
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    const own = await t.app.inject({ url: '/api/me', headers: { cookie: staff } });
    expect(own.statusCode).toBe(200);
  });

  it('lets the admin through the same routes', async () => {
    const res = await t.app.inject({ url: '/api/users', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
  });
});
