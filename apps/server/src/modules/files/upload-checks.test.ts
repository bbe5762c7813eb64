import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { setUpBusiness } from '../setup/setup.service.js';

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

function multipart(data: Buffer) {
  const boundary = 'dukaboundary';
  return {
    payload: Buffer.concat([part(boundary, data), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('images are decoded before they are kept', () => {
  let t: TestApp;
  let admin: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());
  const upload = (data: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/files/images', ...withCookie(multipart(data), admin) });

  it('keeps a whole PNG and a whole JPEG', async () => {
    expect((await upload(PNG)).statusCode).toBe(201);
    expect((await upload(jpeg)).statusCode).toBe(201);
  });

  const stored = async (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(201);
    const { name } = res.json<{ name: string }>();
    const row = await t.db.kysely
      .selectFrom('files')
      .select(['data', 'size', 'sha256'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    const served = await t.app.inject({ url: `/api/files/${name}`, headers: { cookie: admin } });
    expect(served.rawPayload.equals(Buffer.from(row.data))).toBe(true);
    expect(Number(row.size)).toBe(row.data.length);
    return Buffer.from(row.data);
  };
  const pixels = (data: Buffer) => sharp(data).raw().toBuffer();

  it('keeps a PNG with a page after its end (a polyglot) as its image alone, every pixel the same', async () => {
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const kept = await stored(await upload(Buffer.concat([PNG, page])));
    expect(kept.includes(page)).toBe(false);
    expect(kept.includes(Buffer.from('<script'))).toBe(false);
    expect((await pixels(kept)).equals(await pixels(PNG))).toBe(true);
  });

  it('keeps a palette PNG as a palette, a 16-bit PNG at 16 bits, every pixel the same', async () => {
    const n = 300;
    const raw = Buffer.alloc(n * n * 3);
    for (let i = 0; i < n * n; i++) {
      const k = (i * 7919) % 4;
      raw.set([k * 60, 255 - k * 60, (k * 97) & 255], i * 3);
    }
    const palette = await sharp(raw, { raw: { width: n, height: n, channels: 3 } })
      .png({ palette: true, colours: 4, dither: 0 })
      .toBuffer();
    const keptPalette = await stored(await upload(palette));
    expect((await sharp(keptPalette).metadata()).isPalette).toBe(true);
    expect(keptPalette.length).toBeLessThanOrEqual(palette.length * 1.05);
    expect((await pixels(keptPalette)).equals(await pixels(palette))).toBe(true);

    const raw16 = Buffer.alloc(4 * 4 * 3 * 2);
    for (let i = 0; i < raw16.length / 2; i++) raw16.writeUInt16LE((i * 4099) & 0xffff, i * 2);
    const deep = await sharp(raw16, {
      raw: { width: 4, height: 4, channels: 3, depth: 'ushort' } as sharp.CreateRaw,
    })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    const keptDeep = await stored(await upload(deep));
    expect((await sharp(keptDeep).metadata()).depth).toBe('ushort');
    const wide = (b: Buffer) => sharp(b).raw({ depth: 'ushort' }).toBuffer();
    expect((await wide(keptDeep)).equals(await wide(deep))).toBe(true);
  });

  it('keeps a JPEG saved small no larger than it came (a quality-60 photo is not written at 90)', async () => {
    const noise = Buffer.alloc(400 * 400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const small = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
      .jpeg({ quality: 60 })
      .toBuffer();
    const kept = await stored(await upload(small));
    expect(kept.length).toBeLessThanOrEqual(small.length);
    expect((await sharp(kept).metadata()).format).toBe('jpeg');
  });

  it("keeps a phone's photo without its EXIF (where it was taken), turned as its orientation said", async () => {
    const photo = await sharp({ create: { width: 32, height: 16, channels: 3, background: '#3a6' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Copyright: 'Owner' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const kept = await stored(await upload(photo));
    const after = await sharp(kept).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(kept.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect([after.width, after.height]).toEqual([16, 32]); // turned for good
  });

  it.each([
    [
      'a PNG header followed by garbage',
      () => Buffer.concat([PNG.subarray(0, 16), Buffer.from('garbage!'.repeat(40))]),
    ],
    ['a PNG cut short', () => PNG.subarray(0, PNG.length - 20)],
    [
      'a JPEG header followed by garbage',
      () => Buffer.concat([jpeg.subarray(0, 20), Buffer.from('garbage!'.repeat(40))]),
    ],
    ['a JPEG cut short', () => jpeg.subarray(0, jpeg.length - 30)],
  ])('refuses %s with 422 image_unreadable, and keeps nothing', async (_what, make) => {
    const before = await t.db.kysely.selectFrom('files').select('id').execute();
    const res = await upload(make());
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'image_unreadable', field: 'avatar' });
    expect(await t.db.kysely.selectFrom('files').select('id').execute()).toHaveLength(before.length);
  });
});

function withCookie(m: { payload: Buffer; headers: Record<string, string> }, cookie: string) {
  return { payload: m.payload, headers: { ...m.headers, cookie } };
}

describe('image storage per business', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  // Three 1×1 PNGs of other colours (the same picture sent again is the file kept: no room taken)
  const pngs: Buffer[] = [];
  // Room for two of the PNGs as they are kept (written again from their pixels), not three.
  let size: number;
  let cap: number;
  beforeAll(async () => {
    for (const r of [10, 20, 30])
      pngs.push(
        await sharp({ create: { width: 1, height: 1, channels: 4, background: { r, g: 0, b: 0, alpha: 1 } } })
          .png()
          .toBuffer(),
      );
    const sizes = await Promise.all(pngs.map(async (p) => (await sharp(p).png().toBuffer()).length));
    expect(new Set(sizes).size).toBe(1);
    size = sizes[0]!;
    cap = size * 2 + 10;
    t = await buildTestApp({ maxImageStorageBytes: cap });
    admin = (await buildBusiness(t.app)).cookie;
    const u = await buildUser(t.app, admin);
    staff = (await signIn(t.app, u.username, STAFF_PASSWORD)).cookie;
  });
  afterAll(() => t.close());
  const upload = (cookie: string, png = 0) =>
    t.app.inject({ method: 'POST', url: '/api/files/images', ...withCookie(multipart(pngs[png]!), cookie) });
  const usage = (cookie: string) => t.app.inject({ url: '/api/files/usage', headers: { cookie } });

  it('refuses an upload beyond the cap with 409 image_storage_full; usage shows used and cap', async () => {
    expect((await usage(admin)).json()).toEqual({ used_bytes: 0, cap_bytes: cap, files: 0 });
    const first = await upload(admin, 0);
    expect(first.statusCode).toBe(201);
    expect((await upload(staff, 1)).statusCode).toBe(201);
    const full = await upload(staff, 2);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('image_storage_full');
    expect((await usage(admin)).json()).toEqual({ used_bytes: size * 2, cap_bytes: cap, files: 2 });
    // a picture kept already takes no room: sent again when full, it is answered with its name
    const again = await upload(admin, 0);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await usage(admin)).json()).toEqual({ used_bytes: size * 2, cap_bytes: cap, files: 2 });
    expect((await usage(staff)).statusCode).toBe(403);
  });

  it('counts each business on its own', async () => {
    await setUpBusiness(
      t.db,
      t.clock,
      {
        business_name: 'Duka la Pili',
        username: 'secondboss',
        password: STAFF_PASSWORD,
        currency: 'KES',
        timezone: 'UTC',
        language: 'en',
      },
      { onlyIfNone: false },
    );
    const other = (await signIn(t.app, 'secondboss', STAFF_PASSWORD)).cookie;
    expect((await upload(other)).statusCode).toBe(201);
    expect((await usage(other)).json()).toEqual({ used_bytes: size, cap_bytes: cap, files: 1 });
    expect((await usage(admin)).json()).toMatchObject({ used_bytes: size * 2, files: 2 });
  });

  it('MAX_IMAGE_STORAGE_MB is checked at start: 200 MB unless set', () => {
    expect(loadConfig({}).maxImageStorageBytes).toBe(200_000_000);
    expect(loadConfig({ MAX_IMAGE_STORAGE_MB: '5' }).maxImageStorageBytes).toBe(5_000_000);
    for (const bad of ['0', '-1', 'lots', '1.5'])
      expect(() => loadConfig({ MAX_IMAGE_STORAGE_MB: bad })).toThrow(ConfigError);
  });
});
