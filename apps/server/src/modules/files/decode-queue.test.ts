import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildBusiness } from '../../test/factories.js';
import { MAX_DECODES_WAITING, decodesWaiting, oneDecodeAtATime } from './decode-queue.js';
import { checkedImage } from './files.service.js';

function multipart(data: Buffer) {
  const boundary = 'dukaboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG of `n`×`n` pixels, each image of another colour. */
const png = (n: number, r = 0) =>
  sharp({ create: { width: n, height: n, channels: 3, background: { r, g: 90, b: 40 } } })
    .png()
    .toBuffer();

describe('image decodes', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());
  const upload = (data: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/files/images', ...withCookie(multipart(data), admin) });
  const files = async () => (await t.db.kysely.selectFrom('files').select('id').execute()).length;

  it('decodes an image once: an upload in the writing of it, a file kept as it came with no stats pass; a damaged one is still image_unreadable', async () => {
    const image = await png(300);
    const proto = sharp.prototype as sharp.Sharp;
    const stats = vi.spyOn(proto, 'stats');
    const runs = vi.spyOn(proto, 'toBuffer');

    // a pushed or archived file: its bytes are kept, so it is decoded only to check it
    expect(await checkedImage(image)).toEqual({ mime: 'image/png' });
    expect(stats).not.toHaveBeenCalled();
    expect(runs).toHaveBeenCalledTimes(1);

    // an upload: decoded once, to be written again (`cleanImage`), with no check of its own
    runs.mockClear();
    expect((await upload(image)).statusCode).toBe(201);
    expect(stats).not.toHaveBeenCalled();
    expect(runs).toHaveBeenCalledTimes(1);

    for (const damaged of [image.subarray(0, image.length - 20), image.subarray(0, image.length >> 1)]) {
      await expect(checkedImage(damaged)).rejects.toMatchObject({ code: 'image_unreadable' });
      const res = await upload(damaged);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('image_unreadable');
    }
  });

  it(`decodes one image at a time; with ${MAX_DECODES_WAITING} waiting, the next upload is 503 server_busy, and the waiting ones are kept`, async () => {
    const before = await files();
    const images = await Promise.all(
      Array.from({ length: MAX_DECODES_WAITING + 2 }, (_, i) => png(2, 100 + i)),
    );
    // a decode that runs until the test lets it end
    let release = () => {};
    const running = oneDecodeAtATime(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = images.slice(0, MAX_DECODES_WAITING).map(upload);
    try {
      await vi.waitFor(() => expect(decodesWaiting()).toBe(MAX_DECODES_WAITING), { timeout: 10_000 });
      for (const res of await Promise.all(images.slice(MAX_DECODES_WAITING).map(upload))) {
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toMatchObject({ code: 'server_busy', field: 'avatar' });
        expect(res.headers['retry-after']).toBe('1');
      }
      // so is the check of a pushed or archived file
      await expect(checkedImage(images[0]!)).rejects.toMatchObject({ code: 'server_busy' });
      expect(await files()).toBe(before);
    } finally {
      release();
    }
    await running;
    const kept = await Promise.all(waiting);
    expect(kept.map((r) => r.statusCode)).toEqual(Array(MAX_DECODES_WAITING).fill(201));
    expect(await files()).toBe(before + MAX_DECODES_WAITING);
    expect(decodesWaiting()).toBe(0);
    expect((await upload(images[MAX_DECODES_WAITING]!)).statusCode).toBe(201);
  });
});

function withCookie(m: { payload: Buffer; headers: Record<string, string> }, cookie: string) {
  return { payload: m.payload, headers: { ...m.headers, cookie } };
}
