import type { Statement } from '@duka/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PAYMENT, debtorOf, debtorPaymentOf } from '../../test/debtors';
import { SHOP, STALL } from '../../test/locations';
import { mediaQueryList } from '../../test/media';
import { makeSession, renderApp } from '../../test/render';
import { DebtorDrawer } from './debtor-drawer';

const debtor = debtorOf({
  id: '0190b1a0-0000-7000-8000-0000000000d9',
  name: 'Chebet Credit',
  balance: -18_000,
  available: 118_000,
});
const none = NO_PAYMENT;

/** Bought 180.00 on credit, paid it, brought it back: 180.00 in credit. */
const before: Statement = {
  debtor,
  from: '2025-02-02',
  to: '2025-03-03',
  opening_balance: 0,
  closing_balance: -18_000,
  entries: [
    {
      ...none,
      id: 'e1',
      kind: 'sale',
      receipt_no: '000101',
      amount: 18_000,
      balance: 18_000,
      note: '',
      created_at: '2025-03-01T09:00:00.000Z',
    },
    {
      ...none,
      id: 'e2',
      kind: 'payment',
      receipt_no: '000102',
      amount: -18_000,
      balance: 0,
      note: '',
      created_at: '2025-03-02T09:00:00.000Z',
      method: 'cash',
      payment_id: '0190b1a0-0000-7000-8000-0000000000a3',
    },
    {
      ...none,
      id: 'e3',
      kind: 'reversal',
      receipt_no: '000103',
      amount: -18_000,
      balance: -18_000,
      note: 'Returned',
      created_at: '2025-03-03T09:00:00.000Z',
    },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The server: the debtor and the statement as they stand, the locations, and the pay-out (refused
 * with `refuse` and its params, if given); once paid out, the debtor and the statement after it.
 */
function serve(
  opts: {
    refuse?: { code: string; params?: object };
    locations?: object[];
    /** A pay-out of this amount was recorded under the id earlier (its answer lost): the id is refused. */
    earlier?: number;
  } = {},
) {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  let now = { debtor, statement: before };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(query, /min-width/.test(query)),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') {
        if (url === `/api/debtors/${debtor.id}`) return Promise.resolve(json(now.debtor));
        if (url.includes('/statement?')) return Promise.resolve(json(now.statement));
        if (url === '/api/locations') return Promise.resolve(json(opts.locations ?? [SHOP]));
        const stored = /\/api\/debtor-payments\/([^/?]+)$/.exec(url)?.[1];
        if (stored && opts.earlier && posted.some((p) => p.body.id === stored))
          return Promise.resolve(
            json(
              debtorPaymentOf(debtor, {
                id: stored,
                receipt_no: '000104',
                amount: -opts.earlier,
                location_id: SHOP.id,
                note: '',
                balance_after: debtor.balance + opts.earlier,
              }),
            ),
          );
        return Promise.resolve(json([]));
      }
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      posted.push({ url, body });
      if (opts.earlier)
        return Promise.resolve(json({ error: { code: 'idempotency_conflict', message: 'English' } }, 409));
      if (opts.refuse)
        return Promise.resolve(
          json({ error: { code: opts.refuse.code, message: 'English', params: opts.refuse.params } }, 409),
        );
      const amount = Number(body.amount);
      const after = debtor.balance + amount;
      now = {
        debtor: { ...debtor, balance: after, available: debtor.credit_limit - after },
        statement: {
          ...before,
          closing_balance: after,
          entries: [
            ...before.entries,
            {
              ...none,
              id: 'e4',
              kind: 'payout',
              receipt_no: '000104',
              amount,
              balance: after,
              note: String(body.reason),
              created_at: '2025-03-03T10:00:00.000Z',
              method: 'cash',
            },
          ],
        },
      };
      const answer = debtorPaymentOf(debtor, {
        id: String(body.id),
        receipt_no: '000104',
        amount: -amount,
        location_id: String(body.location_id),
        note: String(body.reason),
        balance_after: after,
        business_day: '2025-03-03',
        created_at: '2025-03-03T10:00:00.000Z',
      });
      return Promise.resolve(json(answer, 201));
    }),
  );
  return posted;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const admin = makeSession({ role: 'admin' });
const open = async (lng?: 'de') => {
  await renderApp(<DebtorDrawer debtor={debtor} onClose={() => undefined} />, {
    session: admin,
    ...(lng ? { lng } : {}),
  });
};

