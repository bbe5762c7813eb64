import type { ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyTranslation } from './early-translation';
import { translationBackend } from './i18n-backend';

afterEach(() => vi.unstubAllGlobals());

/** The backend's answer to one read of `lng`: its error, its data, and whether i18next may retry. */
function read(lng: string): Promise<{ err: unknown; data: unknown }> {
  const backend = translationBackend((l) => `/assets/i18n/${l}.json`);
  return new Promise((resolve) => {
    const callback: ReadCallback = (err, data) => resolve({ err, data });
    backend.read(lng, 'translation', callback);
  });
}

const serve = (answer: () => Promise<Response>) => {
  const fetch = vi.fn((_url: string) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

describe("the language files' loader (in place of i18next-http-backend)", () => {
  it('takes the file boot.ts already asked for, and asks for it itself after that', async () => {
    const fetch = serve(() => Promise.resolve(new Response('{"hello":"Jambo"}')));
    startEarlyTranslation('/assets/i18n/sw.json');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await read('sw')).toEqual({ err: null, data: { hello: 'Jambo' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await read('sw')).toEqual({ err: null, data: { hello: 'Jambo' } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/assets/i18n/sw.json', '/assets/i18n/sw.json']);
  });

  it('lets i18next try again after a network failure or a server error, not after a 404 or bad JSON', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await read('de')).toEqual({ err: expect.stringContaining('/assets/i18n/de.json'), data: true });
    serve(() => Promise.resolve(new Response('busy', { status: 503 })));
    expect(await read('de')).toEqual({ err: expect.stringContaining('503'), data: true });
    serve(() => Promise.resolve(new Response('missing', { status: 404 })));
    expect(await read('de')).toEqual({ err: expect.stringContaining('404'), data: false });
    serve(() => Promise.resolve(new Response('<html>', { status: 200 })));
    expect(await read('de')).toEqual({ err: expect.stringContaining('json'), data: false });
  });
});
