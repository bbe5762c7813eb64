import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkDraftPut } from '@duka/domain';
import { notifications } from '@mantine/notifications';
import { connectionNow, reportAnswered, resetConnection } from './connection';
import { DraftWriter, flushDraftWriters, listWorkDrafts, withLeftBehind } from './work-drafts';

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
  vi.restoreAllMocks();
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

  it('says nothing when the server refuses a cart whose sale is already recorded, and goes on', async () => {
    const shown = vi.spyOn(notifications, 'show');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        calls.push(init?.method ?? 'GET');
        if (calls.length === 1)
          return Promise.resolve(
            json({ error: { code: 'draft_recorded', message: 'This sale was already recorded' } }, 409),
          );
        return Promise.resolve(json({ ok: true }));
      }),
    );
    const w = new DraftWriter();
    await w.now(ID, put(1));
    await w.drop(ID);
    expect(calls).toEqual(['PUT', 'DELETE']);
    expect(shown).not.toHaveBeenCalled();
    shown.mockRestore();
  });
});

describe('a reload right after typing', () => {
  it('shows what the page left behind even when the server has not got its last write yet', async () => {
    const { calls } = server();
    const w = new DraftWriter();
    const detach = w.attach();
    w.later(ID, put(7)); // typed, still waiting for its pause, when the page goes
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toEqual(['PUT 7']);
    detach();
    // the next page asks before that write landed: the server answers an older cart of this user
    const OLDER = '0190b1a0-0000-7000-8000-0000000000c1';
    const older = {
      id: OLDER,
      kind: 'cart',
      slot: '',
      name: '',
      body: { n: 1 },
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json([older]))),
    );
    const first = await listWorkDrafts();
    expect(first.map((d) => [d.id, d.body])).toEqual([[ID, { n: 7 }]]); // one cart: the newer
    expect((await listWorkDrafts()).map((d) => d.id)).toEqual([OLDER]); // taken once
  });

  it("puts left-behind drafts over the server's as the server keeps them", () => {
    const at = '2026-01-01T00:00:00.000Z';
    const d = (id: string, kind: 'cart' | 'parked' | 'stock', slot = '', n = 0) => ({
      id,
      kind,
      slot,
      name: '',
      body: { n },
      updated_at: at,
    });
    const server = [
      d('a', 'stock', 'receipt', 1),
      d('b', 'stock', 'transfer', 1),
      d('p', 'parked'),
      d('c', 'cart'),
    ];
    const left = [
      { id: 'a2', kind: 'stock' as const, slot: 'receipt', name: '', body: { n: 2 } },
      { id: 'p2', kind: 'parked' as const, slot: '', name: 'Mama', body: { n: 3 } },
    ];
    expect(withLeftBehind(server, left, at).map((x) => x.id)).toEqual(['p2', 'a2', 'b', 'p', 'c']);
  });

  it('is forgotten at sign-out with the rest of the browser storage', async () => {
    const { clearSessionStorage } = await import('./session-storage');
    server();
    const w = new DraftWriter();
    const detach = w.attach();
    w.later(ID, put(8));
    window.dispatchEvent(new Event('pagehide'));
    detach();
    clearSessionStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json([]))),
    );
    expect(await listWorkDrafts()).toEqual([]);
  });
});

describe('drafts written while offline', () => {
  it('keeps a write that got no answer, says so once, and sends it again once the server answers', async () => {
    vi.useFakeTimers();
    const shown = vi.spyOn(notifications, 'show');
    const calls: string[] = [];
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (!up) return Promise.reject(new TypeError('Failed to fetch'));
        const method = init?.method ?? 'GET';
        if (url === '/api/health') return Promise.resolve(json({ status: 'ok' }));
        const b = JSON.parse((init?.body as string | undefined) ?? '{}') as WorkDraftPut;
        const n = (b.body as { n?: number } | undefined)?.n;
        calls.push(n === undefined ? method : `${method} ${n}`);
        return Promise.resolve(json({ id: url.slice(-36), updated_at: '2026-01-01T00:00:00.000Z', ...b }));
      }),
    );
    resetConnection('online');
    const w = new DraftWriter();
    const detach = w.attach();
    const saving = w.now(ID, put(1));
    await vi.advanceTimersByTimeAsync(2_000); // the client's own retries
    await saving;
    const second = w.now(ID, put(2));
    await vi.advanceTimersByTimeAsync(2_000);
    await second;
    expect(calls).toEqual([]);
    expect(connectionNow()).toBe('offline');
    expect(shown.mock.calls.map(([n]) => n.id)).toEqual(['work-drafts-unsent', 'work-drafts-unsent']);
    expect(shown.mock.calls[0]![0].message).toBe('workDrafts.unsent');

    up = true;
    reportAnswered();
    await vi.advanceTimersByTimeAsync(10);
    await flushDraftWriters();
    expect(calls).toEqual(['PUT 2']); // the last content, once
    detach();
    shown.mockRestore();
    resetConnection('online');
  });
});
