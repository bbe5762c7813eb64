import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, renderApp } from '../../test/render';
import { DebtorsTotals } from './debtors-filters';
import { DebtorsPage } from './debtors-page';

afterEach(() => vi.unstubAllGlobals());

describe('a count in a sentence', () => {
  it('is grouped as the language groups it (was: "Schuldner: 12345")', async () => {
    const de = await renderApp(<DebtorsTotals count={12_345} owed={0} allOwed={0} />, {
      session: makeSession(),
      lng: 'de',
    });
    expect(screen.getByText('Schuldner: 12.345')).toBeVisible();
    de.unmount();
    await renderApp(<DebtorsTotals count={12_345} owed={0} allOwed={0} />, {
      session: makeSession(),
      lng: 'en',
    });
    expect(screen.getByText('Debtors: 12,345')).toBeVisible();
  });
});

describe('what all debtors owe, beside what the listed ones owe', () => {
  const money = (text: string | null) => text?.replace(/\s/g, ' ');

  it("says it on a second line when the list leaves some out (an inactive debtor who owes): the dashboard's figure", async () => {
    await renderApp(<DebtorsTotals count={2} owed={65_000} allOwed={83_000} />, {
      session: makeSession(),
      lng: 'en',
    });
    expect(money(screen.getByTestId('debtors-total-owed').textContent)).toBe('KES 650.00');
    const all = screen.getByTestId('debtors-all-owed');
    expect(all).toBeVisible();
    expect(money(all.textContent)).toBe('All debtors owe KES 830.00');
  });

  it('says it in each language', async () => {
    const words = [
      ['es', /^Todos los deudores deben .*830,00/],
      ['pt', /^Todos os devedores devem .*830,00/],
      ['de', /^Alle Schuldner schulden zusammen .*830,00/],
    ] as const;
    for (const [lng, text] of words) {
      const view = await renderApp(<DebtorsTotals count={2} owed={65_000} allOwed={83_000} />, {
        session: makeSession(),
        lng,
      });
      expect(screen.getByTestId('debtors-all-owed').textContent).toMatch(text);
      view.unmount();
    }
  });

  it('leaves the line out when the list shows everything that is owed', async () => {
    await renderApp(<DebtorsTotals count={3} owed={83_000} allOwed={83_000} />, {
      session: makeSession(),
      lng: 'en',
    });
    expect(money(screen.getByTestId('debtors-total-owed').textContent)).toBe('KES 830.00');
    expect(screen.queryByTestId('debtors-all-owed')).toBeNull();
    expect(screen.queryByText(/All debtors owe/)).toBeNull();
  });

  it("on the debtors page, from the list's answer", async () => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          json(
            url.startsWith('/api/debtors?')
              ? { items: [], total_count: 0, total_balance: 0, all_owed: 18_000 }
              : [],
          ),
        ),
      ),
    );
    await renderApp(<DebtorsPage />, { session: makeSession({ role: 'admin' }), route: '/debtors' });
    expect(money((await screen.findByTestId('debtors-all-owed')).textContent)).toBe(
      'All debtors owe KES 180.00',
    );
    expect(money(screen.getByTestId('debtors-total-owed').textContent)).toBe('KES 0.00');
  });
});
