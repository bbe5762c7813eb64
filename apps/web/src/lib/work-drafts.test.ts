import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkDraftPut } from '@duka/domain';
import { DraftWriter, flushDraftWriters } from './work-drafts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ID = '0190b1a0-0000-7000-8000-0000000000d1';
const put = (n: number): WorkDraftPut => ({ kind: 'cart', slot: '', name: '', body: { n } });

/** Records each call as "METHOD body.n" (or "DELETE"), answering as the server would. */
function server() {
  const calls: string[] = [];
  const keepalive: boolean[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'PUT') {
        const b = JSON.parse(init!.body as string) as WorkDraftPut;
        calls.push(`PUT ${String(b.body.n)}`);
        keepalive.push(!!init?.keepalive);
        return Promise.resolve(json({ id: url.slice(-36), updated_at: '2026-01-01T00:00:00.000Z', ...b }));
      }
      calls.push(method);
      return Promise.resolve(json({ ok: true }));
    }),
  );
  return { calls, keepalive };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('drafts written to the server', () => {
  it('saves after a pause in typing, the last content only', async () => {
    vi.useFakeTimers();
    const { calls } = server();
    const w = new DraftWriter();
    w.later(ID, put(1));
    w.later(ID, put(2));
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toEqual(['PUT 2']);
  });

  it('keeps the order asked: a park is never overtaken by the cart save before it', async () => {
    vi.useFakeTimers();
    const { calls } = server();
    const w = new DraftWriter();
    w.later(ID, put(1)); // the cart, waiting for its pause
    void w.now(ID, put(2)); // parked: replaces the waiting save
    await w.drop(ID);
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toEqual(['PUT 2', 'DELETE']);
  });

  it('sends what waits before signing out, and with keepalive when the page goes away', async () => {
    const { calls, keepalive } = server();
    const w = new DraftWriter();
    const detach = w.attach();
    w.later(ID, put(1));
    await flushDraftWriters();
    expect(calls).toEqual(['PUT 1']);
    w.later(ID, put(2));
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toEqual(['PUT 1', 'PUT 2']);
    expect(keepalive).toEqual([false, true]);
    detach();
    w.later(ID, put(3));
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(2); // a screen gone is not written from any more
    w.cancelWaiting(ID);
  });
});
