import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildBusiness } from '../../test/factories.js';

describe('health, errors and OpenAPI', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  it('answers health with status, mode and version', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', mode: 'local', version: 'test' });
    // the tills' connection light asks it: never answered from a cache while the server is gone
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers malformed JSON with 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "owner",',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it.each([
    ['an unknown field', { login: 'owner', password: 'x', admin: true }, 'admin'],
    ['a wrong type', { login: 42, password: 'x' }, 'login'],
    ['an over-long string', { login: 'x'.repeat(65), password: 'x' }, 'login'],
    ['a missing field', { login: 'owner' }, 'password'],
  ])('answers %s with 422 naming the field', async (_what, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
  });

  it('answers a bad query value with 422, and a bad id with 422, never 5xx', async () => {
    const q = await t.app.inject({ url: '/api/journal?limit=abc', headers: { cookie: admin } });
    expect(q.statusCode).toBe(422);
    const id = await t.app.inject({ url: '/api/users/not-a-uuid', headers: { cookie: admin } });
    expect(id.statusCode).toBe(422);
    const big = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { receipt_footer: 'x'.repeat(5000) },
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().error.field).toBe('receipt_footer');
  });

  it('publishes OpenAPI with request and response schemas for every route', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/login', '/api/users/{id}']),
    );
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.responses, `${method} ${p} has responses`).toBeTruthy();
        if (method === 'post' || method === 'patch' || method === 'put') {
          // Actions that take no input, and the multipart upload (documented by `consumes`).
          const noJsonBody = [
            '/api/auth/logout',
            '/api/auth/logout-others',
            '/api/auth/sessions/{id}/end',
            '/api/files/images',
            '/api/stock-counts/{id}/finalise',
            '/api/stock-counts/{id}/cancel',
            '/api/transfers/{id}/confirm',
            '/api/receipts/{receipt_no}/print',
            '/api/receipts/{receipt_no}/drawer-return',
            '/api/receipts/{receipt_no}/print-return',
            '/api/print/drawer',
            '/api/sync/unlink',
            '/api/sync/link-codes',
            '/api/sync/servers/{id}/revoke',
            '/api/sync/quarantine/{id}/dismiss',
            '/api/locations/{id}/home',
          ];
          if (noJsonBody.includes(p)) continue;
          expect(op.requestBody, `${method} ${p} has a request body schema`).toBeTruthy();
        }
      }
    }
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
