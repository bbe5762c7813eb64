import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_RETRIES,
  api,
  resetConnectivityCache,
  setApiHandlers,
  setDeviceHeader,
  setDeviceToken,
  setDeviceTokenHandler,
  setServerMode,
} from './api-client';
import { z } from 'zod';
import { ApiError } from './api-error';
import { describeApiError } from './notify';
import { testI18n } from '../test/render';
import { noteKeptByShop } from './session-storage';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await testI18n('en');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ shouldAdvanceTime: true });
  setServerMode('local');
  setDeviceHeader(null);
  resetConnectivityCache();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('answers checked by a schema loaded when the answer arrives', () => {
  const schema = z.object({ mode: z.enum(['local', 'hosted']) });
  it('checks the answer with the loaded schema', async () => {
    fetchMock.mockResolvedValue(json(200, { mode: 'hosted', extra: 1 }));
    const load = vi.fn(() => Promise.resolve(schema));
    await expect(api('/api/health', { schema: load })).resolves.toEqual({ mode: 'hosted' });
    expect(load).toHaveBeenCalledTimes(1);
  });
  it('refuses an answer the loaded schema refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json(200, { mode: 'elsewhere' }));
    await expect(api('/api/health', { schema: () => Promise.resolve(schema) })).rejects.toMatchObject({
      code: 'bad_response',
    });
  });
});

