/**
 * Finalising or cancelling a count whose answer is lost (the shop PC's server restarts, the
 * network drops after the commit): the count's id is the close's own, so the same close again
 * answers the closed count and books nothing more. The words say it may already be done (never
 * "not done"); the other close after it is refused with how the count was closed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { StockCount } from '@duka/domain';
import { hookWrapper } from '../../test/keyed-server';
import { SHOP } from '../../test/locations';
import { type CountClose, useCountScreen } from './use-count-screen';

const COUNT_ID = '0190b1a0-0000-7000-8000-0000000000f2';
type Status = StockCount['status'];

const count = (status: Status): StockCount => ({
  id: COUNT_ID,
  location_id: SHOP.id,
  status,
  freeze_sales: false,
  note: '',
  started_by: null,
  started_at: '2026-12-01T08:00:00.000Z',
  closed_at: status === 'open' ? null : '2026-12-01T09:00:00.000Z',
  counted: [],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A count's closes as the server keeps them: the same close again answers the closed count (a
 * finalise books its corrections once), the other one is refused `count_closed`. While `down`, a
 * close is kept and then its answer is lost, and every request after it gets no answer either.
 */
function countServer() {
  const srv = { down: false, status: 'open' as Status, sent: [] as CountClose[], booked: 0 };
  const lost = () => Promise.reject(new TypeError('Failed to fetch'));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET')
        return srv.down ? lost() : Promise.resolve(json(count(srv.status)));
      const what = url.split('/').pop() as CountClose;
      srv.sent.push(what);
      const closed: Status = what === 'finalise' ? 'finalised' : 'cancelled';
      if (srv.status === 'open') {
        srv.status = closed;
        if (what === 'finalise') srv.booked += 1;
      }
      if (srv.down) return lost();
      if (srv.status !== closed)
        return Promise.resolve(
          json({ error: { code: 'count_closed', message: 'closed', params: { status: srv.status } } }, 409),
        );
      const c = count(srv.status);
      return Promise.resolve(
        json(what === 'finalise' ? { count: c, lines: [], total_variance_value: 0 } : c),
      );
    }),
  );
  return srv;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function screen() {
  const onBack = vi.fn();
  const hook = renderHook(() => useCountScreen(COUNT_ID, onBack), { wrapper: await hookWrapper() });
  return { ...hook, onBack };
}

describe('closing a count whose answer is lost', () => {
  it('finalise: the words say it may already be finalised; finalised again, it is done, and booked once', async () => {
    const srv = countServer();
    const { result, onBack } = await screen();
    act(() => result.current.closing.ask('finalise'));
    srv.down = true;
    await act(() => result.current.closing.doClose('finalise'));
    expect(srv.status).toBe('finalised');
    expect(result.current.closing.confirmError).toBe(
      'No answer from the server: the count may already be finalised. Finalise again: its corrections cannot be posted twice.',
    );
    expect(result.current.closing.confirm).toBe('finalise');
    expect(onBack).not.toHaveBeenCalled();
    srv.down = false;
    await act(() => result.current.closing.doClose('finalise'));
    expect(result.current.closing.confirmError).toBeNull();
    expect(result.current.closing.confirm).toBeNull();
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(srv.booked).toBe(1);
  });

  it('cancel: the words say it may already be cancelled; cancelled again, it is done', async () => {
    const srv = countServer();
    const { result, onBack } = await screen();
    act(() => result.current.closing.ask('cancel'));
    srv.down = true;
    await act(() => result.current.closing.doClose('cancel'));
    expect(result.current.closing.confirmError).toBe(
      'No answer from the server: the count may already be cancelled. Cancel again: it cannot be cancelled twice.',
    );
    srv.down = false;
    await act(() => result.current.closing.doClose('cancel'));
    expect(result.current.closing.confirmError).toBeNull();
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(srv.status).toBe('cancelled');
  });

  it('the other close after a finalise whose answer was lost: refused, the words say it was finalised', async () => {
    const srv = countServer();
    const { result, onBack } = await screen();
    act(() => result.current.closing.ask('finalise'));
    srv.down = true;
    await act(() => result.current.closing.doClose('finalise'));
    srv.down = false;
    act(() => result.current.closing.ask('cancel'));
    await act(() => result.current.closing.doClose('cancel'));
    expect(result.current.closing.confirmError).toBe(
      'This count was already finalised: it cannot be cancelled, and nothing more can be counted in it.',
    );
    expect(onBack).not.toHaveBeenCalled();
    expect(srv).toMatchObject({ status: 'finalised', booked: 1 });
  });
});
