/**
 * The till when the answer to a sale is lost (the shop PC's server restarts, the network drops
 * after the commit) or a 409 says the id already holds another sale: nothing is rung twice and
 * nothing the customer takes is lost.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetConnection } from '../../lib/connection';
import { renderApp } from '../../test/render';
import { ON_ITS_WAY_KEY } from './sale-outcome';
import { TillPage } from './till-page';
import { cartQty, pause, ringSugarAndPay, saleServer, tillSession, typeOnPage } from './test-sale-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetConnection('online');
});

const openTill = () => renderApp(<TillPage kind="cash" />, { session: tillSession() });

/** Closes the pay panel with Esc (it is not busy) and waits until it has gone. */
async function closePay() {
  fireEvent.keyDown(document.body, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /Pay · Cash sale/ })).toBeNull());
}

/** F4 over a cart with lines, then Clear cart in the dialog that asks. */
async function clearCart() {
  fireEvent.keyDown(window, { key: 'F4' });
  const dialog = await screen.findByRole('dialog', { name: 'Start a new sale?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Clear cart' }));
}

/** The latest draft the till saved for cart `id`. */
const lastDraft = (srv: ReturnType<typeof saleServer>, id: string) =>
  srv.drafts.filter((d) => d.id === id && d.method === 'PUT').at(-1)?.body;

