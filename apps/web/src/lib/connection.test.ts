import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import {
  PING_DOWN_MS,
  PING_UP_MAX_MS,
  PING_UP_MIN_MS,
  connectionNow,
  reportAnswered,
  reportNoAnswer,
  resetConnection,
  subscribeConnection,
  watchConnection,
} from './connection';

const ok = () =>
  new Response('{"status":"ok"}', { status: 200, headers: { 'Content-Type': 'application/json' } });

/** fetch answering (or failing) as `up` says, recording the URLs asked. */
function network() {
  const asked: string[] = [];
  const net = { up: true, asked };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      return net.up ? Promise.resolve(ok()) : Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  return net;
}

function setBrowserOnline(on: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => on });
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
}

afterEach(() => {
  setBrowserOnline(true);
  resetConnection('online');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the link to the server', () => {
  it('goes from online to reconnecting on a request with no answer, offline on the next, online on any answer', () => {
    resetConnection('online');
    const seen: string[] = [];
    const stop = subscribeConnection(() => seen.push(connectionNow()));
    reportNoAnswer();
    reportNoAnswer();
    reportAnswered();
    stop();
    expect(seen).toEqual(['reconnecting', 'offline', 'online']);
  });

  it('is fed by the API client: a failed fetch is no answer, any HTTP answer (a 4xx too) is one', async () => {
    vi.useFakeTimers();
    const net = network();
    net.up = false;
    const failing = api('/api/products').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await failing).toMatchObject({ kind: 'network' });
    expect(connectionNow()).toBe('offline');
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('{"error":{"code":"not_found"}}', { status: 404 })),
    );
    await api('/api/products/x').catch(() => undefined);
    expect(connectionNow()).toBe('online');
  });

  it('follows the browser: offline at once; back on, asks the server before saying online', async () => {
    vi.useFakeTimers();
    const net = network();
    const stop = watchConnection();
    setBrowserOnline(false);
    expect(connectionNow()).toBe('offline');
    net.up = false;
    setBrowserOnline(true);
    expect(connectionNow()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(connectionNow()).toBe('offline'); // the server still does not answer
    net.up = true;
    await vi.advanceTimersByTimeAsync(PING_DOWN_MS);
    expect(connectionNow()).toBe('online');
    stop();
  });

  it('pings /api/health while watched and visible: often while down, backing off while up', async () => {
    vi.useFakeTimers();
    const net = network();
    resetConnection('online');
    const stop = watchConnection();
    await vi.advanceTimersByTimeAsync(PING_UP_MIN_MS);
    expect(net.asked).toEqual(['/api/health']);
    await vi.advanceTimersByTimeAsync(PING_UP_MIN_MS); // the next one waits twice as long
    expect(net.asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PING_UP_MIN_MS);
    expect(net.asked).toHaveLength(2);
    // the server goes: seen within 5 s of the next ping, checked every PING_DOWN_MS after
    net.up = false;
    await vi.advanceTimersByTimeAsync(PING_UP_MAX_MS);
    expect(connectionNow()).not.toBe('online');
    await vi.advanceTimersByTimeAsync(PING_DOWN_MS);
    expect(connectionNow()).toBe('offline');
    const before = net.asked.length;
    await vi.advanceTimersByTimeAsync(PING_DOWN_MS * 3);
    expect(net.asked.length - before).toBe(3);
    // hidden: no ping at all
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    const hidden = net.asked.length;
    await vi.advanceTimersByTimeAsync(PING_UP_MAX_MS * 2);
    expect(net.asked.length).toBe(hidden);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    net.up = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connectionNow()).toBe('online');
    stop();
    // nobody watching: no ping
    const after = net.asked.length;
    await vi.advanceTimersByTimeAsync(PING_UP_MAX_MS * 2);
    expect(net.asked.length).toBe(after);
  });
});
