import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { buildBusiness } from '../test/factories.js';
import { testConfig } from '../test/test-app.js';
import { freshDatabase } from '../test/test-db.js';
import { cacheControlFor, translationVersion } from './web-app.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `console.log(${JSON.stringify('Duka '.repeat(400))});\n`;
const EN = JSON.stringify({ auth: { signIn: 'Sign in' }, filler: 'x'.repeat(2000) });

/** A built web app in miniature, as `vite build` and scripts/precompress.mjs leave it. */
function fakeWebRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-web-'));
  const write = (file: string, body: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), body);
  };
  const html = `<!doctype html><html><head><title>Duka</title></head><body>${'<!-- shell -->'.repeat(80)}</body></html>`;
  for (const [file, body] of [
    ['index.html', html],
    ['assets/index-AbCd12_.js', SCRIPT],
    ['assets/i18n/en.json', EN],
  ]) {
    write(file!, body!);
    write(`${file}.br`, zlib.brotliCompressSync(body!));
    write(`${file}.gz`, zlib.gzipSync(body!));
  }
  write('assets/duka-logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('sw.js', 'self.addEventListener("fetch", () => {});');
  return root;
}

describe('the web app: precompressed files and cache headers', () => {
  let app: FastifyInstance;
  let webRoot: string;
  let dispose: () => Promise<void>;
  let cookie: string;
  beforeAll(async () => {
    webRoot = fakeWebRoot();
    const fresh = await freshDatabase();
    dispose = fresh.dispose;
    app = await buildApp({
      deps: { db: fresh.db, config: testConfig(), clock: { now: () => new Date() }, version: 'test' },
      webRoot,
    });
    await app.ready();
    cookie = (await buildBusiness(app)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await dispose();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that takes brotli, gzip to one that takes gzip, the file itself otherwise', async () => {
    const url = '/assets/index-AbCd12_.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps content-named files a year, and revalidates index.html, the service worker and the rest', async () => {
    const hashed = await app.inject({ url: '/assets/index-AbCd12_.js' });
    expect(hashed.headers['cache-control']).toBe(IMMUTABLE);
    for (const url of ['/', '/login', '/cash-sale', '/sw.js', '/assets/duka-logo.svg']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const page = await app.inject({ url: '/cash-sale', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toMatch(/^<!doctype html>/);
  });

  it('answers a file it does not have with a 404 kept nowhere, never index.html (a chunk of another build)', async () => {
    for (const url of [
      '/assets/gone-AAAAAAA.js',
      '/assets/index-ZZZZZZZ.css?x=1',
      '/assets/icons/none.png',
      '/assets/nothing',
      '/favicon.ico',
      '/deep/path/old-build.js',
    ]) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.json(), url).toMatchObject({ error: { code: 'not_found' } });
    }
    // a page navigation (no extension) still gets the app, revalidated
    for (const url of ['/cash-sale', '/some/old/page', '/pages/error?from=x.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a file that goes while it is sent (the app replaced by an update) 503 busy, to be retried, never 500', async () => {
    // the file is there when looked at and gone when opened: what a new build's copy does to a request
    const realOpen = fs.createReadStream.bind(fs);
    const gone = vi
      .spyOn(fs, 'createReadStream')
      .mockImplementation(((_path: fs.PathLike, options?: object) =>
        realOpen(path.join(webRoot, 'gone-since'), options)) as typeof fs.createReadStream);
    try {
      for (const url of ['/', '/cash-sale', '/assets/index-AbCd12_.js']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.statusCode, `${url} ${res.body}`).toBe(503);
        expect(res.headers['retry-after'], url).toBe('1');
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.json(), url).toMatchObject({ error: { code: 'server_busy' } });
      }
      expect(gone).toHaveBeenCalled();
    } finally {
      gone.mockRestore();
    }
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
  });

  it('keeps a translation file a year only when asked for by its current content hash', async () => {
    const v = translationVersion(Buffer.from(EN));
    const current = await app.inject({ url: `/assets/i18n/en.json?v=${v}` });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(JSON.parse(EN));
    expect(current.headers['cache-control']).toBe(IMMUTABLE);
    for (const url of ['/assets/i18n/en.json', '/assets/i18n/en.json?v=0123456789ab']) {
      expect((await app.inject({ url })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses JSON answers of 1 KB and more, not smaller ones, and not for a client that takes none', async () => {
    const url = '/api/docs/json'; // the OpenAPI document: a JSON answer of many KB
    const big = await app.inject({ url, headers: { cookie, 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const raw = zlib.brotliDecompressSync(big.rawPayload).toString();
    expect(Buffer.byteLength(raw)).toBeGreaterThanOrEqual(1024);
    expect(JSON.parse(raw)).toBeTypeOf('object');

    const gz = await app.inject({ url, headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(raw));

    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('mode');

    const none = await app.inject({ url, headers: { cookie } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(JSON.parse(raw));
  });

  it('leaves a PDF download as it is', async () => {
    const res = await app.inject({
      url: '/api/reports/sales/export?from=2026-01-01&to=2026-01-31&format=pdf&lang=en',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('cacheControlFor', () => {
  const versions = new Map([['de', 'abcdef012345']]);
  it('tells content-named build files from files named the same across builds', () => {
    expect(cacheControlFor('/assets/till-page-DVDM3Oo.js', versions)).toBe(IMMUTABLE);
    expect(cacheControlFor('/assets/index-WuH3lVW.css', versions)).toBe(IMMUTABLE);
    expect(cacheControlFor('/assets/i18n/de.json?v=abcdef012345', versions)).toBe(IMMUTABLE);
    for (const url of [
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/assets/duka-logo.svg',
      '/assets/icons/icon-192.png',
      '/assets/i18n/de.json',
      '/assets/i18n/es.json?v=abcdef012345',
    ]) {
      expect(cacheControlFor(url, versions), url).toBe('no-cache');
    }
  });
});

describe('headers of the pages and of their files', () => {
  it('a page carries the Content-Security-Policy; a file under /assets/ only the fixed headers', async () => {
    const webRoot = fakeWebRoot();
    const fresh = await freshDatabase();
    const app = await buildApp({
      deps: { db: fresh.db, config: testConfig(), clock: { now: () => new Date() }, version: 'test' },
      webRoot,
    });
    try {
      const page = await app.inject({ url: '/login' });
      expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
      const file = await app.inject({ url: '/assets/index-AbCd12_.js' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-security-policy']).toBeUndefined();
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
      await fresh.dispose();
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
