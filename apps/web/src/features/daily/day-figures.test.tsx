import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DayFigures } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { DayKpis } from './day-figures';

const sold = (total: number, count: number) => ({ total, count });
const figures = (over: Partial<DayFigures> = {}): DayFigures => ({
  sales: { cash: sold(100_000, 3), debtor: sold(0, 0), transfer: sold(2_500, 1) },
  reversals: { cash: sold(0, 0), debtor: sold(0, 0), transfer: sold(0, 0) },
  cash_expenses: 0,
  transfer_expenses: 0,
  cash_debtor_payments: 0,
  transfer_debtor_payments: 0,
  cash_debtor_payouts: 0,
  expected_cash: 100_000,
  ...over,
});

const value = (testId: string) => screen.getByTestId(testId).querySelector('[data-fit-amount]');

/**
 * The figure cards' amounts are sized to fit their cards (CSS container units, which jsdom cannot
 * lay out: the fit itself was checked in Chromium from 320 to 1920 px, up to 1.000.000.000,00 KES);
 * here, that each amount is one fitted block with its whole text, signed only when it is not zero.
 */
describe("the day's figures", () => {
  it('writes each amount whole in its card, a zero without a sign', async () => {
    await renderApp(<DayKpis totals={figures()} />, { session: makeSession() });
    expect(screen.getByTestId('expected-cash')).toHaveTextContent(/^KES 1,000\.00$/);
    expect(value('daily-cash')).toHaveTextContent(/^KES 1,000\.00$/);
    expect(value('daily-transfer')).toHaveTextContent(/^KES 25\.00$/);
    // a day without refunds, expenses or payments: KES 0.00, never "-KES 0.00"
    for (const id of ['daily-reversals', 'daily-expenses', 'daily-payments'])
      expect(value(id)).toHaveTextContent(/^KES 0\.00$/);
    // no credit paid out: no line for it
    expect(screen.queryByText(/Credit paid out/)).toBeNull();
  });

  it("shows debtors' credit paid out on a line of its own, taken from the drawer", async () => {
    const totals = figures({
      cash_debtor_payments: 5_000,
      cash_debtor_payouts: 90_000,
      expected_cash: 15_000,
    });
    await renderApp(<DayKpis totals={totals} />, { session: makeSession() });
    expect(value('daily-payments')).toHaveTextContent(/^\+KES 50\.00$/);
    expect(screen.getByTestId('daily-payments')).toHaveTextContent('Credit paid out: KES 900.00');
    const made = within(screen.getByTestId('daily-expected'));
    expect(made.getByText('Credit paid out').nextSibling).toHaveTextContent(/^−KES 900\.00$/);
    expect(made.getByText('Debtor payments in cash').nextSibling).toHaveTextContent(/^\+KES 50\.00$/);
  });

  it('signs money out and in; in German the same cards', async () => {
    const totals = figures({
      reversals: { cash: sold(6_500, 1), debtor: sold(0, 0), transfer: sold(0, 0) },
      cash_expenses: 1_000,
      cash_debtor_payments: 100_000_000_000,
      expected_cash: 100_000_000_000,
    });
    await renderApp(<DayKpis totals={totals} />, { session: makeSession(), lng: 'de' });
    expect(value('daily-reversals')).toHaveTextContent(/^−65,00\sKES$/);
    expect(value('daily-expenses')).toHaveTextContent(/^−10,00\sKES$/);
    expect(value('daily-payments')).toHaveTextContent(/^\+1\.000\.000\.000,00\sKES$/);
    const expected = screen.getByTestId('daily-expected');
    expect(within(expected).getByText('Erwartetes Bargeld in der Kasse')).toBeVisible();
    expect(screen.getByTestId('expected-cash')).toHaveTextContent(/^1\.000\.000\.000,00\sKES$/);
  });
});
