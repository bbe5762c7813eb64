/**
 * A debtor's payment whose answer is lost (the shop PC's server restarts, the network drops after
 * the commit): it is never recorded twice, the words never say it was not saved, and a changed
 * form meeting the payment already stored under its id is told so, never shown as saved.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Debtor, DebtorPayment } from '@duka/domain';
import { NO_ANSWER_WORDS, hookWrapper, idsOf, keyedServer } from '../../test/keyed-server';
import { SHOP } from '../../test/locations';
import { useDebtorForm } from './use-debtor-form';
import { usePaymentForm } from './use-payment-form';

const DEBTOR: Debtor = {
  id: '0190b1a0-0000-7000-8000-0000000000d1',
  name: 'Otieno',
  phone: '',
  id_number: '',
  credit_limit: 500_000,
  balance: 100_000,
  available: 400_000,
  active: true,
  note: '',
  last_activity_at: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

const payment = (body: Record<string, unknown>): DebtorPayment => ({
  id: String(body.id),
  receipt_no: '000042',
  debtor_id: DEBTOR.id,
  debtor_name: DEBTOR.name,
  amount: Number(body.amount),
  method: 'cash',
  location_id: SHOP.id,
  location_name: SHOP.name,
  provider_name: null,
  reference: null,
  note: '',
  balance_after: DEBTOR.balance - Number(body.amount),
  user_name: 'Wanjiku Staff',
  business_day: '2026-12-01',
  created_at: '2026-12-01T08:00:00.000Z',
  voids_id: null,
  voided_by_id: null,
});

function paymentServer() {
  return keyedServer({
    write: (url, body) => (url.endsWith('/payments') ? payment(body) : undefined),
    readId: (url) => url.match(/^\/api\/debtor-payments\/(.+)$/)?.[1] ?? null,
    other: (url) => (url === '/api/locations' ? [SHOP] : []),
  });
}

async function openPayment(onDone = vi.fn()) {
  const view = renderHook(() => usePaymentForm(DEBTOR, onDone), { wrapper: await hookWrapper() });
  await waitFor(() => expect(view.result.current.loc).toBe(SHOP.id));
  return view;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a debtor payment whose answer is lost', () => {
  it('says it may already be saved, and a retry under the same id records it once', async () => {
    const srv = paymentServer();
    const onDone = vi.fn();
    const { result } = await openPayment(onDone);
    act(() => result.current.setAmount('500'));
    srv.down = true;
    await act(() => result.current.submit());
    expect(srv.stored.size).toBe(1); // it IS recorded
    expect(result.current.formError).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    await act(() => result.current.submit());
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ receipt_no: '000042', amount: 50_000 }));
    expect(idsOf(srv)).toHaveLength(1);
    expect(srv.stored.size).toBe(1);
  });

  it('changed after the lost answer: the 409 names the payment recorded, and the form goes on under a new id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const srv = paymentServer();
    const onDone = vi.fn();
    const { result } = await openPayment(onDone);
    act(() => result.current.setAmount('500'));
    srv.down = true;
    await act(() => result.current.submit());
    srv.down = false;
    act(() => result.current.setAmount('50'));
    await act(() => result.current.submit());
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.formError).toBeNull();
    expect(result.current.warning).toMatch(/already recorded as receipt #000042 \(KES\s500\.00\)/);
    // saved again, it is a payment of its own (not the 409 again, and not the first one)
    await act(() => result.current.submit());
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ amount: 5_000 }));
    expect(idsOf(srv)).toHaveLength(2);
  });
});

describe('a new debtor whose answer is lost', () => {
  it('changed after the lost answer: the debtor created first is opened, not a second one', async () => {
    const srv = keyedServer({
      write: (url, body) => (url === '/api/debtors' ? { ...DEBTOR, ...body, balance: 0 } : undefined),
      readId: (url) => url.match(/^\/api\/debtors\/([^/?]+)$/)?.[1] ?? null,
    });
    const onSaved = vi.fn();
    const { result } = renderHook(() => useDebtorForm(null, onSaved), { wrapper: await hookWrapper() });
    act(() => result.current.set('name', 'Achieng'));
    srv.down = true;
    await act(() => result.current.submit());
    expect(result.current.formError).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.set('name', 'Achieng Auma'));
    await act(() => result.current.submit());
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: idsOf(srv)[0], name: 'Achieng' }));
    expect(srv.stored.size).toBe(1);
  });
});
