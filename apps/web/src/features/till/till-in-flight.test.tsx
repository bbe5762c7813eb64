/**
 * The till while a sale is on its way: the cart and the pay panel are frozen, a late answer acts
 * only on the cart it was sent for, and a reload meanwhile leaves a trace the next till follows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetConnection } from '../../lib/connection';
import { renderApp } from '../../test/render';
import { ON_ITS_WAY_KEY } from './sale-outcome';
import { TillPage } from './till-page';
import { NO_TILL_ERRORS } from './till-errors';
import { type TillState, useTill } from './use-till';
import { useCompleteSale } from './use-complete-sale';
import { useSaleOutcome } from './use-sale-outcome';
import {
  LOC,
  cartQty,
  pause,
  ringSugarAndPay,
  saleServer,
  sugar,
  tillSession,
  typeOnPage,
} from './test-sale-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetConnection('online');
});

/** A promise the test settles when it wants the server to answer. */
function later() {
  let release!: () => void;
  const wait = new Promise<void>((r) => (release = r));
  return { wait, release };
}

describe('the till while a sale is on its way', () => {
  it('freezes the pay panel and the cart: Esc, Cancel, +, F8 and F4 do nothing; the answer is about what was sent', async () => {
    const slow = later();
    const srv = saleServer(() => slow.wait);
    await renderApp(<TillPage kind="cash" />, { session: tillSession() });
    const panel = await ringSugarAndPay();
    await waitFor(() => expect(within(panel).getByTestId('pay-complete')).toHaveAttribute('data-loading'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(within(panel).getByRole('button', { name: /Cancel/ })).toBeDisabled();
    fireEvent.keyDown(document.body, { key: '+' });
    fireEvent.keyDown(window, { key: 'F8' });
    fireEvent.keyDown(window, { key: 'F4' });
    fireEvent.change(within(panel).getByLabelText('Amount tendered'), { target: { value: '500' } });
    await pause(300);
    expect(screen.getByRole('dialog', { name: /Pay · Cash sale/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Park this sale|Start a new sale/ })).toBeNull();
    expect(within(panel).getByLabelText('Amount tendered')).toHaveValue('');
    expect(cartQty()).toBe(1000);
    slow.release();
    await screen.findByRole('dialog', { name: /Sale complete · Receipt #000001/ });
    // what the customer takes (1) is what was recorded; the cart moved on
    expect(srv.soldQty()).toBe(1000);
    expect(cartQty()).toBe(0);
  });
});

/** The till's hooks with nothing on screen: the test moves the cart while the sale travels. */
let till!: { s: TillState; complete: () => Promise<void> };
function Harness() {
  const s = useTill('cash');
  const outcome = useSaleOutcome(s);
  const { complete } = useCompleteSale(s, outcome);
  till = { s, complete };
  return null;
}

/** Rings sugar into the harness's cart, sends its sale, then parks that cart and rings the next one. */
async function sendThenServeTheNext() {
  await renderApp(<Harness />, { session: tillSession() });
  await waitFor(() => expect(till.s.till.ready).toBe(true));
  act(() => till.s.till.dispatch({ type: 'add', product: sugar, locationId: LOC }));
  const sent = till.s.cart.id;
  let done!: Promise<void>;
  act(() => {
    done = till.complete();
  });
  // what the freeze keeps the cashier from doing, done under the hood: another cart on the till
  act(() => till.s.till.park('First customer'));
  act(() => till.s.till.dispatch({ type: 'add', product: sugar, locationId: LOC }));
  expect(till.s.cart.id).not.toBe(sent);
  return { sent, done };
}

describe('a late answer about a cart no longer on the till', () => {
  it('recorded: the parked cart leaves the list; the cart on the till is left as it is', async () => {
    const slow = later();
    saleServer(() => slow.wait);
    const { sent, done } = await sendThenServeTheNext();
    const next = till.s.cart.id;
    slow.release();
    await act(() => done);
    expect(till.s.cart.id).toBe(next);
    expect(till.s.cart.lines).toHaveLength(1);
    expect(till.s.till.parked.map((p) => p.cart.id)).not.toContain(sent);
    expect(till.s.receipt).toBeNull();
  });

  it('refused or unanswered: nothing of it lands on the cart on the till', async () => {
    const slow = later();
    saleServer(() => slow.wait.then(() => Promise.reject(new TypeError('Failed to fetch'))));
    const { sent, done } = await sendThenServeTheNext();
    const next = till.s.cart.id;
    slow.release();
    await act(() => done);
    expect(till.s.cart.id).toBe(next);
    expect(till.s.cart.lines).toHaveLength(1);
    expect(till.s.cart.outcome_unknown).toBeUndefined();
    expect(till.s.errors.form).toBeNull();
    expect(till.s.errors).toEqual(NO_TILL_ERRORS);
    expect(till.s.till.parked.map((p) => p.cart.id)).toContain(sent);
  });
});

describe('a reload while the sale is on its way', () => {
  /** Rings sugar (twice with `more`) and pays; the page goes while the sale travels. */
  async function payThenReload(more = false) {
    const first = await renderApp(<TillPage kind="cash" />, { session: tillSession() });
    await screen.findByTestId('till-cart-title');
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    if (more) fireEvent.keyDown(document.body, { key: '+' }); // its save still waits for its pause
    fireEvent.keyDown(window, { key: 'F9' });
    const panel = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    fireEvent.click(within(panel).getByRole('button', { name: /Complete sale/ }));
    await waitFor(() => expect(within(panel).getByTestId('pay-complete')).toHaveAttribute('data-loading'));
    // F5: the page goes (its fetch is dropped by the browser, the server may still commit the sale)
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();
    first.qc.clear();
  }

  it('recorded meanwhile: the reopened till asks the server and shows the receipt, with a word', async () => {
    const slow = later();
    const srv = saleServer((n) => (n === 0 ? slow.wait : 'answer'), { firstNo: 424242 });
    await payThenReload();
    slow.release();
    await waitFor(() => expect(srv.stored.size).toBe(1));
    // the server dropped the sold cart with the sale, so the till opens with an empty cart
    await renderApp(<TillPage kind="cash" />, { session: tillSession() });
    const receipt = await screen.findByRole('dialog', { name: /Sale complete · Receipt #424242/ });
    expect(within(receipt).getByTestId('receipt-notice')).toHaveTextContent(
      'This sale had already been recorded as receipt #424242',
    );
    expect(srv.asked).toEqual([srv.posted[0]!.id]);
    expect(localStorage.getItem(ON_ITS_WAY_KEY)).toBeNull();
  });

  it('never recorded (404): the cart as it was sent comes back, to be finished or cleared', async () => {
    const lost = later(); // the sale's request died with the page: never stored
    const srv = saleServer((n) => (n === 0 ? lost.wait : 'answer'));
    await payThenReload(true);
    await renderApp(<TillPage kind="cash" />, { session: tillSession() });
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    await waitFor(() => expect(cartQty()).toBe(2000));
    const id = srv.posted[0]!.id;
    expect(srv.asked).toEqual([id]);
    expect(localStorage.getItem(ON_ITS_WAY_KEY)).toBeNull();
    // the same cart (its id), saved again as the user's cart
    await waitFor(() =>
      expect(srv.drafts.filter((d) => d.id === id && d.method === 'PUT').at(-1)?.body?.body).toMatchObject({
        id,
        lines: [{ qty: '2' }],
      }),
    );
  });

  it('still no answer: the cart comes back as one whose outcome is unknown, and the trace stays', async () => {
    const lost = later();
    const srv = saleServer((n) => (n === 0 ? lost.wait : 'drop'), { onGet: () => 'drop' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await payThenReload();
    await renderApp(<TillPage kind="cash" />, { session: tillSession() });
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    const alert = await screen.findByTestId('sale-alert', undefined, { timeout: 5_000 });
    expect(alert).toHaveTextContent('No answer from the server: the sale may already be recorded.');
    const id = srv.posted[0]!.id;
    expect(JSON.parse(localStorage.getItem(ON_ITS_WAY_KEY)!)).toMatchObject({ id });
    expect(logged).toHaveBeenCalledWith(
      'Asking what became of the sale left on its way failed',
      expect.anything(),
    );
    await waitFor(() =>
      expect(srv.drafts.filter((d) => d.id === id && d.method === 'PUT').at(-1)?.body?.body).toMatchObject({
        id,
        outcome_unknown: true,
      }),
    );
  });
});
