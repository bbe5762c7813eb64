import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness } from '../test/factories.js';

/** Light-my-request asks as Host `localhost:80`, so that is this server's own origin here. */
const OWN = 'http://localhost:80';
const EVIL = 'https://evil.example';
const newUser = (username: string) =>
  JSON.stringify({ name: 'Mallory', username, password: STAFF_PASSWORD, role: 'admin' });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const multipart = (field: string) => {
  const boundary = 'x-guard';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};

describe('cross-site requests and body types (CSRF)', () => {
  let t: TestApp;
  let cookie: string;
  const usernames = async () =>
    (await t.db.kysely.selectFrom('users').select('username').execute()).map((u) => u.username);
  const journalSize = async () => (await t.db.kysely.selectFrom('journal').select('seq').execute()).length;
  const me = async () => (await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode;

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  it("refuses a cross-site text/plain form post carrying the shop's cookie, and writes nothing", async () => {
    const before = await journalSize();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie, 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', origin: EVIL },
      payload: newUser('mallory1'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
    // Without fetch metadata or Origin (an old browser), text/plain is still not a JSON body.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: newUser('mallory2'),
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().error.code).toBe('unsupported_media_type');
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Mallory&username=mallory3&password=staff-pass-1',
    });
    expect(urlencoded.statusCode).toBe(415);
    expect(await usernames()).toEqual(['owner']);
    expect(await journalSize()).toBe(before);
  });

  it('refuses a body-less cross-site post: a forged logout leaves the session alone', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { origin: EVIL },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site', origin: 'https://till.localhost' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('cross_site_request');
    }
    expect(await me()).toBe(200);
  });

  it('refuses JSON from a foreign Origin even without fetch metadata', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie, 'content-type': 'application/json', origin: EVIL },
      payload: newUser('mallory4'),
    });
    expect(res.statusCode).toBe(403);
    expect(await usernames()).toEqual(['owner']);
  });

  // The audit: an Origin with a user or a path got through, and so did `Cross-Site` in capitals.
  // No browser sends these; a client that does is not a page of this server.
  it('refuses an Origin that is not a serialized origin, and cross-site fetch metadata in any case', async () => {
    for (const headers of [
      { origin: 'http://evil@localhost:80' },
      { origin: `${OWN}/api` },
      { origin: OWN, 'sec-fetch-site': 'Cross-Site' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: newUser('mallory5'),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await usernames()).not.toContain('mallory5');
  });

  it('accepts same-origin JSON, with or without Origin and fetch metadata', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: {
        cookie,
        'content-type': 'application/json; charset=utf-8',
        origin: OWN,
        'sec-fetch-site': 'same-origin',
      },
      payload: newUser('amina'),
    });
    expect(res.statusCode).toBe(201);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie, 'content-type': 'application/json' },
      payload: newUser('baraka'),
    });
    expect(bare.statusCode).toBe(201);
    expect(await usernames()).toEqual(expect.arrayContaining(['amina', 'baraka']));
  });

  it('takes multipart only on the upload route', async () => {
    const elsewhere = multipart('avatar');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie, ...elsewhere.headers },
      payload: elsewhere.payload,
    });
    expect(refused.statusCode).toBe(415);
    const upload = multipart('avatar');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      headers: { cookie, origin: OWN, 'sec-fetch-site': 'same-origin', ...upload.headers },
      payload: upload.payload,
    });
    expect(ok.statusCode).toBe(201);
    const crossUpload = multipart('avatar');
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      headers: { cookie, origin: EVIL, ...crossUpload.headers },
      payload: crossUpload.payload,
    });
    expect(cross.statusCode).toBe(403);
  });

  it('refuses a body without a content type, and lets safe reads through from anywhere', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: Buffer.from(newUser('nameless')),
    });
    expect(res.statusCode).toBe(415);
    const read = await t.app.inject({
      url: '/api/me',
      headers: { cookie, origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('keeps body-less same-origin posts working (logout)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: OWN, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
    expect(await me()).toBe(401);
  });
});

describe('with PUBLIC_URL, the public origin is this server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://duka.example.com' });
    await buildBusiness(t.app);
  });
  afterAll(() => t.close());

  it('accepts its origin behind the proxy and refuses others', async () => {
    const post = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin, host: 'internal:3000' },
        payload: { login: 'owner', password: 'owner-pass-1' },
      });
    expect((await post('https://duka.example.com')).statusCode).toBe(200);
    expect((await post('https://duka.example.com.evil.example')).statusCode).toBe(403);
    expect((await post('http://attacker:3000')).statusCode).toBe(403);
  });
});
