/**
 * A debtor added from the till's picker whose answer is lost: the retry goes under the same id
 * (never a second debtor), and a form changed after the lost answer chooses the debtor created
 * first instead of showing the conflict.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { Debtor } from '@duka/domain';
import { NO_ANSWER_WORDS, hookWrapper, idsOf, keyedServer } from '../../test/keyed-server';
import { useDebtorPicker } from './use-debtor-picker';

const debtorOf = (body: Record<string, unknown>): Debtor => ({
  id: String(body.id),
  name: String(body.name),
  phone: '',
  id_number: '',
  credit_limit: 0,
  balance: 0,
  available: 0,
  active: true,
  note: '',
  last_activity_at: null,
  created_at: '2026-12-01T08:00:00.000Z',
  updated_at: '2026-12-01T08:00:00.000Z',
});

const debtorServer = () =>
  keyedServer({
    write: (url, body) => (url === '/api/debtors' ? debtorOf(body) : undefined),
    readId: (url) => url.match(/^\/api\/debtors\/([^/?]+)$/)?.[1] ?? null,
    other: () => ({ items: [], total_count: 0, total_balance: 0, all_owed: 0 }),
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the till's new debtor, its answer lost", () => {
  it('is sent again under the same id: one debtor', async () => {
    const srv = debtorServer();
    const onChange = vi.fn();
    const { result } = renderHook(() => useDebtorPicker(onChange, false, 2), {
      wrapper: await hookWrapper(),
    });
    act(() => result.current.form.setForm({ name: 'Achieng', phone: '', id_number: '', limit: '' }));
    srv.down = true;
    await act(() => result.current.form.add());
    expect(result.current.form.formError?.message).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    await act(() => result.current.form.add());
    expect(idsOf(srv)).toHaveLength(1);
    expect(srv.stored.size).toBe(1);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: idsOf(srv)[0], name: 'Achieng' }));
  });

  it('changed after the lost answer: the debtor created first is chosen, not a second one', async () => {
    const srv = debtorServer();
    const onChange = vi.fn();
    const { result } = renderHook(() => useDebtorPicker(onChange, false, 2), {
      wrapper: await hookWrapper(),
    });
    act(() => result.current.form.setForm({ name: 'Achieng', phone: '', id_number: '', limit: '' }));
    srv.down = true;
    await act(() => result.current.form.add());
    srv.down = false;
    act(() => result.current.form.setForm({ name: 'Achieng Auma', phone: '', id_number: '', limit: '' }));
    await act(() => result.current.form.add());
    expect(srv.stored.size).toBe(1);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: idsOf(srv)[0], name: 'Achieng' }));
    expect(result.current.adding).toBe(false);
  });
});
