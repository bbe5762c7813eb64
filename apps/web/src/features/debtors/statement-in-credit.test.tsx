import type { Debtor, Statement } from '@duka/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../test/media';
import { makeSession, renderApp } from '../../test/render';
import { StatementView } from './statement';

const debtor: Debtor = {
  id: '0190b1a0-0000-7000-8000-0000000000d7',
  name: 'Chebet Credit',
  phone: '0722 000 111',
  id_number: '',
  credit_limit: 100_000,
  balance: -18_000,
  available: 118_000,
  active: true,
  note: '',
  last_activity_at: '2025-03-03T09:00:00.000Z',
  created_at: '2025-01-01T09:00:00.000Z',
  updated_at: '2025-03-03T09:00:00.000Z',
};

/** In credit at the start, owing after a sale, paid up, then in credit again after a reversal. */
const statement: Statement = {
  debtor,
  from: '2025-02-02',
  to: '2025-03-03',
  opening_balance: -5_000,
  closing_balance: -18_000,
  entries: [
    {
      id: 'e1',
      kind: 'sale',
      receipt_no: '101',
      amount: 18_000,
      balance: 13_000,
      note: '',
      created_at: '2025-03-01T09:00:00.000Z',
      method: null,
      provider_name: null,
      reference: null,
      payment_id: null,
      voided: null,
      voids_receipt_no: null,
    },
    {
      id: 'e2',
      kind: 'payment',
      receipt_no: '102',
      amount: -13_000,
      balance: 0,
      note: '',
      created_at: '2025-03-02T09:00:00.000Z',
      // paid by transfer: the statement names how, to check against the customer's messages
      method: 'transfer',
      provider_name: 'M-Pesa',
      reference: 'QX12ABC',
      payment_id: 'p2',
      voided: null,
      voids_receipt_no: null,
    },
    {
      id: 'e3',
      kind: 'reversal',
      receipt_no: '101',
      amount: -18_000,
      balance: -18_000,
      note: 'Returned',
      created_at: '2025-03-03T09:00:00.000Z',
      method: null,
      provider_name: null,
      reference: null,
      payment_id: null,
      voided: null,
      voids_receipt_no: null,
    },
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The screen as wide as `px` (a min-width query in em matches from there); the statement answered. */
function setUp(px: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    return mediaQueryList(query, min ? px >= Number(min[1]) * 16 : false);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(json(url.includes('/statement?') ? statement : []))),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const text = (el: Element) => el.textContent?.replace(/\s/g, ' ').trim();

/** The printed sheet's balance column: opening, each entry's running balance, closing. */
function printedBalances(): (string | undefined)[] {
  const sheet = screen.getByRole('heading', {
    name: 'Statement for Chebet Credit',
    hidden: true,
  }).parentElement!;
  return within(sheet)
    .getAllByRole('row', { hidden: true })
    .slice(1) // the header
    .map((row) => text(row.lastElementChild!));
}

const BALANCES = [
  'In credit KES 50.00',
  'KES 130.00',
  'KES 0.00',
  'In credit KES 180.00',
  'In credit KES 180.00',
];

describe('a statement\'s balances below zero say "In credit", as the debtors list does (was: −KES 180.00)', () => {
  it('in the table, and printed', async () => {
    setUp(1024);
    await renderApp(<StatementView debtor={debtor} />, { session: makeSession(), lng: 'en' });
    const table = await screen.findByTestId('statement-table');
    expect(table.tagName).toBe('TABLE');
    const shown = [
      within(table).getByTestId('statement-opening'),
      ...within(table).getAllByTestId('running-balance'),
      within(table).getByTestId('statement-closing'),
    ].map(text);
    expect(shown).toEqual(BALANCES);
    expect(printedBalances()).toEqual(BALANCES);
    // a payment says how it came; a reversal keeps its note
    expect(text(within(table).getByTestId('statement-102'))).toContain('M-Pesa QX12ABC');
    expect(text(within(table).getAllByTestId('statement-101')[1]!)).toContain('Returned');
  });

  it("in the phone's list, and printed", async () => {
    setUp(375);
    await renderApp(<StatementView debtor={debtor} />, { session: makeSession(), lng: 'en' });
    const list = await screen.findByTestId('statement-table');
    expect(list.tagName).not.toBe('TABLE');
    const shown = [
      within(list).getByTestId('statement-opening'),
      ...within(list).getAllByTestId('running-balance'),
      within(list).getByTestId('statement-closing'),
    ].map(text);
    expect(shown).toEqual(BALANCES);
    expect(printedBalances()).toEqual(BALANCES);
    // what an entry moved keeps its sign: a payment lowers what they owe
    expect(text(screen.getByTestId('statement-102'))).toMatch(/−KES\s?130\.00/);
    expect(text(screen.getByTestId('statement-102'))).toContain('M-Pesa QX12ABC');
  });

  it('in the language of the user', async () => {
    setUp(1024);
    await renderApp(<StatementView debtor={debtor} />, { session: makeSession(), lng: 'es' });
    const closing = await screen.findByTestId('statement-closing');
    expect(text(closing)).toMatch(/^Saldo a favor .*180,00/);
  });
});
