/**
 * One cart completed on two tills (a parked sale resumed on both, a cart taken over from another
 * till while the first still showed it): the second till is told that the sale went through on the
 * other, as what receipt, and that nothing was recorded here. It showed "Sale complete" with the
 * other till's receipt as its own (the browser QA).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setDeviceHeader } from '../../lib/api-client';
import { renderApp } from '../../test/render';
import { TillPage } from './till-page';
import {
  type PostedSale,
  cartQty,
  ringSugarAndPay,
  saleServer,
  tillSession,
  typeOnPage,
} from './test-sale-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setDeviceHeader(null);
});

const openTill = () => renderApp(<TillPage kind="cash" />, { session: tillSession() });

const ELSEWHERE = /This sale was completed on another till as receipt #000001\. Nothing was recorded here/;

/**
 * The other till's receipt, under its own title, with the word that nothing was recorded here and
 * no change to hand out (that was the other till's customer).
 */
async function otherTillsReceipt() {
  const receipt = await screen.findByRole('dialog', { name: 'Completed on another till · Receipt #000001' });
  expect(within(receipt).getByTestId('receipt-notice')).toHaveTextContent(ELSEWHERE);
  expect(within(receipt).queryByText('Change')).toBeNull();
  return receipt;
}

describe('a cart whose sale another till completed', () => {
  it('completed here, the other till’s receipt shows with a word, and the cart goes', async () => {
    const srv = saleServer(() => 'elsewhere');
    await openTill();
    await ringSugarAndPay();
    await otherTillsReceipt();
    expect(cartQty()).toBe(0);
    expect(srv.stored.size).toBe(1);
    expect(srv.asked).toEqual([srv.posted[0]!.id]);
  });

  it('resumed here from the parked list, the till says so at once, before anyone pays', async () => {
    const srv = saleServer(() => 'answer');
    await openTill();
    await screen.findByTestId('till-cart-title');
    typeOnPage('SUG1');
    await screen.findByRole('group', { name: 'Sugar 1 kg' });
    fireEvent.keyDown(window, { key: 'F8' });
    const park = await screen.findByRole('dialog', { name: 'Park this sale' });
    fireEvent.change(within(park).getByRole('textbox'), { target: { value: 'Mama Njeri' } });
    fireEvent.submit(park.querySelector('form')!);
    await waitFor(() => expect(cartQty()).toBe(0));
    const id = srv.drafts.find((d) => d.method === 'PUT')!.id;
    // meanwhile another till resumes it and completes it
    const body: PostedSale = {
      id,
      lines: [{ product_id: '0190b1a0-0000-7000-8000-0000000000c1', quantity: 1000, discount: 0 }],
      expected_total: 18_000,
    };
    srv.stored.set(id, { raw: JSON.stringify(body), body, no: '000001' });
    fireEvent.click(screen.getByTestId('till-parked'));
    fireEvent.click(await screen.findByRole('button', { name: 'Resume Mama Njeri' }));
    await otherTillsReceipt();
    expect(cartQty()).toBe(0);
    expect(srv.posted).toEqual([]); // nothing was sent as a sale from here
  });

  it('completed there with another payment (a 409 for another request), it is still the other till’s', async () => {
    setDeviceHeader('THIS-TILL');
    // the other till's sale of this cart: the same goods, tendered 200.00
    const srv = saleServer(() => 'answer', {
      onPost: (body) => {
        if (srv.stored.size > 0) return;
        const theirs = { ...body, tendered: 20_000 };
        srv.stored.set(body.id, {
          raw: JSON.stringify(theirs),
          body: theirs,
          no: '000001',
          device: 'OTHER-TILL',
        });
      },
    });
    await openTill();
    await ringSugarAndPay();
    await otherTillsReceipt();
    expect(srv.stored.size).toBe(1);
  });

  it('its own sale whose answer failed (a 500 after the commit) is not taken for another till’s', async () => {
    const srv = saleServer(() => 'store+500');
    await openTill();
    await ringSugarAndPay();
    // the cart stays and is saved again; the server refuses that save as a recorded sale
    await waitFor(
      () => expect(srv.drafts.some((d) => d.method === 'PUT' && srv.stored.has(d.id))).toBe(true),
      {
        timeout: 5_000,
      },
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog', { name: /Completed on another till/ })).toBeNull();
  });
});