describe("paying a debtor's credit out", () => {
  it('offers the whole credit, refuses more before sending, pays out, and the statement shows it', async () => {
    const posted = serve();
    await open();
    // in credit: the admin pays it out where the payment would be recorded
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay out credit to Chebet Credit' });
    expect(within(dialog).getByTestId('payout-explainer').textContent).toMatch(
      /Chebet Credit has KES\s?180\.00 in credit/,
    );
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('180.00');

    // more than the credit: refused here, nothing sent
    fireEvent.change(amount, { target: { value: '180.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    expect(
      await within(dialog).findByText(
        /The pay-out is more than Chebet Credit has in credit \(KES\s?180\.00\)\. Enter at most that\./,
      ),
    ).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    expect(await within(dialog).findByText(/Enter an amount of more than zero/)).toBeInTheDocument();
    expect(posted).toEqual([]);

    fireEvent.change(amount, { target: { value: '180' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Sugar brought back' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    // paid out: the dialog shows the pay-out's receipt to print (its first print opens the drawer)
    const done = await screen.findByRole('dialog', { name: 'Credit paid out' });
    expect(within(done).getByTestId('payout-done').textContent).toMatch(
      /KES\s?180\.00 paid out to Chebet Credit on receipt #000104\. New balance: KES\s?0\.00\./,
    );
    expect(within(done).getByAltText('Receipt #000104').getAttribute('src')).toMatch(
      /^\/api\/receipts\/000104\/svg\?/,
    );
    expect(within(done).getByRole('button', { name: 'Print' })).toBeEnabled();
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Credit paid out' })).toBeNull());
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe(`/api/debtors/${debtor.id}/payouts`);
    expect(posted[0]!.body).toMatchObject({
      amount: 18_000,
      reason: 'Sugar brought back',
      location_id: SHOP.id,
    });
    expect(posted[0]!.body.id).toMatch(/^[0-9a-f-]{36}$/);

    // the balance and the statement came again: the pay-out line, the balance at zero
    await waitFor(() => expect(screen.getByTestId('debtor-balance').textContent).toMatch(/^KES\s?0\.00$/));
    const line = await screen.findByTestId('statement-000104');
    expect(line.textContent).toContain('Credit paid out');
    expect(line.textContent).toContain('Sugar brought back');
    expect(within(line).getByTestId('running-balance').textContent).toMatch(/KES\s?0\.00/);
    expect(screen.getByTestId('statement-closing').textContent).toMatch(/KES\s?0\.00/);
    // nothing more to pay out
    expect(screen.queryByRole('button', { name: 'Pay out credit' })).toBeNull();
  });

  it('pays part of the credit out, at the location chosen', async () => {
    const posted = serve({ locations: [SHOP, STALL] });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay out credit to Chebet Credit' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '50' } });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Location/ }));
    await userEvent.click(await screen.findByRole('option', { name: STALL.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ amount: 5_000, reason: '', location_id: STALL.id });
    // the rest is still in credit, said so; closed, the dialog opens afresh with what is left
    const done = await screen.findByRole('dialog', { name: 'Credit paid out' });
    expect(within(done).getByTestId('payout-done').textContent).toMatch(
      /KES\s?50\.00 paid out to Chebet Credit on receipt #000104\. New balance: In credit KES\s?130\.00\./,
    );
    fireEvent.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Credit paid out' })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('debtor-balance').textContent).toMatch(/130\.00/));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out credit' }));
    const again = await screen.findByRole('dialog', { name: 'Pay out credit to Chebet Credit' });
    expect(within(again).getByRole('textbox', { name: /Amount/ })).toHaveValue('130.00');
  });

  it('words a refusal of the server in the dialog: the credit changed meanwhile', async () => {
    serve({ refuse: { code: 'payout_exceeds_credit', params: { credit: 10_000 } } });
    await open('de');
    fireEvent.click(await screen.findByRole('button', { name: 'Guthaben auszahlen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guthaben an Chebet Credit auszahlen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Auszahlen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Die Auszahlung ist höher als das Guthaben von Chebet Credit \(100,00\s?KES\)/,
    );
    expect(dialog.textContent).not.toContain('English');
  });

  it('shows the pay-out an earlier version of the form recorded (its answer lost), with its receipt to print', async () => {
    const posted = serve({ earlier: 18_000 });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay out credit to Chebet Credit' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    const done = await screen.findByRole('dialog', { name: 'Credit paid out' });
    expect(within(done).getByTestId('payout-done').textContent).toMatch(
      /already recorded \(its answer was lost\): KES\s?180\.00 to Chebet Credit on receipt #000104\. New balance: KES\s?0\.00\./,
    );
    expect(within(done).getByAltText('Receipt #000104').getAttribute('src')).toMatch(
      /^\/api\/receipts\/000104\/svg\?/,
    );
    expect(within(done).getByRole('button', { name: 'Print' })).toBeEnabled();
    // read back, not paid out again
    expect(posted).toHaveLength(1);
  });

  it('offers no pay-out to staff', async () => {
    serve();
    await renderApp(<DebtorDrawer debtor={debtor} onClose={() => undefined} />, {
      session: makeSession({ role: 'staff', flags: ['sell_debtors', 'sell_cash'] }),
    });
    expect(await screen.findByRole('button', { name: 'Record payment' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Pay out credit' })).toBeNull();
  });
});