describe('api client (seed spec §7, §8)', () => {
  it('sends the device id header when the app has one', async () => {
    setDeviceHeader('AABBCCDDEEFF');
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await api('/api/me');
    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers['X-Device-Id']).toBe('AABBCCDDEEFF');
  });

  it("sends the device's token beside its id, and keeps a token the server issues, even with a refusal", async () => {
    const kept: Array<[string, string]> = [];
    setDeviceTokenHandler((id, token) => kept.push([id, token]));
    setDeviceHeader('AABBCCDDEEFF');
    setDeviceToken('AABBCCDDEEFF', null);
    fetchMock.mockResolvedValueOnce(
      json(
        403,
        { error: { code: 'device_not_approved', message: 'waiting' } },
        { 'X-Device-Token': 'issued-token-0123456789abcdef' },
      ),
    );
    await expect(
      api('/api/auth/login', { method: 'POST', body: {}, expectUnauthorized: true }),
    ).rejects.toMatchObject({ code: 'device_not_approved' });
    const first = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(first['X-Device-Token']).toBeUndefined();
    expect(kept).toEqual([['AABBCCDDEEFF', 'issued-token-0123456789abcdef']]);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await api('/api/me');
    const next = fetchMock.mock.calls[1]![1].headers as Record<string, string>;
    expect(next['X-Device-Id']).toBe('AABBCCDDEEFF');
    expect(next['X-Device-Token']).toBe('issued-token-0123456789abcdef');
    setDeviceTokenHandler(() => undefined);
    setDeviceToken('AABBCCDDEEFF', null);
  });

  it('retries a read up to 2 times, then gives up', async () => {
    fetchMock.mockRejectedValue(new TypeError('network'));
    await expect(api('/api/users')).rejects.toMatchObject({ kind: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1 + API_RETRIES);
  });

  it('a read that fails once and then answers succeeds', async () => {
    fetchMock
      .mockResolvedValueOnce(json(503, { error: { code: 'internal', message: 'x' } }))
      .mockResolvedValueOnce(json(200, [1]));
    await expect(api('/api/users')).resolves.toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never repeats a write that carries no id of its own', async () => {
    fetchMock.mockRejectedValue(new TypeError('network'));
    await expect(api('/api/users', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry a refusal (4xx)', async () => {
    fetchMock.mockResolvedValue(
      json(409, { error: { code: 'username_taken', message: 'taken', field: 'username' } }),
    );
    const err = (await api('/api/users/1', { method: 'PUT', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('username_taken');
    expect(err.field).toBe('username');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the params a refusal names, typed by its code', async () => {
    const params = { product_id: 'p1', name: 'Sugar 1 kg', on_hand: 2500 };
    fetchMock.mockResolvedValue(
      json(409, { error: { code: 'insufficient_stock', message: 'Not enough', field: 'lines', params } }),
    );
    const err = (await api('/api/sales', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.paramsOf('insufficient_stock')).toEqual(params);
    expect(err.paramsOf('reference_used')).toBeUndefined();
  });

  it('401 starts the expired-session flow; 402 the not-active message', async () => {
    const onUnauthorized = vi.fn();
    const onNotActive = vi.fn();
    setApiHandlers({ onUnauthorized, onNotActive });
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'session_expired', message: 'x' } }));
    await expect(api('/api/users')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(json(402, { error: { code: 'account_inactive', message: 'x' } }));
    await expect(api('/api/users')).rejects.toMatchObject({ status: 402 });
    expect(onNotActive).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'invalid_credentials', message: 'x' } }));
    await expect(api('/api/auth/login', { method: 'POST', expectUnauthorized: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('words failures for people, never as raw codes', () => {
    expect(describeApiError(new ApiError({ kind: 'http', status: 500, code: 'internal' }))).toBe(
      'Something bad happened; please try again later.',
    );
    expect(describeApiError(new ApiError({ kind: 'network' }))).toBe(
      'No answer from the server. Check the connection, then try again.',
    );
    expect(describeApiError(new ApiError({ kind: 'offline' }))).toBe(
      'Internet connection is missing or is not stable!',
    );
    expect(describeApiError(new ApiError({ kind: 'http', status: 402, code: 'account_inactive' }))).toMatch(
      /not active/,
    );
  });
});

describe('hosted mode connectivity (seed spec §4, §8)', () => {
  beforeEach(() => setServerMode('hosted'));

  it('sends no write when the shop is not online-capable', async () => {
    localStorage.setItem('shop_details', JSON.stringify({ name: 'S', online_offline: '0' }));
    await expect(api('/api/users', { method: 'POST', body: {} })).rejects.toMatchObject({ kind: 'offline' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends no write when the connectivity check fails', async () => {
    localStorage.setItem('shop_details', JSON.stringify({ name: 'S', online_offline: '1' }));
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(api('/api/users', { method: 'POST', body: {} })).rejects.toMatchObject({ kind: 'offline' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/health');
  });

  it('writes when both-modes is on and the check passes; reads are never held back', async () => {
    localStorage.setItem('shop_details', JSON.stringify({ name: 'S', online_offline: '1' }));
    fetchMock.mockResolvedValueOnce(json(200, { status: 'ok' })).mockResolvedValueOnce(json(201, { id: 1 }));
    await expect(api('/api/users', { method: 'POST', body: {} })).resolves.toEqual({ id: 1 });
    localStorage.setItem('shop_details', JSON.stringify({ name: 'S', online_offline: '0' }));
    fetchMock.mockResolvedValueOnce(json(200, []));
    await expect(api('/api/users')).resolves.toEqual([]);
  });

  it('the profile update that switches both-modes on is sent for a shop set to local only; no other write is', async () => {
    localStorage.setItem('shop_details', JSON.stringify({ name: 'S', online_offline: '0' }));
    fetchMock.mockResolvedValueOnce(json(200, { online_offline: 1 }));
    await expect(
      api('/api/business/profile', { method: 'PATCH', body: { name: 'S', online_offline: 1 } }),
    ).resolves.toEqual({ online_offline: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/business/profile');
    await expect(
      api('/api/business/profile', { method: 'PATCH', body: { name: 'T', online_offline: 0 } }),
    ).rejects.toMatchObject({ kind: 'offline' });
    await expect(
      api('/api/business/profile', { method: 'PATCH', body: { name: 'T' } }),
    ).rejects.toMatchObject({
      kind: 'offline',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a business a shop's PC keeps: the write goes to the server, whose refusal says where to make it", async () => {
    localStorage.setItem('shop_details', JSON.stringify({ name: 'S', online_offline: '0' }));
    noteKeptByShop(true);
    fetchMock.mockResolvedValueOnce(
      json(409, { error: { code: 'business_synced_from_shop', message: 'kept on the PC' } }),
    );
    const err = await api('/api/transfers/x/confirm', { method: 'POST', body: {} }).catch((e: unknown) => e);
    noteKeptByShop(false);
    expect(err).toMatchObject({ kind: 'http', code: 'business_synced_from_shop' });
    expect(describeApiError(err)).toMatch(/shop's PC/);
    expect(describeApiError(err)).not.toMatch(/Internet/);
  });

  it("the server's own refusal of a local-only shop reads as the connectivity message", async () => {
    localStorage.setItem('shop_details', JSON.stringify({ name: 'S', online_offline: '1' }));
    fetchMock
      .mockResolvedValueOnce(json(200, { status: 'ok' }))
      .mockResolvedValueOnce(json(403, { error: { code: 'business_offline', message: 'local only' } }));
    const err = await api('/api/users', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'http', code: 'business_offline' });
    expect(describeApiError(err)).toBe('Internet connection is missing or is not stable!');
  });

  it('signing in is never held back', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api('/api/auth/login', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
  });
});
