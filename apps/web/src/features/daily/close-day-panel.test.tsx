import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, within } from '@testing-library/react';
import type { DailySummary } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { SHOP } from '../../test/locations';
import { hookWrapper } from '../../test/keyed-server';
import { CloseDayPanel } from './close-day-panel';
import { useCloseDay } from './use-close-day';

const closedDay = (expectedNow: number) =>
  ({
    location_id: SHOP.id,
    location_name: SHOP.name,
    day: '2026-12-01',
    totals: { expected_cash: expectedNow },
    cashiers: [],
    close: {
      id: '0190a000-0000-7000-8000-0000000000c1',
      receipt_no: '000050',
      location_id: SHOP.id,
      location_name: SHOP.name,
      day: '2026-12-01',
      expected_cash: 50_000,
      counted_cash: 50_000,
      difference: 0,
      note: '',
      user_name: 'Wanjiku',
      created_at: '2026-12-01T17:00:00.000Z',
    },
  }) as unknown as DailySummary;

afterEach(() => vi.unstubAllGlobals());

describe('a closed day that changed since', () => {
  // teal (or red) text on the orange alert's tint measured 4.2:1; in the alert's own text colour
  // (black or white) it is well over 4.5:1, and the sign and the words still say which way
  it.each([
    [56_500, '+KES 65.00'],
    [43_500, '−KES 65.00'],
  ])('expected now %i: says by how much, in the alert’s own colour', async (now, text) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({}, { status: 404 }))),
    );
    await renderApp(<CloseDayPanel summary={closedDay(now)} dayText="1 December 2026" />, {
      session: makeSession({ role: 'admin' }),
    });
    const alert = screen.getByTestId('changed-since-close');
    const amount = within(alert).getByTestId('changed-by');
    expect(amount).toHaveTextContent(text);
    for (const el of [amount, ...amount.querySelectorAll('*')])
      expect((el as HTMLElement).style.color).toBe('');
  });
});

describe('the cash counted', () => {
  it("drops the amount's error once another amount is typed", async () => {
    const open = { ...closedDay(50_000), close: null } as unknown as DailySummary;
    const { result } = renderHook(() => useCloseDay(open), { wrapper: await hookWrapper() });
    act(() => result.current.setCounted('abc'));
    act(() => result.current.ask());
    expect(result.current.error.field).toBe('Type the amount counted, e.g. 1250.50');
    act(() => result.current.setCounted('565'));
    expect(result.current.error).toEqual({});
    expect(result.current.diff.counted).toBe(56_500);
  });
});