describe('the till when the answer to a sale is lost', () => {
  it('says the sale may already be recorded (not that it was not), keeps the cart, and marks its outcome unknown', async () => {
    // the first try commits, then the server restarts: the connection dies, the retries find no server
    const srv = saleServer((n) => (n === 0 ? 'store+drop' : 'drop'));
    await openTill();
    const panel = await ringSugarAndPay();
    const alert = await within(panel).findByTestId('sale-alert', undefined, { timeout: 5_000 });
    expect(srv.stored.size).toBe(1); // it IS recorded
    expect(alert.textContent).not.toMatch(/NOT recorded/);
    expect(alert).toHaveTextContent(
      'No answer from the server: the sale may already be recorded. Try again: it cannot be recorded twice. The cart is kept.',
    );
    expect(cartQty()).toBe(1000);
    // the cart's draft says its outcome is unknown; the trace of the sale on its way stays
    const id = srv.posted[0]!.id;
    await waitFor(() => expect(lastDraft(srv, id)?.body).toMatchObject({ id, outcome_unknown: true }));
    expect(JSON.parse(localStorage.getItem(ON_ITS_WAY_KEY)!)).toMatchObject({ id });
  });

  it('the words follow the language', async () => {
    saleServer(() => 'drop');
    await renderApp(<TillPage kind="cash" />, { session: tillSession(), lng: 'de' });
    await screen.findByTestId('till-cart-title');
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    fireEvent.keyDown(window, { key: 'F9' });
    const panel = await screen.findByRole('dialog', { name: /Bezahlen/ });
    fireEvent.click(within(panel).getByTestId('pay-complete'));
    const alert = await within(panel).findByTestId('sale-alert', undefined, { timeout: 5_000 });
    expect(alert).toHaveTextContent('Der Verkauf ist möglicherweise bereits gebucht');
    expect(alert.textContent).not.toMatch(/NICHT gespeichert/);
  });

  it('clearing such a cart asks the server first: recorded, its receipt shows as a completed sale and nothing is rung twice', async () => {
    let up = false;
    const srv = saleServer((n) => (n === 0 ? 'store+drop' : up ? 'answer' : 'drop'));
    await openTill();
    const panel = await ringSugarAndPay();
    await within(panel).findByTestId('sale-alert', undefined, { timeout: 5_000 });
    await closePay();
    await clearCart();
    // the server has it: shown as the sale it is, with a word on how the till learnt of it
    const receipt = await screen.findByRole('dialog', { name: /Sale complete · Receipt #000001/ });
    expect(within(receipt).getByTestId('receipt-notice')).toHaveTextContent(
      'This sale had already been recorded as receipt #000001: only its answer was lost.',
    );
    expect(srv.asked).toEqual([srv.posted[0]!.id]);
    expect(screen.queryByRole('group', { name: 'Sugar 1 kg' })).toBeNull();
    expect(localStorage.getItem(ON_ITS_WAY_KEY)).toBeNull();
    // the next customer: a new sale under a new id; the first one is recorded once
    up = true;
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    fireEvent.keyDown(window, { key: 'F9' });
    const again = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    fireEvent.click(within(again).getByRole('button', { name: /Complete sale/ }));
    await screen.findByRole('dialog', { name: /Receipt #000002/ });
    expect(new Set(srv.posted.map((p) => p.id)).size).toBe(2);
    expect(srv.soldQty()).toBe(2000); // one bag each, once each
  });

  it('parking such a cart asks the server first: not there (404), it is parked as an ordinary cart', async () => {
    const srv = saleServer(() => 'drop'); // the server was down: nothing recorded
    await openTill();
    const panel = await ringSugarAndPay();
    await within(panel).findByTestId('sale-alert', undefined, { timeout: 5_000 });
    await closePay();
    const id = srv.posted[0]!.id;
    fireEvent.keyDown(window, { key: 'F8' });
    const park = await screen.findByRole('dialog', { name: 'Park this sale' });
    fireEvent.submit(park.querySelector('form')!);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Sugar 1 kg' })).toBeNull());
    expect(srv.asked).toEqual([id]);
    const parked = srv.drafts.filter((d) => d.id === id && d.body?.kind === 'parked').at(-1);
    expect(parked?.body?.body).toMatchObject({ id, lines: [{ product_id: expect.any(String) }] });
    expect(parked?.body?.body).not.toHaveProperty('outcome_unknown');
    expect(localStorage.getItem(ON_ITS_WAY_KEY)).toBeNull();
  });

  it('with still no answer, clearing such a cart is refused with a word and the cart stays', async () => {
    const srv = saleServer(() => 'drop', { onGet: () => 'drop' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openTill();
    const panel = await ringSugarAndPay();
    await within(panel).findByTestId('sale-alert', undefined, { timeout: 5_000 });
    await closePay();
    await clearCart();
    const alert = await screen.findByText(
      /it is not known whether this sale was already recorded/,
      undefined,
      {
        timeout: 5_000,
      },
    );
    expect(alert).toHaveTextContent('The cart is kept');
    expect(srv.asked.length).toBeGreaterThan(0);
    expect(logged).toHaveBeenCalledWith('Asking what became of the sale failed', expect.anything());
    expect(cartQty()).toBe(1000);
    expect(screen.queryByRole('dialog')).toBeNull();
    // and so is parking it
    const asked = srv.asked.length;
    fireEvent.keyDown(window, { key: 'F8' });
    const park = await screen.findByRole('dialog', { name: 'Park this sale' });
    fireEvent.submit(park.querySelector('form')!);
    await waitFor(() => expect(srv.asked.length).toBeGreaterThan(asked), { timeout: 5_000 });
    await pause(1_200);
    expect(cartQty()).toBe(1000);
    expect(srv.drafts.some((d) => d.body?.kind === 'parked')).toBe(false);
  });
});

describe('the till when the id already holds another sale (409)', () => {
  it('an earlier version recorded: warns with its receipt, keeps the lines under a new id, and that sale can be finished', async () => {
    let up = false;
    const srv = saleServer((n) => (n === 0 ? 'store+drop' : up ? 'answer' : 'drop'));
    await openTill();
    const panel = await ringSugarAndPay();
    await within(panel).findByTestId('sale-alert', undefined, { timeout: 5_000 });
    // the customer takes a second bag; the cashier adds it and pays again
    await closePay();
    fireEvent.keyDown(document.body, { key: '+' });
    await waitFor(() => expect(cartQty()).toBe(2000));
    up = true;
    fireEvent.keyDown(window, { key: 'F9' });
    const again = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    fireEvent.click(within(again).getByRole('button', { name: /Complete sale/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Pay · Cash sale/ })).toBeNull());
    const first = srv.posted[0]!.id;
    expect(srv.asked).toEqual([first]);
    // not taken as this sale: no receipt, the warning names the earlier one, nothing thrown away
    expect(screen.queryByRole('dialog', { name: /Sale complete/ })).toBeNull();
    expect(screen.getByTestId('sale-alert')).toHaveTextContent(
      'An earlier version of this sale was already recorded as receipt #000001',
    );
    expect(cartQty()).toBe(2000);
    expect(srv.soldQty()).toBe(1000);
    // kept under a new id (saved as such), and Pay records it under that id
    await waitFor(() => expect(srv.drafts.some((d) => d.method === 'PUT' && d.id !== first)).toBe(true));
    fireEvent.keyDown(window, { key: 'F9' });
    const third = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
    fireEvent.click(within(third).getByRole('button', { name: /Complete sale/ }));
    await screen.findByRole('dialog', { name: /Receipt #000002/ });
    const last = srv.posted.at(-1)!;
    expect(last.id).not.toBe(first);
    expect(last.lines).toEqual([
      { product_id: srv.posted[0]!.lines[0]!.product_id, quantity: 2000, discount: 0 },
    ]);
  });

  it('the same goods and total recorded (only the payment differs): taken as this sale, its receipt shows', async () => {
    let up = false;
    const srv = saleServer((n) => (n === 0 ? 'store+drop' : up ? 'answer' : 'drop'));
    await openTill();
    const panel = await ringSugarAndPay();
    await within(panel).findByTestId('sale-alert', undefined, { timeout: 5_000 });
    // the customer hands over a bigger note: the body differs in what was tendered only
    fireEvent.change(within(panel).getByLabelText('Amount tendered'), { target: { value: '200' } });
    up = true;
    fireEvent.click(within(panel).getByTestId('pay-complete'));
    await screen.findByRole('dialog', { name: /Sale complete · Receipt #000001/ });
    expect(srv.asked).toEqual([srv.posted[0]!.id]);
    expect(screen.queryByRole('group', { name: 'Sugar 1 kg' })).toBeNull();
    expect(srv.soldQty()).toBe(1000);
  });
});
