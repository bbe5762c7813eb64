/**
 * Closing a day whose answer is lost: the words never say it was not saved, the same id is sent
 * again, and a close with other figures meeting the one stored under its id is told so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { DailySummary } from '@duka/domain';
import { NO_ANSWER_WORDS, hookWrapper, idsOf, keyedServer } from '../../test/keyed-server';
import { SHOP } from '../../test/locations';
import { useCloseDay } from './use-close-day';

const SUMMARY = {
  location_id: SHOP.id,
  location_name: SHOP.name,
  day: '2026-12-01',
  totals: { expected_cash: 500_000 },
  cashiers: [],
  close: null,
} as unknown as DailySummary;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('closing a day whose answer is lost', () => {
  it('says it may already be saved; with other figures, the 409 says the day was closed with those first sent', async () => {
    const srv = keyedServer({
      write: (url, body) =>
        url === '/api/daily-sales/close' ? { ...body, receipt_no: '000050' } : undefined,
    });
    const { result } = renderHook(() => useCloseDay(SUMMARY), { wrapper: await hookWrapper() });
    act(() => result.current.setCounted('5000'));
    srv.down = true;
    await act(() => result.current.submit());
    expect(srv.stored.size).toBe(1);
    expect(result.current.error.form).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.setCounted('4900'));
    await act(() => result.current.submit());
    expect(result.current.error.form).toMatch(/^This day was already closed, with the figures first sent/);
    expect(idsOf(srv)).toHaveLength(1);
  });
});
