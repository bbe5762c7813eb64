import type { Statement } from '@duka/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../test/media';
import { debtorOf, debtorPaymentOf } from '../../test/debtors';
import { makeSession, renderApp } from '../../test/render';
import { StatementView } from './statement';

const debtor = debtorOf({
  id: '0190b1a0-0000-7000-8000-0000000000d8',
  name: 'Wanjiru Wrongly',
  credit_limit: 1_000_000,
  balance: 40_000,
  available: 960_000,
});
const PAYMENT_ID = '0190b1a0-0000-7000-8000-0000000000a2';
const none = { method: null, provider_name: null, reference: null, payment_id: null, voided: null };

/** A credit sale of 900.00 and a payment of 500.00 typed for 50.00. */
const before: Statement = {
  debtor,
  from: '2025-02-02',
  to: '2025-03-03',
  opening_balance: 0,
  closing_balance: 40_000,
  entries: [
    {
      ...none,
      id: 'e1',
      kind: 'sale',
      receipt_no: '000101',
      amount: 90_000,
      balance: 90_000,
      note: '',
      created_at: '2025-03-01T09:00:00.000Z',
      voids_receipt_no: null,
    },
    {
      ...none,
      id: 'e2',
      kind: 'payment',
      receipt_no: '000102',
      amount: -50_000,
      balance: 40_000,
      note: '',
      created_at: '2025-03-02T09:00:00.000Z',
      method: 'cash',
      payment_id: PAYMENT_ID,
      voids_receipt_no: null,
    },
  ],
};

/** The same after the void: the payment struck through with the reason, the void putting it back. */
function afterVoid(reason: string): Statement {
  const [sale, payment] = before.entries;
  return {
    ...before,
    debtor: { ...debtor, balance: 90_000 },
    closing_balance: 90_000,
    entries: [
      sale!,
      { ...payment!, voided: { receipt_no: '000103', reason, created_at: '2025-03-03T09:00:00.000Z' } },
      {
        ...none,
        id: 'e3',
        kind: 'payment_void',
        receipt_no: '000103',
        amount: 50_000,
        balance: 90_000,
        note: reason,
        created_at: '2025-03-03T09:00:00.000Z',
        method: 'cash',
        voids_receipt_no: '000102',
      },
    ],
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The server: the statement as it stands, and the void (refused with `refuse`, if given). With
 * `stored`, the void under the id sent is one recorded earlier (its answer lost, the form changed
 * since): the id is refused idempotency_conflict and the entry stored under it is that void.
 */
function serve(refuse?: string, stored?: { reason: string }) {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  let statement = before;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(query, /min-width/.test(query)),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const voidOf = (id: string, reason: string) =>
        debtorPaymentOf(debtor, {
          id,
          receipt_no: '000103',
          amount: -50_000,
          note: reason,
          balance_after: 90_000,
          voids_id: PAYMENT_ID,
        });
      if ((init.method ?? 'GET') === 'GET') {
        const id = /\/api\/debtor-payments\/([^/?]+)$/.exec(url)?.[1];
        if (id && stored && posted.some((p) => p.body.id === id))
          return Promise.resolve(json(voidOf(id, stored.reason)));
        return Promise.resolve(json(url.includes('/statement?') ? statement : []));
      }
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      posted.push({ url, body });
      if (stored) {
        statement = afterVoid(stored.reason);
        return Promise.resolve(json({ error: { code: 'idempotency_conflict', message: 'English' } }, 409));
      }
      if (refuse) return Promise.resolve(json({ error: { code: refuse, message: 'English' } }, 409));
      statement = afterVoid(String(body.reason));
      return Promise.resolve(json(voidOf(String(body.id), String(body.reason)), 201));
    }),
  );
  return posted;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const VOID_ONE = /Void payment #000102 of KES\s?500\.00/;

