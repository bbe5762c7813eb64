import type { Product } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { buildProduct } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Seed spec §7: a product's image is uploaded as multipart with the file in the field `avatar`
 * (`POST /api/files/images`, as the product drawer does), then set on the product; removing it
 * is the product's `image: null` (the spec's delete endpoint has no call shown).
 */
describe('a product image', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  it('is uploaded in the field avatar, set on the product, and removed', async () => {
    const boundary = '----dukaproduct';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="tea.png"\r\nContent-Type: image/png\r\n\r\n`;
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: admin },
    });
    expect(up.statusCode, up.body).toBe(201);
    const { name } = up.json<{ name: string }>();
    const product = await buildProduct(t.app, admin, { name: 'Tea', image: name });
    const read = async () =>
      (
        await t.app.inject({ url: `/api/products/${product.id}`, headers: { cookie: admin } })
      ).json<Product>();
    expect((await read()).image).toBe(name);
    expect((await t.app.inject({ url: `/api/files/${name}`, headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
    const removed = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: { cookie: admin },
      payload: { image: null },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await read()).image).toBeNull();
  });
});
