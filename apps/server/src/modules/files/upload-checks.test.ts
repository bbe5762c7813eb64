import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildBusiness } from '../../test/factories.js';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function part(boundary: string, data: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
  ]);
}

describe('malformed multipart uploads', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  const post = (payload: Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      payload,
      headers: { 'content-type': contentType, cookie: admin },
    });

  it('answers 400 when the closing boundary is missing', async () => {
    const res = await post(part('xyz', PNG), 'multipart/form-data; boundary=xyz');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('answers 400 when the content type has no boundary', async () => {
    const res = await post(
      Buffer.concat([part('xyz', PNG), Buffer.from('\r\n--xyz--\r\n')]),
      'multipart/form-data',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('answers 400 when the body is not multipart at all', async () => {
    const res = await post(Buffer.from('hello'), 'multipart/form-data; boundary=xyz');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });
});