describe("voiding a debtor's payment from the statement", () => {
  it('asks an admin for the reason, voids it, and the statement shows it voided and put back', async () => {
    const posted = serve();
    await renderApp(<StatementView debtor={debtor} />, { session: makeSession({ role: 'admin' }) });
    const table = await screen.findByTestId('statement-table');
    // only the payment can be voided
    expect(within(table).getAllByRole('button', { name: /Void payment/ })).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: VOID_ONE }));

    const dialog = await screen.findByRole('dialog', { name: 'Void this payment?' });
    expect(within(dialog).getByTestId('void-payment-explainer').textContent).toMatch(
      /payment #000102 of KES\s?500\.00 .* back on what Wanjiru Wrongly owes/,
    );
    // the reason is required: nothing is sent without one
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(await within(dialog).findByText('Say why the payment is voided.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Took 500, typed 5,000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    // voided: the dialog shows the void's receipt to print ("Payment voided"; it opens no drawer)
    const done = await screen.findByRole('dialog', { name: 'Payment voided' });
    expect(within(done).getByTestId('void-done').textContent).toMatch(
      /Payment #000102 of KES\s?500\.00 voided on receipt #000103\. New balance: KES\s?900\.00/,
    );
    expect(within(done).getByAltText('Receipt #000103').getAttribute('src')).toMatch(
      /^\/api\/receipts\/000103\/svg\?/,
    );
    expect(within(done).getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe(`/api/debtors/${debtor.id}/payments/${PAYMENT_ID}/void`);
    expect(posted[0]!.body).toMatchObject({ reason: 'Took 500, typed 5,000' });
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment voided' })).toBeNull());

    // the statement came again: the payment voided (struck through, with the reason), the void line
    await waitFor(() => expect(screen.getByTestId('statement-closing').textContent).toMatch(/900\.00/));
    const paid = screen.getByTestId('statement-000102');
    expect(within(paid).getByText('Voided')).toBeInTheDocument();
    expect(paid.textContent).toContain('Voided on receipt #000103: Took 500, typed 5,000');
    expect(within(paid).getByText(/−KES\s?500\.00/).style.textDecoration).toBe('line-through');
    expect(within(paid).queryByRole('button', { name: /Void payment/ })).toBeNull();
    const undone = screen.getByTestId('statement-000103');
    expect(undone.textContent).toContain('Payment voided');
    expect(undone.textContent).toContain('Voids payment #000102');
    expect(within(undone).getByTestId('running-balance').textContent).toMatch(/900\.00/);
  });

  it('words a refusal in the dialog (voided meanwhile), never the English of the server', async () => {
    serve('already_voided');
    await renderApp(<StatementView debtor={debtor} />, {
      session: makeSession({ role: 'admin' }),
      lng: 'de',
    });
    fireEvent.click(await screen.findByRole('button', { name: /Zahlung Nr\. 000102 .* stornieren/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Diese Zahlung stornieren?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Grund/ }), { target: { value: 'Falsch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zahlung stornieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Diese Zahlung wurde bereits storniert. Der Kontoauszug ist jetzt aktuell.',
    );
    expect(dialog.textContent).not.toContain('English');
  });

  it("shows the void an earlier version of the form recorded (its answer lost) with that void's receipt", async () => {
    const posted = serve(undefined, { reason: 'Typed wrong' });
    await renderApp(<StatementView debtor={debtor} />, { session: makeSession({ role: 'admin' }) });
    fireEvent.click(
      within(await screen.findByTestId('statement-table')).getByRole('button', { name: VOID_ONE }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Void this payment?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Typed wrong, 500 not 5,000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    const done = await screen.findByRole('dialog', { name: 'Payment voided' });
    expect(within(done).getByTestId('void-done').textContent).toMatch(
      /Payment #000102 was already voided on receipt #000103, with the reason sent first \(its answer was lost\)\. New balance: KES\s?900\.00/,
    );
    expect(within(done).getByAltText('Receipt #000103').getAttribute('src')).toMatch(
      /^\/api\/receipts\/000103\/svg\?/,
    );
    // the void stored under the id was read, not a second one sent
    expect(posted).toHaveLength(1);
  });

  it('offers no void to staff', async () => {
    serve();
    await renderApp(<StatementView debtor={debtor} />, {
      session: makeSession({ role: 'staff', flags: ['sell_debtors', 'sell_cash', 'reversing_cash'] }),
    });
    const table = await screen.findByTestId('statement-table');
    expect(within(table).getByTestId('statement-000102')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Void/ })).toBeNull();
  });
});
