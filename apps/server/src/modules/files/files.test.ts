import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { setUpBusiness } from '../setup/setup.service.js';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG padded with an ancillary chunk's worth of bytes to an exact size. */
function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0)]);
}

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----duka' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('images', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const upload = (cookie: string, field: string, filename: string, type: string, data: Buffer) => {
    const m = multipart(field, filename, type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      payload: m.payload,
      headers: { ...m.headers, cookie },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    const u = await buildUser(t.app, admin);
    staff = (await signIn(t.app, u.username, STAFF_PASSWORD)).cookie;
  });
  afterAll(() => t.close());

  it('stores a PNG and serves it with its real type and nosniff', async () => {
    const res = await upload(staff, 'avatar', 'me.png', 'image/png', PNG);
    expect(res.statusCode).toBe(201);
    const { name } = res.json<{ name: string }>();
    expect(name).toMatch(/\.png$/);
    const img = await t.app.inject({ url: `/api/files/${name}`, headers: { cookie: staff } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    // kept as written again from its pixels (files.service.ts cleanImage): the same image
    expect((await sharp(img.rawPayload).raw().toBuffer()).equals(await sharp(PNG).raw().toBuffer())).toBe(
      true,
    );
    expect((await t.app.inject({ url: `/api/files/${name}` })).statusCode).toBe(401);
  });

  it('has the browser ask again on every use (no copy kept after sign-out), answering 304 while unchanged', async () => {
    const { name } = (await upload(staff, 'avatar', 'slip.png', 'image/png', pngOfSize(300))).json<{
      name: string;
    }>();
    const img = await t.app.inject({ url: `/api/files/${name}`, headers: { cookie: staff } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toBe('private, no-cache');
    const etag = img.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const same = await t.app.inject({
      url: `/api/files/${name}`,
      headers: { cookie: staff, 'if-none-match': `W/"x", ${etag}` },
    });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['cache-control']).toBe('private, no-cache');
    const other = await t.app.inject({
      url: `/api/files/${name}`,
      headers: { cookie: staff, 'if-none-match': '"0000"' },
    });
    expect(other.statusCode).toBe(200);
    // signed out, the revalidation is refused: nothing is shown from a cache
    expect(
      (await t.app.inject({ url: `/api/files/${name}`, headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(401);
  });

  it("keeps a picture its user sends again once: the same name, one file, one journal entry; another user's and another business's their own", async () => {
    const solid = (background: string) =>
      sharp({ create: { width: 2, height: 2, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const red = await solid('#c03030');
    const first = await upload(staff, 'avatar', 'a.jpg', 'image/jpeg', red);
    expect(first.statusCode).toBe(201);
    const { name } = first.json<{ name: string }>();
    const again = await Promise.all([1, 2].map(() => upload(staff, 'avatar', 'b.jpg', 'image/jpeg', red)));
    expect(again.map((r) => [r.statusCode, r.json<{ name: string }>().name])).toEqual([
      [201, name],
      [201, name],
    ]);
    const id = name.replace(/\.jpg$/, '');
    expect(
      await t.db.kysely.selectFrom('files').select('id').where('name', '=', name).execute(),
    ).toHaveLength(1);
    const entries = await t.db.kysely
      .selectFrom('journal')
      .select('id')
      .where('doc_type', '=', 'file')
      .where('doc_id', '=', id)
      .execute();
    expect(entries).toHaveLength(1);
    const blue = await upload(staff, 'avatar', 'a.jpg', 'image/jpeg', await solid('#3030c0'));
    expect(blue.json<{ name: string }>().name).not.toBe(name);
    const admins = await upload(admin, 'avatar', 'a.jpg', 'image/jpeg', red);
    expect(admins.json<{ name: string }>().name).not.toBe(name);
    await setUpBusiness(
      t.db,
      t.clock,
      {
        business_name: 'Duka la Jirani',
        username: 'jirani',
        password: STAFF_PASSWORD,
        currency: 'KES',
        timezone: 'UTC',
        language: 'en',
      },
      { onlyIfNone: false },
    );
    const elsewhere = (await signIn(t.app, 'jirani', STAFF_PASSWORD)).cookie;
    const theirs = await upload(elsewhere, 'avatar', 'a.jpg', 'image/jpeg', red);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<{ name: string }>().name).not.toBe(name);
  });

  it('never serves a stored row as a type that runs: only an image type, inline; anything else as bytes to save', async () => {
    const res = await upload(staff, 'avatar', 'me.png', 'image/png', PNG);
    const { name } = res.json<{ name: string }>();
    const img = await t.app.inject({ url: `/api/files/${name}`, headers: { cookie: staff } });
    expect(img.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(img.headers['content-disposition']).toBe('inline');
    // a row written some other way than an upload (an old archive's import took its type as written)
    await t.db.kysely
      .updateTable('files')
      .set({ mime: 'text/html', data: Buffer.from('<html><script>alert(1)</script></html>') })
      .where('name', '=', name)
      .execute();
    const page = await t.app.inject({ url: `/api/files/${name}`, headers: { cookie: staff } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toBe('attachment');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('accepts exactly 1,000,000 bytes and refuses 1,000,001', async () => {
    expect((await upload(staff, 'avatar', 'big.png', 'image/png', pngOfSize(1_000_000))).statusCode).toBe(
      201,
    );
    const over = await upload(staff, 'avatar', 'big.png', 'image/png', pngOfSize(1_000_001));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe('payload_too_large');
  });

  it.each([
    ['a text file named .png', 'notes.png', 'image/png', Buffer.from('just some text, not an image at all')],
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a PDF', 'doc.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
  ])('refuses %s, judged by content', async (_what, filename, type, data) => {
    const res = await upload(staff, 'avatar', filename, type, data);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('unsupported_file');
  });

  it('refuses another field name and a non-multipart body', async () => {
    expect((await upload(staff, 'picture', 'me.png', 'image/png', PNG)).statusCode).toBe(422);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      headers: { cookie: staff },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
  });

  it('sets and deletes the own profile image (back to profile.png), journalled', async () => {
    const { name } = (await upload(staff, 'avatar', 'me.jpg', 'image/png', PNG)).json<{ name: string }>();
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/me/image',
      headers: { cookie: staff },
      payload: { img: name },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().img).toBe(name);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: staff } })).json().user.img).toBe(name);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/me/image', headers: { cookie: staff } });
    expect(del.json().img).toBe('profile.png');
    const bogus = await t.app.inject({
      method: 'PUT',
      url: '/api/me/image',
      headers: { cookie: staff },
      payload: { img: 'elsewhere.png' },
    });
    expect(bogus.statusCode).toBe(422);
    const actions = await t.db.kysely
      .selectFrom('journal')
      .select('action')
      .where('action', 'like', 'user.image%')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['user.image_set', 'user.image_delete']);
  });

  it('uses an uploaded image as the business logo (admin only)', async () => {
    const { name } = (await upload(admin, 'avatar', 'logo.png', 'image/png', PNG)).json<{ name: string }>();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/business/logo',
          headers: { cookie: staff },
          payload: { img: name },
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      headers: { cookie: admin },
      payload: { img: name },
    });
    expect(res.json().logo).toBe(name);
    expect((await t.app.inject({ url: '/api/business', headers: { cookie: staff } })).json().logo).toBe(name);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/business/logo',
      headers: { cookie: admin },
    });
    expect(cleared.json().logo).toBeNull();
  });
});
