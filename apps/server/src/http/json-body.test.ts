import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../test/factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';

/**
 * A JSON body's bytes must be UTF-8: before, each bad byte became U+FFFD and a name was saved as
 * "bad��utf8" with 201 (the audit of 6 December).
 */
describe('JSON bodies decoded strictly', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  const post = (body: Buffer, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin, 'content-type': contentType },
      payload: body,
    });

  it('refuses bytes that are not UTF-8 with 422, and saves nothing', async () => {
    const bad = Buffer.concat([
      Buffer.from('{"name":"bad'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('utf8","code":"BAD1","price":100}'),
    ]);
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const res = await post(bad, type);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const list = await t.app.inject({ url: '/api/products?q=BAD1', headers: { cookie: admin } });
    expect(JSON.stringify(list.json())).not.toContain('BAD1');
  });

  it('takes UTF-8 text of every plane as it was sent', async () => {
    const name = 'Café ñandú — 茶 🍵';
    const res = await post(Buffer.from(JSON.stringify({ name, code: 'TEA1', price: 100 }), 'utf8'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe(name);
  });

  it('still refuses invalid JSON, an empty body and a __proto__ key', async () => {
    expect((await post(Buffer.from('{"name":'))).json().error.code).toBe('validation_failed');
    expect((await post(Buffer.from(''))).json().error.code).toBe('validation_failed');
    const poisoned = await post(Buffer.from('{"name":"X","code":"X1","price":1,"__proto__":{"a":1}}'));
    expect(poisoned.statusCode).toBeGreaterThanOrEqual(400);
    expect(poisoned.statusCode).toBeLessThan(500);
  });
});
